import { z } from 'zod';
import {
  BulkUpdateCopyTextsRequest,
  CopyImportResult,
  CopyKeyParams,
  CopyLayerQuery,
  copyEditors,
  copyReaders,
  CopyTextItem,
  CopyTypeParams,
  CreateCopyTextRequest,
  ExportCopyTextsQuery,
  ImportCopyTextsQuery,
  ImportCopyTextsRequest,
  ListCopyTextsQuery,
  UpdateCopyTextRequest,
} from '../copy-texts.ts';
import { endpoint } from '../endpoint.ts';
import { CopyGroups, CopyQuery } from '../organisations.ts';

/** Copy texts per group and language (spec 000 §7, spec 002 §7). */

export const getCopy = endpoint({
  method: 'GET',
  path: '/v3/copy/aggregated',
  operationId: 'getCopy',
  tag: 'copy',
  summary: "The organisation's copy texts merged over the platform's and the bundled defaults",
  description: 'Groups in `types` (comma-separated; all when absent). Answers a weak ETag and honours If-None-Match with 304.',
  auth: 'none',
  query: CopyQuery,
  response: { data: CopyGroups, notModified: true },
  errors: ['UNKNOWN_ORGANISATION'],
  examples: {
    query: { version: 'v3.0', organisation: 'solvik', language: 'sv', types: 'my-pages,shared' },
    data: { shared: { errors: { WRONG_PASSWORD: 'Fel lösenord' } } },
  },
});

/*
 * Copy texts for staff (spec 002 §7, issue 17; decision 0046). `{type}` is one of the ten groups;
 * `?organisation=` the organisation's slug (organisation staff may leave it out; another
 * organisation's is 404), and a platform admin without it edits the platform's defaults, which
 * every organisation sees under its own texts. A write may carry `If-Match: <version>` (the
 * item's `version`): a stale one is 412 `COPY_KEY_STALE` and changes nothing; a write without it
 * is accepted. Every write is an audit entry with its before and after, and reaches
 * `GET /v3/copy/aggregated` and the portal of every API process at once.
 */

const typeParams = { type: 'my-pages' };
const keyParams = { type: 'my-pages', key: 'dashboard.title' };
const writeKeys = ['UNKNOWN_ORGANISATION', 'NOT_FOUND', 'UNKNOWN_COPY_TYPE', 'MALFORMED_COPY_KEY', 'COPY_TEXT_TOO_LONG', 'COPY_PLACEHOLDERS_DIFFER'] as const;
const item = {
  type: 'my-pages',
  key: 'dashboard.title',
  texts: { en: 'Overview', sv: 'Översikt', nb: 'Oversikt', nn: 'Oversikt', fi: 'Yleiskatsaus', de: 'Übersicht' },
  defaults: { en: 'Overview', sv: 'Start', nb: 'Oversikt', nn: 'Oversikt', fi: 'Yleiskatsaus', de: 'Übersicht' },
  overridden: ['sv'],
  placeholders: [],
  _updatedAt: '2026-11-20T08:00:00.000Z',
  updatedBy: 'org-marketing@solvik.example',
  version: 'c2f1a0d94b7e5a3c',
};

export const listCopyTexts = endpoint({
  method: 'GET',
  path: '/v3/copy/{type}/',
  operationId: 'listCopyTexts',
  tag: 'copy',
  summary: "A group's keys with their six texts, paged (staff)",
  description:
    'Every key of the bundled defaults of the group and every stored key, sorted by `sortBy` (key or updatedAt). `itemsPerPage` defaults to 50; 0 answers every key. `search` matches keys and texts; `missing` keys without a text in a language; `sameAsDefault=true` keys whose texts all equal the default. The CSV of the same list is `GET /v3/copy/export`.',
  auth: { scopes: copyReaders },
  params: CopyTypeParams,
  query: ListCopyTextsQuery,
  response: { data: z.array(CopyTextItem), paged: true },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND', 'UNKNOWN_COPY_TYPE'],
  examples: { params: typeParams, query: { organisation: 'solvik', search: 'overview', missing: 'fi', itemsPerPage: 50, page: 1 } },
});

export const exportCopyTexts = endpoint({
  method: 'GET',
  path: '/v3/copy/export',
  operationId: 'exportCopyTexts',
  tag: 'copy',
  summary: 'The copy texts as a CSV file (staff)',
  description:
    "Spec 002 §7's export link: `format=csv`, the staff token as the bearer (never in the address, as for the audit and feedback exports), optional `type` (every group when absent), `organisation`, `key`, `text`, `sortBy`, `order`, `updatedSince`; always every key (`itemsPerPage` 0). " +
    "Columns type,key,en,sv,nb,nn,fi,de,_updatedAt, quoted as RFC 4180; a text that starts with `=`, `+`, `-` or `@` gets a leading `'` (the import takes it off again).",
  auth: { scopes: copyReaders },
  query: ExportCopyTextsQuery,
  response: { file: { contentTypes: ['text/csv'], description: 'The texts, `content-disposition: attachment`' } },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND', 'UNKNOWN_COPY_TYPE'],
  examples: { query: { format: 'csv', type: 'my-pages', organisation: 'solvik', itemsPerPage: 0 } },
});

export const getCopyText = endpoint({
  method: 'GET',
  path: '/v3/copy/{type}/{key}',
  operationId: 'getCopyText',
  tag: 'copy',
  summary: 'One key with its six texts, defaults and version (staff)',
  description: 'A key neither bundled nor stored is 404.',
  auth: { scopes: copyReaders },
  params: CopyKeyParams,
  query: CopyLayerQuery,
  response: { data: CopyTextItem },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND', 'UNKNOWN_COPY_TYPE', 'MALFORMED_COPY_KEY'],
  examples: { params: keyParams, query: { organisation: 'solvik' }, data: item },
});

export const createCopyText = endpoint({
  method: 'POST',
  path: '/v3/copy/{type}/',
  operationId: 'createCopyText',
  tag: 'copy',
  summary: 'Create a key with its texts (staff)',
  description: 'A key that exists already (bundled or stored in this layer or below) is 409 `COPY_KEY_EXISTS`. At least one language.',
  auth: { scopes: copyEditors },
  params: CopyTypeParams,
  query: CopyLayerQuery,
  body: CreateCopyTextRequest,
  response: { data: CopyTextItem },
  errors: [...writeKeys, 'COPY_KEY_EXISTS'],
  examples: { params: typeParams, query: { organisation: 'solvik' }, body: { key: 'dashboard.winterNote', texts: { en: 'Winter is coming, {{name}}.', sv: 'Vintern närmar sig, {{name}}.' } } },
});

export const updateCopyText = endpoint({
  method: 'PUT',
  path: '/v3/copy/{type}/{key}',
  operationId: 'updateCopyText',
  tag: 'copy',
  summary: "Set a key's texts in this layer (staff)",
  description: 'A language left out stays as it is; `null` removes this layer\'s text, so the default applies again. `If-Match: <version>` refuses a stale write (412).',
  auth: { scopes: copyEditors },
  params: CopyKeyParams,
  query: CopyLayerQuery,
  body: UpdateCopyTextRequest,
  response: { data: CopyTextItem },
  errors: [...writeKeys, 'COPY_KEY_STALE'],
  examples: { params: keyParams, query: { organisation: 'solvik' }, body: { texts: { sv: 'Översikt', fi: null } } },
});

export const bulkUpdateCopyTexts = endpoint({
  method: 'PUT',
  path: '/v3/copy/{type}/',
  operationId: 'bulkUpdateCopyTexts',
  tag: 'copy',
  summary: 'Set the texts of several keys at once (staff)',
  description: 'As `PUT /v3/copy/{type}/{key}` for each item, in one transaction: one refused item changes nothing. `version` per item is its If-Match.',
  auth: { scopes: copyEditors },
  params: CopyTypeParams,
  query: CopyLayerQuery,
  body: BulkUpdateCopyTextsRequest,
  response: { data: z.array(CopyTextItem) },
  errors: [...writeKeys, 'COPY_KEY_STALE'],
  examples: { params: typeParams, query: { organisation: 'solvik' }, body: { items: [{ key: 'dashboard.title', texts: { sv: 'Översikt' } }] } },
});

export const importCopyTexts = endpoint({
  method: 'PUT',
  path: '/v3/copy/{type}/import',
  operationId: 'importCopyTexts',
  tag: 'copy',
  summary: 'Import texts from a CSV (or rows), with a dry run (staff)',
  description:
    "`csv` in the export's columns (type,key,en,sv,nb,nn,fi,de; `_updatedAt` is ignored; a leading `'` before `=`, `+`, `-`, `@` is taken off), or `rows`. A cell equal to what applies is unchanged; an empty cell or the default removes this layer's text; another text adds or changes it. " +
    '`dryRun=true` answers the changes and changes nothing; otherwise they are applied in one transaction and answered the same way. Rows of another type are refused.',
  auth: { scopes: copyEditors },
  params: CopyTypeParams,
  query: ImportCopyTextsQuery,
  body: ImportCopyTextsRequest,
  response: { data: CopyImportResult },
  errors: [...writeKeys, 'COPY_IMPORT_MALFORMED'],
  examples: {
    params: typeParams,
    query: { organisation: 'solvik', dryRun: 'true' },
    body: { csv: 'type,key,en,sv\nmy-pages,dashboard.title,Overview,Översikt\n' },
    data: { dryRun: true, applied: false, changes: [{ key: 'dashboard.title', language: 'sv', before: 'Start', after: 'Översikt', action: 'change' }] },
  },
});

export const deleteCopyText = endpoint({
  method: 'DELETE',
  path: '/v3/copy/{type}/{key}',
  operationId: 'deleteCopyText',
  tag: 'copy',
  summary: "Remove this layer's texts of a key: the default comes back (staff)",
  description: 'Answers the key as it is now. A key neither bundled nor stored is 404. Honours `If-Match`.',
  auth: { scopes: copyEditors },
  params: CopyKeyParams,
  query: CopyLayerQuery,
  response: { data: CopyTextItem },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND', 'UNKNOWN_COPY_TYPE', 'MALFORMED_COPY_KEY', 'COPY_KEY_STALE'],
  examples: { params: keyParams, query: { organisation: 'solvik' }, data: item },
});
