import { contrast } from '@gridline/contracts/colors';
import { contrastPairs, type ContrastPair } from '@gridline/contracts/settings-theme';

/** The theme as the editor holds it: the draft's merged content (decision 0054), edited by path. */
export type ThemeValue = Record<string, unknown>;
export type Path = readonly string[];

export const isHex = (value: unknown): value is string => typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);

export function getAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `value` with `next` at `path` (objects on the way are copied, missing ones made); `undefined` removes the field. */
export function setAt<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T;
  const [key, ...rest] = path as [string, ...string[]];
  const base = Array.isArray(value) ? [...value] : typeof value === 'object' && value !== null ? { ...(value as Record<string, unknown>) } : {};
  const record = base as Record<string, unknown>;
  const child = setAt(record[key], rest, next);
  if (child === undefined) delete record[key];
  else record[key] = child;
  return base as T;
}

const same = (a: Path, b: Path) => a.length === b.length && a.every((key, i) => key === b[i]);

/** The contrast rule of a colour field, when the theme draws that colour on one of its own backgrounds. */
export function pairOf(path: Path): ContrastPair | undefined {
  return contrastPairs.find((pair) => same(pair.path, path));
}

export interface FieldContrast {
  ratio: number;
  background: string;
  min: number;
  kind: 'text' | 'ui';
  ok: boolean;
}

/** The contrast of the colour at `path` against the colour it is drawn on, or `null` when it has no rule or a colour is not valid yet. */
export function fieldContrast(theme: unknown, path: Path): FieldContrast | null {
  const pair = pairOf(path);
  if (!pair) return null;
  const foreground = getAt(theme, path);
  const background = getAt(theme, pair.background);
  if (!isHex(foreground) || !isHex(background)) return null;
  const ratio = contrast(foreground, background);
  return { ratio, background, min: pair.min, kind: pair.kind, ok: ratio >= pair.min };
}

/** Rounded down to two decimals, as the rule reads it: 4.499 is not 4.50. */
export const formatRatio = (ratio: number): string => (Math.floor(ratio * 100) / 100).toFixed(2);

/** The fields whose colour breaks its contrast rule. */
export function contrastFailures(theme: unknown): Path[] {
  return contrastPairs.filter((pair) => fieldContrast(theme, pair.path)?.ok === false).map((pair) => pair.path);
}

/** A server issue's path inside the theme (`body.` taken off) and its key (the message up to the first colon). */
export function issueOf(issue: { path: string; message: string }): { path: string; key: string } {
  return { path: issue.path.replace(/^body\./, '').replace(/^themes\./, ''), key: issue.message.split(':')[0]!.trim() };
}

/**
 * The theme with every colour equal to `from` changed to `to` (compared without case): changing a
 * brand colour carries it to the parts drawn in it (the filled button, the active favorite, the
 * labels). The colours drawn on them keep theirs, so a pair the new colour breaks is marked.
 */
export function replaceColour<T>(value: T, from: string, to: string, skip: Path = []): T {
  const walk = (node: unknown, path: string[]): unknown => {
    if (typeof node === 'string') return isHex(node) && node.toLowerCase() === from.toLowerCase() && !(skip.length && same(skip, path)) ? to : node;
    if (Array.isArray(node)) return node.map((item, i) => walk(item, [...path, String(i)]));
    if (typeof node === 'object' && node !== null) return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item, [...path, key])]));
    return node;
  };
  return walk(value, []) as T;
}
