import { describe, expect, it } from 'vitest';
import {
  finnishCheckCharacter,
  formatSwedishPersonalNumber,
  isAdminBankIdPersonalNumber,
  luhnCheckDigit,
  luhnValid,
  parseAnyIdentity,
  parseCompanyIdentity,
  parseFinnishBusinessId,
  parseFinnishPersonalIdentityCode,
  parseNorwegianNationalIdentityNumber,
  parseNorwegianOrganisationNumber,
  parsePersonalNumber,
  parsePin,
  parsePrivateIdentity,
  parseSwedishOrganisationNumber,
  parseSwedishPersonalNumber,
} from './identity.ts';

const TODAY = '2026-05-01';
const se = (input: string, today = TODAY) => parseSwedishPersonalNumber(input, today);
const seValue = (input: string, today = TODAY) => {
  const parsed = se(input, today);
  return parsed.ok ? parsed.value.value : parsed.error;
};
/** A valid 10-digit number for a date and serial, with its Luhn digit computed. */
const withCheck = (yymmdd: string, serial: string) => `${yymmdd}${serial}${luhnCheckDigit(`${yymmdd}${serial}`)}`;

describe('Luhn', () => {
  it('accepts the check digits of published numbers and refuses a changed digit', () => {
    expect(luhnValid('8112189876')).toBe(true); // Skatteverket's example personal number
    expect(luhnValid('5560125790')).toBe(true); // AB Volvo
    expect(luhnValid('8112189877')).toBe(false);
    expect(luhnCheckDigit('811218987')).toBe(6);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('12a4')).toBe(false);
  });
});

describe('Swedish personal numbers', () => {
  it('takes every written form of the published example 811218-9876 to twelve digits', () => {
    for (const form of ['811218-9876', '8112189876', '19811218-9876', '198112189876', ' 811218 - 9876 ']) {
      expect(seValue(form), form).toBe('198112189876');
    }
    expect(se('811218-9876')).toEqual({ ok: true, value: { value: '198112189876', birthDate: '1981-12-18', coordinationNumber: false } });
    expect(formatSwedishPersonalNumber('198112189876')).toBe('19811218-9876');
  });

  it('refuses a wrong check digit in both lengths', () => {
    expect(seValue('811218-9875')).toBe('MALFORMED_PERSONAL_NUMBER');
    expect(seValue('198112189875')).toBe('MALFORMED_PERSONAL_NUMBER');
    // the check digit covers the last ten digits only: the century does not take part
    expect(seValue('19121212-1212')).toBe('191212121212');
    expect(seValue('20121212-1212')).toBe('201212121212');
  });

  it('applies the century rule to ten digits: the latest year not in the future, 100 years earlier with +', () => {
    expect(seValue('121212-1212')).toBe('201212121212');
    expect(seValue('121212+1212')).toBe('191212121212');
    const born2025 = withCheck('250101', '001');
    expect(seValue(born2025)).toBe(`20${born2025}`); // a one-year-old
    expect(seValue(born2025.replace(/^(\d{6})/, '$1+'))).toBe(`19${born2025}`); // 101 years old
    const born1930 = withCheck('300101', '123');
    expect(seValue(born1930)).toBe(`19${born1930}`); // 2030 is in the future
    // on the birthday itself it is today, not a century ago; the day before, a century ago
    const birthday = withCheck('260501', '123');
    expect(seValue(birthday, '2026-05-01')).toBe(`20${birthday}`);
    expect(seValue(birthday, '2026-04-30')).toBe(`19${birthday}`);
    // + on a number that would be born in the 1800s is not a century the spec allows
    const old = withCheck('121212', '121');
    expect(seValue(`${old.slice(0, 6)}+${old.slice(6)}`)).toBe(`19${old}`);
    expect(seValue('811218+9876')).toBe('MALFORMED_PERSONAL_NUMBER'); // + means 1881: too old
  });

  it('refuses impossible dates, unknown centuries, future births and other shapes', () => {
    expect(seValue(withCheck('810230', '123'))).toBe('MALFORMED_PERSONAL_NUMBER'); // 30 February
    expect(seValue(withCheck('811318', '123'))).toBe('MALFORMED_PERSONAL_NUMBER'); // month 13
    expect(seValue(withCheck('040229', '123'))).toBe(`20${withCheck('040229', '123')}`); // a leap day
    expect(seValue(withCheck('230229', '123'))).toBe('MALFORMED_PERSONAL_NUMBER');
    expect(seValue(`18${withCheck('811218', '987')}`)).toBe('MALFORMED_PERSONAL_NUMBER');
    expect(seValue(`20${withCheck('300101', '123')}`)).toBe('MALFORMED_PERSONAL_NUMBER'); // born 2030
    expect(seValue('19811218+9876')).toBe('MALFORMED_PERSONAL_NUMBER');
    for (const bad of ['', '8112189', '811218-98765', 'abcdef-ghij', '811218/9876', '811218--9876']) {
      expect(seValue(bad), bad).toBe('MALFORMED_PERSONAL_NUMBER');
    }
  });

  it('refuses the birth number 000, which is never issued, in every form; 001 is fine', () => {
    for (const bad of ['150916-0006', '1509160006', '201509160006', '20150916-0006', withCheck('811218', '000'), `19${withCheck('701063', '000')}`]) {
      expect(seValue(bad), bad).toBe('MALFORMED_PERSONAL_NUMBER');
    }
    expect(seValue(withCheck('150916', '001'))).toBe(`20${withCheck('150916', '001')}`);
  });

  it('accepts coordination numbers (day + 60)', () => {
    const coordination = withCheck('701063', '239');
    expect(se(coordination)).toEqual({ ok: true, value: { value: `19${coordination}`, birthDate: '1970-10-03', coordinationNumber: true } });
    expect(seValue(withCheck('701093', '239'))).toBe('MALFORMED_PERSONAL_NUMBER'); // day 33
  });
});

describe('Finnish personal identity codes', () => {
  const fi = (input: string) => {
    const parsed = parseFinnishPersonalIdentityCode(input, TODAY);
    return parsed.ok ? parsed.value : parsed.error;
  };

  it("accepts the Digital and Population Data Services Agency's published examples", () => {
    expect(fi('131052-308T')).toEqual({ value: '131052-308T', birthDate: '1952-10-13' });
    // the century signs added in 2023: Y for the 1900s, E for the 2000s, alongside - and A
    expect(fi('010594Y9021')).toEqual({ value: '010594Y9021', birthDate: '1994-05-01' });
    expect(fi('010594Y9032')).toEqual({ value: '010594Y9032', birthDate: '1994-05-01' });
    expect(fi('020502E902X')).toEqual({ value: '020502E902X', birthDate: '2002-05-02' });
    expect(fi('020502A902X')).toEqual({ value: '020502A902X', birthDate: '2002-05-02' });
    expect(fi('131052-308t')).toEqual({ value: '131052-308T', birthDate: '1952-10-13' });
  });

  it('reads every century sign', () => {
    const cases: Array<[string, string]> = [
      ['+', '1852'], ['-', '1952'], ['U', '1952'], ['V', '1952'], ['W', '1952'], ['X', '1952'], ['Y', '1952'],
      ['A', '2052'], ['B', '2052'], ['C', '2052'], ['D', '2052'], ['E', '2052'], ['F', '2052'],
    ];
    for (const [sign, year] of cases) {
      const code = `131052${sign}308${finnishCheckCharacter('131052', '308')}`;
      const result = parseFinnishPersonalIdentityCode(code, '2060-01-01');
      expect(result.ok && result.value.birthDate, code).toBe(`${year}-10-13`);
    }
    expect(fi('131052G308T')).toBe('MALFORMED_PERSONAL_NUMBER'); // not a century sign
  });

  it('refuses a wrong check character, an impossible date, individual numbers 000–001 and future births', () => {
    expect(fi('131052-308U')).toBe('MALFORMED_PERSONAL_NUMBER');
    expect(fi(`310252-308${finnishCheckCharacter('310252', '308')}`)).toBe('MALFORMED_PERSONAL_NUMBER');
    expect(fi(`131052-001${finnishCheckCharacter('131052', '001')}`)).toBe('MALFORMED_PERSONAL_NUMBER');
    expect(fi(`131052A308${finnishCheckCharacter('131052', '308')}`)).toBe('MALFORMED_PERSONAL_NUMBER'); // 2052
    expect(fi('131052308T')).toBe('MALFORMED_PERSONAL_NUMBER');
  });

  it('never uses G, I, O, Q or Z as a check character', () => {
    const used = new Set(Array.from({ length: 31 }, (_, r) => finnishCheckCharacter('000000', String(r).padStart(3, '0'))));
    for (const letter of 'GIOQZ') expect(used.has(letter)).toBe(false);
    expect(used.size).toBe(31);
  });
});

describe('Norwegian national identity numbers', () => {
  const no = (input: string) => {
    const parsed = parseNorwegianNationalIdentityNumber(input);
    return parsed.ok ? parsed.value : parsed.error;
  };
  it('checks both mod-11 digits, and takes D-numbers and test numbers', () => {
    expect(no('13097248022')).toBe('13097248022');
    expect(no('13097248023')).toBe('MALFORMED_PERSONAL_NUMBER');
    expect(no('01010750160')).toBe('01010750160');
    expect(no('1309724802')).toBe('MALFORMED_PERSONAL_NUMBER');
    expect(no('32017248022')).toBe('MALFORMED_PERSONAL_NUMBER');
  });
});

describe('organisation numbers', () => {
  it('Sweden: published numbers, the 16 prefix, Luhn, and the third digit of a legal person', () => {
    const org = (input: string) => {
      const parsed = parseSwedishOrganisationNumber(input);
      return parsed.ok ? parsed.value : parsed.error;
    };
    expect(org('556012-5790')).toBe('556012-5790'); // AB Volvo
    expect(org('5560125790')).toBe('556012-5790');
    expect(org('16556012-5790')).toBe('556012-5790');
    expect(org('202100-5448')).toBe('202100-5448'); // Skatteverket
    expect(org('556012-5791')).toBe('MALFORMED_ORGANISATION_NUMBER');
    expect(org('811218-9876')).toBe('MALFORMED_ORGANISATION_NUMBER'); // a person's number
    expect(org('55601-25790')).toBe('MALFORMED_ORGANISATION_NUMBER');
  });

  it('Finland and Norway: their mod-11 checks', () => {
    expect(parseFinnishBusinessId('0112038-9')).toEqual({ ok: true, value: '0112038-9' }); // Nokia Oyj
    expect(parseFinnishBusinessId('112038-9')).toEqual({ ok: true, value: '0112038-9' });
    expect(parseFinnishBusinessId('0112038-8')).toEqual({ ok: false, error: 'MALFORMED_ORGANISATION_NUMBER' });
    expect(parseNorwegianOrganisationNumber('974760673')).toEqual({ ok: true, value: '974760673' }); // Brønnøysundregistrene
    expect(parseNorwegianOrganisationNumber('974760674')).toEqual({ ok: false, error: 'MALFORMED_ORGANISATION_NUMBER' });
  });
});

describe('sign-in identities', () => {
  it('private: a personal number of the country, or a customer number', () => {
    expect(parsePrivateIdentity('SE', '811218-9876', TODAY)).toEqual({ ok: true, value: { kind: 'personalNumber', value: '198112189876' } });
    expect(parsePrivateIdentity('SE', '811218-9875', TODAY)).toEqual({ ok: false, error: 'MALFORMED_PERSONAL_NUMBER' });
    expect(parsePrivateIdentity('SE', '104233', TODAY)).toEqual({ ok: true, value: { kind: 'customerNumber', value: '104233' } });
    expect(parsePrivateIdentity('FI', '131052-308T', TODAY)).toEqual({ ok: true, value: { kind: 'personalNumber', value: '131052-308T' } });
    expect(parsePrivateIdentity('AT', '4711', TODAY)).toEqual({ ok: true, value: { kind: 'customerNumber', value: '4711' } });
    // identity minimum 2, and nothing but digits or a personal number
    expect(parsePrivateIdentity('SE', '7', TODAY)).toEqual({ ok: false, error: 'MALFORMED_PERSONAL_NUMBER' });
    expect(parsePrivateIdentity('SE', 'anna', TODAY)).toEqual({ ok: false, error: 'MALFORMED_PERSONAL_NUMBER' });
  });

  it('company: an organisation number of the country, or a customer number', () => {
    expect(parseCompanyIdentity('SE', '556012-5790', TODAY)).toEqual({ ok: true, value: { kind: 'organisationNumber', value: '556012-5790' } });
    expect(parseCompanyIdentity('SE', '556012-5791', TODAY)).toEqual({ ok: false, error: 'MALFORMED_ORGANISATION_NUMBER' });
    expect(parseCompanyIdentity('SE', '104233', TODAY)).toEqual({ ok: true, value: { kind: 'customerNumber', value: '104233' } });
    expect(parseCompanyIdentity('SE', 'x', TODAY)).toEqual({ ok: false, error: 'MALFORMED_ORGANISATION_NUMBER' });
    expect(parseCompanyIdentity('NO', '974760673', TODAY)).toEqual({ ok: true, value: { kind: 'organisationNumber', value: '974760673' } });
  });

  it('any: tells a Swedish organisation number from a personal number by its third digit', () => {
    expect(parseAnyIdentity('SE', '5560125790', TODAY)).toEqual({ ok: true, value: { kind: 'organisationNumber', value: '556012-5790' } });
    expect(parseAnyIdentity('SE', '8112189876', TODAY)).toEqual({ ok: true, value: { kind: 'personalNumber', value: '198112189876' } });
    expect(parseAnyIdentity('FI', '0112038-9', TODAY)).toEqual({ ok: true, value: { kind: 'organisationNumber', value: '0112038-9' } });
    expect(parseAnyIdentity('SE', '1042', TODAY)).toEqual({ ok: true, value: { kind: 'customerNumber', value: '1042' } });
  });

  it('parsePersonalNumber per country; Austria has none', () => {
    expect(parsePersonalNumber('SE', '811218-9876', TODAY)).toEqual({ ok: true, value: '198112189876' });
    expect(parsePersonalNumber('AT', '811218-9876', TODAY)).toEqual({ ok: false, error: 'MALFORMED_PERSONAL_NUMBER' });
  });
});

describe('PIN and the admin BankID number', () => {
  it('a PIN is exactly four digits', () => {
    expect(parsePin('0420')).toEqual({ ok: true, value: '0420' });
    for (const bad of ['042', '04201', '04a0', '', ' 0420']) expect(parsePin(bad)).toEqual({ ok: false, error: 'MALFORMED_PIN' });
  });
  it('the admin BankID number is empty or twelve digits', () => {
    expect(isAdminBankIdPersonalNumber('')).toBe(true);
    expect(isAdminBankIdPersonalNumber('198112189876')).toBe(true);
    expect(isAdminBankIdPersonalNumber('8112189876')).toBe(false);
  });
});
