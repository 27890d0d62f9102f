import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChangeRequestComment, diffValues, draftPartSchemas, draftSchema, releasePartSchemas } from './settings-parts.ts';

describe('draftSchema', () => {
  it('makes every object field optional at every depth and keeps each value rule', () => {
    const release = z.object({ a: z.string().min(2), nested: z.object({ b: z.number().max(3), c: z.boolean() }), list: z.array(z.string()) });
    const draft = draftSchema(release);
    expect(draft.safeParse({}).success).toBe(true);
    expect(draft.safeParse({ nested: { b: 2 } }).success).toBe(true);
    expect(draft.safeParse({ nested: { b: 9 } }).success).toBe(false);
    expect(draft.safeParse({ a: 'x' }).success).toBe(false);
    expect(draft.safeParse({ list: ['ok', 1] }).success).toBe(false);
  });

  it('checks the theme draft by the release rules of each value', () => {
    expect(draftPartSchemas.themes.safeParse({ primaryColor: '#0b5d3b' }).success).toBe(true);
    expect(draftPartSchemas.themes.safeParse({ primaryColor: 'green' }).success).toBe(false);
    expect(draftPartSchemas.themes.safeParse({ logo: { alt: 'Only the text' } }).success).toBe(true);
    expect(releasePartSchemas.themes.safeParse({ primaryColor: '#0b5d3b' }).success).toBe(false);
  });
});

describe('diffValues', () => {
  it('lists each changed, added and removed field by its path, lists by position, and ignores ids', () => {
    const before = { id: 'a', primaryColor: '#111111', logo: { url: '/x', alt: 'X' }, items: [{ title: 'A' }, { title: 'B' }] };
    const after = { id: 'b', primaryColor: '#222222', logo: { url: '/x', alt: 'X' }, items: [{ title: 'A' }], extra: true };
    expect(diffValues('themes', before, after)).toEqual([
      { part: 'themes', path: 'extra', kind: 'added', before: null, after: true },
      { part: 'themes', path: 'items.1', kind: 'removed', before: { title: 'B' }, after: null },
      { part: 'themes', path: 'primaryColor', kind: 'changed', before: '#111111', after: '#222222' },
    ]);
    expect(diffValues('themes', before, before)).toEqual([]);
  });
});

describe('a change request comment', () => {
  const base = { id: '0123456789abcdef01234567', author: 'scheduler', system: true, createdAt: '2026-11-28T09:00:00.000Z' };

  it('of the system carries its key and parameters (decision 0061)', () => {
    const parsed = ChangeRequestComment.parse({ ...base, text: 'The themes draft changed…', systemKey: 'scheduleSuspended', params: { part: 'themes' } });
    expect(parsed).toMatchObject({ systemKey: 'scheduleSuspended', params: { part: 'themes' } });
  });

  it('stored before the keys (an English sentence only) still parses', () => {
    const parsed = ChangeRequestComment.parse({ ...base, text: 'The themes draft changed after the approval, so the approval was taken back.' });
    expect(parsed.systemKey).toBeUndefined();
    expect(parsed.params).toBeUndefined();
  });
});
