import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/app.ts';
import { FIXTURE_PORTAL_DIST, TEST_DEV_KEY, TEST_PUBLIC_URL } from '../test/constants.ts';
import { startSignInTestApp, type SignInTestApp } from '../test/sign-in.ts';
import { allBannerAddresses, bannerAddresses } from './banner.ts';

/**
 * A newcomer's first click: every address the start-up banner prints opens a page, `/`
 * included (it answered `403 VALIDATION_FAILED` as JSON when the portal's static files refused
 * the folder).
 */
let t: SignInTestApp;
beforeAll(async () => {
  t = await startSignInTestApp({ config: { portalDist: FIXTURE_PORTAL_DIST } });
});
afterAll(async () => {
  await t.close();
});

/** The request the browser sends for a printed address: its path and query, with its host. */
const open = (address: string) => {
  const url = new URL(address);
  return call(t.app, { method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: url.host } });
};

describe('the banner addresses', () => {
  it('all answer 200 with HTML, each organisation’s host its own portal', async () => {
    const organisations = await t.db.selectFrom('organisations').select(['slug', 'name']).orderBy('slug').execute();
    const addresses = bannerAddresses({ publicUrl: TEST_PUBLIC_URL, devKey: TEST_DEV_KEY }, organisations, true);
    const all = allBannerAddresses(addresses);
    expect(all).toContain(`${TEST_PUBLIC_URL}/`);
    expect(all).toContain(`http://fjellkraft.localhost:3999/`);
    expect(all).toContain(`${TEST_PUBLIC_URL}/dev/bankid?key=${TEST_DEV_KEY}`);
    for (const address of all) {
      const res = await open(address);
      expect(res.status, address).toBe(200);
      expect(res.response.headers['content-type'], address).toMatch(/^text\/html/);
    }
    expect((await open(addresses.portal)).response.body).toContain('<meta name="gridline-organisation" content="solvik"');
    for (const { url } of addresses.organisations) {
      const slug = new URL(url).hostname.split('.')[0]!;
      expect((await open(url)).response.body, url).toContain(`<meta name="gridline-organisation" content="${slug}"`);
    }
  });

  it('the portal opens at page addresses and folders alike, while files and the API stay themselves', async () => {
    for (const path of ['/', '/login', '/login/', '/dashboard?x=1']) {
      const res = await open(`${TEST_PUBLIC_URL}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.response.body, path).toContain('gridline-organisation');
    }
    const asset = await open(`${TEST_PUBLIC_URL}/assets/index-fixture.js`);
    expect(asset.status).toBe(200);
    expect(asset.response.headers['content-type']).toMatch(/javascript/);
    // A folder of files is no page, and not found rather than forbidden.
    const folder = await open(`${TEST_PUBLIC_URL}/assets/`);
    expect(folder.status).toBe(404);
    expect(folder.body).toMatchObject({ key: 'NOT_FOUND', status: 404 });
    expect((await open(`${TEST_PUBLIC_URL}/v4/solvik/nothing-here`)).body).toMatchObject({ key: 'NOT_FOUND' });
  });
});

describe("Fastify's own client errors", () => {
  it('carry keys that say what went wrong', async () => {
    const json = { 'content-type': 'application/json' };
    const broken = await call(t.app, { method: 'POST', url: '/v3/auth/', headers: json, payload: '{"type":' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ name: 'MALFORMED_JSON', key: 'MALFORMED_JSON', status: 400 });
    const empty = await call(t.app, { method: 'POST', url: '/v3/auth/', headers: json, payload: '' });
    expect(empty.body).toMatchObject({ key: 'MALFORMED_JSON', status: 400 });
    const text = await call(t.app, { method: 'POST', url: '/v3/auth/', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(text.body).toMatchObject({ key: 'UNSUPPORTED_MEDIA_TYPE', status: 415 });
    const large = await call(t.app, { method: 'POST', url: '/v3/auth/', headers: json, payload: `{"type":"${'x'.repeat(1_100_000)}"}` });
    expect(large.body).toMatchObject({ key: 'PAYLOAD_TOO_LARGE', status: 413 });
    // A non-canonical path the static files refuse.
    const forbidden = await call(t.app, { method: 'GET', url: '/assets//index-fixture.js' });
    expect(forbidden.body).toMatchObject({ key: 'FORBIDDEN', status: 403 });
  });
});
