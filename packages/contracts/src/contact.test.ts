import { describe, expect, it } from 'vitest';
import {
  contactProblem,
  EMAIL_MAX_LENGTH,
  isContactEditable,
  isValidEmail,
  isValidNewPassword,
  isValidPhoneNumber,
  normalisePhoneNumber,
} from './contact.ts';

describe('e-mail (spec 000 §5: word characters, @, domain, a top-level part of 2–64 letters; at most 35)', () => {
  it('accepts ordinary addresses', () => {
    for (const email of ['anna@example.com', 'anna-karin.lindqvist@example.com', 'a_b+c@sub.domain.se', 'x1@a.io', `a@b.${'c'.repeat(30)}`]) {
      expect(isValidEmail(email), email).toBe(true);
    }
  });

  it('refuses what is not an address', () => {
    for (const email of ['', 'anna', 'anna@', '@example.com', 'anna@example', 'anna@example.c', 'anna@example.c0m', 'anna@@example.com', 'an na@example.com', ' anna@example.com', 'anna@example.com ', '.anna@example.com', 'anna.@example.com', 'anna..k@example.com', 'anna@exa_mple.com', 'åsa@example.com']) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });

  it('takes at most 35 characters', () => {
    const at = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    expect(EMAIL_MAX_LENGTH).toBe(35);
    expect(isValidEmail(at(35))).toBe(true);
    expect(isValidEmail(at(36))).toBe(false);
    // A top-level part of 64 letters is fine by the pattern, but not within 35 characters.
    expect(isValidEmail(`a@b.${'c'.repeat(65)}`)).toBe(false);
  });
});

describe('phone number (spec 000 §5: +, a 1–4 digit country code, an optional space or dash, 9–15 digits)', () => {
  it('accepts numbers of that form', () => {
    for (const phone of ['+46701234567', '+46 701234567', '+46-701234567', '+358 401234567', '+1 212555012', '+4312345678901234567', '+47 912345678']) {
      expect(isValidPhoneNumber(phone), phone).toBe(true);
    }
  });

  it('normalises before it checks: a leading 00, spaces, commas and dashes are fine', () => {
    for (const phone of ['0046701234567', '0046 70 123 45 67', '00358 40 123 4567', '+46 70 123 45 67', '+46 70-123 45,67', '+46  701234567', ' +46701234567 ', '+46 0701234567', '0047 912 34 567']) {
      expect(isValidPhoneNumber(phone), phone).toBe(true);
    }
  });

  it('refuses anything else', () => {
    // Without separators the pattern asks for 10–19 digits after the +.
    for (const phone of ['', '0701234567', '070 123 45 67', '46701234567', '+46 7012345', '0046 7012345', '+46 70123456789012345678', '+46 70-1234567x', '+46 07O1234567', '++46701234567', '+46.701234567', '+', '00', '+46 ']) {
      expect(isValidPhoneNumber(phone), phone).toBe(false);
    }
  });

  it('names the rule a value breaks', () => {
    expect(contactProblem('email', 'anna@example.com')).toBeNull();
    expect(contactProblem('email', 'anna')).toBe('MALFORMED_EMAIL');
    expect(contactProblem('phoneNumber', '+46701234567')).toBeNull();
    expect(contactProblem('phoneNumber', '0701234567')).toBe('MALFORMED_PHONE_NUMBER');
    expect(contactProblem('phoneNumber', '0046701234567')).toBeNull();
  });
});

describe('phone normalisation (spec 001 §5)', () => {
  it('removes spaces, commas and dashes and turns a leading 00 into +', () => {
    expect(normalisePhoneNumber('+46 70-123 45,67')).toBe('+46701234567');
    expect(normalisePhoneNumber('0046701234567')).toBe('+46701234567');
    expect(normalisePhoneNumber('+1 212-555-0123')).toBe('+12125550123');
  });

  it('drops the trunk 0 after a known country code, and only there', () => {
    expect(normalisePhoneNumber('+46 0701234567')).toBe('+46701234567');
    expect(normalisePhoneNumber('+47 0912345678')).toBe('+47912345678');
    expect(normalisePhoneNumber('+358 0401234567')).toBe('+358401234567');
    expect(normalisePhoneNumber('+43 06641234567')).toBe('+436641234567');
    expect(normalisePhoneNumber('00460701234567')).toBe('+46701234567');
    // Not after an unknown code, and not a 0 further on.
    expect(normalisePhoneNumber('+1 0212555012')).toBe('+10212555012');
    expect(normalisePhoneNumber('+46701234560')).toBe('+46701234560');
  });

  it('keeps a valid number valid', () => {
    for (const phone of ['+46 0701234567', '+358-0401234567', '+47 912345678']) {
      expect(isValidPhoneNumber(normalisePhoneNumber(phone)), phone).toBe(true);
    }
  });
});

describe('new password (spec 000 §5: longer than 2 characters, both entries equal)', () => {
  it('needs 3 to 128 characters and the same repetition', () => {
    expect(isValidNewPassword('ab', 'ab')).toBe(false);
    expect(isValidNewPassword('abc', 'abc')).toBe(true);
    expect(isValidNewPassword('abc', 'abd')).toBe(false);
    expect(isValidNewPassword('x'.repeat(128))).toBe(true);
    expect(isValidNewPassword('x'.repeat(129))).toBe(false);
  });
});

describe('which contact details a customer may change (spec 000 §4.6)', () => {
  it('follows the editable-contact feature and the listed types', () => {
    const flags = (EDITABLE_CONTACT_DETAILS: boolean, EDITABLE_CONTACT_TYPES: Array<'email' | 'phoneNumber'>) => ({ EDITABLE_CONTACT_DETAILS, EDITABLE_CONTACT_TYPES });
    expect(isContactEditable(flags(true, ['email', 'phoneNumber']), 'email')).toBe(true);
    expect(isContactEditable(flags(true, ['email', 'phoneNumber']), 'phoneNumber')).toBe(true);
    expect(isContactEditable(flags(true, ['email']), 'phoneNumber')).toBe(false);
    expect(isContactEditable(flags(true, []), 'email')).toBe(false);
    expect(isContactEditable(flags(false, ['email', 'phoneNumber']), 'email')).toBe(false);
  });
});
