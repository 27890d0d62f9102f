import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIdentities } from '../../demo/sign-in-identities.ts';
import { call } from '../../../test/app.ts';
import { startSignInTestApp, TEST_PUBLIC_URL, type SignInTestApp } from '../../../test/sign-in.ts';

let t: SignInTestApp;
beforeAll(async () => {
  t = await startSignInTestApp();
});
afterAll(async () => {
  await t.close();
});

const ingrid = demoIdentities.fjellkraft!.personalIds['ingrid.haugen@example.com']!;
const redirectUri = 'http://fjellkraft.localhost:3999/login';

/**
 * Plays the browser at the local OpenID provider: follows its redirects with its cookies, picks
 * the test person on its sign-in page (or cancels), and returns where it sends the user back.
 */
async function throughProvider(url: string, nin: string | null): Promise<URL> {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value ?? '');
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let next = new URL(url);
  let form: URLSearchParams | null = null;
  for (let hop = 0; hop < 15; hop += 1) {
    if (next.origin !== new URL(url).origin) return next; // back at the relying party
    const response = await fetch(next, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { body: form.toString() } : {}),
    });
    remember(response);
    form = null;
    const location = response.headers.get('location');
    if (location) {
      next = new URL(location, next);
      continue;
    }
    const html = await response.text();
    const uid = /action="\/interaction\/([\w-]+)\/login"/.exec(html)?.[1];
    if (!uid) throw new Error(`unexpected page at ${next.href}: ${response.status} ${html.slice(0, 300)}`);
    if (nin !== null) expect(html).toContain(nin);
    next = new URL(`/interaction/${uid}/${nin === null ? 'abort' : 'login'}`, next);
    form = new URLSearchParams(nin === null ? {} : { nin });
  }
  throw new Error('too many redirects');
}

const start = (payload: Record<string, unknown>) => call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'OPENID', organisation: 'fjellkraft', ...payload } });
const callback = (payload: Record<string, unknown>) => call(t.app, { method: 'POST', url: '/v3/auth/OPENID/callback', payload: { organisation: 'fjellkraft', ...payload } });

describe('OpenID Connect through the local provider', () => {
  it('signs in with the authorization code and PKCE, and refuses an answer with a wrong state without spoiling the sign-in', async () => {
    const res = await start({ redirectUri, disablePolling: true, accessType: 'private' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { ref, url } = res.body.data as { ref: string; url: string };
    const authorization = new URL(url);
    expect(authorization.origin).toBe(t.simulators.openId.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(authorization.searchParams.get('client_id')).toBe('gridline-fjellkraft');

    const back = await throughProvider(url, ingrid);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    expect(code).toBeTruthy();

    const forged = await callback({ ref, code, state: `${state}x` });
    expect(forged.status).toBe(400);
    expect(forged.body.key).toBe('OPENID_STATE_MISMATCH');
    expect((await call(t.app, { method: 'GET', url: `/v3/auth/?ref=${ref}&organisation=fjellkraft` })).body.data.status).toBe('process');

    const done = await callback({ ref, code, state, iss: back.searchParams.get('iss') ?? undefined });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ ref, status: 'done' });
    const tokens = await call(t.app, { method: 'GET', url: `/v4/fjellkraft/account/sessions/accessToken?ref=${ref}` });
    expect(tokens.status).toBe(200);
    const me = await call(t.app, { method: 'GET', url: '/v4/fjellkraft/users/me', token: tokens.body.data.auths[0].accessToken });
    expect(me.body.data).toMatchObject({ firstName: 'Ingrid', lastName: 'Haugen' });
    // The code is single-use at the provider, and the process is finished.
    expect((await callback({ ref, code, state })).body.data.status).toBe('done');
  });

  it('ends the sign-in when the user cancels at the provider', async () => {
    const res = await start({ redirectUri, disablePolling: true });
    const back = await throughProvider(res.body.data.url, null);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const answer = await callback({ ref: res.body.data.ref, state: back.searchParams.get('state'), error: 'access_denied' });
    expect(answer.status).toBe(401);
    expect(answer.body.key).toBe('OPENID_FAILED');
    expect((await call(t.app, { method: 'GET', url: `/v3/auth/?ref=${res.body.data.ref}&organisation=fjellkraft` })).body.data).toMatchObject({ status: 'aborted', error: 'OPENID_FAILED' });
  });

  it("accepts only the organisation's own portal sign-in page as redirect address", async () => {
    for (const address of ['https://evil.example/login', 'http://solvik.localhost:3999/login', `${redirectUri}?next=/x`, 'http://fjellkraft.localhost:3999/dashboard']) {
      const res = await start({ redirectUri: address, disablePolling: true });
      expect(res.status, address).toBe(400);
      expect(res.body.key).toBe('INVALID_REDIRECT_URI');
    }
    expect((await start({ redirectUri: `${TEST_PUBLIC_URL}/login`, disablePolling: true })).status).toBe(200);
    const solvik = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'OPENID', organisation: 'solvik', redirectUri: 'http://solvik.localhost:3999/login' } });
    expect(solvik.body.key).toBe('SIGN_IN_METHOD_DISABLED');
  });

  it('with polling (an app’s web view) the provider returns to the server, which finishes the process the client polls', async () => {
    const res = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'OPENID_WEB_VIEW', organisation: 'koivu' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { ref, url } = res.body.data;
    expect(new URL(url).searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/v3/auth/openid/return`);
    const mikko = demoIdentities.koivu!.personalIds['mikko.virtanen@example.com']!;
    const back = await throughProvider(url, mikko);

    const wrong = await call(t.app, { method: 'GET', url: `/v3/auth/openid/return?code=${back.searchParams.get('code')}&state=nope` });
    expect(wrong.status).toBe(400);
    expect(wrong.response.headers['content-type']).toContain('text/html');
    expect((await call(t.app, { method: 'GET', url: `/v3/auth/?ref=${ref}&organisation=koivu` })).body.data.status).toBe('process');

    const page = await call(t.app, { method: 'GET', url: `/v3/auth/openid/return${back.search}` });
    expect(page.status).toBe(200);
    expect(page.response.body).toContain('Olet kirjautunut sisään');
    const status = await call(t.app, { method: 'GET', url: `/v3/auth/?ref=${ref}&organisation=koivu` });
    expect(status.body.data).toMatchObject({ status: 'done' });
    expect((await call(t.app, { method: 'GET', url: `/v4/koivu/account/sessions/accessToken?ref=${ref}` })).status).toBe(200);
  });

  it('creates the account of a person the provider knows who has none yet', async () => {
    const sigrid = demoIdentities.fjellkraft!.providerCustomers[0]!.personalId!;
    const res = await start({ redirectUri, disablePolling: true });
    const back = await throughProvider(res.body.data.url, sigrid);
    const done = await callback({ ref: res.body.data.ref, code: back.searchParams.get('code'), state: back.searchParams.get('state'), iss: back.searchParams.get('iss') });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.status).toBe('done');
    const pending = await call(t.app, { method: 'GET', url: `/v4/fjellkraft/account/sessions/accessToken?ref=${res.body.data.ref}` });
    expect(pending.status).toBe(409);
  });
});
