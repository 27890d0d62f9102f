import type { SignInType } from '@gridline/contracts/enums';

/**
 * What the login page offers (spec 000 §2.5): one entry per way to sign in. EMAIL_LINK is two
 * entries (private customer, company); the BankID and OpenID variants are one entry each.
 */
export const loginOptions = ['BANKID', 'USR_PIN', 'EMAIL_LINK_PRIVATE', 'EMAIL_LINK_COMPANY', 'OPENID', 'USR_PWD'] as const;
export type LoginOption = (typeof loginOptions)[number];

export const isLoginOption = (value: string | null): value is LoginOption => value !== null && (loginOptions as readonly string[]).includes(value);

function optionsOf(method: SignInType): LoginOption[] {
  switch (method) {
    case 'BANKID':
    case 'BANKID_QR':
    case 'BANKID_OTHER_DEVICE':
      return ['BANKID'];
    case 'USR_PIN':
      return ['USR_PIN'];
    case 'EMAIL_LINK':
      return ['EMAIL_LINK_PRIVATE', 'EMAIL_LINK_COMPANY'];
    case 'OPENID':
    case 'OPENID_WEB_VIEW':
      return ['OPENID'];
    case 'USR_PWD':
      return ['USR_PWD'];
    default:
      // ADMIN and ADMIN_BANKID belong to support mode; EMAIL_CODE has no form yet.
      return [];
  }
}

/** The organisation's `SIGN_IN_METHODS` as login options, in its order, each once. */
export function offeredLoginOptions(configured: readonly SignInType[]): LoginOption[] {
  const out: LoginOption[] = [];
  for (const method of configured) for (const option of optionsOf(method)) if (!out.includes(option)) out.push(option);
  return out;
}
