import { describe, expect, it } from 'vitest';
import { offeredSignInMethods } from './sign-in-methods.ts';

describe('offeredSignInMethods', () => {
  it("offers username and password only when the organisation's methods include it", () => {
    expect(offeredSignInMethods(['USR_PWD', 'BANKID'])).toEqual(['USR_PWD']);
    expect(offeredSignInMethods(['BANKID', 'USR_PWD'])).toEqual(['USR_PWD']);
    expect(offeredSignInMethods(['USR_PWD'])).toEqual(['USR_PWD']);
  });

  it('offers nothing for methods the portal has no form for yet', () => {
    expect(offeredSignInMethods(['BANKID', 'USR_PIN'])).toEqual([]);
    expect(offeredSignInMethods([])).toEqual([]);
  });
});
