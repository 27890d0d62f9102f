import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { CreateApiTokenRequest } from '@gridline/contracts/api-tokens';
import { CreateAdminRequest, StaffPassword } from '@gridline/contracts/staff';
import { z } from 'zod';
import en from '@gridline/copy/admin/en';
import sv from '@gridline/copy/admin/sv';
import { zodFieldErrors } from './zod-errors.ts';

const i18n = i18next.createInstance();
await i18n.init({ resources: { en: { admin: en }, sv: { admin: sv } }, lng: 'en', ns: ['admin'], defaultNS: 'admin', interpolation: { escapeValue: false } });

describe('form errors from the contracts', () => {
  it("says what is wrong with each field, in the texts' words, from the contract's own schema", () => {
    const errors = zodFieldErrors(CreateAdminRequest, { email: 'not-an-address', scope: 'ORG_MARKETING', personalId: '1234' }, i18n.t);
    expect(errors).toEqual({ email: 'Enter an e-mail address such as name@example.com.', personalId: 'Twelve digits: YYYYMMDDNNNN.' });
  });

  it('calls an empty field missing, whatever rule it broke first', () => {
    expect(zodFieldErrors(CreateAdminRequest, { email: '', scope: 'ORG_USER' }, i18n.t)).toEqual({ email: 'Fill this in.' });
  });

  it('fills the limits of a key message and translates them', async () => {
    const Form = z.object({ password: StaffPassword });
    expect(zodFieldErrors(Form, { password: 'short' }, i18n.t)).toEqual({ password: 'At least 12 characters.' });
    await i18n.changeLanguage('sv');
    expect(zodFieldErrors(Form, { password: 'x'.repeat(200) }, i18n.t)).toEqual({ password: 'Högst 128 tecken.' });
    await i18n.changeLanguage('en');
  });

  it("says the number of a contract's own length rule (an API token's name of at least 3 characters)", async () => {
    expect(zodFieldErrors(CreateApiTokenRequest, { name: ' ab ', tokenScopes: ['syncAccount'] }, i18n.t)).toEqual({ name: 'At least 3 characters.' });
    await i18n.changeLanguage('sv');
    expect(zodFieldErrors(CreateApiTokenRequest, { name: 'ab', tokenScopes: ['syncAccount'] }, i18n.t)).toEqual({ name: 'Minst 3 tecken.' });
    await i18n.changeLanguage('en');
  });

  it('answers nothing for valid values', () => {
    expect(zodFieldErrors(CreateAdminRequest, { email: 'nora@solvik.example', scope: 'ORG_USER' }, i18n.t)).toEqual({});
  });
});
