import { describe, expect, it } from 'vitest';
import { mergedPart, mergePatch, overlay } from './publishing.ts';

describe('mergePatch (RFC 7396) for PATCH of a draft', () => {
  it('merges objects, removes a field on null and replaces lists whole', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 }, l: [1, 2] }, { b: { c: null, e: 4 }, l: [3], a: null })).toEqual({ b: { d: 3, e: 4 }, l: [3] });
    expect(mergePatch({ a: 1 }, 'x')).toBe('x');
  });
});

describe('overlay: a draft over the live part', () => {
  it('keeps a null the draft holds (a theme without logo) and replaces lists', () => {
    expect(overlay({ logo: { url: '/a', alt: 'A' }, c: '#111111' }, { logo: null })).toEqual({ logo: null, c: '#111111' });
    expect(overlay({ logo: { url: '/a', alt: 'A' } }, { logo: { alt: 'B' } })).toEqual({ logo: { url: '/a', alt: 'B' } });
  });

  it('takes the custom favorites draft as the whole list', () => {
    expect(mergedPart('custom-favorites', { items: [{ title: 'old' }] }, [{ title: 'new' }])).toEqual({ items: [{ title: 'new' }] });
    expect(mergedPart('themes', { c: 1 }, null)).toEqual({ c: 1 });
  });
});
