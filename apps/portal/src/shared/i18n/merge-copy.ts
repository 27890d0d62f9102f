import type { CopyTree } from '@gridline/copy/types';

/** Copy texts by group (namespace), as i18next resources. */
export type CopyResources = Record<string, CopyTree>;

interface MutableTree {
  [key: string]: string | MutableTree;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A group's texts as a nested tree: keys with dots are split (`'errors.generic'` becomes
 * `errors → generic`), values that are not text are dropped, so both flat and nested answers
 * merge the same way.
 */
function toTree(value: Record<string, unknown>, into: MutableTree = {}): MutableTree {
  for (const [key, item] of Object.entries(value)) {
    const path = key.split('.').filter((part) => part !== '');
    if (path.length === 0) continue;
    if (typeof item === 'string') setPath(into, path, item);
    else if (isRecord(item)) {
      const child = ensurePath(into, path);
      toTree(item, child);
    }
  }
  return into;
}

function ensurePath(tree: MutableTree, path: readonly string[]): MutableTree {
  let node = tree;
  for (const part of path) {
    const next = node[part];
    if (isRecord(next)) node = next as MutableTree;
    else {
      const created: MutableTree = {};
      node[part] = created;
      node = created;
    }
  }
  return node;
}

function setPath(tree: MutableTree, path: readonly string[], text: string): void {
  const parent = ensurePath(tree, path.slice(0, -1));
  const last = path[path.length - 1];
  if (last !== undefined) parent[last] = text;
}

/** Whether an answer holds at least one text. */
export function hasTexts(groups: Record<string, unknown>): boolean {
  return Object.values(groups).some((value) =>
    typeof value === 'string' ? value.trim() !== '' : isRecord(value) && hasTexts(value),
  );
}

/**
 * The texts i18next uses for one language: the bundled defaults with the server's answer
 * merged over them (the server wins key by key, the defaults fill what it lacks).
 */
export function mergeCopy(
  defaults: Readonly<Record<string, CopyTree | undefined>>,
  server: Readonly<Record<string, unknown>>,
): CopyResources {
  const merged: Record<string, MutableTree> = {};
  for (const [group, tree] of Object.entries(defaults)) {
    if (tree) merged[group] = toTree(tree);
  }
  for (const [group, tree] of Object.entries(server)) {
    if (!isRecord(tree)) continue;
    merged[group] = toTree(tree, merged[group] ?? {});
  }
  return merged;
}
