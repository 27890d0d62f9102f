import { createHash } from 'node:crypto';
import { languages, type Language } from '@gridline/contracts/enums';
import { copyGroups, copyVersions, type CopyGroup } from '@gridline/contracts/organisations';
import {
  COPY_BULK_MAX_KEYS,
  COPY_TEXT_MAX_LENGTH,
  isCopyKey,
  placeholderMismatch,
  placeholdersOf,
  type CopyImportResult,
  type CopyImportRow,
  type CopyTextChange,
  type CopyTextItem,
  type CopyTexts,
  type CopyTextsInput,
} from '@gridline/contracts/copy-texts';
import { hasControlCharacter } from '@gridline/contracts/common';
import type { Pagination } from '@gridline/contracts/common';
import { copyBundles } from '@gridline/copy/bundles';
import type { CopyTree } from '@gridline/copy/types';
import { AppError } from '../../lib/errors.ts';
import type { AccessService } from '../access/service.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { Organisation } from '../organisations/service.ts';
import { csvRow, CsvError, guardFormula, parseCsv, unguardFormula } from './csv.ts';
import type { CopyLayerId, CopyTextsRepository, CopyTextsTransaction, CopyTextWrite, StoredCopyText } from './repository.ts';

const VERSION = copyVersions[0];

/** The layer a staff call edits: an organisation's overrides, or the platform's defaults (null). */
type Layer = { id: CopyLayerId; organisation: Pick<Organisation, 'id' | 'slug'> | null };

export interface ListCopyQuery {
  organisation?: string | undefined;
  search?: string | undefined;
  missing?: Language | 'any' | undefined;
  sameAsDefault?: 'true' | 'false' | undefined;
  sortBy: 'key' | 'updatedAt';
  order: 'asc' | 'desc';
  updatedSince?: string | undefined;
  itemsPerPage: number;
  page: number;
}

export interface ExportCopyQuery {
  type?: CopyGroup | undefined;
  organisation?: string | undefined;
  key?: string | undefined;
  text?: string | undefined;
  sortBy: 'key' | 'updatedAt';
  order: 'asc' | 'desc';
  updatedSince?: string | undefined;
}

/** A key's change to apply: texts per language (null removes the layer's), and the version it was read at. */
interface KeyWrite {
  key: string;
  texts: CopyTextsInput;
  version?: string | undefined;
}

export const CSV_COLUMNS = ['type', 'key', ...languages, '_updatedAt'] as const;

/** Every text of a bundled group as dotted key → text, per language; computed once. */
const flatBundles = new Map<CopyGroup, Record<Language, Map<string, string>>>();
function bundleTexts(group: CopyGroup): Record<Language, Map<string, string>> {
  let flat = flatBundles.get(group);
  if (!flat) {
    flat = Object.fromEntries(languages.map((language) => [language, flatten(copyBundles[language][group])])) as Record<Language, Map<string, string>>;
    flatBundles.set(group, flat);
  }
  return flat;
}

function flatten(tree: CopyTree | undefined, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
}

const emptyTexts = (): CopyTexts => ({ en: null, sv: null, nb: null, nn: null, fi: null, de: null });

/**
 * Copy texts for staff (spec 002 §7, issue 17; decision 0046). A layer is the platform's defaults
 * (no organisation, ADMIN only) or an organisation's overrides; a key's item shows what applies in
 * the layer, what would apply without it, and a version of the layer's texts of the key that a
 * write names in `If-Match`. Every write runs in one transaction under a lock per key, is an
 * audit entry with its before and after, and then `changed` tells every API process (the merged
 * texts of `CopyService`, the portal's page) at once.
 */
export class CopyTextsService {
  private readonly d: {
    repository: CopyTextsRepository;
    access: AccessService;
    audit: AuditService;
    /** Drops the merged texts of the organisation (null: every organisation) in this and every other API process. */
    changed: (organisation: { id: string; slug: string } | null) => Promise<void>;
  };

  constructor(deps: CopyTextsService['d']) {
    this.d = deps;
  }

  /** The layer a call names: organisation staff their own (another is 404); a platform admin the one named, or the platform's. */
  private async layer(staff: StaffClaims, slug: string | undefined): Promise<Layer> {
    const organisation = await this.d.access.staffOrganisation(staff, slug);
    if (organisation) return { id: organisation.id, organisation: { id: organisation.id, slug: organisation.slug } };
    if (staff.scope !== 'ADMIN') throw new AppError('FORBIDDEN', { message: "Only a platform admin edits the platform's default texts" });
    return { id: null, organisation: null };
  }

  async list(staff: StaffClaims, type: CopyGroup, query: ListCopyQuery): Promise<{ data: CopyTextItem[]; pagination: Pagination }> {
    const layer = await this.layer(staff, query.organisation);
    const stored = await this.d.repository.stored(layer.id, VERSION, [type]);
    let items = itemsOf(type, layer.id, stored);
    const search = query.search?.toLowerCase();
    if (search) items = items.filter((item) => item.key.toLowerCase().includes(search) || languages.some((l) => item.texts[l]?.toLowerCase().includes(search)));
    if (query.missing) {
      const missing = query.missing;
      items = items.filter((item) => (missing === 'any' ? languages.some((l) => !item.texts[l]) : !item.texts[missing]));
    }
    if (query.sameAsDefault) {
      const wanted = query.sameAsDefault === 'true';
      items = items.filter((item) => languages.every((l) => item.texts[l] === item.defaults[l]) === wanted);
    }
    items = sortAndSince(items, query);
    const total = items.length;
    const limit = query.itemsPerPage === 0 ? total : query.itemsPerPage;
    const data = query.itemsPerPage === 0 ? items : items.slice((query.page - 1) * limit, query.page * limit);
    return { data, pagination: { limit, page: query.itemsPerPage === 0 ? 1 : query.page, total } };
  }

  /** The CSV of spec 002 §7's export link; an audit entry. */
  async exportCsv(staff: StaffClaims, context: StaffAuditContext, query: ExportCopyQuery): Promise<{ body: string; fileName: string; rows: number }> {
    const layer = await this.layer(staff, query.organisation);
    const groups = query.type ? [query.type] : [...copyGroups];
    const stored = await this.d.repository.stored(layer.id, VERSION, groups);
    const key = query.key?.toLowerCase();
    const text = query.text?.toLowerCase();
    let items = groups.flatMap((group) => itemsOf(group, layer.id, stored));
    if (key) items = items.filter((item) => item.key.toLowerCase().includes(key));
    if (text) items = items.filter((item) => languages.some((l) => item.texts[l]?.toLowerCase().includes(text)));
    items = sortAndSince(items, query);
    if (!query.type && query.sortBy === 'key') items.sort((a, b) => groups.indexOf(a.type) - groups.indexOf(b.type) || 0);
    const body = csvRow(CSV_COLUMNS) + items.map((item) => csvRow([item.type, item.key, ...languages.map((l) => guardFormula(item.texts[l] ?? '')), item._updatedAt ?? ''])).join('');
    await this.d.audit.recordStaff(context, {
      organisationId: layer.id,
      action: 'copy.export',
      subjectType: 'copy',
      subjectId: query.type ?? null,
      data: { rows: items.length, filters: { key: query.key ?? null, text: query.text ?? null, updatedSince: query.updatedSince ?? null } },
    });
    const fileName = `copy-${layer.organisation?.slug ?? 'platform'}-${query.type ?? 'all'}.csv`;
    return { body, fileName, rows: items.length };
  }

  async get(staff: StaffClaims, type: CopyGroup, slug: string | undefined, key: string): Promise<CopyTextItem> {
    const layer = await this.layer(staff, slug);
    const item = itemOf(type, key, layer.id, await this.d.repository.stored(layer.id, VERSION, [type], [key]));
    if (!item) throw new AppError('NOT_FOUND', { message: `No copy key ${type}:${key}` });
    return item;
  }

  async create(staff: StaffClaims, context: StaffAuditContext, type: CopyGroup, slug: string | undefined, body: { key: string; texts: CopyTextsInput }): Promise<CopyTextItem> {
    const layer = await this.layer(staff, slug);
    if (!languages.some((l) => typeof body.texts[l] === 'string')) {
      throw new AppError('VALIDATION_FAILED', { message: 'texts: a new key needs a text in at least one language', data: { issues: [{ path: 'body.texts', message: 'REQUIRED' }] } });
    }
    const [after] = await this.write(staff, context, layer, type, [{ key: body.key, texts: body.texts }], 'create');
    return after as CopyTextItem;
  }

  async update(staff: StaffClaims, context: StaffAuditContext, type: CopyGroup, slug: string | undefined, key: string, texts: CopyTextsInput, ifMatch: string | undefined): Promise<CopyTextItem> {
    const layer = await this.layer(staff, slug);
    const [after] = await this.write(staff, context, layer, type, [{ key, texts, version: ifMatch }], 'update');
    return after as CopyTextItem;
  }

  async bulkUpdate(staff: StaffClaims, context: StaffAuditContext, type: CopyGroup, slug: string | undefined, items: readonly KeyWrite[]): Promise<CopyTextItem[]> {
    const layer = await this.layer(staff, slug);
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.key)) throw new AppError('VALIDATION_FAILED', { message: `items: the key ${item.key} is named twice`, data: { issues: [{ path: 'body.items', message: `DUPLICATE: ${item.key}` }] } });
      seen.add(item.key);
    }
    return this.write(staff, context, layer, type, items, 'update');
  }

  /** Removes the layer's texts of the key (the default comes back); answers the key as it is then. */
  async delete(staff: StaffClaims, context: StaffAuditContext, type: CopyGroup, slug: string | undefined, key: string, ifMatch: string | undefined): Promise<CopyTextItem> {
    const layer = await this.layer(staff, slug);
    const texts = Object.fromEntries(languages.map((l) => [l, null])) as CopyTextsInput;
    const [after] = await this.write(staff, context, layer, type, [{ key, texts, version: ifMatch }], 'delete');
    return after as CopyTextItem;
  }

  async import(
    staff: StaffClaims,
    context: StaffAuditContext,
    type: CopyGroup,
    slug: string | undefined,
    body: { csv?: string | undefined; rows?: readonly CopyImportRow[] | undefined },
    dryRun: boolean,
  ): Promise<CopyImportResult> {
    const layer = await this.layer(staff, slug);
    const rows = importRows(type, body);
    const keys = rows.map((row) => row.key);
    const plan = (tx: CopyTextsTransaction | null) => async () => {
      const stored = tx ? await tx.stored(keys) : await this.d.repository.stored(layer.id, VERSION, [type], keys);
      const changes: CopyTextChange[] = [];
      const writes: CopyTextWrite[] = [];
      const audits: { key: string; before: CopyTextItem | null; after: CopyTextItem }[] = [];
      const byKey = groupByKey(stored);
      for (const row of rows) {
        const own = byKey.get(row.key) ?? [];
        const before = itemOf(type, row.key, layer.id, own);
        const current = before ?? blankItem(type, row.key);
        const next: CopyTexts = { ...current.texts };
        const keyWrites: CopyTextWrite[] = [];
        for (const language of languages) {
          const cell = row.cells[language];
          if (cell === undefined) continue;
          const was = current.texts[language];
          const hasOwn = current.overridden.includes(language);
          const fallback = current.defaults[language];
          let action: CopyTextChange['action'];
          let after: string | null;
          if (cell === (was ?? '')) [action, after] = ['unchanged', was];
          else if (cell === '' || cell === fallback) [action, after] = hasOwn ? ['remove', fallback] : ['unchanged', was];
          else [action, after] = [hasOwn ? 'change' : 'add', cell];
          changes.push({ key: row.key, language, before: was, after, action });
          if (action === 'remove') keyWrites.push({ key: row.key, language, value: null });
          if (action === 'add' || action === 'change') keyWrites.push({ key: row.key, language, value: cell });
          next[language] = after;
        }
        checkPlaceholders(row.key, next);
        if (keyWrites.length > 0) {
          writes.push(...keyWrites);
          audits.push({ key: row.key, before, after: current });
        }
      }
      return { changes, writes, audits };
    };
    if (dryRun) return { dryRun: true, applied: false, changes: (await plan(null)()).changes };

    const result = await this.d.repository.locked(layer.id, VERSION, type, keys, async (tx) => {
      const planned = await plan(tx)();
      if (planned.writes.length > 0) await tx.write(planned.writes, staff.email);
      const after = groupByKey(await tx.stored(planned.audits.map((a) => a.key)));
      return { ...planned, afterItems: new Map(planned.audits.map((a) => [a.key, itemOf(type, a.key, layer.id, after.get(a.key) ?? []) ?? blankItem(type, a.key)])) };
    });
    for (const { key, before } of result.audits) {
      await this.audit(context, layer, type, 'copy.import', key, before, result.afterItems.get(key) ?? null);
    }
    if (result.writes.length > 0) await this.d.changed(layer.organisation);
    return { dryRun: false, applied: result.writes.length > 0, changes: result.changes };
  }

  /** The writes of create, update, bulk and delete: one transaction, the versions checked under the keys' locks. */
  private async write(staff: StaffClaims, context: StaffAuditContext, layer: Layer, type: CopyGroup, items: readonly KeyWrite[], mode: 'create' | 'update' | 'delete'): Promise<CopyTextItem[]> {
    if (items.length > COPY_BULK_MAX_KEYS) throw new AppError('VALIDATION_FAILED', { message: `At most ${COPY_BULK_MAX_KEYS} keys at once` });
    for (const item of items) checkKey(item.key);
    const keys = items.map((item) => item.key);
    const outcome = await this.d.repository.locked(layer.id, VERSION, type, keys, async (tx) => {
      const byKey = groupByKey(await tx.stored(keys));
      const writes: CopyTextWrite[] = [];
      const befores = new Map<string, CopyTextItem | null>();
      for (const item of items) {
        const before = itemOf(type, item.key, layer.id, byKey.get(item.key) ?? []);
        befores.set(item.key, before);
        if (mode === 'create' && before) throw new AppError('COPY_KEY_EXISTS', { message: `The key ${type}:${item.key} exists already`, data: { key: item.key } });
        if (mode !== 'create' && !before) throw new AppError('NOT_FOUND', { message: `No copy key ${type}:${item.key}` });
        if (item.version !== undefined && before && !sameVersion(item.version, before.version)) {
          throw new AppError('COPY_KEY_STALE', { message: `The texts of ${type}:${item.key} changed since version ${item.version}`, data: { key: item.key, version: before.version } });
        }
        const current = before ?? blankItem(type, item.key);
        const next: CopyTexts = { ...current.texts };
        for (const language of languages) {
          const value = item.texts[language];
          if (value === undefined) continue;
          if (value !== null) checkText(item.key, language, value);
          if (value === null && !current.overridden.includes(language)) continue;
          if (value !== null && current.overridden.includes(language) === false && value === current.defaults[language] && mode !== 'create') continue;
          writes.push({ key: item.key, language, value });
          next[language] = value ?? current.defaults[language];
        }
        checkPlaceholders(item.key, next);
      }
      if (writes.length > 0) await tx.write(writes, staff.email);
      const after = groupByKey(await tx.stored(keys));
      return {
        writes,
        items: items.map((item) => ({ key: item.key, before: befores.get(item.key) ?? null, after: itemOf(type, item.key, layer.id, after.get(item.key) ?? []) ?? blankItem(type, item.key) })),
      };
    });
    const touched = new Set(outcome.writes.map((w) => w.key));
    for (const item of outcome.items) {
      if (touched.has(item.key)) await this.audit(context, layer, type, `copy.${mode}`, item.key, item.before, item.after);
    }
    if (outcome.writes.length > 0) await this.d.changed(layer.organisation);
    return outcome.items.map((item) => item.after);
  }

  private async audit(context: StaffAuditContext, layer: Layer, type: CopyGroup, action: string, key: string, before: CopyTextItem | null, after: CopyTextItem | null): Promise<void> {
    const view = (item: CopyTextItem | null) => (item ? { layer: layer.organisation?.slug ?? 'platform', type, key, texts: item.texts, overridden: item.overridden } : null);
    await this.d.audit.recordStaff(context, { organisationId: layer.id, action, subjectType: 'copy', subjectId: `${type}:${key}`.slice(0, 250), before: view(before), after: view(after) });
  }
}

/* The items, from the bundles and the stored rows. */

function groupByKey(rows: readonly StoredCopyText[]): Map<string, StoredCopyText[]> {
  const out = new Map<string, StoredCopyText[]>();
  for (const row of rows) {
    const list = out.get(row.key);
    if (list) list.push(row);
    else out.set(row.key, [row]);
  }
  return out;
}

/** Every key of the group (bundled, or stored in the layer or below), sorted by key. */
export function itemsOf(type: CopyGroup, layer: CopyLayerId, stored: readonly StoredCopyText[]): CopyTextItem[] {
  const inGroup = stored.filter((row) => row.group === type);
  const byKey = groupByKey(inGroup);
  const bundles = bundleTexts(type);
  const keys = new Set<string>(byKey.keys());
  for (const language of languages) for (const key of bundles[language].keys()) keys.add(key);
  return [...keys]
    .sort()
    .map((key) => itemOf(type, key, layer, byKey.get(key) ?? []))
    .filter((item): item is CopyTextItem => item !== null);
}

/** A key's item in the layer, from its stored rows (the layer's and the platform's); null when it is neither bundled nor stored. */
export function itemOf(type: CopyGroup, key: string, layer: CopyLayerId, rows: readonly StoredCopyText[]): CopyTextItem | null {
  const bundles = bundleTexts(type);
  const own = rows.filter((row) => row.key === key && row.group === type && row.organisationId === layer);
  const below = layer === null ? [] : rows.filter((row) => row.key === key && row.group === type && row.organisationId === null);
  const bundled = languages.some((l) => bundles[l].has(key));
  if (!bundled && own.length === 0 && below.length === 0) return null;
  const defaults = emptyTexts();
  const texts = emptyTexts();
  const overridden: Language[] = [];
  for (const language of languages) {
    defaults[language] = below.find((row) => row.language === language)?.value ?? bundles[language].get(key) ?? null;
    const mine = own.find((row) => row.language === language);
    texts[language] = mine?.value ?? defaults[language];
    if (mine) overridden.push(language);
  }
  const latest = own.reduce<StoredCopyText | null>((a, row) => (!a || row.updatedAt > a.updatedAt ? row : a), null);
  const placeholders = [...new Set(languages.flatMap((l) => placeholdersOf(texts[l] ?? '')))].sort();
  return { type, key, texts, defaults, overridden, placeholders, _updatedAt: latest ? latest.updatedAt.toISOString() : null, updatedBy: latest?.updatedBy ?? null, version: versionOf(own) };
}

function blankItem(type: CopyGroup, key: string): CopyTextItem {
  return { type, key, texts: emptyTexts(), defaults: emptyTexts(), overridden: [], placeholders: [], _updatedAt: null, updatedBy: null, version: versionOf([]) };
}

/** A short hash of the layer's texts of a key and when each was written: any write changes it. */
function versionOf(own: readonly StoredCopyText[]): string {
  const hash = createHash('sha256');
  for (const row of [...own].sort((a, b) => (a.language < b.language ? -1 : 1))) hash.update(`${row.language}\u0000${row.value}\u0000${row.updatedAt.getTime()}\u0000`);
  return hash.digest('base64url').slice(0, 16);
}

/** `If-Match` as sent: the version, perhaps quoted or weak (`W/"…"`), or `*` (any). */
function sameVersion(ifMatch: string, version: string): boolean {
  return ifMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1'))
    .some((tag) => tag === '*' || tag === version);
}

function sortAndSince(items: CopyTextItem[], query: { sortBy: 'key' | 'updatedAt'; order: 'asc' | 'desc'; updatedSince?: string | undefined }): CopyTextItem[] {
  let out = items;
  if (query.updatedSince) {
    const since = new Date(query.updatedSince).toISOString();
    out = out.filter((item) => item._updatedAt !== null && item._updatedAt >= since);
  }
  const direction = query.order === 'desc' ? -1 : 1;
  const byKey = (a: CopyTextItem, b: CopyTextItem) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  if (query.sortBy === 'updatedAt') {
    // Never-changed keys last either way, then by key.
    return [...out].sort((a, b) => {
      if (a._updatedAt === b._updatedAt) return byKey(a, b);
      if (a._updatedAt === null) return 1;
      if (b._updatedAt === null) return -1;
      return (a._updatedAt < b._updatedAt ? -1 : 1) * direction;
    });
  }
  return [...out].sort((a, b) => byKey(a, b) * direction);
}

/* Rules. */

function checkKey(key: string): void {
  if (!isCopyKey(key)) throw new AppError('MALFORMED_COPY_KEY', { message: `Not a copy key: ${key.slice(0, 210)}`, data: { key: key.slice(0, 210) } });
}

function checkText(key: string, language: Language, value: string): void {
  if (value.length > COPY_TEXT_MAX_LENGTH) throw new AppError('COPY_TEXT_TOO_LONG', { message: `${key} (${language}): at most ${COPY_TEXT_MAX_LENGTH} characters`, data: { key, language, maxLength: COPY_TEXT_MAX_LENGTH } });
  if (hasControlCharacter(value, { multiline: true })) throw new AppError('INVALID_CHARACTERS', { message: `${key} (${language}) holds a control character`, data: { key, language } });
}

function checkPlaceholders(key: string, texts: CopyTexts): void {
  const mismatch = placeholderMismatch(texts);
  if (mismatch.length > 0) {
    throw new AppError('COPY_PLACEHOLDERS_DIFFER', {
      message: `${key}: the placeholders differ between languages (${mismatch.map((m) => `${m.language}: ${m.placeholders.join(', ') || 'none'}`).join('; ')})`,
      data: { key, languages: mismatch },
    });
  }
}

interface ImportRow {
  key: string;
  cells: Partial<Record<Language, string>>;
}

/** The rows of an import, from its CSV or its rows; every rule broken is a 400 naming the line. */
export function importRows(type: CopyGroup, body: { csv?: string | undefined; rows?: readonly CopyImportRow[] | undefined }): ImportRow[] {
  const malformed = (message: string, line?: number) => new AppError('COPY_IMPORT_MALFORMED', { message, data: line === undefined ? {} : { line } });
  if ((body.csv === undefined) === (body.rows === undefined)) throw malformed('Send either csv or rows');
  let records: { line: number; values: Record<string, string> }[];
  if (body.csv !== undefined) {
    let table: string[][];
    try {
      table = parseCsv(body.csv);
    } catch (error) {
      if (error instanceof CsvError) throw malformed(error.message, error.line);
      throw error;
    }
    const [header, ...data] = table;
    if (!header) throw malformed('The CSV is empty: a header line type,key,en,sv,nb,nn,fi,de comes first');
    const columns = header.map((name) => name.trim());
    const known = new Set<string>(CSV_COLUMNS);
    const unknown = columns.filter((name) => !known.has(name));
    if (unknown.length > 0) throw malformed(`Unknown columns: ${unknown.map((c) => c.slice(0, 40)).join(', ')}; the columns are ${CSV_COLUMNS.join(', ')}`, 1);
    if (!columns.includes('key')) throw malformed('The header has no key column', 1);
    if (!columns.some((c) => (languages as readonly string[]).includes(c))) throw malformed('The header has no language column (en, sv, nb, nn, fi, de)', 1);
    if (new Set(columns).size !== columns.length) throw malformed('A column is named twice', 1);
    records = data.map((cells, index) => {
      if (cells.length !== columns.length) throw malformed(`Row ${index + 2} has ${cells.length} fields; the header has ${columns.length}`, index + 2);
      return { line: index + 2, values: Object.fromEntries(columns.map((name, i) => [name, cells[i] as string])) };
    });
  } else {
    records = (body.rows ?? []).map((row, index) => ({ line: index + 1, values: Object.fromEntries(Object.entries(row).filter((e): e is [string, string] => typeof e[1] === 'string')) }));
  }
  if (records.length > COPY_BULK_MAX_KEYS) throw malformed(`At most ${COPY_BULK_MAX_KEYS} keys at once`);
  const seen = new Set<string>();
  return records.map(({ line, values }) => {
    const rowType = values.type?.trim();
    if (rowType && rowType !== type) throw malformed(`Line ${line}: the type ${rowType.slice(0, 40)} is not ${type}; import each type under its own address`, line);
    const key = (values.key ?? '').trim();
    if (!isCopyKey(key)) throw new AppError('MALFORMED_COPY_KEY', { message: `Line ${line}: not a copy key: ${key.slice(0, 210)}`, data: { line, key: key.slice(0, 210) } });
    if (seen.has(key)) throw malformed(`Line ${line}: the key ${key} is named twice`, line);
    seen.add(key);
    const cells: Partial<Record<Language, string>> = {};
    for (const language of languages) {
      const cell = values[language];
      if (cell === undefined) continue;
      const text = unguardFormula(cell);
      if (text !== '') checkText(key, language, text);
      cells[language] = text;
    }
    return { key, cells };
  });
}
