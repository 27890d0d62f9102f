import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../test/app.ts';
import { portalCsp } from './security.ts';

let t: TestApp;
let secure: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gridline-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><meta name="gridline-organisation" content=""></head><body></body></html>');
  t = await startTestApp({ portalDist: dist });
  secure = await startTestApp({ hsts: true });
});
afterAll(async () => {
  await t.close();
  await secure.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('the portal page: its own policy, no framing by others, no sniffing, no referrer, no HSTS on http', async () => {
    const page = await call(t.app, { method: 'GET', url: '/', headers: { host: 'solvik.localhost:3000' } });
    expect(page.status).toBe(200);
    const h = page.response.headers;
    const csp = String(h['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['strict-transport-security']).toBeUndefined();
  });

  it('the portal page in the theme preview may be framed by its own origin only (the back office, decision 0055)', async () => {
    const page = await call(t.app, { method: 'GET', url: '/login?themePreview=1', headers: { host: 'solvik.localhost:3000' } });
    expect(page.status).toBe(200);
    expect(String(page.response.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(page.response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const plain = await call(t.app, { method: 'GET', url: '/login?themePreview=0', headers: { host: 'solvik.localhost:3000' } });
    expect(String(plain.response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(plain.response.headers['x-frame-options']).toBe('DENY');
  });

  it("the portal page of an organisation with a chat widget allows exactly that provider's sources", async () => {
    // koivu's demo release configures Intercom, with its script replaced by one on this server.
    const page = await call(t.app, { method: 'GET', url: '/', headers: { host: 'koivu.localhost:3000' } });
    const csp = String(page.response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/widget\.intercom\.io/);
    expect(csp).not.toContain('zdassets');
    expect(portalCsp({ provider: 'zendesk', key: '5f2a3c1e-0000-4000-8000-000000000000' })).toMatch(/script-src 'self' https:\/\/static\.zdassets\.com/);
    expect(portalCsp({ provider: 'tawk', propertyId: '0123456789abcdef01234567', widgetId: 'default', scriptUrl: 'https://chat.example.com/tawk.js' })).toContain('https://chat.example.com');
  });

  it('API answers: a strict policy, and a signed-in answer is never stored', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'demo');
    const me = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: auth!.accessToken });
    expect(me.status).toBe(200);
    expect(me.response.headers['cache-control']).toBe('no-store');
    expect(me.response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(me.response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    // Public market data keeps its minute of caching.
    const prices = await call(t.app, { method: 'GET', url: '/v3/data/storage/zone/SE3/spotprices?startDate=2025-01-01&endDate=2025-01-02' });
    expect(prices.response.headers['cache-control']).toBe('public, max-age=60');
  });

  it('the API docs page works under its own policy, without an upgrade to https', async () => {
    const docs = await call(t.app, { method: 'GET', url: '/docs' });
    expect(docs.status).toBe(200);
    const csp = String(docs.response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    // Swagger UI sets style attributes from its scripts (Chromium refused them, e2e/first-click.spec.ts).
    expect(csp).toMatch(/style-src [^;]*'unsafe-inline'/);
    expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
  });

  it("the demo's stand-in for a provider's page may be framed by the portal's own origin only", async () => {
    const page = await call(t.app, { method: 'GET', url: '/demo/split-invoice?invoice=1' });
    expect(page.status).toBe(200);
    expect(String(page.response.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(page.response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('HSTS only when the public address is https', async () => {
    const answer = await call(secure.app, { method: 'GET', url: '/health' });
    expect(answer.response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });
});
