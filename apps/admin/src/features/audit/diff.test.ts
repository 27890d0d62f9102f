import { describe, expect, it } from 'vitest';
import { diffRows } from './diff.ts';

describe("an audit entry's diff", () => {
  it('marks the fields whose values differ or that the entry names, and seals a value never stored', () => {
    const rows = diffRows({ scope: 'ORG_USER', firstName: 'Nora', tags: ['a'] }, { scope: 'ORG_ADMIN', firstName: 'Nora', tags: ['a', 'b'] }, ['scope', 'value']);
    expect(rows).toEqual([
      { field: 'firstName', before: 'Nora', after: 'Nora', changed: false, sealed: false },
      { field: 'scope', before: 'ORG_USER', after: 'ORG_ADMIN', changed: true, sealed: false },
      { field: 'tags', before: '["a"]', after: '["a","b"]', changed: true, sealed: false },
      { field: 'value', before: '—', after: '—', changed: true, sealed: true },
    ]);
  });

  it('shows a created object as all new and a deleted one as all gone', () => {
    expect(diffRows(null, { name: 'x' }, [])).toEqual([{ field: 'name', before: '—', after: 'x', changed: true, sealed: false }]);
    expect(diffRows({ name: 'x' }, null, [])).toEqual([{ field: 'name', before: 'x', after: '—', changed: true, sealed: false }]);
  });
});
