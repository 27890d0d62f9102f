import { z } from 'zod';

/** Identifiers are 24-character lowercase hexadecimal strings (ObjectId form). */
export const Id = z.string().regex(/^[0-9a-f]{24}$/, 'MALFORMED_ID');
export type Id = z.infer<typeof Id>;

/*
 * Input bounds at the edge (decision 0030). Every string a request carries is bounded in length
 * and holds no control characters: PostgreSQL refuses a NUL byte in text (a 500 with a stack in
 * the log, before), and an unbounded string breaks a check constraint or an index's row limit
 * further in. The server's `input-guard` plugin refuses control characters in every request as
 * well; these primitives also carry the bounds into the OpenAPI document and the portal's forms.
 */

/**
 * Whether a text holds a C0 control character or DEL: never in a one-line value (an id, a name, a
 * query parameter); a `multiline` text (a message, a copy text) may hold tabs and line breaks.
 */
export function hasControlCharacter(text: string, options: { multiline?: boolean } = {}): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x7f || (code < 0x20 && !(options.multiline && (code === 0x09 || code === 0x0a || code === 0x0d)))) return true;
  }
  return false;
}

/** A string of at most `max` characters without control characters (`multiline`: tabs and line breaks allowed). */
export const BoundedText = (max: number, options: { min?: number; multiline?: boolean } = {}) => {
  const text = z.string().max(max, `TOO_LONG: at most ${max} characters`);
  return (options.min ? text.min(options.min) : text).refine((value) => !hasControlCharacter(value, options), 'INVALID_CHARACTERS');
};

/** An organisation's slug, as the database's check has it: 2–40 lowercase letters, digits and dashes. */
export const SLUG_PATTERN = /^[a-z0-9-]{2,40}$/;
export const Slug = z.string().regex(SLUG_PATTERN, 'MALFORMED_SLUG');

/** A sign-in name. The attempt counter keys it with the organisation's id (`length(key) <= 500` in the database). */
export const USERNAME_MAX_LENGTH = 200;
export const Username = BoundedText(USERNAME_MAX_LENGTH);

/**
 * The years a date or an instant may name. The calendar (`parseDateKey`) knows the same years;
 * outside them a date is no period the platform has data for, and years 0000–0001 and 9999 made
 * `Date` and `Intl` arithmetic throw deep inside the services.
 */
export const MIN_YEAR = 1970;
export const MAX_YEAR = 2100;
/** Whether a text that starts with a four-digit year (a date, an instant, a date key) names one of the years above. */
export const inYearRange = (value: string): boolean => {
  const year = Number(value.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

/** An instant with its offset (`2025-10-26T01:00:00Z`, `2025-10-26T02:00:00+01:00`) in the years above. */
export const BoundedInstant = z.iso.datetime({ offset: true }).refine(inYearRange, `DATE_OUT_OF_RANGE: years ${MIN_YEAR}–${MAX_YEAR}`);

/** A calendar day (`2025-10-26`) in the years above. */
export const BoundedDate = z.iso.date().refine(inYearRange, `DATE_OUT_OF_RANGE: years ${MIN_YEAR}–${MAX_YEAR}`);

/** Every answer is `{ status, data }`, plus `pagination` on paged lists. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.number().int(), data });

export const Pagination = z.object({
  limit: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

export const pagedEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.number().int(), data: z.array(item), pagination: Pagination });

/** Error body: the client error fields of spec 000 section 8. */
export const ApiErrorBody = z.object({
  name: z.string(),
  status: z.number().int(),
  message: z.string(),
  key: z.string(),
  uid: z.string(),
  data: z.unknown().optional(),
  info: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const PagingQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  page: z.coerce.number().int().min(1).default(1),
});
