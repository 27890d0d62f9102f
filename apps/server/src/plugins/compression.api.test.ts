import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../../../scripts/precompress.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { negotiateEncoding } from './compression.ts';

/**
 * Compressed transfer (decision 0031): a built portal (precompressed the way the build does it)
 * and the API's answers, asked for as a browser asks.
 */

let t: TestApp;
let dist: string;
/** Text that compresses the way code does: repetitive, but not one repeated byte. */
const filler = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i % 97}`).join(' ');
const files: Record<string, string> = {
  'assets/index-Ab12Cd34.js': `export const texts = ${JSON.stringify(filler(800, 'function'))};\n`,
  'assets/index-Ef56Gh78.css': `${Array.from({ length: 200 }, (_, i) => `.c${i} { color: #${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)}; padding: ${i % 7}px; }`).join('\n')}\n`,
  'assets/logo-Ij90Kl12.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${Array.from({ length: 60 }, (_, i) => `<circle cx="${i}" cy="${100 - i}" r="${i % 9}" fill="#0a${(i % 10) * 11}ff"/>`).join('')}</svg>\n`,
  'assets/tiny-Mn34Op56.js': 'export const a = 1;\n',
  'robots.txt': 'User-agent: *\nAllow: /\n',
  // What the build writes beside the files (apps/portal/vite.config.ts).
  'route-preloads.json': JSON.stringify({ '/login': ['assets/index-Ab12Cd34.js', 'assets/index-Ef56Gh78.css'], '/dashboard': ['assets/tiny-Mn34Op56.js', 'assets/x.js"><script>'] }),
};

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gridline-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const head = Array.from({ length: 30 }, (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js">`).join('\n');
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><head><meta name="gridline-organisation" content="">${head}</head><body><div id="root"></div></body></html>`);
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dist, name), content);
  precompressFolder(dist);
  t = await startTestApp({ portalDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'solvik.localhost:3000', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...extra } });

/** The body as the client reads it after undoing `content-encoding`. */
function decoded(response: Awaited<ReturnType<typeof get>>): Buffer {
  const raw = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw);
    case 'gzip':
      return gunzipSync(raw);
    case undefined:
      return raw;
    default:
      throw new Error(`unexpected coding ${String(response.headers['content-encoding'])}`);
  }
}

/** Asks for `url` plain, as brotli and as gzip: the same bytes each time, smaller when compressed. */
async function expectCompressed(url: string, headers: Record<string, string> = {}) {
  const plain = await get(url, undefined, headers);
  expect(plain.statusCode).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  for (const coding of ['br', 'gzip'] as const) {
    // What browsers send: brotli when they can, gzip when brotli is not offered.
    const response = await get(url, coding === 'br' ? 'gzip, deflate, br, zstd' : 'gzip, deflate', headers);
    expect(response.statusCode, `${url} ${coding}`).toBe(200);
    expect(response.headers['content-encoding'], `${url} ${coding}`).toBe(coding);
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(decoded(response).equals(plain.rawPayload), `${url} ${coding} decodes to the plain body`).toBe(true);
    expect(response.headers['content-type']).toBe(plain.headers['content-type']);
  }
  return plain;
}

describe('compressed transfer', () => {
  it('the portal page, with its organisation filled in: brotli or gzip, revalidated by its ETag', async () => {
    const plain = await expectCompressed('/login');
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.payload).toContain('<meta name="gridline-organisation" content="solvik">');
    expect(plain.headers['cache-control']).toBe('no-cache');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    // The same tag in every coding (a weak tag names the content), a 304 with no body on a match.
    expect((await get('/login', 'br')).headers.etag).toBe(etag);
    const again = await get('/login', 'br', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // Another organisation's page is another page.
    const koivu = await t.app.inject({ method: 'GET', url: '/login', headers: { host: 'koivu.localhost:3000', 'if-none-match': etag } });
    expect(koivu.statusCode).toBe(200);
    expect(koivu.headers.etag).not.toBe(etag);
  });

  it('built files: the precompressed copies, hashed assets immutable for a year', async () => {
    for (const [url, type] of [
      ['/assets/index-Ab12Cd34.js', /^text\/javascript|^application\/javascript/],
      ['/assets/index-Ef56Gh78.css', /^text\/css/],
      ['/assets/logo-Ij90Kl12.svg', /^image\/svg\+xml/],
    ] as const) {
      const plain = await expectCompressed(url);
      expect(String(plain.headers['content-type'])).toMatch(type);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers.etag).toBeTruthy();
      // The compressed copy is the one written at build time, not compressed again per request.
      const br = await get(url, 'br');
      expect(br.rawPayload.equals(fs.readFileSync(path.join(dist, `${url}.br`)))).toBe(true);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.etag).not.toBe(plain.headers.etag);
    }
    // A file outside assets/ has no hash in its name: revalidated on every use.
    expect((await get('/robots.txt', 'br')).headers['cache-control']).toBe('no-cache');
    // A tiny file comes precompressed too (never compressed per request).
    const tiny = await get('/assets/tiny-Mn34Op56.js', 'gzip');
    expect(tiny.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(tiny.rawPayload).toString()).toBe(files['assets/tiny-Mn34Op56.js']);
    // The copies are no addresses of their own.
    expect((await get('/assets/index-Ab12Cd34.js.br')).statusCode).toBe(404);
  });

  it('a JSON answer over 1 KB is compressed; a small one is not', async () => {
    const copy = await expectCompressed('/v3/copy/aggregated?version=v3.0&organisation=solvik&language=sv&types=my-pages,shared');
    expect(plainJsonLength(copy)).toBeGreaterThan(1024);
    expect(copy.headers['content-type']).toBe('application/json; charset=utf-8');
    // The OpenAPI document too.
    await expectCompressed('/docs/openapi.json');

    const health = await get('/health', 'gzip, deflate, br');
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(() => health.json()).not.toThrow();
  });

  it("each address's page names the chunks of its first page, so they load alongside the entry", async () => {
    const login = (await get('/login')).payload;
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/index-Ab12Cd34.js"><link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css"></head>');
    expect((await get('/login/')).payload).toBe(login);
    const dashboard = (await get('/dashboard', 'br')).rawPayload;
    const html = brotliDecompressSync(dashboard).toString();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/tiny-Mn34Op56.js"></head>');
    // Only file names the build makes reach the page.
    expect(html).not.toContain('<script>');
    expect((await get('/faq')).payload).not.toMatch(/index-Ab12Cd34|tiny-Mn34Op56/);
    // A page with other preloads is another page: its own tag.
    expect((await get('/dashboard')).headers.etag).not.toBe((await get('/login')).headers.etag);
    // The list itself is no address.
    expect((await get('/route-preloads.json')).headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it("the page carries the public release and the texts of the visitor's likely language (decision 0034)", async () => {
    const block = (html: string, id: string) => {
      const match = new RegExp(`<script type="application/json" id="${id}"(?: data-language="(\\w+)")?>([^<]*)</script>`).exec(html);
      return match ? { language: match[1], value: JSON.parse(match[2] ?? '') as unknown } : null;
    };
    const release = (await get('/v3/settings/releases/solvik')).json<{ data: { featureFlags: { flags: { LANGUAGES: string[] } } } }>().data;
    const [first, second] = release.featureFlags.flags.LANGUAGES;
    expect(second).toBeDefined();
    const texts = async (language: string) =>
      (await get(`/v3/copy/aggregated?version=v3.0&organisation=solvik&language=${language}&types=my-pages,shared,organisation`)).json<{ data: unknown }>().data;

    const plain = (await get('/login')).payload;
    expect(block(plain, 'gridline-release')?.value).toEqual(release);
    // No remembered language and no browser's: the organisation's first.
    expect(block(plain, 'gridline-copy')).toEqual({ language: first, value: await texts(first!) });
    // The browser's (its most wanted), then the one the portal remembered in its cookie.
    const browser = (await get('/login', undefined, { 'accept-language': `xx, ${second};q=0.9` })).payload;
    expect(block(browser, 'gridline-copy')?.language).toBe(first);
    const wanted = (await get('/login', undefined, { 'accept-language': `${second}-XX, en;q=0.5` })).payload;
    expect(block(wanted, 'gridline-copy')).toEqual({ language: second, value: await texts(second!) });
    const remembered = await get('/dashboard', 'br', { 'accept-language': first!, cookie: `a=b; gridline.language=${second}` });
    expect(block(brotliDecompressSync(remembered.rawPayload).toString(), 'gridline-copy')?.language).toBe(second);
    // Another language is another page, with its own tag; nothing in the blocks can end them.
    expect(remembered.headers.etag).not.toBe((await get('/dashboard', 'br', { cookie: `gridline.language=${first}` })).headers.etag);
    expect(plain.match(/<\/script>/g)).toHaveLength(2);
    expect(String(remembered.headers.vary).toLowerCase()).toBe('accept-encoding, accept-language, cookie');
  });

  it('negotiates as RFC 9110 says: q-values, refusals, wildcards', () => {
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('GZIP')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, identity')).toBe('identity');
    expect(negotiateEncoding('deflate')).toBe('identity');
  });
});

const plainJsonLength = (response: Awaited<ReturnType<typeof get>>) => response.rawPayload.length;
