/** The portal's route paths (spec 000 §2.1). Only routes that exist are listed. */
export const paths = {
  root: '/',
  dashboard: '/dashboard',
  electricityAgreement: '/electricity-agreement',
  invoices: '/invoices',
  analysis: '/analysis',
  account: '/account',
  myHome: '/my-home',
  faq: '/faq',
  messages: '/messages',
  login: '/login',
  resetPassword: '/reset-password',
  fatal: '/fatal',
} as const;
