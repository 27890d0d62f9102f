import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicRelease, ReleaseContent } from '@gridline/contracts/settings';
import { AppError } from '../../lib/errors.ts';
import { call, signIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { SettingsRepository } from './repository.ts';
import { SettingsService } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const organisationId = async (slug: string) => (await t.db.selectFrom('organisations').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
const latestContent = async (slug: string) =>
  ReleaseContent.parse((await t.db.selectFrom('settings_releases').select('content').where('organisation_id', '=', await organisationId(slug)).orderBy('version', 'desc').executeTakeFirstOrThrow()).content);

describe('public release', () => {
  it('answers the public part with caching headers, and 304 when unchanged', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v3/settings/releases/fjellkraft' });
    expect(res.status).toBe(200);
    const release = PublicRelease.parse(res.body.data);
    expect(release.organisation).toEqual({ slug: 'fjellkraft', name: 'Fjellkraft', country: 'NO', currency: 'NOK', timeZone: 'Europe/Oslo' });
    expect(release.featureFlags.flags.LANGUAGES[0]).toBe('nb');
    expect(res.body.data.featureConfigurations.protected).toBeUndefined();
    expect(res.response.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(res.response.headers['etag']);
    expect(etag).toMatch(/^W\/"/);

    const again = await call(t.app, { method: 'GET', url: '/v3/settings/releases/fjellkraft', headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.response.body).toBe('');
    const inList = await call(t.app, { method: 'GET', url: '/v3/settings/releases/fjellkraft', headers: { 'if-none-match': `W/"older", ${etag}` } });
    expect(inList.status).toBe(304);
  });

  it('answers the flags alone', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v3/settings/releases/flags/koivu' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ HAS_APP: true, LANGUAGES: ['fi', 'sv', 'en'] });
  });

  it('validates bypassCache and the organisation', async () => {
    expect((await call(t.app, { method: 'GET', url: '/v3/settings/releases/solvik?bypassCache=yes' })).status).toBe(400);
    const fresh = await call(t.app, { method: 'GET', url: '/v3/settings/releases/solvik?bypassCache=true' });
    expect(fresh.response.headers['cache-control']).toBe('no-cache');
    const unknown = await call(t.app, { method: 'GET', url: '/v3/settings/releases/nowhere' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.key).toBe('UNKNOWN_ORGANISATION');
  });

  it('keeps the full release from customers', async () => {
    expect((await call(t.app, { method: 'GET', url: '/v3/settings/releases/full/solvik' })).status).toBe(401);
    const [auth] = await signIn(t.app, 'solvik', 'demo');
    const asCustomer = await call(t.app, { method: 'GET', url: '/v3/settings/releases/full/solvik', token: auth!.accessToken });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.key).toBe('FORBIDDEN');
  });
});

describe('publishing', () => {
  it('rejects a primary colour that fails contrast on white, and stores nothing', async () => {
    const settings = new SettingsService(new SettingsRepository(t.db));
    const content = await latestContent('alpenwerk');
    const attempt = settings.publish(await organisationId('alpenwerk'), { ...content, theme: { ...content.theme, primaryColor: '#FFD23F' } }, 'test');
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toThrow(/PRIMARY_COLOR_CONTRAST: #FFD23F has a contrast of 1\.\d\d:1 against white/);
    const versions = await t.db.selectFrom('settings_releases').select('version').where('organisation_id', '=', await organisationId('alpenwerk')).execute();
    expect(versions.map((v) => v.version)).toEqual([1]);
  });

  it('puts a new release in force: the server enforces its sign-in methods', async () => {
    const settings = new SettingsService(new SettingsRepository(t.db));
    const content = await latestContent('koivu');
    const published = await settings.publish(await organisationId('koivu'), { ...content, featureFlags: { ...content.featureFlags, flags: { ...content.featureFlags.flags, SIGN_IN_METHODS: ['BANKID'] } } }, 'test');
    expect(published.version).toBe(2);

    const release = await call(t.app, { method: 'GET', url: '/v3/settings/releases/koivu?bypassCache=true' });
    expect(release.body.data.version).toBe(2);
    expect(release.body.data.featureFlags.flags.SIGN_IN_METHODS).toEqual(['BANKID']);
    const login = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PWD', organisation: 'koivu', username: 'demo', password: 'demo' } });
    expect(login.status).toBe(400);
    expect(login.body.key).toBe('SIGN_IN_METHOD_DISABLED');
  });
});
