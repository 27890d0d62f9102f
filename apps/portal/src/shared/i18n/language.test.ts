import { describe, expect, it } from 'vitest';
import { likelyLanguage, resolveLanguage } from './language.ts';

describe('resolveLanguage', () => {
  const available = ['sv', 'en'] as const;

  it("prefers the user's language", () => {
    expect(resolveLanguage({ user: 'en', stored: 'sv', browser: 'sv-SE' }, available)).toBe('en');
  });

  it('then the stored language', () => {
    expect(resolveLanguage({ user: null, stored: 'en', browser: 'sv-SE' }, available)).toBe('en');
  });

  it("then the first two letters of the browser's language", () => {
    expect(resolveLanguage({ browser: 'en-US' }, available)).toBe('en');
    expect(resolveLanguage({ browser: 'EN' }, available)).toBe('en');
  });

  it('skips languages the organisation does not offer', () => {
    expect(resolveLanguage({ user: 'fi', stored: 'de', browser: 'en-GB' }, available)).toBe('en');
    expect(resolveLanguage({ stored: 'xx', browser: 'fr-FR' }, available)).toBe('sv');
  });

  it("falls back to the organisation's first language", () => {
    expect(resolveLanguage({}, ['fi', 'sv'])).toBe('fi');
  });

  it('reads a Norwegian browser as Bokmål', () => {
    expect(resolveLanguage({ browser: 'no-NO' }, ['nn', 'nb'])).toBe('nb');
  });
});

describe('likelyLanguage (asked for before the organisation is known)', () => {
  it('is the stored language, else the browser’s, else none', () => {
    expect(likelyLanguage({ stored: 'fi', browser: 'en-US' })).toBe('fi');
    expect(likelyLanguage({ stored: 'xx', browser: 'no-NO' })).toBe('nb');
    expect(likelyLanguage({ stored: null, browser: 'fr-FR' })).toBeNull();
  });
});
