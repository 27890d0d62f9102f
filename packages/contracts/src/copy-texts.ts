import { z } from 'zod';
import { BoundedInstant, BoundedText, hasControlCharacter, Slug } from './common.ts';
import { Language, languages } from './enums.ts';
import { copyGroups } from './organisations.ts';
import type { StaffScope } from './staff.ts';

/*
 * Copy texts for staff (spec 002 §3, §7, §9; issue 17; decision 0046). A key is a dotted path
 * inside its group (`dashboard.greeting`); each layer (the platform's defaults, an organisation's
 * overrides) holds at most one text per key and language. The rules live here once, for the
 * server and for the back office's editor.
 */

/** Who reads copy texts in the back office (customer support reads them only). */
export const copyReaders = ['ADMIN', 'ORG_ADMIN', 'ORG_MARKETING', 'ORG_SUPPORT'] as const satisfies readonly StaffScope[];
/** Who changes them; the platform's layer (no organisation) only ADMIN. */
export const copyEditors = ['ADMIN', 'ORG_ADMIN', 'ORG_MARKETING'] as const satisfies readonly StaffScope[];

/** The table's check: dotted segments of letters, digits, `_` and `-`, at most 200 characters. */
export const COPY_KEY_PATTERN = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;
export const COPY_KEY_MAX_LENGTH = 200;
export const COPY_TEXT_MAX_LENGTH = 10_000;
/** Keys one bulk write or import may touch. */
export const COPY_BULK_MAX_KEYS = 2_000;
/** The largest CSV an import takes (characters). */
export const COPY_IMPORT_MAX_LENGTH = 4_000_000;

/** Path segments that would reach an object's prototype in a client that merges texts naively. */
const forbiddenSegments = new Set(['__proto__', 'prototype', 'constructor']);
export const isCopyKey = (key: string): boolean =>
  key.length <= COPY_KEY_MAX_LENGTH && COPY_KEY_PATTERN.test(key) && !key.split('.').some((segment) => forbiddenSegments.has(segment));

export const CopyType = z.enum(copyGroups, { error: `UNKNOWN_COPY_TYPE: the types are ${copyGroups.join(', ')}` });
export const CopyKey = z
  .string()
  .max(COPY_KEY_MAX_LENGTH, `MALFORMED_COPY_KEY: at most ${COPY_KEY_MAX_LENGTH} characters`)
  .refine(isCopyKey, 'MALFORMED_COPY_KEY: dotted segments of letters, digits, _ and - (dashboard.title)');
/** One language's text: at most 10 000 characters, tabs and line breaks allowed, never empty (`null` removes an override). */
export const CopyTextValue = z
  .string()
  .max(COPY_TEXT_MAX_LENGTH, `COPY_TEXT_TOO_LONG: at most ${COPY_TEXT_MAX_LENGTH} characters`)
  .min(1, 'empty: send null to remove a text')
  .refine((value) => !hasControlCharacter(value, { multiline: true }), 'INVALID_CHARACTERS');

const languageRecord = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(languages.map((language) => [language, value])) as Record<Language, T>);

/** A key's six texts (null where none applies). */
export const CopyTexts = languageRecord(z.string().nullable());
export type CopyTexts = z.infer<typeof CopyTexts>;
/** Texts to write: a language left out is left as it is; `null` removes this layer's text (the default comes back). */
export const CopyTextsInput = languageRecord(CopyTextValue.nullable()).partial().strict();
export type CopyTextsInput = z.infer<typeof CopyTextsInput>;

export const CopyTextItem = z.object({
  type: CopyType,
  key: z.string(),
  /** What applies in this layer, language by language. */
  texts: CopyTexts,
  /** What would apply without this layer's own texts (the platform's or the bundled default). */
  defaults: CopyTexts,
  /** The languages this layer sets itself. */
  overridden: z.array(Language),
  /** The `{{name}}` placeholders of the texts, sorted. */
  placeholders: z.array(z.string()),
  /** When this layer's texts of the key last changed; null when it has none. */
  _updatedAt: z.string().nullable(),
  /** Who changed them last (an e-mail). */
  updatedBy: z.string().nullable(),
  /** An opaque version of this layer's texts of the key, for `If-Match`. */
  version: z.string(),
});
export type CopyTextItem = z.infer<typeof CopyTextItem>;

const OrganisationQuery = { organisation: Slug.optional().describe("The organisation's slug; platform admins leave it out to edit the platform's defaults") };
const Sorting = {
  sortBy: z.enum(['key', 'updatedAt']).default('key'),
  order: z.enum(['asc', 'desc']).default('asc'),
  updatedSince: BoundedInstant.optional(),
};

export const CopyTypeParams = z.object({ type: CopyType });
export const CopyKeyParams = z.object({ type: CopyType, key: CopyKey });
export const CopyLayerQuery = z.object(OrganisationQuery);

export const ListCopyTextsQuery = z.object({
  ...OrganisationQuery,
  search: BoundedText(200).optional().describe('Keys and texts that contain it, case-insensitive'),
  missing: z.enum([...languages, 'any']).optional().describe('Keys without a text in that language (`any`: in some language)'),
  sameAsDefault: z.enum(['true', 'false']).optional().describe('`true`: keys whose texts all still equal the default; `false`: keys with a text of their own'),
  ...Sorting,
  itemsPerPage: z.coerce.number().int().min(0).max(10_000).default(50).describe('0: every key on one page'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ListCopyTextsQuery = z.input<typeof ListCopyTextsQuery>;

export const ExportCopyTextsQuery = z.object({
  format: z.literal('csv'),
  type: CopyType.optional().describe('One group; every group when absent'),
  ...OrganisationQuery,
  key: BoundedText(200).optional().describe('Keys that contain it, case-insensitive'),
  text: BoundedText(200).optional().describe('Keys with a text that contains it, case-insensitive'),
  ...Sorting,
  itemsPerPage: z.coerce.number().int().min(0).max(0).optional().describe('Always every key (0)'),
});
export type ExportCopyTextsQuery = z.input<typeof ExportCopyTextsQuery>;

export const CreateCopyTextRequest = z.object({ key: CopyKey, texts: CopyTextsInput }).strict();
export type CreateCopyTextRequest = z.input<typeof CreateCopyTextRequest>;
export const UpdateCopyTextRequest = z.object({ texts: CopyTextsInput }).strict();
export type UpdateCopyTextRequest = z.input<typeof UpdateCopyTextRequest>;
export const BulkUpdateCopyTextsRequest = z
  .object({
    items: z
      .array(z.object({ key: CopyKey, texts: CopyTextsInput, version: z.string().max(100).optional().describe('As If-Match, per key') }).strict())
      .min(1)
      .max(COPY_BULK_MAX_KEYS),
  })
  .strict();
export type BulkUpdateCopyTextsRequest = z.input<typeof BulkUpdateCopyTextsRequest>;

export const CopyImportRow = z
  .object({
    type: z.string().max(40).optional(),
    key: CopyKey,
    ...(Object.fromEntries(languages.map((l) => [l, z.string().max(COPY_TEXT_MAX_LENGTH, `COPY_TEXT_TOO_LONG: at most ${COPY_TEXT_MAX_LENGTH} characters`).optional()])) as Record<Language, z.ZodOptional<z.ZodString>>),
  })
  .strict();
export type CopyImportRow = { type?: string; key: string } & Partial<Record<Language, string>>;
export const ImportCopyTextsRequest = z
  .object({
    csv: z.string().max(COPY_IMPORT_MAX_LENGTH).optional().describe('The CSV of the export: type,key,en,sv,nb,nn,fi,de[,_updatedAt]'),
    rows: z.array(CopyImportRow).max(COPY_BULK_MAX_KEYS).optional(),
  })
  .strict();
export type ImportCopyTextsRequest = z.input<typeof ImportCopyTextsRequest>;
export const ImportCopyTextsQuery = z.object({ ...OrganisationQuery, dryRun: z.enum(['true', 'false']).default('false') });

export const copyChangeActions = ['add', 'change', 'remove', 'unchanged'] as const;
export const CopyTextChange = z.object({
  key: z.string(),
  language: Language,
  before: z.string().nullable(),
  after: z.string().nullable(),
  action: z.enum(copyChangeActions),
});
export type CopyTextChange = z.infer<typeof CopyTextChange>;
export const CopyImportResult = z.object({ dryRun: z.boolean(), applied: z.boolean(), changes: z.array(CopyTextChange) });
export type CopyImportResult = z.infer<typeof CopyImportResult>;

/** The names of the `{{name}}` placeholders of a text (`{{count}}`, `{{ value, number }}` → `value`), sorted, each once. */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*([^{}\s,]+)[^{}]*\}\}/g)) if (match[1]) names.add(match[1]);
  return [...names].sort();
}

/**
 * The languages whose placeholders differ from the others' (every non-empty text of a key must
 * name the same set): empty when they agree, else each language with its set.
 */
export function placeholderMismatch(texts: Partial<Record<Language, string | null | undefined>>): { language: Language; placeholders: string[] }[] {
  const sets = languages.flatMap((language) => {
    const text = texts[language];
    return text ? [{ language, placeholders: placeholdersOf(text) }] : [];
  });
  const first = sets[0];
  if (!first) return [];
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((name, i) => name === b[i]);
  return sets.every((set) => same(set.placeholders, first.placeholders)) ? [] : sets;
}
