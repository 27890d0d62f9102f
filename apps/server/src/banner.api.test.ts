import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/app.ts';
import { TEST_DEV_KEY } from '../test/constants.ts';
import { startSignInTestApp, type SignInTestApp } from '../test/sign-in.ts';
import { bannerAddresses, startBanner } from './banner.ts';

/**
 * A newcomer's first click: `npm start` prints addresses, and every one of them opens a page.
 * (`GET /` answered `403 VALIDATION_FAILED` as JSON for weeks: the static files' plugin took the
 * root for a folder listing, and every test began at /dashboard.)
 */
let t: SignInTestApp;
let dist: string;
let adminDist: string;
beforeAll(async () => {
  // A built portal in miniature: the page with its organisation meta, and one hashed asset.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gridline-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><meta name="gridline-organisation" content=""></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // And the back office in miniature, built for `/admin/`.
  adminDist = fs.mkdtempSync(path.join(os.tmpdir(), 'gridline-admin-dist-'));
  fs.mkdirSync(path.join(adminDist, 'assets'));
  fs.writeFileSync(path.join(adminDist, 'index.html'), '<!doctype html><html><head><meta name="gridline-organisation" content=""><title>Back office</title></head><body><div id="root"></div><script type="module" src="/admin/assets/index-def456.js"></script></body></html>');
  fs.writeFileSync(path.join(adminDist, 'assets', 'index-def456.js'), 'console.log(2)');
  t = await startSignInTestApp({ portalDist: dist, adminDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
  fs.rmSync(adminDist, { recursive: true, force: true });
});

function printedBanner(): string {
  return startBanner({
    config: { publicUrl: 'http://localhost:3000', port: 3000, defaultOrganisation: 'solvik', databaseUrl: undefined, dataDir: '.data' },
    organisations: [
      { slug: 'solvik', name: 'Solvik Energi' },
      { slug: 'fjellkraft', name: 'Fjellkraft' },
      { slug: 'koivu', name: 'Koivu Energia' },
      { slug: 'alpenwerk', name: 'Alpenwerk Energie' },
    ],
    seconds: '2.0',
    jobs: null,
    signIn: { description: 'simulators', devKey: TEST_DEV_KEY },
    demoSignIns: [{ username: 'demo', password: 'demo', description: 'two accounts' }],
    demoStaff: { password: 'staff-password', people: [{ email: 'org-admin@<org>.example', description: 'ORG_ADMIN' }] },
  });
}

describe('the addresses the start banner prints', () => {
  it('are the portal and the back office of each organisation, the API docs and the two development pages with their key', () => {
    const addresses = bannerAddresses(printedBanner());
    expect(addresses).toEqual([
      'http://localhost:3000/',
      'http://solvik.localhost:3000/',
      'http://fjellkraft.localhost:3000/',
      'http://koivu.localhost:3000/',
      'http://alpenwerk.localhost:3000/',
      'http://localhost:3000/admin/',
      'http://solvik.localhost:3000/admin/',
      'http://fjellkraft.localhost:3000/admin/',
      'http://koivu.localhost:3000/admin/',
      'http://alpenwerk.localhost:3000/admin/',
      'http://localhost:3000/docs',
      `http://localhost:3000/dev/bankid?key=${TEST_DEV_KEY}`,
      `http://localhost:3000/dev/outbox?key=${TEST_DEV_KEY}`,
    ]);
  });

  it('each answer 200 with HTML, the portal naming the organisation of its host', async () => {
    for (const address of bannerAddresses(printedBanner())) {
      const url = new URL(address);
      const answer = await call(t.app, { method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: url.host } });
      expect(answer.status, address).toBe(200);
      expect(String(answer.response.headers['content-type']), address).toContain('text/html');
      if (!url.pathname.startsWith('/dev/') && !url.pathname.startsWith('/docs')) {
        const slug = url.hostname === 'localhost' ? 'solvik' : url.hostname.split('.')[0];
        expect(answer.response.body, address).toContain(`<meta name="gridline-organisation" content="${slug}">`);
      }
    }
  });

  it('every page address opens the portal, and index.html too is the page with its organisation', async () => {
    for (const pathname of ['/', '/login', '/dashboard', '/index.html', '/no/such/page']) {
      const answer = await call(t.app, { method: 'GET', url: pathname, headers: { host: 'koivu.localhost:3000' } });
      expect(answer.status, pathname).toBe(200);
      expect(answer.response.body, pathname).toContain('content="koivu"');
    }
    const asset = await call(t.app, { method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.status).toBe(200);
    expect(asset.response.headers['cache-control']).toContain('immutable');
    // A folder is no file: not a 403 of the static files, and under /assets no page either.
    const folder = await call(t.app, { method: 'GET', url: '/assets/' });
    expect(folder.status).toBe(404);
    expect(folder.body.key).toBe('NOT_FOUND');
  });

  it('every back-office address opens the back office with the organisation of its host; its files are its own', async () => {
    for (const pathname of ['/admin/', '/admin/sign-in', '/admin/solvik/admins?page=2', '/admin/set-password?ref=abc']) {
      const answer = await call(t.app, { method: 'GET', url: pathname, headers: { host: 'fjellkraft.localhost:3000' } });
      expect(answer.status, pathname).toBe(200);
      expect(answer.response.body, pathname).toContain('<title>Back office</title>');
      expect(answer.response.body, pathname).toContain('content="fjellkraft"');
      const csp = String(answer.response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(answer.response.headers['cache-control']).toBe('no-cache');
    }
    const bare = await call(t.app, { method: 'GET', url: '/admin' });
    expect(bare.status).toBe(301);
    expect(bare.response.headers['location']).toBe('/admin/');
    const asset = await call(t.app, { method: 'GET', url: '/admin/assets/index-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(asset.status).toBe(200);
    expect(asset.response.body).toBe('console.log(2)');
    expect(asset.response.headers['cache-control']).toContain('immutable');
    // The portal's pages stay the portal's.
    const portal = await call(t.app, { method: 'GET', url: '/dashboard' });
    expect(portal.response.body).not.toContain('<title>Back office</title>');
    const missing = await call(t.app, { method: 'GET', url: '/admin/assets/nothing.js' });
    expect(missing.status).toBe(404);
  });

  it("answers Fastify's own client errors under keys that say what they are", async () => {
    const json = await call(t.app, { method: 'POST', url: '/v3/auth/', headers: { 'content-type': 'application/json' }, payload: '{"type":' });
    expect(json.status).toBe(400);
    expect(json.body.key).toBe('MALFORMED_JSON');
    const media = await call(t.app, { method: 'POST', url: '/v3/auth/', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(media.status).toBe(415);
    expect(media.body.key).toBe('UNSUPPORTED_MEDIA_TYPE');
    const large = await call(t.app, { method: 'POST', url: '/v3/auth/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ type: 'USR_PWD', username: 'x'.repeat(2_000_000) }) });
    expect(large.status).toBe(413);
    expect(large.body.key).toBe('BODY_TOO_LARGE');
  });
});
