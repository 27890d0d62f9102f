import type { Language } from '@gridline/contracts/enums';
import { copyBundles } from '@gridline/copy/bundles';
import { copyGroups, copyVersions, splitCopyTypes, unknownCopyGroups, type CopyGroup, type CopyVersion } from '@gridline/contracts/organisations';
import type { CopyTree } from '@gridline/copy/types';
import { AppError } from '../../lib/errors.ts';
import type { Organisation } from '../organisations/service.ts';
import { weakEtag } from '../../lib/etag.ts';
import type { CopyRepository, CopyTextRow } from './repository.ts';

export { copyGroups, copyVersions, splitCopyTypes, unknownCopyGroups, type CopyGroup };

/** The merged texts of the groups asked for, and a weak ETag of exactly that content. */
export interface CopyAnswer {
  texts: Readonly<Record<string, CopyTree>>;
  etag: string;
}

/** How long a merged set is kept: texts change rarely and every page load asks for them. */
const CACHE_MS = 30_000;
/** Distinct group selections remembered per merged set (the web apps ask for a handful). */
const MAX_SELECTIONS = 64;

interface MutableTree {
  [key: string]: string | MutableTree;
}

interface Merged {
  groups: Readonly<Record<CopyGroup, CopyTree>>;
  answers: Map<string, CopyAnswer>;
}

interface Entry {
  expiresAt: number;
  merged: Promise<Merged>;
}

const isCopyVersion = (version: string): version is CopyVersion => (copyVersions as readonly string[]).includes(version);

/**
 * Copy texts per group and language (spec 000 §7, 002 §7). Three layers, a later one winning
 * key by key: the defaults bundled with the product (`packages/copy`), the platform's rows in
 * `copy_texts` (no organisation), the organisation's rows. Stored keys are dotted paths inside
 * their group and are merged into the bundles' nested structure.
 *
 * A merged set is cached per organisation, language and version for 30 s; `invalidate` drops
 * it after a write.
 */
export class CopyService {
  private readonly repository: Pick<CopyRepository, 'listLayers'>;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** organisation id → `language|version` → entry. */
  private readonly cache = new Map<string, Map<string, Entry>>();

  constructor(repository: Pick<CopyRepository, 'listLayers'>, options: { ttlMs?: number; now?: () => number } = {}) {
    this.repository = repository;
    this.ttlMs = options.ttlMs ?? CACHE_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * The organisation's texts in `language` for the groups in `types` (every group when absent),
   * each group present (empty when it has no text). An unknown group or version is a 400.
   */
  async aggregated(
    organisation: Pick<Organisation, 'id'>,
    language: Language,
    types?: readonly string[],
    version: string = copyVersions[0],
  ): Promise<CopyAnswer> {
    if (!isCopyVersion(version)) {
      throw validationFailed('version', `Unknown copy version '${version}'; the versions are ${copyVersions.join(', ')}`);
    }
    const unknown = unknownCopyGroups(types);
    if (unknown.length > 0) {
      throw validationFailed('types', `Unknown copy groups: ${unknown.join(', ')}; the groups are ${copyGroups.join(', ')}`);
    }
    // The canonical order, so that the same selection gives the same content and ETag.
    const wanted = types && types.length > 0 ? copyGroups.filter((group) => types.includes(group)) : [...copyGroups];

    const merged = await this.merged(organisation.id, language, version);
    const selection = wanted.join(',');
    const remembered = merged.answers.get(selection);
    if (remembered) return remembered;
    const texts = Object.fromEntries(wanted.map((group) => [group, merged.groups[group]]));
    const answer: CopyAnswer = { texts, etag: weakEtag(texts) };
    if (merged.answers.size >= MAX_SELECTIONS) merged.answers.clear();
    merged.answers.set(selection, answer);
    return answer;
  }

  /**
   * Forget merged sets after a write: one organisation's after a change of its own texts, all
   * of them (no argument) after a change of the platform's.
   */
  invalidate(organisationId?: string): void {
    if (organisationId === undefined) this.cache.clear();
    else this.cache.delete(organisationId);
  }

  private merged(organisationId: string, language: Language, version: CopyVersion): Promise<Merged> {
    const key = `${language}|${version}`;
    let perOrganisation = this.cache.get(organisationId);
    const hit = perOrganisation?.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.merged;

    const merged = this.repository
      .listLayers({ organisationId, language, version, groups: copyGroups })
      .then((rows): Merged => ({ groups: mergeLayers(copyBundles[language], rows), answers: new Map() }));
    const entry: Entry = { expiresAt: this.now() + this.ttlMs, merged };
    if (!perOrganisation) {
      perOrganisation = new Map();
      this.cache.set(organisationId, perOrganisation);
    }
    perOrganisation.set(key, entry);
    // A failed read is not remembered; the next request tries again.
    merged.catch(() => {
      if (this.cache.get(organisationId)?.get(key) === entry) this.cache.get(organisationId)?.delete(key);
    });
    return merged;
  }
}

function validationFailed(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message, data: { issues: [{ path: `querystring.${field}`, message }] } });
}

/** Path segments that would reach an object's prototype in a client that merges naively. */
const forbiddenSegments = new Set(['__proto__', 'prototype', 'constructor']);

const byKey = (a: CopyTextRow, b: CopyTextRow) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * Every group's texts: the bundled defaults, then the platform's rows, then the organisation's,
 * each row set at its dotted key. A later layer wins per text; a row never turns a text into a
 * group of texts or a group into a text (such a row would hide texts the apps use), so a row
 * that collides that way is left out.
 */
export function mergeLayers(bundle: { readonly [G in CopyGroup]?: CopyTree }, rows: readonly CopyTextRow[]): Record<CopyGroup, CopyTree> {
  const groups = Object.fromEntries(copyGroups.map((group) => [group, cloneTree(bundle[group])])) as Record<CopyGroup, MutableTree>;
  const platform = rows.filter((row) => row.organisationId === null).sort(byKey);
  const own = rows.filter((row) => row.organisationId !== null).sort(byKey);
  for (const row of [...platform, ...own]) {
    const tree = groups[row.group as CopyGroup] as MutableTree | undefined;
    if (tree) setText(tree, row.key.split('.'), row.value);
  }
  return groups;
}

function cloneTree(tree: CopyTree | undefined): MutableTree {
  const out: MutableTree = {};
  for (const [key, value] of Object.entries(tree ?? {})) out[key] = typeof value === 'string' ? value : cloneTree(value);
  return out;
}

function setText(tree: MutableTree, path: readonly string[], text: string): boolean {
  if (path.length === 0 || path.some((segment) => segment === '' || forbiddenSegments.has(segment))) return false;
  let node = tree;
  for (const segment of path.slice(0, -1)) {
    const next = Object.hasOwn(node, segment) ? node[segment] : undefined;
    if (typeof next === 'string') return false;
    if (next === undefined) {
      const created: MutableTree = {};
      node[segment] = created;
      node = created;
    } else node = next;
  }
  const last = path[path.length - 1] as string;
  if (Object.hasOwn(node, last) && typeof node[last] !== 'string') return false;
  node[last] = text;
  return true;
}
