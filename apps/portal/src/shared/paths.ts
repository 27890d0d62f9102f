/** The portal's route paths (spec 000 §2.1). Only routes that exist are listed. */
export const paths = {
  root: '/',
  dashboard: '/dashboard',
  electricityAgreement: '/electricity-agreement',
  invoices: '/invoices',
  login: '/login',
  fatal: '/fatal',
} as const;
