import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../test/app.ts';
import { FIXTURE_PORTAL_DIST } from '../../test/constants.ts';

/** Security headers (decision 0021): none of these were sent before. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { portalDist: FIXTURE_PORTAL_DIST } });
  // An organisation whose account page frames an outside address (IFRAME_EMBEDS).
  const solvik = await t.db.selectFrom('organisations').select('id').where('slug', '=', 'solvik').executeTakeFirstOrThrow();
  await t.db
    .insertInto('copy_texts')
    .values({ id: 'aaaaaaaaaaaaaaaaaaaaaaaa', organisation_id: solvik.id, copy_group: 'organisation', language: 'en', key: 'urls.accountFrame', value: 'https://frames.solvik.example/account?x=1', updated_at: new Date(), updated_by: 'test' })
    .execute();
});
afterAll(async () => {
  await t.close();
});

const page = (host: string, path = '/login') => call(t.app, { method: 'GET', url: path, headers: { host } });
const directives = (csp: unknown) => Object.fromEntries(String(csp).split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('the portal page', () => {
  it('carries a CSP that allows its own files and nothing inline, no framing by others, nosniff and no Referer', async () => {
    const res = await page('localhost:3999');
    expect(res.status).toBe(200);
    const h = res.response.headers;
    const csp = directives(h['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('no-referrer');
    // Served over http: no HSTS, and no upgrade of the page's requests.
    expect(h['strict-transport-security']).toBeUndefined();
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it("allows the organisation's frames from its texts and its chat provider's widget", async () => {
    const solvik = directives((await page('solvik.localhost:3999')).response.headers['content-security-policy']);
    expect(solvik['frame-src']).toEqual(["'self'", 'https://frames.solvik.example']);
    expect(solvik['script-src']).toEqual(["'self'"]);
    // koivu's portal has Intercom (its demo script on the portal's own site).
    const koivu = directives((await page('koivu.localhost:3999')).response.headers['content-security-policy']);
    expect(koivu['script-src']).toContain('https://widget.intercom.io');
    expect(koivu['connect-src']).toContain('wss://*.intercom.io');
    expect(koivu['frame-src']).not.toContain('https://frames.solvik.example');
  });
});

describe('API answers', () => {
  it('are never stored when they answer a token, and nosniff', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'demo');
    const me = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: auth!.accessToken });
    expect(me.status).toBe(200);
    expect(me.response.headers['cache-control']).toBe('no-store');
    expect(me.response.headers['x-content-type-options']).toBe('nosniff');
    const renewed = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?refreshToken=${auth!.refreshToken}` });
    expect(renewed.response.headers['cache-control']).toBe('no-store');
    // Public market data keeps its minute of caching.
    const prices = await call(t.app, { method: 'GET', url: '/v3/data/storage/zone/SE3/spotprices?startDate=2026-11-01&endDate=2026-11-02' });
    expect(prices.response.headers['cache-control']).toBe('public, max-age=60');
  });

  it('the documentation page works under the default policy: its own scripts only', async () => {
    const docs = await call(t.app, { method: 'GET', url: '/docs' });
    expect(docs.status).toBe(200);
    const csp = directives(docs.response.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
  });
});

describe('behind https', () => {
  it('sends HSTS and upgrades insecure requests only when PUBLIC_URL is https', async () => {
    const secure = await startTestApp({ config: { portalDist: FIXTURE_PORTAL_DIST, publicUrl: 'https://portal.example' } });
    try {
      const res = await call(secure.app, { method: 'GET', url: '/login', headers: { host: 'portal.example' } });
      expect(res.response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(res.response.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
    } finally {
      await secure.close();
    }
  });
});
