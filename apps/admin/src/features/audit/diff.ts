/** A field of an audit entry's values, before and after, as shown side by side. */
export interface DiffRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
  /** A changed field whose values are never stored (a secret's value): shown as changed only. */
  sealed: boolean;
}

const show = (value: unknown): string => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The rows of an entry's diff: every field of before and after, changed ones as the entry names
 * them (`changed`) or as their values differ, sorted by name. A changed field absent from both
 * sides (a secret's `value`) is sealed.
 */
export function diffRows(before: Record<string, unknown> | null, after: Record<string, unknown> | null, changed: readonly string[]): DiffRow[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {}), ...changed]);
  return [...fields].sort().map((field) => {
    const a = before?.[field];
    const b = after?.[field];
    const differs = JSON.stringify(a) !== JSON.stringify(b);
    const sealed = changed.includes(field) && a === undefined && b === undefined;
    return { field, before: show(a), after: show(b), changed: differs || changed.includes(field), sealed };
  });
}
