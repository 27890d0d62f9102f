import type { SignInType } from '@gridline/contracts/enums';

/** The sign-in methods the portal has a form for; the others are not offered until they exist. */
export const implementedSignInMethods: readonly SignInType[] = ['USR_PWD'];

/**
 * The methods the login page offers (spec 000 §2.5): the organisation's `SIGN_IN_METHODS`, in its
 * order, limited to those the portal implements.
 */
export function offeredSignInMethods(configured: readonly SignInType[]): SignInType[] {
  return configured.filter((method) => implementedSignInMethods.includes(method));
}
