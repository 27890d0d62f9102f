import { describe, expect, it } from 'vitest';
import { isLoginOption, offeredLoginOptions } from './sign-in-methods.ts';

describe('offeredLoginOptions', () => {
  it("offers the organisation's methods in its order", () => {
    expect(offeredLoginOptions(['BANKID', 'USR_PIN', 'EMAIL_LINK', 'USR_PWD'])).toEqual(['BANKID', 'USR_PIN', 'EMAIL_LINK_PRIVATE', 'EMAIL_LINK_COMPANY', 'USR_PWD']);
    expect(offeredLoginOptions(['USR_PWD', 'OPENID'])).toEqual(['USR_PWD', 'OPENID']);
  });

  it('shows the variants of BankID and OpenID as one entry each', () => {
    expect(offeredLoginOptions(['BANKID_QR', 'BANKID', 'OPENID_WEB_VIEW', 'OPENID'])).toEqual(['BANKID', 'OPENID']);
  });

  it('offers nothing for the support-mode methods and those without a form', () => {
    expect(offeredLoginOptions(['ADMIN', 'ADMIN_BANKID', 'EMAIL_CODE'])).toEqual([]);
    expect(offeredLoginOptions([])).toEqual([]);
  });

  it('knows its options by name', () => {
    expect(isLoginOption('USR_PWD')).toBe(true);
    expect(isLoginOption('ADMIN')).toBe(false);
    expect(isLoginOption(null)).toBe(false);
  });
});
