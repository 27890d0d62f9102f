import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { AuthRecord } from '@gridline/contracts/auth';
import { User } from '@gridline/contracts/users';
import { PortalFlags, PublicConfiguration } from '@gridline/contracts/settings';
import type { Paged } from './http.ts';
import { createApiClient } from './api-client.ts';
import type { ApiClientOptions } from './api-client.ts';
import { ApiError } from './errors.ts';
import { createFakeFetch, errorResponse, jsonResponse, okResponse } from './fake-fetch.ts';
import type { FakeHandler } from './fake-fetch.ts';
import { createMemorySessionStore } from './session.ts';
import type { SessionState } from './session.ts';

const BASE = 'https://api.test';
const ORG = 'solvik';
const ACC1 = 'a'.repeat(24);
const ACC2 = 'c'.repeat(24);
const USER_ID = 'b'.repeat(24);
const START_MS = 1_700_000_000_000;
const START_S = START_MS / 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const auth = (accountId: string, overrides: Partial<AuthRecord> = {}): AuthRecord => ({
  accessToken: `access-${accountId.slice(0, 1)}`,
  refreshToken: `refresh-${accountId.slice(0, 1)}`,
  exp: START_S + 900,
  scope: 'USER',
  accountId,
  userId: USER_ID,
  ...overrides,
});

const user = {
  _id: USER_ID,
  organisation: ORG,
  username: 'ola',
  email: null,
  firstName: 'Ola',
  lastName: 'Nordmann',
  fullName: 'Ola Nordmann',
  phoneNumber: null,
  language: 'nb',
  customerNumber: null,
  accountOwner: true,
  activeAccountId: ACC1,
  accounts: [],
  locations: [],
  createdAt: '2024-01-01T00:00:00.000Z',
  lastSeen: null,
  deletionRequestedAt: null,
};

const invoice = {
  _id: 'e'.repeat(24),
  id: '1001',
  ocr: '10012',
  accountId: ACC1,
  locationId: null,
  startDate: '2024-01-01',
  endDate: '2024-01-31',
  dueDate: '2024-02-20',
  createDate: '2024-02-01',
  month: '2024-01',
  currency: 'NOK',
  invoiceStatus: 'PAID',
  invoice: { type: 'pdf', provider: { name: 'demo', documentId: 'd'.repeat(24) } },
  info: [],
};

interface SetupOptions extends Partial<ApiClientOptions> {
  state?: SessionState | null;
}

const setup = (handler: FakeHandler, { state = null, ...options }: SetupOptions = {}) => {
  let t = START_MS;
  const clock = {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
  const sleep = vi.fn(async (ms: number) => {
    t += ms;
  });
  const store = createMemorySessionStore(state);
  const fake = createFakeFetch(handler);
  const client = createApiClient({
    baseUrl: BASE,
    organisation: ORG,
    version: 'portal@1.2.3',
    store,
    fetch: fake.fetch,
    now: clock.now,
    sleep,
    ...options,
  });
  return { client, calls: fake.calls, store, clock, sleep };
};

const signedIn = (...auths: AuthRecord[]): SessionState => ({
  auths: auths.length ? auths : [auth(ACC1)],
  activeAccountId: null,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('headers', () => {
  it('sends Accept, x-uid, x-session, x-version and the bearer on an authenticated call', async () => {
    const { client, calls } = setup(() => okResponse(user), { state: signedIn() });
    await client.getUser();
    await client.getUser();
    const [first, second] = calls;
    expect(first?.url).toBe(`${BASE}/v4/${ORG}/users/me`);
    expect(first?.headers).toMatchObject({
      accept: 'application/json',
      'x-version': 'portal@1.2.3',
      authorization: 'Bearer access-a',
    });
    expect(first?.headers['content-type']).toBeUndefined();
    expect(first?.headers['x-uid']).toMatch(UUID);
    expect(first?.headers['x-session']).toMatch(UUID);
    expect(second?.headers['x-uid']).not.toBe(first?.headers['x-uid']);
    expect(second?.headers['x-session']).toBe(first?.headers['x-session']);
    expect(first?.headers['x-session']).toBe(client.session.getSessionId());
  });

  it('sends Content-Type with a body', async () => {
    const { client, calls } = setup(() => okResponse(user), { state: signedIn() });
    await client.setActiveAccount(ACC1);
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ accountId: ACC1 });
  });

  it('sends no bearer on public calls', async () => {
    const { client, calls } = setup(() => okResponse({ g: { k: 'v' } }), { state: signedIn() });
    await client.getCopy('nb', ['common', 'invoices']);
    expect(calls[0]?.headers['authorization']).toBeUndefined();
    expect(calls[0]?.url).toBe(
      `${BASE}/v3/copy/aggregated?version=v3.0&organisation=${ORG}&language=nb&types=common,invoices`,
    );
  });
});

describe('error mapping', () => {
  it('maps a failed fetch to couldNotConnectToServer (500, fatal)', async () => {
    const onFatal = vi.fn();
    const { client } = setup(
      () => {
        throw new TypeError('fetch failed');
      },
      { onFatal },
    );
    const error = await client.request('/v3/anything', { auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, key: 'couldNotConnectToServer', fatal: true, signOut: false });
    expect(onFatal).toHaveBeenCalledWith(error);
  });

  it('maps an answer that is not JSON to couldNotParseData', async () => {
    const { client } = setup(() => new Response('<html>oops</html>', { status: 200 }));
    await expect(client.request('/v3/x')).rejects.toMatchObject({ status: 500, key: 'couldNotParseData' });
  });

  it('maps an answer failing the schema to couldNotParseData', async () => {
    const { client } = setup(() => okResponse({ ...user, _id: 'not-an-id' }), { state: signedIn() });
    await expect(client.getUser()).rejects.toMatchObject({ status: 500, key: 'couldNotParseData' });
  });

  it('builds a 401 error from the body, marks signOut and calls onSignOut once', async () => {
    const onSignOut = vi.fn();
    const { client } = setup(
      () => errorResponse(401, 'INVALID_TOKEN', 'Invalid token', { name: 'UnauthorizedError', info: 'x' }),
      { state: signedIn(), onSignOut },
    );
    const error = await client.getUser().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'UnauthorizedError',
      status: 401,
      key: 'INVALID_TOKEN',
      message: 'Invalid token',
      uid: 'server-uid',
      info: 'x',
      signOut: true,
      fatal: false,
    });
    expect(client.session.isSignedIn()).toBe(false);
    await client.getUser().catch(() => undefined);
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(onSignOut).toHaveBeenCalledWith(error);
  });

  it('does not call onSignOut for a 401 of a public call (wrong password)', async () => {
    const onSignOut = vi.fn();
    const { client } = setup(() => errorResponse(401, 'WRONG_PASSWORD'), { onSignOut });
    await expect(client.signInWithPassword({ username: 'u', password: 'p' })).rejects.toMatchObject({
      status: 401,
      key: 'WRONG_PASSWORD',
      signOut: true,
    });
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('marks 503 fatal and calls onFatal', async () => {
    const onFatal = vi.fn();
    const { client } = setup(() => errorResponse(503, 'INTERNAL_ERROR', 'down'), { state: signedIn(), onFatal });
    const error = await client.getUser().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, key: 'INTERNAL_ERROR', fatal: true, signOut: false });
    expect(onFatal).toHaveBeenCalledWith(error);
  });

  it('refuses the 51st identical request within 10 s without sending it', async () => {
    const { client, calls } = setup(() => okResponse(user), { state: signedIn() });
    for (let i = 0; i < 50; i += 1) await client.getUser();
    await expect(client.getUser()).rejects.toMatchObject({
      status: 429,
      key: 'tooManyRequests',
      message: 'Too Many requests',
    });
    expect(calls).toHaveLength(50);
  });
});

describe('request', () => {
  it('returns data, or data and pagination for a paged call', async () => {
    const pagination = { limit: 24, page: 1, total: 1 };
    const { client, calls } = setup(() => okResponse([invoice], { pagination }), { state: signedIn() });
    const plain = await client.request('/v4/solvik/x');
    expect(plain).toEqual([invoice]);
    const paged = await client.getInvoices(ACC1);
    expect(paged).toEqual({ data: [invoice], pagination });
    expect(calls[1]?.url).toBe(`${BASE}/v4/${ORG}/invoices/accounts/${ACC1}/invoices?limit=24&page=1`);
  });

  it('types the answer from the schema', async () => {
    const { client } = setup(() => okResponse([user], { pagination: { limit: 1, page: 1, total: 1 } }), {
      state: signedIn(),
    });
    const one = await client.request('/v4/solvik/x', { schema: User.array() });
    expectTypeOf(one).toEqualTypeOf<User[]>();
    const paged = await client.request('/v4/solvik/x', { schema: User.array(), paged: true });
    expectTypeOf(paged).toEqualTypeOf<Paged<User[]>>();
    const raw = await client.request('/v4/solvik/x');
    expectTypeOf(raw).toEqualTypeOf<unknown>();
    expect(paged.pagination.total).toBe(1);
  });

  it('refuses a paged answer without pagination', async () => {
    const { client } = setup(() => okResponse([invoice]), { state: signedIn() });
    await expect(client.getInvoices(ACC1, { limit: 5, page: 2 })).rejects.toMatchObject({ key: 'couldNotParseData' });
  });
});

describe('token refresh', () => {
  const expired = auth(ACC1, { exp: START_S + 5 }); // within the 10 s margin
  const renewed = auth(ACC1, { accessToken: 'access-new', refreshToken: 'refresh-new', exp: START_S + 900 });

  const refreshingServer =
    (refreshAnswer: () => Response = () => okResponse({ auths: [renewed] })): FakeHandler =>
    (req) => {
      if (req.path.endsWith('/account/sessions/accessToken')) return refreshAnswer();
      return okResponse(user);
    };

  it('renews an expiring token before the call and sends the new bearer', async () => {
    const { client, calls, store } = setup(refreshingServer(), { state: signedIn(expired, auth(ACC2)) });
    await client.getUser();
    expect(calls).toHaveLength(2);
    expect(calls[0]?.url).toBe(`${BASE}/v4/${ORG}/account/sessions/accessToken?refreshToken=refresh-a`);
    expect(calls[0]?.headers['authorization']).toBeUndefined();
    expect(calls[1]?.headers['authorization']).toBe('Bearer access-new');
    expect(store.get()?.auths).toEqual([renewed, auth(ACC2)]);
  });

  it('does not renew a token that is still valid', async () => {
    const { client, calls } = setup(refreshingServer(), { state: signedIn(auth(ACC1, { exp: START_S + 11 })) });
    await client.getUser();
    expect(calls).toHaveLength(1);
  });

  it('shares one renewal between concurrent calls', async () => {
    const { client, calls } = setup(refreshingServer(), { state: signedIn(expired) });
    await Promise.all([client.getUser(), client.getUser(), client.getMe(ACC1).catch(() => undefined)]);
    const refreshes = calls.filter((c) => c.path.endsWith('/account/sessions/accessToken'));
    expect(refreshes).toHaveLength(1);
    const others = calls.filter((c) => !c.path.endsWith('/account/sessions/accessToken'));
    expect(others).toHaveLength(3);
    for (const c of others) expect(c.headers['authorization']).toBe('Bearer access-new');
  });

  it('on a refused renewal warns, signs out and rejects the call', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onSignOut = vi.fn();
    const { client, calls, store } = setup(
      refreshingServer(() => errorResponse(401, 'REFRESH_TOKEN_REUSED')),
      { state: signedIn(expired), onSignOut },
    );
    await expect(client.getUser()).rejects.toMatchObject({ status: 401, key: 'REFRESH_TOKEN_REUSED' });
    expect(warn).toHaveBeenCalledWith('Could not refresh token: 401');
    expect(store.get()).toBeNull();
    expect(client.session.isSignedIn()).toBe(false);
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it('on a failed renewal (server trouble) warns and keeps the session', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onSignOut = vi.fn();
    const { client, store } = setup(
      refreshingServer(() => errorResponse(503, 'INTERNAL_ERROR')),
      { state: signedIn(expired), onSignOut },
    );
    await expect(client.getUser()).rejects.toMatchObject({ status: 503 });
    expect(warn).toHaveBeenCalledWith('Could not refresh token: 503');
    expect(store.get()?.auths).toEqual([expired]);
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('renews the active account, not the first', async () => {
    const other = auth(ACC2, { exp: START_S - 100, refreshToken: 'refresh-c' });
    const renewedOther = { ...other, accessToken: 'access-c2', exp: START_S + 900 };
    const { client, calls } = setup(
      refreshingServer(() => okResponse({ auths: [renewedOther] })),
      { state: { auths: [auth(ACC1), other], activeAccountId: ACC2 } },
    );
    await client.getUser();
    expect(calls[0]?.query.get('refreshToken')).toBe('refresh-c');
    expect(calls[1]?.headers['authorization']).toBe('Bearer access-c2');
  });
});

describe('sign-in with password', () => {
  const REF = 'ref-123';
  const auths = [auth(ACC1), auth(ACC2)];
  const summaries = auths.map(({ scope, accountId, userId }) => ({ scope, accountId, userId }));

  const server = (opts: { statuses?: string[]; pollExtra?: Record<string, unknown>; exchange?: () => Response } = {}) => {
    const statuses = [...(opts.statuses ?? ['process', 'process', 'done'])];
    const handler: FakeHandler = (req) => {
      if (req.method === 'POST' && req.path === '/v3/auth/') return okResponse({ ref: REF, status: 'process' });
      if (req.method === 'GET' && req.path === '/v3/auth/') {
        const status = statuses.length > 1 ? statuses.shift() : statuses[0];
        return okResponse({ ref: REF, status, ...(status === 'done' ? { auths: summaries } : {}), ...opts.pollExtra });
      }
      if (req.path === `/v4/${ORG}/account/sessions/accessToken`) {
        return opts.exchange ? opts.exchange() : okResponse({ auths });
      }
      return jsonResponse(404, { status: 404 });
    };
    return handler;
  };

  it('posts the credentials, polls every 500 ms, exchanges the ref and stores the auths', async () => {
    const { client, calls, store, sleep } = setup(server(), { state: signedIn(auth(ACC2)) });
    const before = client.session.getSessionId();
    const result = await client.signInWithPassword({ username: 'ola', password: 'secret' });

    expect(result).toEqual(auths);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v3/auth/',
      'GET /v3/auth/',
      'GET /v3/auth/',
      'GET /v3/auth/',
      `GET /v4/${ORG}/account/sessions/accessToken`,
    ]);
    expect(calls[0]?.body).toEqual({ type: 'USR_PWD', username: 'ola', password: 'secret', organisation: ORG });
    expect(calls[0]?.headers['authorization']).toBeUndefined();
    expect(calls[1]?.url).toBe(`${BASE}/v3/auth/?ref=${REF}&organisation=${ORG}`);
    expect(calls[4]?.url).toBe(`${BASE}/v4/${ORG}/account/sessions/accessToken?ref=${REF}`);
    expect(sleep.mock.calls).toEqual([[500], [500]]);

    expect(store.get()).toEqual({ auths, activeAccountId: ACC1 });
    expect(client.session.isSignedIn()).toBe(true);
    expect(client.session.getAuths()).toEqual(auths);
    expect(client.session.getActiveAccountId()).toBe(ACC1);
    expect(client.session.getSessionId()).not.toBe(before);
    expect(client.session.getSessionId()).toMatch(UUID);
  });

  it('throws MISSING_USER when the user has no accounts, without exchanging', async () => {
    const { client, calls, store } = setup(server({ statuses: ['done'], pollExtra: { auths: [] } }));
    await expect(client.signInWithPassword({ username: 'ola', password: 'secret' })).rejects.toMatchObject({
      status: 404,
      key: 'MISSING_USER',
      message: 'The user does not have any accounts',
    });
    expect(calls.some((c) => c.path.endsWith('/accessToken'))).toBe(false);
    expect(store.get()).toBeNull();
  });

  it('retries the exchange every 200 ms while it answers 409', async () => {
    const answers = [
      () => errorResponse(409, 'ACCOUNT_PENDING'),
      () => errorResponse(409, 'ACCOUNT_PENDING'),
      () => okResponse({ auths }),
    ];
    const { client, calls, sleep } = setup(
      server({ statuses: ['done'], exchange: () => (answers.shift() ?? answers[0]!)() }),
    );
    await expect(client.signInWithPassword({ username: 'ola', password: 'secret' })).resolves.toEqual(auths);
    expect(calls.filter((c) => c.path.endsWith('/accessToken'))).toHaveLength(3);
    expect(sleep.mock.calls).toEqual([[200], [200]]);
  });

  it('gives up on 409 after 10 minutes with a TimeoutError', async () => {
    const { client, calls } = setup(server({ statuses: ['done'], exchange: () => errorResponse(409, 'ACCOUNT_PENDING') }));
    await expect(client.authorizeWithRef(REF)).rejects.toMatchObject({ status: 408, name: 'TimeoutError' });
    expect(calls.filter((c) => c.path.endsWith('/accessToken'))).toHaveLength(3001); // at 0, 200, …, 600000 ms
  });

  it('turns a poll error into a 401 ApiError', async () => {
    const { client } = setup(
      server({ statuses: ['error'], pollExtra: { error: 'BANKID_FAILED', errorMessage: 'BankID failed' } }),
    );
    await expect(client.authorizeWithRef(REF)).rejects.toMatchObject({
      status: 401,
      key: 'BANKID_FAILED',
      message: 'BankID failed',
    });
  });

  it('turns an aborted sign-in into key aborted', async () => {
    const { client } = setup(server({ statuses: ['aborted'] }));
    await expect(client.authorizeWithRef(REF)).rejects.toMatchObject({ key: 'aborted' });
  });

  it('times out after 10 minutes of polling', async () => {
    const { client } = setup(server({ statuses: ['process'] }));
    await expect(client.authorizeWithRef(REF)).rejects.toMatchObject({ status: 408, name: 'TimeoutError' });
  });
});

describe('sign-out', () => {
  it('revokes all refresh tokens and clears the store', async () => {
    const { client, calls, store } = setup(() => okResponse({ signedOut: true }), {
      state: signedIn(auth(ACC1), auth(ACC2)),
    });
    await client.signOut();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('DELETE');
    expect(calls[0]?.url).toBe(`${BASE}/v3/auth/`);
    expect(calls[0]?.body).toEqual({ refreshTokens: ['refresh-a', 'refresh-c'] });
    expect(calls[0]?.headers['authorization']).toBe('Bearer access-a');
    expect(store.get()).toBeNull();
  });

  it('ignores a failing sign-out call', async () => {
    const onSignOut = vi.fn();
    const onFatal = vi.fn();
    const { client, store } = setup(() => errorResponse(500, 'INTERNAL_ERROR'), {
      state: signedIn(),
      onSignOut,
      onFatal,
    });
    await expect(client.signOut()).resolves.toBeUndefined();
    expect(store.get()).toBeNull();
    expect(onSignOut).not.toHaveBeenCalled();
    expect(onFatal).not.toHaveBeenCalled();
  });

  it('sends nothing when not signed in', async () => {
    const { client, calls } = setup(() => okResponse({}));
    await client.signOut();
    expect(calls).toHaveLength(0);
  });
});

describe('documents and account calls', () => {
  it('builds the invoice document URL with a short token', async () => {
    const { client, calls } = setup(() => okResponse({ accessToken: 'short.tok', exp: START_S + 60 }), {
      state: signedIn(),
    });
    const provider = { name: 'demo', documentId: 'd'.repeat(24) };
    const url = await client.invoiceDocumentUrl(ACC1, provider);
    expect(calls[0]?.url).toBe(`${BASE}/v3/auth/short-accesstoken`);
    expect(url).toBe(
      `${BASE}/v4/${ORG}/invoices/accounts/${ACC1}/invoice?accessToken=short.tok&provider=${encodeURIComponent(JSON.stringify(provider))}`,
    );
  });

  it('throws MISSING_TOKEN when no short token comes back', async () => {
    const { client } = setup(() => okResponse({}), { state: signedIn() });
    await expect(client.shortAccessToken()).rejects.toMatchObject({ status: 404, key: 'MISSING_TOKEN', message: 'Missing token' });
  });

  it('throws MISSING_ACCOUNT_ID before calling', async () => {
    const { client, calls } = setup(() => okResponse({}), { state: signedIn() });
    const missing = { status: 404, key: 'MISSING_ACCOUNT_ID', message: 'Missing accountId' };
    await expect(client.getMe(null)).rejects.toMatchObject(missing);
    await expect(client.getAccountLocations('')).rejects.toMatchObject(missing);
    await expect(client.getInvoices(undefined)).rejects.toMatchObject(missing);
    await expect(client.invoiceDocumentUrl(null, { name: 'x', documentId: 'd'.repeat(24) })).rejects.toMatchObject(missing);
    expect(calls).toHaveLength(0);
  });

  it('setActiveAccount makes the account active', async () => {
    const { client, store } = setup(() => okResponse({ ...user, activeAccountId: ACC2 }), {
      state: signedIn(auth(ACC1), auth(ACC2)),
    });
    const result = await client.setActiveAccount(ACC2);
    expect(result.activeAccountId).toBe(ACC2);
    expect(store.get()?.activeAccountId).toBe(ACC2);
    expect(client.session.getActiveAccountId()).toBe(ACC2);
    expect(client.session.getActiveAuth()?.accessToken).toBe('access-c');
  });

  it('setLanguage sends the language to the user and answers the user', async () => {
    const { client, calls } = setup(() => okResponse({ ...user, language: 'en' }), { state: signedIn() });
    const result = await client.setLanguage('en');
    expect(result.language).toBe('en');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'PUT', url: `${BASE}/v4/${ORG}/users/me/language`, body: { language: 'en' } });
    expect(calls[0]?.headers).toMatchObject({ authorization: 'Bearer access-a', 'content-type': 'application/json' });
  });

  it('setLanguage passes on a refused language as an ApiError with its key', async () => {
    const { client } = setup(() => errorResponse(400, 'LANGUAGE_NOT_OFFERED', 'The organisation does not offer this language'), {
      state: signedIn(),
    });
    const error = await client.setLanguage('de').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, key: 'LANGUAGE_NOT_OFFERED' });
    // A 400 is not a refused session: the user stays signed in.
    expect(client.session.isSignedIn()).toBe(true);
  });

  it('reads the release, me and locations with their schemas', async () => {
    const id = 'a'.repeat(24);
    const release = {
      id,
      version: 3,
      publishedAt: '2026-11-01T00:00:00.000Z',
      organisation: { slug: ORG, name: 'Solvik', country: 'NO', currency: 'NOK', timeZone: 'Europe/Oslo' },
      theme: { id, primaryColor: '#0b5cad', secondaryColor: '#ffffff', borderRadius: 'SMALL', logo: null, logoText: 'Solvik', favicon: null },
      featureFlags: { id, flags: PortalFlags.parse({ LANGUAGES: ['nb', 'en'] }) },
      featureConfigurations: { id, public: PublicConfiguration.parse({}) },
      modules: { id, items: [] },
      customFavorites: { id, items: [] },
    };
    const me = { accountId: ACC1, accountOwner: null, users: [], provider: { customerId: '42' } };
    const { client, calls } = setup(
      (req) => {
        if (req.path.startsWith('/v3/settings/releases/')) return okResponse(release);
        if (req.path.endsWith('/me')) return okResponse(me);
        return okResponse([]);
      },
      { state: signedIn() },
    );
    // the theme parts a stored release lacks are derived from its brand colours (decision 0055)
    await expect(client.getRelease()).resolves.toMatchObject(release);
    await expect(client.getMe(ACC1)).resolves.toEqual(me);
    await expect(client.getAccountLocations(ACC1)).resolves.toEqual([]);
    expect(calls.map((c) => c.path)).toEqual([
      `/v3/settings/releases/${ORG}`,
      `/v4/${ORG}/accounts/${ACC1}/me`,
      `/v4/${ORG}/locations/accounts/${ACC1}`,
    ]);
    expect(calls[0]?.headers['authorization']).toBeUndefined();
  });
});
