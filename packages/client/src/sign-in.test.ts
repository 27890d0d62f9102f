import { describe, expect, it, vi } from 'vitest';
import type { AuthRecord } from '@gridline/contracts/auth';
import { createApiClient } from './api-client.ts';
import { createFakeFetch, errorResponse, okResponse } from './fake-fetch.ts';
import type { FakeHandler } from './fake-fetch.ts';
import { createMemorySessionStore } from './session.ts';

const ORG = 'solvik';
const REF = 'ref-1';
const PROSPECT = 'f'.repeat(24);
const auths: AuthRecord[] = [{ accessToken: 'a', refreshToken: 'r', exp: 2_000_000_000, scope: 'USER', accountId: 'a'.repeat(24), userId: 'b'.repeat(24) }];
const summaries = auths.map(({ scope, accountId, userId }) => ({ scope, accountId, userId }));

function setup(handler: FakeHandler) {
  let t = 1_700_000_000_000;
  const sleep = vi.fn(async (ms: number) => {
    t += ms;
  });
  const fake = createFakeFetch(handler);
  const client = createApiClient({ baseUrl: 'https://api.test', organisation: ORG, version: 'test', store: createMemorySessionStore(), fetch: fake.fetch, now: () => t, sleep });
  return { client, calls: fake.calls, sleep };
}

const accessTokenPath = `/v4/${ORG}/account/sessions/accessToken`;

describe('a new customer: 409 and the account prospect (spec 000 §4.1)', () => {
  it('polls the prospect every 200 ms until its account is resolved, then fetches the token again', async () => {
    const statuses = ['valid', 'provider_pending', 'account_pending', 'account_resolved'];
    let exchanges = 0;
    const { client, calls, sleep } = setup((req) => {
      if (req.path === '/v3/auth/') return okResponse({ ref: REF, status: 'done', auths: summaries });
      if (req.path === accessTokenPath && req.query.get('ref')) {
        exchanges += 1;
        return exchanges === 1 ? errorResponse(409, 'ACCOUNT_PENDING', 'pending', { data: { prospect: PROSPECT, status: 'new' } }) : okResponse({ auths });
      }
      if (req.path === accessTokenPath && req.query.get('prospect')) return okResponse({ prospect: PROSPECT, status: statuses.shift() });
      throw new Error(`unexpected ${req.url}`);
    });
    await expect(client.authorizeWithRef(REF)).resolves.toEqual(auths);
    const prospectCalls = calls.filter((c) => c.query.get('prospect'));
    expect(prospectCalls).toHaveLength(4);
    expect(prospectCalls[0]?.url).toBe(`https://api.test${accessTokenPath}?prospect=${PROSPECT}&organisation=${ORG}`);
    expect(sleep.mock.calls).toEqual([[200], [200], [200], [200]]);
    expect(exchanges).toBe(2);
    expect(client.session.isSignedIn()).toBe(true);
  });

  it('fails with ACCOUNT_CREATION_FAILED when the prospect fails', async () => {
    const { client } = setup((req) => {
      if (req.path === '/v3/auth/') return okResponse({ ref: REF, status: 'done', auths: summaries });
      if (req.query.get('ref')) return errorResponse(409, 'ACCOUNT_PENDING', 'pending', { data: { prospect: PROSPECT, status: 'new' } });
      return okResponse({ prospect: PROSPECT, status: 'provider_failed' });
    });
    await expect(client.authorizeWithRef(REF)).rejects.toMatchObject({ status: 404, key: 'ACCOUNT_CREATION_FAILED' });
    expect(client.session.isSignedIn()).toBe(false);
  });

  it('gives up after 10 minutes of prospect polling', async () => {
    const { client, calls } = setup((req) => {
      if (req.path === '/v3/auth/') return okResponse({ ref: REF, status: 'done', auths: summaries });
      if (req.query.get('ref')) return errorResponse(409, 'ACCOUNT_PENDING', 'pending', { data: { prospect: PROSPECT, status: 'new' } });
      return okResponse({ prospect: PROSPECT, status: 'account_pending' });
    });
    await expect(client.authorizeWithRef(REF)).rejects.toMatchObject({ status: 408, name: 'TimeoutError' });
    expect(calls.filter((c) => c.query.get('prospect')).length).toBe(3000);
  });
});

describe('following a sign-in under way', () => {
  it('reports every poll answer (BankID hint codes) and gives the failed process with the error', async () => {
    const answers = [
      { ref: REF, status: 'process', hintCode: 'outstandingTransaction', qrCodeUri: '/v3/auth/qr?ref=ref-1' },
      { ref: REF, status: 'process', hintCode: 'userSign' },
      { ref: REF, status: 'error', error: 'userCancel', hintCode: 'userCancel' },
    ];
    const { client } = setup(() => okResponse(answers.shift()));
    const seen: string[] = [];
    const failure = await client.authorizeWithRef(REF, { onProgress: (p) => seen.push(p.hintCode ?? '') }).catch((e: unknown) => e);
    expect(seen).toEqual(['outstandingTransaction', 'userSign', 'userCancel']);
    expect(failure).toMatchObject({ status: 401, key: 'userCancel', data: { hintCode: 'userCancel' } });
  });

  it('stops polling when the signal aborts', async () => {
    const controller = new AbortController();
    let polls = 0;
    const { client } = setup(() => {
      polls += 1;
      if (polls === 2) controller.abort();
      return okResponse({ ref: REF, status: 'process' });
    });
    await expect(client.authorizeWithRef(REF, { signal: controller.signal })).rejects.toMatchObject({ key: 'aborted' });
    expect(polls).toBe(2);
  });

  it('starts any method, posts callbacks and cancels with the organisation added', async () => {
    const { client, calls } = setup((req) => okResponse({ ref: REF, status: req.path.endsWith('/callback') ? 'done' : 'process' }));
    await client.startSignIn({ type: 'USR_PIN', personalId: '811218-9876' });
    await client.signInCallback('USR_PIN', { ref: REF, pin: '1234' });
    await client.cancelSignIn(REF);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/v3/auth/', { type: 'USR_PIN', personalId: '811218-9876', organisation: ORG }],
      ['POST', '/v3/auth/USR_PIN/callback', { ref: REF, pin: '1234', organisation: ORG }],
      ['POST', '/v3/auth/cancel', { ref: REF, organisation: ORG }],
    ]);
  });
});
