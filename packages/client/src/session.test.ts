import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthRecord } from '@gridline/contracts/auth';
import {
  activeAuth,
  createLocalStorageSessionStore,
  createMemorySessionStore,
  needsRefresh,
} from './session.ts';

const auth = (accountId: string, overrides: Partial<AuthRecord> = {}): AuthRecord => ({
  accessToken: `access-${accountId}`,
  refreshToken: `refresh-${accountId}`,
  exp: 1_000_000,
  scope: 'USER',
  accountId,
  userId: 'b'.repeat(24),
  ...overrides,
});

describe('needsRefresh', () => {
  const exp = 1_700_000_000;

  it('renews a refreshable auth from 10 s before expiry', () => {
    const a = { scope: 'USER', exp, refreshToken: 'r' };
    expect(needsRefresh(a, exp - 11)).toBe(false);
    expect(needsRefresh(a, exp - 10)).toBe(true);
    expect(needsRefresh(a, exp + 1)).toBe(true);
  });

  it('renews a refreshable auth without exp', () => {
    expect(needsRefresh({ scope: 'USER', refreshToken: 'r' }, exp)).toBe(true);
  });

  it('renews a USER auth without refresh token when exp is missing or more than 60 days ahead', () => {
    const now = exp;
    expect(needsRefresh({ scope: 'USER' }, now)).toBe(true);
    expect(needsRefresh({ scope: 'USER', exp: null, refreshToken: '' }, now)).toBe(true);
    expect(needsRefresh({ scope: 'USER', exp: now + 5_184_001 }, now)).toBe(true);
    expect(needsRefresh({ scope: 'USER', exp: now + 5_184_000 }, now)).toBe(false);
    expect(needsRefresh({ scope: 'USER', exp: now - 100 }, now)).toBe(false);
  });

  it('never renews other scopes without refresh token', () => {
    expect(needsRefresh({ scope: 'ADMIN' }, exp)).toBe(false);
    expect(needsRefresh({ scope: 'ADMIN', exp: exp + 10_000_000 }, exp)).toBe(false);
  });
});

describe('activeAuth', () => {
  const a = auth('a'.repeat(24));
  const c = auth('c'.repeat(24));

  it('is the auth of activeAccountId, else the first, else null', () => {
    expect(activeAuth({ auths: [a, c], activeAccountId: c.accountId })).toBe(c);
    expect(activeAuth({ auths: [a, c], activeAccountId: 'd'.repeat(24) })).toBe(a);
    expect(activeAuth({ auths: [a, c], activeAccountId: null })).toBe(a);
    expect(activeAuth({ auths: [], activeAccountId: null })).toBeNull();
    expect(activeAuth(null)).toBeNull();
  });
});

describe('session stores', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('memory store keeps what it is given', () => {
    const store = createMemorySessionStore();
    expect(store.get()).toBeNull();
    const state = { auths: [auth('a'.repeat(24))], activeAccountId: null };
    store.set(state);
    expect(store.get()).toEqual(state);
    store.set(null);
    expect(store.get()).toBeNull();
  });

  it('localStorage store round-trips, validates and clears', () => {
    const data = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    });
    const store = createLocalStorageSessionStore('gridline.session');
    const state = { auths: [auth('a'.repeat(24))], activeAccountId: 'a'.repeat(24) };
    store.set(state);
    expect(JSON.parse(data.get('gridline.session') ?? '')).toEqual(state);
    expect(store.get()).toEqual(state);

    data.set('gridline.session', '{not json');
    expect(store.get()).toBeNull();
    data.set('gridline.session', JSON.stringify({ auths: [{ accessToken: 1 }] }));
    expect(store.get()).toBeNull();

    store.set(null);
    expect(data.has('gridline.session')).toBe(false);
  });

  it('localStorage store falls back to memory without storage', () => {
    vi.stubGlobal('localStorage', undefined);
    const store = createLocalStorageSessionStore('k');
    const state = { auths: [auth('a'.repeat(24))], activeAccountId: null };
    store.set(state);
    expect(store.get()).toEqual(state);
  });
});
