import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (organisation: string, username: string, password: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PWD', organisation, username, password }, headers });

describe('password sign-in', () => {
  it('starts a done process, reports its auths, and exchanges the ref once for one token pair per account', async () => {
    const start = await login('solvik', 'demo', 'demo');
    expect(start.status).toBe(200);
    expect(start.body.data).toMatchObject({ status: 'done' });
    const ref = start.body.data.ref;

    const status = await call(t.app, { method: 'GET', url: `/v3/auth/?ref=${ref}&organisation=solvik` });
    expect(status.status).toBe(200);
    expect(status.body.data.status).toBe('done');
    expect(status.body.data.auths).toHaveLength(2);
    expect(status.body.data.auths[0]).toMatchObject({ scope: 'USER' });
    expect(status.body.data.language).toBe('sv');

    const tokens = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${ref}` });
    expect(tokens.status).toBe(200);
    const auths = tokens.body.data.auths;
    expect(auths).toHaveLength(2);
    for (const auth of auths) {
      expect(auth).toMatchObject({ scope: 'USER', userId: status.body.data.auths[0].userId });
      expect(auth.accessToken).toMatch(/^ey/);
      expect(auth.refreshToken.length).toBeGreaterThan(30);
      expect(auth.exp).toBeGreaterThan(Date.now() / 1000);
    }
    expect(new Set(auths.map((a: { accountId: string }) => a.accountId)).size).toBe(2);

    const again = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${ref}` });
    expect(again.status).toBe(401);
    expect(again.body.key).toBe('AUTH_REF_USED');
  });

  it('tells an unknown user apart from a wrong password', async () => {
    const unknown = await login('solvik', 'nobody-here', 'demo');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ key: 'USER_NOT_FOUND', status: 401, name: 'USER_NOT_FOUND' });
    expect(typeof unknown.body.uid).toBe('string');

    const wrong = await login('solvik', 'demo', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.key).toBe('WRONG_PASSWORD');
  });

  it('echoes the client request id as uid', async () => {
    const wrong = await login('solvik', 'demo', 'nope', { 'x-uid': 'req-123' });
    expect(wrong.body.uid).toBe('req-123');
  });

  it('answers a missing password with a 400 that names the field', async () => {
    const res = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PWD', organisation: 'solvik', username: 'demo' } });
    expect(res.status).toBe(400);
    expect(res.body.key).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.body.data.issues)).toContain('password');
  });

  it('answers an unknown organisation with 404', async () => {
    const res = await login('no-such-org', 'demo', 'demo');
    expect(res.status).toBe(404);
    expect(res.body.key).toBe('UNKNOWN_ORGANISATION');
  });

  it('rate limits failed attempts per username', async () => {
    for (let i = 0; i < 10; i++) expect((await login('koivu', 'business', 'wrong')).status).toBe(401);
    const blocked = await login('koivu', 'business', 'demo');
    expect(blocked.status).toBe(429);
    expect(blocked.body.key).toBe('TOO_MANY_ATTEMPTS');
    // other users are not affected
    expect((await login('koivu', 'demo', 'demo')).status).toBe(200);
  });

  it('rate limits failed attempts per address', async () => {
    const from = (remoteAddress: string, username: string, password: string, headers: Record<string, string> = {}) =>
      call(t.app, { method: 'POST', url: '/v3/auth/', remoteAddress, headers, payload: { type: 'USR_PWD', organisation: 'alpenwerk', username, password } });
    // A client's own X-Forwarded-For changes nothing: no proxy is trusted unless TRUST_PROXY names it.
    for (let i = 0; i < 100; i++) await from('203.0.113.7', `guess-${i}`, 'x', { 'x-forwarded-for': `198.51.100.${i}` });
    const blocked = await from('203.0.113.7', 'demo', 'demo', { 'x-forwarded-for': '198.51.100.250' });
    expect(blocked.status).toBe(429);
    expect((await from('203.0.113.8', 'demo', 'demo')).status).toBe(200);
  });

  it('counts 30 guesses sent at once before checking any: at most 10 reach the password check', async () => {
    const guesses = await Promise.all(Array.from({ length: 30 }, (_, i) => login('fjellkraft', 'business', `wrong-${i}`)));
    const checked = guesses.filter((g) => g.status === 401);
    const refused = guesses.filter((g) => g.status === 429);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(checked.length + refused.length).toBe(30);
    expect(refused.every((g) => g.body.key === 'TOO_MANY_ATTEMPTS')).toBe(true);
    // Even the right password waits out the window now.
    expect((await login('fjellkraft', 'business', 'demo')).status).toBe(429);
  });

  it('believes X-Forwarded-For only from a proxy TRUST_PROXY names', async () => {
    const behindProxy = await startTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const viaProxy = (address: string, username: string) =>
        call(behindProxy.app, { method: 'POST', url: '/v3/auth/', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': address }, payload: { type: 'USR_PWD', organisation: 'koivu', username, password: 'x' } });
      for (let i = 0; i < 100; i++) expect((await viaProxy('203.0.113.30', `nobody-${i}`)).status).toBe(401);
      expect((await viaProxy('203.0.113.30', 'nobody-100')).status).toBe(429);
      expect((await viaProxy('203.0.113.31', 'nobody-101')).status).toBe(401);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('tokens', () => {
  it('renews with a refresh token, and revokes the family when a rotated token is reused', async () => {
    const [first] = await signIn(t.app, 'solvik', 'demo');
    const renewed = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?refreshToken=${first!.refreshToken}` });
    expect(renewed.status).toBe(200);
    const next = renewed.body.data.auths[0];
    expect(next.refreshToken).not.toBe(first!.refreshToken);
    expect(next.accountId).toBe(first!.accountId);
    expect((await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: next.accessToken })).status).toBe(200);

    const reuse = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?refreshToken=${first!.refreshToken}` });
    expect(reuse.status).toBe(401);
    expect(reuse.body.key).toBe('REFRESH_TOKEN_REUSED');

    // the reuse revoked the whole family, including the token issued by the rotation
    const afterRevoke = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?refreshToken=${next.refreshToken}` });
    expect(afterRevoke.status).toBe(401);
  });

  it('refuses a refresh token under another organisation', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'demo');
    const res = await call(t.app, { method: 'GET', url: `/v4/fjellkraft/account/sessions/accessToken?refreshToken=${auth!.refreshToken}` });
    expect(res.status).toBe(401);
  });

  it('signs out: the refresh tokens stop working', async () => {
    const auths = await signIn(t.app, 'fjellkraft', 'demo');
    const out = await call(t.app, { method: 'DELETE', url: '/v3/auth/', token: auths[0]!.accessToken, payload: { refreshTokens: auths.map((a) => a.refreshToken) } });
    expect(out.status).toBe(200);
    for (const auth of auths) {
      const res = await call(t.app, { method: 'GET', url: `/v4/fjellkraft/account/sessions/accessToken?refreshToken=${auth.refreshToken}` });
      expect(res.status).toBe(401);
    }
  });

  it('answers 401 without a token and with a garbled one', async () => {
    expect((await call(t.app, { method: 'GET', url: '/v4/solvik/users/me' })).body.key).toBe('UNAUTHORIZED');
    const bad = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: 'abc.def.ghi' });
    expect(bad.status).toBe(401);
    expect(bad.body.key).toBe('INVALID_TOKEN');
  });

  it('answers 401 TOKEN_EXPIRED for an expired access token', async () => {
    let offsetMs = 0;
    const short = await startTestApp({ accessTokenTtlSeconds: 30, clock: () => Date.now() + offsetMs });
    try {
      const [auth] = await signIn(short.app, 'solvik', 'demo');
      expect((await call(short.app, { method: 'GET', url: '/v4/solvik/users/me', token: auth!.accessToken })).status).toBe(200);
      offsetMs = 31_000;
      const res = await call(short.app, { method: 'GET', url: '/v4/solvik/users/me', token: auth!.accessToken });
      expect(res.status).toBe(401);
      expect(res.body.key).toBe('TOKEN_EXPIRED');
    } finally {
      await short.close();
    }
  });

  it('issues a 60-second document token that the API refuses as an access token', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'demo');
    const res = await call(t.app, { method: 'GET', url: '/v3/auth/short-accesstoken', token: auth!.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(60);
    const misuse = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: res.body.data.accessToken });
    expect(misuse.status).toBe(401);
  });
});
