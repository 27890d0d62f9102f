import { describe, expect, it } from 'vitest';
import { hasSeenWelcome, seenWelcomeAccounts, welcomeCookie, WELCOME_COOKIE_MAX_IDS } from './welcome-cookie.ts';

const a = 'a'.repeat(24);
const b = 'b'.repeat(24);
const c = '0123456789abcdef01234567';

describe('the hasSeenWelcome cookie', () => {
  it('reads comma-separated account ids among other cookies', () => {
    expect(seenWelcomeAccounts(`theme=dark; hasSeenWelcome=${a},${b}; other=1`)).toEqual([a, b]);
    expect(hasSeenWelcome(`hasSeenWelcome=${a},${b}`, b)).toBe(true);
    expect(hasSeenWelcome(`hasSeenWelcome=${a}`, b)).toBe(false);
    expect(hasSeenWelcome('', a)).toBe(false);
  });

  it('reads a percent-encoded value, and ignores what is not an account id', () => {
    expect(seenWelcomeAccounts(`hasSeenWelcome=${a}%2C${c}`)).toEqual([a, c]);
    expect(seenWelcomeAccounts(`hasSeenWelcome=${a},,nonsense, ${a}`)).toEqual([a]);
    expect(seenWelcomeAccounts(`xhasSeenWelcome=${a}`)).toEqual([]);
  });

  it('adds the account to the ids already there, for one year on the whole site', () => {
    expect(welcomeCookie(`hasSeenWelcome=${a}`, b)).toBe(`hasSeenWelcome=${a},${b}; Max-Age=31536000; Path=/; SameSite=Lax`);
    expect(welcomeCookie('', a, { secure: true })).toBe(`hasSeenWelcome=${a}; Max-Age=31536000; Path=/; SameSite=Lax; Secure`);
    // Dismissed again: once in the list, last.
    expect(welcomeCookie(`hasSeenWelcome=${a},${b}`, a).split(';')[0]).toBe(`hasSeenWelcome=${b},${a}`);
  });

  it('forgets the oldest ids beyond its cap', () => {
    const many = Array.from({ length: WELCOME_COOKIE_MAX_IDS }, (_, i) => i.toString(16).padStart(24, '0'));
    const written = welcomeCookie(`hasSeenWelcome=${many.join(',')}`, a);
    const ids = seenWelcomeAccounts(written.split(';')[0] ?? '');
    expect(ids).toHaveLength(WELCOME_COOKIE_MAX_IDS);
    expect(ids[0]).toBe(many[1]);
    expect(ids.at(-1)).toBe(a);
  });
});
