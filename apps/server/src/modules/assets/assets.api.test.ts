import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Asset } from '@gridline/contracts/assets';
import { call, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';
import { stableId } from '../../demo/releases.ts';
import { gif, hostileSvg, ico, jpeg, png, pngHeader, svg, webp } from './test-images.ts';

/**
 * Assets (issue 17, decision 0048): every call with the right and wrong scope and organisation,
 * each format sniffed from its bytes, the limits, the SVG sanitiser, a disguised file, the cache
 * headers of the public read, and the audit entries (without the bytes).
 */

let t: TestApp;
let testStart = new Date();
const staff = { admin: '', marketing: '', developer: '', support: '', user: '', otherAdmin: '', platform: '' };
let customer = '';
const solvikLogo = stableId('gridline-demo', 'solvik', 'asset', 'logo');
const solvikFavicon = stableId('gridline-demo', 'solvik', 'asset', 'favicon');
const koivuLogo = stableId('gridline-demo', 'koivu', 'asset', 'logo');

const list = (token: string, query = '') => call(t.app, { method: 'GET', url: `/v3/assets${query}`, token });
const put = (token: string, payload: unknown, query = '') => call(t.app, { method: 'PUT', url: `/v3/assets${query}`, token, payload: payload as object });
const remove = (token: string, query: string) => call(t.app, { method: 'DELETE', url: `/v3/assets${query}`, token });
const bytes = (id: string, query = '', headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/v3/assets/${id}${query}`, headers });
const upload = (file: Buffer, extra: Record<string, unknown> = {}) => ({ name: 'file', kind: 'image', content: file.toString('base64'), ...extra });
const auditOf = (action: string) =>
  t.db.selectFrom('audit_logs').select(['action', 'actor_email', 'subject_id', 'before', 'after']).where('action', '=', action).where('created_at', '>=', testStart).orderBy('created_at').execute();
const count = async () => Number((await t.db.selectFrom('assets').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await startTestApp();
  staff.admin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  staff.marketing = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_MARKETING'))).accessToken;
  staff.developer = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_DEVELOPER'))).accessToken;
  staff.support = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_SUPPORT'))).accessToken;
  staff.user = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_USER'))).accessToken;
  staff.otherAdmin = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
  staff.platform = (await staffSignIn(t.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
  customer = (await signIn(t.app, 'solvik', 'demo'))[0]!.accessToken;
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  testStart = new Date();
});

describe('GET /v3/assets', () => {
  it('lists the organisation’s assets for its staff who read them, with the theme’s use', async () => {
    for (const token of [staff.admin, staff.marketing, staff.developer]) {
      const answer = await list(token);
      expect(answer.status).toBe(200);
      const assets = Asset.array().parse(answer.body.data);
      expect(assets.map((a) => a._id).sort()).toEqual([solvikLogo, solvikFavicon].sort());
      expect(assets.find((a) => a._id === solvikLogo)).toMatchObject({ kind: 'logo', contentType: 'image/svg+xml', organisation: 'solvik', themeUse: ['logo'], url: `/v3/assets/${solvikLogo}`, createdBy: 'demo' });
      expect(assets.find((a) => a._id === solvikFavicon)).toMatchObject({ kind: 'favicon', themeUse: ['favicon'], width: 32, height: 32 });
      expect(answer.body.pagination).toMatchObject({ total: 2, page: 1, limit: 50 });
    }
    const logos = await list(staff.admin, '?kind=logo');
    expect(logos.body.data.map((a: Asset) => a._id)).toEqual([solvikLogo]);
  });

  it('is 403 for staff without the scope and customers, 401 without a token', async () => {
    expect((await list(staff.support)).status).toBe(403);
    expect((await list(staff.user)).status).toBe(403);
    expect((await list(customer)).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/v3/assets' })).status).toBe(401);
  });

  it('is 404 for another organisation’s staff, and the platform names the organisation', async () => {
    expect((await list(staff.otherAdmin, '?organisation=solvik')).status).toBe(404);
    expect((await list(staff.otherAdmin)).body.data.map((a: Asset) => a.organisation)).toEqual(['koivu', 'koivu']);
    expect((await list(staff.platform)).body.key).toBe('VALIDATION_FAILED');
    expect((await list(staff.platform, '?organisation=solvik')).body.data).toHaveLength(2);
    expect((await list(staff.platform, '?organisation=nowhere')).body.key).toBe('UNKNOWN_ORGANISATION');
    expect((await list(staff.admin, '?kind=video')).body.key).toBe('VALIDATION_FAILED');
  });
});

describe('PUT /v3/assets', () => {
  it.each([
    ['PNG', png(40, 20), 'image/png', 40, 20],
    ['JPEG', jpeg(800, 600), 'image/jpeg', 800, 600],
    ['WebP', webp(120, 60), 'image/webp', 120, 60],
    ['GIF', gif(10, 10), 'image/gif', 10, 10],
    ['ICO', ico(48), 'image/x-icon', 48, 48],
  ])('stores a %s with its type and pixels read from the bytes', async (_, file, contentType, width, height) => {
    const answer = await put(staff.marketing, upload(file, { name: 'picture' }));
    expect(answer.status).toBe(200);
    const asset = Asset.parse(answer.body.data);
    expect(asset).toMatchObject({ contentType, width, height, size: file.length, kind: 'image', themeUse: [], createdBy: demoStaffEmail('solvik', 'ORG_MARKETING') });
    const served = await bytes(asset._id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(contentType);
    expect(served.rawPayload.equals(file)).toBe(true);
  });

  it('stores an SVG sanitised: no script, no handler, no javascript: link survives', async () => {
    const answer = await put(staff.admin, upload(hostileSvg, { name: 'hostile.svg', kind: 'logo', contentType: 'image/svg+xml' }));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ contentType: 'image/svg+xml', width: 100, height: 50 });
    const served = await bytes(answer.body.data._id);
    const text = served.body;
    expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).not.toMatch(/<script|onload=|onclick=|javascript:|foreignObject|evil\.example/i);
    expect(answer.body.data.size).toBe(Buffer.byteLength(text));
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it.each([
    ['HTML named .png, declared image/png', upload(Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'), { name: 'logo.png', contentType: 'image/png' }), 'ASSET_UNSUPPORTED_TYPE'],
    ['an SVG declared image/png', upload(svg(), { contentType: 'image/png' }), 'ASSET_TYPE_MISMATCH'],
    ['a PNG declared image/svg+xml', upload(png(2, 2), { contentType: 'image/svg+xml' }), 'ASSET_TYPE_MISMATCH'],
    ['an unknown declared type', upload(png(2, 2), { contentType: 'text/html' }), 'ASSET_TYPE_MISMATCH'],
    ['garbage', upload(Buffer.from([1, 2, 3, 4, 5, 6, 7, 8])), 'ASSET_UNSUPPORTED_TYPE'],
    ['empty content', upload(Buffer.alloc(0)), 'ASSET_EMPTY'],
    ['content that is not base64', { name: 'x', kind: 'image', content: 'not base64!' }, 'ASSET_NOT_BASE64'],
    ['a truncated PNG', upload(png(4, 4).subarray(0, 24)), 'ASSET_INVALID_IMAGE'],
    ['an SVG with a DOCTYPE', upload(Buffer.from('<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>')), 'ASSET_INVALID_IMAGE'],
    ['an SVG that is not well-formed', upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')), 'ASSET_INVALID_IMAGE'],
    ['an SVG with a NUL byte', upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">\u0000</svg>')), 'ASSET_INVALID_IMAGE'],
    ['more than 4096 pixels', upload(pngHeader(5000, 100)), 'ASSET_TOO_MANY_PIXELS'],
    ['a favicon over 512 pixels', upload(pngHeader(1024, 1024), { kind: 'favicon' }), 'ASSET_FAVICON_TOO_LARGE'],
    ['more than 2 MB', upload(Buffer.concat([png(1, 1), Buffer.alloc(2 * 1024 * 1024)])), 'ASSET_TOO_LARGE'],
    ['a NUL byte in the name', upload(png(1, 1), { name: 'a\u0000b' }), 'INVALID_CHARACTERS'],
    ['an empty name', upload(png(1, 1), { name: '' }), 'VALIDATION_FAILED'],
    ['an unknown kind', upload(png(1, 1), { kind: 'banner' }), 'VALIDATION_FAILED'],
    ['an extra field', upload(png(1, 1), { url: 'x' }), 'VALIDATION_FAILED'],
  ])('refuses %s with 400 and changes nothing', async (_, payload, key) => {
    const before = await count();
    const answer = await put(staff.admin, payload);
    expect({ status: answer.status, key: answer.body?.key }).toEqual({ status: 400, key });
    expect(await count()).toBe(before);
  });

  it('answers a body over 3 MB with 413 in the error shape', async () => {
    const answer = await put(staff.admin, { name: 'x', kind: 'image', content: 'A'.repeat(3_200_000) });
    expect({ status: answer.status, key: answer.body?.key }).toEqual({ status: 413, key: 'BODY_TOO_LARGE' });
  });

  it('replaces an asset keeping its id: the ETag changes, and the portal gets the new bytes', async () => {
    const first = await bytes(solvikLogo);
    const etag = first.headers.etag as string;
    const replaced = await put(staff.marketing, upload(png(64, 32), { id: solvikLogo, name: 'new-logo.png', kind: 'logo', contentType: 'image/png' }));
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ _id: solvikLogo, contentType: 'image/png', width: 64, height: 32, themeUse: ['logo'], createdBy: 'demo', updatedBy: demoStaffEmail('solvik', 'ORG_MARKETING') });
    const after = await bytes(solvikLogo, '', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.headers['content-type']).toBe('image/png');
    // The theme still names the same address.
    const release = await call(t.app, { method: 'GET', url: '/v3/settings/releases/solvik' });
    expect(release.body.data.theme.logo.url).toBe(`/v3/assets/${solvikLogo}`);
    const [entry] = await auditOf('asset.replace');
    expect(entry).toMatchObject({ subject_id: solvikLogo, actor_email: demoStaffEmail('solvik', 'ORG_MARKETING') });
    expect(entry!.before).toMatchObject({ contentType: 'image/svg+xml', kind: 'logo' });
    expect(entry!.after).toEqual({ name: 'new-logo.png', kind: 'logo', contentType: 'image/png', size: replaced.body.data.size, width: 64, height: 32, sha256: replaced.body.data.sha256 });
    expect(JSON.stringify(entry)).not.toContain(png(64, 32).toString('base64').slice(0, 40));
  });

  it('is 404 for an id the organisation does not have (another organisation’s included), 403 without the scope', async () => {
    expect((await put(staff.admin, upload(png(1, 1), { id: koivuLogo }))).status).toBe(404);
    expect((await put(staff.admin, upload(png(1, 1), { id: '0123456789abcdef01234567' }))).status).toBe(404);
    expect((await put(staff.otherAdmin, upload(png(1, 1)), '?organisation=solvik')).status).toBe(404);
    expect((await put(staff.developer, upload(png(1, 1)))).status).toBe(403);
    expect((await put(staff.support, upload(png(1, 1)))).status).toBe(403);
    expect((await put(customer, upload(png(1, 1)))).status).toBe(403);
    const platform = await put(staff.platform, upload(png(1, 1)), '?organisation=koivu');
    expect(platform.body.data.organisation).toBe('koivu');
  });

  it('audits a new asset with its description and not its bytes', async () => {
    const answer = await put(staff.admin, upload(gif(3, 3), { name: 'tiny.gif' }));
    const [entry] = await auditOf('asset.create');
    expect(entry).toMatchObject({ subject_id: answer.body.data._id, before: null, after: { name: 'tiny.gif', kind: 'image', contentType: 'image/gif', size: gif(3, 3).length, width: 3, height: 3, sha256: answer.body.data.sha256 } });
  });
});

describe('DELETE /v3/assets', () => {
  it('refuses the theme’s logo and favicon with 409 ASSET_IN_USE', async () => {
    for (const id of [solvikLogo, solvikFavicon]) {
      const answer = await remove(staff.admin, `?id=${id}`);
      expect({ status: answer.status, key: answer.body.key }).toEqual({ status: 409, key: 'ASSET_IN_USE' });
    }
  });

  it('deletes an asset, audited; then it is gone (404)', async () => {
    const created = await put(staff.admin, upload(png(2, 2), { name: 'old' }));
    const id = created.body.data._id as string;
    expect((await remove(staff.developer, `?id=${id}`)).status).toBe(403);
    expect((await remove(staff.otherAdmin, `?organisation=solvik&id=${id}`)).status).toBe(404);
    expect((await remove(staff.otherAdmin, `?id=${id}`)).status).toBe(404);
    const answer = await remove(staff.marketing, `?id=${id}`);
    expect(answer.body).toMatchObject({ status: 200, data: { success: true } });
    expect((await bytes(id)).statusCode).toBe(404);
    expect((await remove(staff.marketing, `?id=${id}`)).status).toBe(404);
    const [entry] = await auditOf('asset.delete');
    expect(entry).toMatchObject({ subject_id: id, after: null, before: { name: 'old', contentType: 'image/png' } });
    expect((await remove(staff.admin, '?id=nothex')).body.key).toBe('VALIDATION_FAILED');
  });
});

describe('GET /v3/assets/{id}', () => {
  it('serves the bytes publicly with a strong ETag, revalidation, nosniff, and 304 to If-None-Match', async () => {
    const answer = await bytes(solvikFavicon);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=0, must-revalidate',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'cross-origin-resource-policy': 'cross-origin',
    });
    const etag = answer.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await bytes(solvikFavicon, '', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
  });

  it('bypassCache=true answers no-store and the bytes whatever If-None-Match says', async () => {
    const etag = (await bytes(solvikFavicon)).headers.etag as string;
    const answer = await bytes(solvikFavicon, '?bypassCache=true', { 'if-none-match': etag });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.rawPayload.length).toBeGreaterThan(0);
  });

  it('type checks the kind or the format; another answers 404, as an unknown id does', async () => {
    expect((await bytes(solvikFavicon, '?type=favicon')).statusCode).toBe(200);
    expect((await bytes(solvikFavicon, '?type=svg')).statusCode).toBe(200);
    expect((await bytes(solvikFavicon, '?type=logo')).statusCode).toBe(404);
    expect((await bytes(solvikFavicon, '?type=png')).statusCode).toBe(404);
    expect((await bytes(solvikFavicon, '?type=exe')).statusCode).toBe(400);
    expect((await bytes(solvikFavicon, '?bypassCache=yes')).statusCode).toBe(400);
    expect((await bytes('0123456789abcdef01234567')).json()).toMatchObject({ status: 404, key: 'NOT_FOUND' });
    expect((await bytes('nothex')).statusCode).toBe(400);
  });

  it('serves a raster image without the SVG policy', async () => {
    const created = await put(staff.admin, upload(png(2, 2)));
    const answer = await bytes(created.body.data._id);
    expect(answer.headers['content-security-policy']).not.toContain('style-src');
  });
});
