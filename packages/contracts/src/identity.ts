import type { Country } from './enums.ts';

/**
 * Identity numbers people and companies sign in with (spec 000 §5, spec 001 §5), shared by the
 * server and the portal: Swedish personal numbers (personnummer, samordningsnummer), Finnish
 * personal identity codes (henkilötunnus), Norwegian national identity numbers (fødselsnummer,
 * D-nummer), and the organisation numbers of the three countries. Each parser answers the
 * normalised value or the error key the spec names; none of them guesses or silently repairs.
 *
 * E-mail and phone numbers of account settings live with the users' contracts.
 */

export const identityErrorKeys = ['MALFORMED_PERSONAL_NUMBER', 'MALFORMED_ORGANISATION_NUMBER', 'MALFORMED_PIN'] as const;
export type IdentityErrorKey = (typeof identityErrorKeys)[number];

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: IdentityErrorKey };

const fail = <T>(error: IdentityErrorKey): Parsed<T> => ({ ok: false, error });
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });

/** Spaces (also non-breaking ones) never carry meaning in these numbers. */
const compact = (input: string): string => input.replace(/[\s\u00a0]/g, '');

/** The Luhn (mod 10) check over a string of digits, its last digit being the check digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit to append to `digits`. */
export function luhnCheckDigit(digits: string): number {
  for (let d = 0; d <= 9; d += 1) if (luhnValid(`${digits}${d}`)) return d;
  throw new Error('unreachable');
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

const isDate = (year: number, month: number, day: number): boolean =>
  month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Today as `YYYY-MM-DD` in UTC; the parsers take it as a parameter so that tests can fix it. */
const todayKey = (): string => new Date().toISOString().slice(0, 10);

export interface SwedishPersonalNumber {
  /** Twelve digits, `YYYYMMDDNNNC`, as BankID and the database want it. */
  value: string;
  /** The birth date, `YYYY-MM-DD` (for a coordination number: the day minus 60). */
  birthDate: string;
  /** A samordningsnummer (coordination number): the day of birth plus 60. */
  coordinationNumber: boolean;
}

const SWEDISH_PERSONAL_NUMBER = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+]?)(\d{3})(\d)$/;

/**
 * A Swedish personal number: 10 digits (`YYMMDD-NNNC`, `YYMMDDNNNC`, or `YYMMDD+NNNC` for a
 * person of 100 or more) or 12 digits (`YYYYMMDD-NNNC`, `YYYYMMDDNNNC`, century 19 or 20), a
 * real date (or a coordination number's day + 60), a birth number 001–999, and the Luhn check
 * digit over the last ten.
 *
 * Century of a 10-digit number (Skatteverket's rule): the latest year ending in YY whose birth
 * date is not after `today`; with `+`, one hundred years earlier. So on 2026-05-01, `250101-…`
 * is 2025 and `300101-…` is 1930; `300101+…` is 1830 and refused (the spec allows 19 and 20).
 */
export function parseSwedishPersonalNumber(input: string, today: string = todayKey()): Parsed<SwedishPersonalNumber> {
  const match = SWEDISH_PERSONAL_NUMBER.exec(compact(input));
  if (!match) return fail('MALFORMED_PERSONAL_NUMBER');
  const [, century, yy, mm, dd, separator, serial, check] = match as unknown as [string, string | undefined, string, string, string, string, string, string];
  const month = Number(mm);
  let day = Number(dd);
  const coordinationNumber = day > 60;
  if (coordinationNumber) day -= 60;
  let year: number;
  if (century !== undefined) {
    if (century !== '19' && century !== '20') return fail('MALFORMED_PERSONAL_NUMBER');
    if (separator === '+') return fail('MALFORMED_PERSONAL_NUMBER');
    year = Number(`${century}${yy}`);
  } else {
    const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
    const todayNumber = ty * 10_000 + tm * 100 + td;
    year = Math.floor(ty / 100) * 100 + Number(yy);
    if (year * 10_000 + month * 100 + day > todayNumber) year -= 100;
    if (separator === '+') year -= 100;
    if (year < 1900) return fail('MALFORMED_PERSONAL_NUMBER');
  }
  if (!isDate(year, month, day)) return fail('MALFORMED_PERSONAL_NUMBER');
  // Birth numbers run 001–999; 000 is never issued (it passes Luhn with some check digits, so
  // only this rule catches it), as the Finnish parser refuses individual numbers below 002.
  if (serial === '000') return fail('MALFORMED_PERSONAL_NUMBER');
  const birthDate = `${year}-${pad(month)}-${pad(day)}`;
  if (birthDate > today) return fail('MALFORMED_PERSONAL_NUMBER');
  const ten = `${yy}${mm}${dd}${serial}${check}`;
  if (!luhnValid(ten)) return fail('MALFORMED_PERSONAL_NUMBER');
  return ok({ value: `${String(year).slice(0, 2)}${ten}`, birthDate, coordinationNumber });
}

/** `YYYYMMDDNNNC` → `YYYYMMDD-NNNC`, for display. */
export function formatSwedishPersonalNumber(twelveDigits: string): string {
  return /^\d{12}$/.test(twelveDigits) ? `${twelveDigits.slice(0, 8)}-${twelveDigits.slice(8)}` : twelveDigits;
}

/** Check characters of the Finnish personal identity code, indexed by the remainder mod 31. */
const FINNISH_CHECK_CHARACTERS = '0123456789ABCDEFHJKLMNPRSTUVWXY';
/** Century signs: `+` 1800s; `-` and (from 2023) Y X W V U 1900s; A (and from 2023) B C D E F 2000s. */
const FINNISH_CENTURY: Record<string, number> = {
  '+': 1800,
  '-': 1900, Y: 1900, X: 1900, W: 1900, V: 1900, U: 1900,
  A: 2000, B: 2000, C: 2000, D: 2000, E: 2000, F: 2000,
};

export interface FinnishPersonalIdentityCode {
  /** Upper case, `DDMMYYCZZZQ`. */
  value: string;
  birthDate: string;
}

/** The check character of a Finnish identity code: `DDMMYYZZZ` as a number, mod 31. */
export function finnishCheckCharacter(ddmmyy: string, individual: string): string {
  return FINNISH_CHECK_CHARACTERS[Number(`${ddmmyy}${individual}`) % 31] as string;
}

/**
 * A Finnish personal identity code (henkilötunnus): `DDMMYY`, a century sign, a three-digit
 * individual number (002–999; 900–999 are temporary codes) and a check character.
 */
export function parseFinnishPersonalIdentityCode(input: string, today: string = todayKey()): Parsed<FinnishPersonalIdentityCode> {
  const match = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-Y])$/.exec(compact(input).toUpperCase());
  if (!match) return fail('MALFORMED_PERSONAL_NUMBER');
  const [, dd, mm, yy, sign, individual, check] = match as unknown as [string, string, string, string, string, string, string];
  const century = FINNISH_CENTURY[sign];
  if (century === undefined) return fail('MALFORMED_PERSONAL_NUMBER');
  const year = century + Number(yy);
  if (!isDate(year, Number(mm), Number(dd))) return fail('MALFORMED_PERSONAL_NUMBER');
  if (Number(individual) < 2) return fail('MALFORMED_PERSONAL_NUMBER');
  const birthDate = `${year}-${mm}-${dd}`;
  if (birthDate > today) return fail('MALFORMED_PERSONAL_NUMBER');
  if (finnishCheckCharacter(`${dd}${mm}${yy}`, individual) !== check) return fail('MALFORMED_PERSONAL_NUMBER');
  return ok({ value: `${dd}${mm}${yy}${sign}${individual}${check}`, birthDate });
}

const mod11 = (digits: string, weights: readonly number[]): number | null => {
  const sum = weights.reduce((s, w, i) => s + w * Number(digits[i]), 0);
  const r = 11 - (sum % 11);
  if (r === 11) return 0;
  if (r === 10) return null;
  return r;
};

/**
 * A Norwegian national identity number (fødselsnummer, 11 digits) with its two mod-11 check
 * digits. D-numbers (day + 40) and the test numbers of the national registry (month + 80) pass.
 */
export function parseNorwegianNationalIdentityNumber(input: string): Parsed<string> {
  const value = compact(input);
  if (!/^\d{11}$/.test(value)) return fail('MALFORMED_PERSONAL_NUMBER');
  let day = Number(value.slice(0, 2));
  let month = Number(value.slice(2, 4));
  if (day > 40) day -= 40;
  if (month > 80) month -= 80;
  else if (month > 40) month -= 40;
  // The year's century follows from the individual number; any century has a 29 February in 2000.
  if (!isDate(2000, month, day)) return fail('MALFORMED_PERSONAL_NUMBER');
  const k1 = mod11(value, [3, 7, 6, 1, 8, 9, 4, 5, 2]);
  const k2 = k1 === null ? null : mod11(value, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
  if (k1 === null || k2 === null || k1 !== Number(value[9]) || k2 !== Number(value[10])) return fail('MALFORMED_PERSONAL_NUMBER');
  return ok(value);
}

/**
 * A Swedish organisation number: 10 digits (`NNNNNN-NNNN`, optionally with the prefix 16), the
 * third digit 2 or more (a legal person), and the Luhn check digit. Normalised to `NNNNNN-NNNN`.
 */
export function parseSwedishOrganisationNumber(input: string): Parsed<string> {
  const match = /^(?:16)?(\d{6})-?(\d{4})$/.exec(compact(input));
  if (!match) return fail('MALFORMED_ORGANISATION_NUMBER');
  const digits = `${match[1]}${match[2]}`;
  if (Number(digits[2]) < 2 || !luhnValid(digits)) return fail('MALFORMED_ORGANISATION_NUMBER');
  return ok(`${match[1]}-${match[2]}`);
}

/** A Finnish business id (Y-tunnus): `NNNNNNN-C` with the mod-11 check digit. */
export function parseFinnishBusinessId(input: string): Parsed<string> {
  const match = /^(\d{6,7})-(\d)$/.exec(compact(input));
  if (!match) return fail('MALFORMED_ORGANISATION_NUMBER');
  const body = (match[1] as string).padStart(7, '0');
  const sum = [7, 9, 10, 5, 8, 4, 2].reduce((s, w, i) => s + w * Number(body[i]), 0);
  const r = sum % 11;
  if (r === 1) return fail('MALFORMED_ORGANISATION_NUMBER');
  const check = r === 0 ? 0 : 11 - r;
  if (check !== Number(match[2])) return fail('MALFORMED_ORGANISATION_NUMBER');
  return ok(`${body}-${check}`);
}

/** A Norwegian organisation number: 9 digits with the mod-11 check digit. */
export function parseNorwegianOrganisationNumber(input: string): Parsed<string> {
  const value = compact(input);
  if (!/^\d{9}$/.test(value)) return fail('MALFORMED_ORGANISATION_NUMBER');
  const check = mod11(value, [3, 2, 7, 6, 5, 4, 3, 2]);
  if (check === null || check !== Number(value[8])) return fail('MALFORMED_ORGANISATION_NUMBER');
  return ok(value);
}

/** A country's personal number, normalised; Austria has none that customers sign in with. */
export function parsePersonalNumber(country: Country, input: string, today: string = todayKey()): Parsed<string> {
  switch (country) {
    case 'SE': {
      const parsed = parseSwedishPersonalNumber(input, today);
      return parsed.ok ? ok(parsed.value.value) : parsed;
    }
    case 'FI': {
      const parsed = parseFinnishPersonalIdentityCode(input, today);
      return parsed.ok ? ok(parsed.value.value) : parsed;
    }
    case 'NO':
      return parseNorwegianNationalIdentityNumber(input);
    case 'AT':
      return fail('MALFORMED_PERSONAL_NUMBER');
  }
}

/** A country's organisation number, normalised (a Swedish sole trader uses a personal number). */
export function parseOrganisationNumber(country: Country, input: string, today: string = todayKey()): Parsed<string> {
  switch (country) {
    case 'SE': {
      const organisation = parseSwedishOrganisationNumber(input);
      if (organisation.ok) return organisation;
      const person = parseSwedishPersonalNumber(input, today);
      return person.ok ? ok(person.value.value) : organisation;
    }
    case 'FI':
      return parseFinnishBusinessId(input);
    case 'NO':
      return parseNorwegianOrganisationNumber(input);
    case 'AT':
      return fail('MALFORMED_ORGANISATION_NUMBER');
  }
}

/** Who a customer says they are on the identity step of a sign-in. */
export type CustomerIdentity =
  | { kind: 'personalNumber'; value: string }
  | { kind: 'organisationNumber'; value: string }
  | { kind: 'customerNumber'; value: string };

/** The shortest identity the login forms accept (spec 000 §5: "identity minimum 2"). */
export const IDENTITY_MIN_LENGTH = 2;

/** Looks like a personal number of the country (so that a typo in one is reported, not taken for a customer number). */
function looksLikePersonalNumber(country: Country, value: string): boolean {
  if (country === 'SE') return /^(\d{2})?\d{6}[-+]?\d{4}$/.test(value);
  if (country === 'FI') return /^\d{6}[-+A-FU-Y]\d{3}[0-9A-Y]$/i.test(value);
  if (country === 'NO') return /^\d{11}$/.test(value);
  return false;
}

function looksLikeOrganisationNumber(country: Country, value: string): boolean {
  if (country === 'SE') return /^(16)?\d{6}-?\d{4}$/.test(value) || /^\d{8}-?\d{4}$/.test(value);
  if (country === 'FI') return /^\d{6,7}-\d$/.test(value);
  if (country === 'NO') return /^\d{9}$/.test(value);
  return false;
}

/**
 * The identity of a private customer (PIN by SMS, e-mail link): a personal number of the
 * organisation's country, or a customer number (digits, at least two). A number shaped like a
 * personal number must be one; anything else is MALFORMED_PERSONAL_NUMBER.
 */
export function parsePrivateIdentity(country: Country, input: string, today: string = todayKey()): Parsed<CustomerIdentity> {
  const value = compact(input);
  if (value.length < IDENTITY_MIN_LENGTH) return fail('MALFORMED_PERSONAL_NUMBER');
  if (looksLikePersonalNumber(country, value)) {
    const parsed = parsePersonalNumber(country, value, today);
    return parsed.ok ? ok({ kind: 'personalNumber', value: parsed.value }) : parsed;
  }
  if (/^\d+$/.test(value)) return ok({ kind: 'customerNumber', value });
  return fail('MALFORMED_PERSONAL_NUMBER');
}

/**
 * The identity of a company customer: an organisation number of the country, or a customer
 * number (digits, at least two); anything else is MALFORMED_ORGANISATION_NUMBER.
 */
export function parseCompanyIdentity(country: Country, input: string, today: string = todayKey()): Parsed<CustomerIdentity> {
  const value = compact(input);
  if (value.length < IDENTITY_MIN_LENGTH) return fail('MALFORMED_ORGANISATION_NUMBER');
  if (looksLikeOrganisationNumber(country, value)) {
    const parsed = parseOrganisationNumber(country, value, today);
    return parsed.ok ? ok({ kind: 'organisationNumber', value: parsed.value }) : parsed;
  }
  if (/^\d+$/.test(value)) return ok({ kind: 'customerNumber', value });
  return fail('MALFORMED_ORGANISATION_NUMBER');
}

/**
 * The identity for a PIN by SMS: a personal number, an organisation number or a customer number
 * (spec 000 §5: the identity of either kind of customer).
 */
export function parseAnyIdentity(country: Country, input: string, today: string = todayKey()): Parsed<CustomerIdentity> {
  const value = compact(input);
  if (looksLikeOrganisationNumber(country, value) && !looksLikePersonalNumber(country, value)) return parseCompanyIdentity(country, value, today);
  if (country === 'SE' && /^(16)?\d{6}-?\d{4}$/.test(value) && Number(value.replace(/^16/, '')[2]) >= 2) {
    const organisation = parseSwedishOrganisationNumber(value);
    if (organisation.ok) return ok({ kind: 'organisationNumber', value: organisation.value });
  }
  return parsePrivateIdentity(country, value, today);
}

/** A PIN: exactly four digits (spec 000 §5, §9). */
export const PIN_LENGTH = 4;
export function parsePin(input: string): Parsed<string> {
  return /^\d{4}$/.test(input) ? ok(input) : fail('MALFORMED_PIN');
}

/** The admin BankID's "on behalf of" personal number: empty, or exactly 12 characters `YYYYMMDDNNNC` (spec 000 §5). */
export function isAdminBankIdPersonalNumber(input: string): boolean {
  return input === '' || /^\d{12}$/.test(input);
}
