import type { PortalFlags } from './settings.ts';

/**
 * A customer's contact details and new password (spec 000 §4.6 and §5, spec 001 §5): one set of
 * rules, used by the portal (save is enabled only for a valid value) and by the server (which
 * answers `400` with the key below and changes nothing).
 */

/** The account settings' e-mail input takes at most this many characters (spec 000 §9). */
export const EMAIL_MAX_LENGTH = 35;

/** Word characters (dots between them), @, a domain, and a top-level part of 2 to 64 letters. */
export const EMAIL_PATTERN = /^[\w+-]+(\.[\w+-]+)*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,64}$/;

/**
 * `+`, a country code of 1–4 digits, an optional space or dash, then 9–15 digits (spec 000 §5).
 * A number is checked against it after normalisation (see `isValidPhoneNumber`).
 */
export const PHONE_PATTERN = /^\+\d{1,4}[ -]?\d{9,15}$/;

/** A new password is valid when longer than 2 characters; longer than this is refused (hashing cost). */
export const PASSWORD_MIN_LENGTH = 3;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Country codes whose national trunk 0 is dropped when it follows the code (`+46 070…` →
 * `+4670…`): the markets (SE, NO, FI, AT) and their neighbours (DK, DE, IS).
 */
export const TRUNK_ZERO_COUNTRY_CODES = ['358', '354', '46', '47', '43', '45', '49'] as const;

export type ContactField = 'email' | 'phoneNumber';
export type ContactErrorKey = 'MALFORMED_EMAIL' | 'MALFORMED_PHONE_NUMBER';

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/**
 * Whether a phone number as typed is valid: normalised first (spaces, commas and dashes go, a
 * leading 00 becomes +), then checked against the pattern. Checked the other way round, the
 * normalisation the spec asks for could never run: `0046701234567` would be refused for not
 * starting with +.
 */
export function isValidPhoneNumber(value: string): boolean {
  return PHONE_PATTERN.test(normalisePhoneNumber(value));
}

/** The key of the rule a value breaks, or null when it is valid. */
export function contactProblem(field: ContactField, value: string): ContactErrorKey | null {
  if (field === 'email') return isValidEmail(value) ? null : 'MALFORMED_EMAIL';
  return isValidPhoneNumber(value) ? null : 'MALFORMED_PHONE_NUMBER';
}

/**
 * The stored form of a phone number (spec 001 §5): spaces, commas and dashes removed, a leading
 * `00` becomes `+`, and a `0` right after a known country code is dropped.
 */
export function normalisePhoneNumber(value: string): string {
  let text = value.replace(/[\s,-]/g, '');
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  for (const code of TRUNK_ZERO_COUNTRY_CODES) {
    if (text.startsWith(`+${code}0`)) return `+${code}${text.slice(code.length + 2)}`;
  }
  return text;
}

/** Whether a new password and its repetition may be saved (spec 000 §5). */
export function isValidNewPassword(password: string, repeated: string = password): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH && password === repeated;
}

/**
 * Whether customers may change a contact detail (spec 000 §4.6): the editable-contact feature is
 * not switched off, and the detail is one of the editable types (by default both).
 */
export function isContactEditable(flags: Pick<PortalFlags, 'EDITABLE_CONTACT_DETAILS' | 'EDITABLE_CONTACT_TYPES'>, field: ContactField): boolean {
  return flags.EDITABLE_CONTACT_DETAILS && flags.EDITABLE_CONTACT_TYPES.includes(field);
}
