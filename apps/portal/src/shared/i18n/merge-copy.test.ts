import { describe, expect, it } from 'vitest';
import { hasTexts, mergeCopy } from './merge-copy.ts';

describe('mergeCopy', () => {
  const defaults = {
    shared: { signOut: 'Sign out', errors: { generic: 'Oops', WRONG_PASSWORD: 'Wrong password' } },
    'my-pages': { login: { submit: 'Sign in' } },
  };

  it('lets the server win and keeps the defaults for keys the server lacks', () => {
    const merged = mergeCopy(defaults, { shared: { errors: { generic: 'Something broke' } } });
    expect(merged).toEqual({
      shared: { signOut: 'Sign out', errors: { generic: 'Something broke', WRONG_PASSWORD: 'Wrong password' } },
      'my-pages': { login: { submit: 'Sign in' } },
    });
  });

  it('reads dotted keys as nested keys', () => {
    const merged = mergeCopy(defaults, { shared: { 'errors.WRONG_PASSWORD': 'Bad password' } });
    expect(merged['shared']).toEqual({
      signOut: 'Sign out',
      errors: { generic: 'Oops', WRONG_PASSWORD: 'Bad password' },
    });
  });

  it('adds groups only the server has and drops values that are not text', () => {
    const merged = mergeCopy(defaults, { organisation: { contactUrl: 'https://example.com', count: 3 } });
    expect(merged['organisation']).toEqual({ contactUrl: 'https://example.com' });
  });

  it('does not change the defaults it was given', () => {
    mergeCopy(defaults, { shared: { signOut: 'Log out' } });
    expect(defaults.shared.signOut).toBe('Sign out');
  });
});

describe('hasTexts', () => {
  it('is false for an empty answer or one with empty groups', () => {
    expect(hasTexts({})).toBe(false);
    expect(hasTexts({ shared: {}, 'my-pages': { login: {} } })).toBe(false);
    expect(hasTexts({ shared: { x: '  ' } })).toBe(false);
  });

  it('is true when some group has a text', () => {
    expect(hasTexts({ shared: {}, 'my-pages': { login: { submit: 'Sign in' } } })).toBe(true);
  });
});
