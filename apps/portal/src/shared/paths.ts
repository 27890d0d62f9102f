/** The portal's route paths (spec 000 §2.1). Only routes that exist are listed. */
export const paths = {
  root: '/',
  dashboard: '/dashboard',
  login: '/login',
  fatal: '/fatal',
} as const;
