import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';
import { png } from '../assets/test-images.ts';

/**
 * Environment sync (issue 18, decision 0060) between two real installations: "production" (the
 * source) and "staging" (the target, listening on a port of this machine, with its own database
 * and its own sealing keys). The target's staff issue a one-time token; the source's staff send
 * the live release, its assets and the secrets they reach; the target imports them as the
 * token's issuer could by hand.
 */
let production: TestApp;
let staging: TestApp;
let stagingUrl: string;
const staff = { prodAdmin: '', prodOrgAdmin: '', prodMarketing: '', stagingOrgAdmin: '', stagingKoivuAdmin: '', stagingPlatformAdmin: '' };

beforeAll(async () => {
  staging = await startTestApp({ environmentSync: { environment: 'staging', targets: { staging: 'https://staging.example' } } });
  await staging.app.listen({ port: 0, host: '127.0.0.1' });
  stagingUrl = `http://127.0.0.1:${(staging.app.server.address() as AddressInfo).port}`;
  // develop points at a port nobody listens on.
  production = await startTestApp({ environmentSync: { environment: 'production', targets: { staging: stagingUrl, develop: 'http://127.0.0.1:9' } } });
  staff.prodAdmin = (await staffSignIn(production.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
  staff.prodOrgAdmin = (await staffSignIn(production.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  staff.prodMarketing = (await staffSignIn(production.app, 'solvik', demoStaffEmail('solvik', 'ORG_MARKETING'))).accessToken;
  staff.stagingOrgAdmin = (await staffSignIn(staging.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  staff.stagingKoivuAdmin = (await staffSignIn(staging.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
  staff.stagingPlatformAdmin = (await staffSignIn(staging.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
});
afterAll(async () => {
  await production?.close();
  await staging?.close();
});

const on = (t: TestApp, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, { method, url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

/** A one-time token issued on staging by its staff. */
async function stagingToken(token = staff.stagingOrgAdmin, organisation = 'solvik'): Promise<string> {
  const issued = await on(staging, token, 'POST', '/v3/settings/environment-sync/tokens', { organisation });
  expect(issued.status).toBe(200);
  expect(issued.body.data).toMatchObject({ organisation, environment: 'staging' });
  return issued.body.data.token as string;
}

const liveTheme = async (t: TestApp) =>
  (await call(t.app, { method: 'GET', url: '/v3/settings/releases/solvik?bypassCache=true' })).body.data.theme as Record<string, unknown>;
const latestVersion = async (t: TestApp, token: string) => (await on(t, token, 'GET', '/v4/solvik/settings/releases?limit=1')).body.data[0].version as number;

describe('environment sync of settings', () => {
  it('answers which environment this is and where it may send', async () => {
    const targets = await on(production, staff.prodOrgAdmin, 'GET', '/v3/settings/environment-sync');
    expect(targets.status).toBe(200);
    expect(targets.body.data).toEqual({
      environment: 'production',
      targets: [
        { environment: 'staging', url: stagingUrl },
        { environment: 'develop', url: 'http://127.0.0.1:9' },
      ],
    });
    expect(
      (await on(production, staff.prodMarketing, 'POST', '/v3/settings/environment-sync', { targetEnvironment: 'staging', token: await stagingToken() }))
        .status,
    ).toBe(403);
  });

  it('sends the live release with a logo only the source has; staging publishes it and shows the logo; the same settings again change nothing', async () => {
    // Production: a new logo and a new primary colour, published.
    const upload = await on(production, staff.prodOrgAdmin, 'PUT', '/v3/assets?organisation=solvik', {
      name: 'Winter logo',
      kind: 'logo',
      content: png(180, 48, [200, 30, 40]).toString('base64'),
    });
    expect(upload.status).toBe(200);
    const logoId = upload.body.data._id as string;
    const theme = (await on(production, staff.prodOrgAdmin, 'GET', '/v3/settings/releases/themes/latest/solvik')).body.data.content as Record<string, unknown>;
    const published = await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/releases/themes/solvik', {
      ...theme,
      primaryColor: '#0b4f6c',
      logo: { url: `/v3/assets/${logoId}`, alt: 'Solvik' },
    });
    expect(published.status).toBe(200);
    expect((await call(staging.app, { method: 'GET', url: `/v3/assets/${logoId}` })).status).toBe(404);
    const before = await latestVersion(staging, staff.stagingOrgAdmin);

    const synced = await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/environment-sync', {
      targetEnvironment: 'staging',
      token: await stagingToken(),
    });
    expect(synced.status).toBe(200);
    expect(synced.body.data).toEqual({ targetEnvironment: 'staging', version: before + 1, assets: expect.any(Number) });

    const stagingTheme = await liveTheme(staging);
    expect(stagingTheme['primaryColor']).toBe('#0b4f6c');
    expect(stagingTheme['logo']).toEqual({ url: `/v3/assets/${logoId}`, alt: 'Solvik' });
    const logo = await call(staging.app, { method: 'GET', url: `/v3/assets/${logoId}` });
    expect(logo.status).toBe(200);
    expect(logo.response.rawPayload.equals(png(180, 48, [200, 30, 40]))).toBe(true);
    // Both sides wrote who did it; neither wrote the token.
    const received = await staging.db.selectFrom('audit_logs').selectAll().where('action', '=', 'environment-sync.settings.receive').execute();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ actor_email: demoStaffEmail('solvik', 'ORG_ADMIN'), actor_method: 'sync-token' });
    const sent = await production.db.selectFrom('audit_logs').select(['data']).where('action', '=', 'environment-sync.settings.send').execute();
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent)).not.toContain('gls_');

    const again = await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/environment-sync', {
      targetEnvironment: 'staging',
      token: await stagingToken(),
    });
    expect(again.status).toBe(200);
    expect(again.body.data.version).toBeNull();
    expect(await latestVersion(staging, staff.stagingOrgAdmin)).toBe(before + 1);
  });

  it('refuses a used token, a token of another organisation, and a target that is not configured, is this one, or does not answer', async () => {
    const token = await stagingToken();
    const theme = (await on(production, staff.prodOrgAdmin, 'GET', '/v3/settings/releases/themes/latest/solvik')).body.data.content as Record<string, unknown>;
    expect((await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/releases/themes/solvik', { ...theme, primaryColor: '#2d3a8c' })).status).toBe(200);
    expect((await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/environment-sync', { targetEnvironment: 'staging', token })).status).toBe(200);
    const reused = await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/environment-sync', { targetEnvironment: 'staging', token });
    expect(reused.status).toBe(400);
    expect(reused.body.key).toBe('SYNC_TOKEN_REFUSED');

    const koivuToken = await stagingToken(staff.stagingKoivuAdmin, 'koivu');
    const before = await latestVersion(staging, staff.stagingOrgAdmin);
    expect((await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/releases/themes/solvik', { ...theme, primaryColor: '#3c2d8c' })).status).toBe(200);
    const foreign = await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/environment-sync', { targetEnvironment: 'staging', token: koivuToken });
    expect(foreign.body.key).toBe('SYNC_TOKEN_REFUSED');
    expect(await latestVersion(staging, staff.stagingOrgAdmin)).toBe(before);

    const local = await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/environment-sync', { targetEnvironment: 'local', token });
    expect([local.status, local.body.key]).toEqual([400, 'SYNC_TARGET_NOT_CONFIGURED']);
    const down = await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/environment-sync', {
      targetEnvironment: 'develop',
      token: await stagingToken(),
    });
    expect([down.status, down.body.key]).toEqual([502, 'SYNC_TARGET_UNREACHABLE']);
    const self = await on(staging, staff.stagingOrgAdmin, 'POST', '/v3/settings/environment-sync', { targetEnvironment: 'staging', token });
    expect([self.status, self.body.key]).toEqual([400, 'SYNC_TARGET_IS_THIS_ENVIRONMENT']);
    const production_ = await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/environment-sync', { targetEnvironment: 'production', token });
    expect([production_.status, production_.body.key]).toEqual([400, 'SYNC_TARGET_UNKNOWN']);
    const malformed = await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/environment-sync', { targetEnvironment: 'staging', token: 'gls_short' });
    expect([malformed.status, malformed.body.key]).toEqual([400, 'MALFORMED_SYNC_TOKEN']);
  });

  it("relays the target's refusal (four-eyes approval there) and leaves the token for a second try", async () => {
    expect((await on(staging, staff.stagingOrgAdmin, 'PUT', '/v4/solvik/settings/policy', { approvalRequired: true })).status).toBe(200);
    const theme = (await on(production, staff.prodOrgAdmin, 'GET', '/v3/settings/releases/themes/latest/solvik')).body.data.content as Record<string, unknown>;
    expect((await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/releases/themes/solvik', { ...theme, primaryColor: '#225c3a' })).status).toBe(200);
    const token = await stagingToken();
    const refused = await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/environment-sync', { targetEnvironment: 'staging', token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'SYNC_REFUSED_BY_TARGET', data: { reason: 'APPROVAL_REQUIRED' } });
    expect((await liveTheme(staging))['primaryColor']).not.toBe('#225c3a');
    expect((await on(staging, staff.stagingOrgAdmin, 'PUT', '/v4/solvik/settings/policy', { approvalRequired: false })).status).toBe(200);
    expect((await on(production, staff.prodOrgAdmin, 'POST', '/v3/settings/environment-sync', { targetEnvironment: 'staging', token })).status).toBe(200);
    expect((await liveTheme(staging))['primaryColor']).toBe('#225c3a');
  });

  it("opens the target's import only to its own sync tokens, and only for the token's organisation", async () => {
    const bundle = { organisation: 'solvik', source: { environment: 'production', version: 1 }, content: {}, assets: [] };
    for (const authorization of [undefined, 'Bearer gls_' + 'x'.repeat(43), `Bearer ${staff.stagingOrgAdmin}`]) {
      const answer = await call(staging.app, {
        method: 'PUT',
        url: '/v3/settings/environment-sync/import/settings',
        payload: bundle,
        ...(authorization ? { headers: { authorization } } : {}),
      });
      expect([answer.status, answer.body.key]).toEqual([401, 'SYNC_TOKEN_INVALID']);
    }
    const token = await stagingToken();
    const forged = await call(staging.app, {
      method: 'PUT',
      url: '/v3/settings/environment-sync/import/settings',
      headers: { authorization: `Bearer ${token}` },
      payload: { ...bundle, organisation: 'koivu' },
    });
    expect([forged.status, forged.body.key]).toEqual([403, 'SYNC_ORGANISATION_MISMATCH']);
    // A release the target's rules refuse: nothing is published, and the asset that came with it is not kept.
    const asset = { id: 'abcdefabcdefabcdefabcdef', name: 'Stray', kind: 'image', contentType: 'image/png', content: png(10, 10).toString('base64') };
    const broken = await call(staging.app, {
      method: 'PUT',
      url: '/v3/settings/environment-sync/import/settings',
      headers: { authorization: `Bearer ${token}` },
      payload: { ...bundle, content: { themes: { primaryColor: 'red' } }, assets: [asset] },
    });
    expect([broken.status, broken.body.key]).toEqual([400, 'SETTINGS_RELEASE_INVALID']);
    expect((await call(staging.app, { method: 'GET', url: `/v3/assets/${asset.id}` })).status).toBe(404);
    // An upload the assets' own checks refuse (not an image).
    const fake = await call(staging.app, {
      method: 'PUT',
      url: '/v3/settings/environment-sync/import/settings',
      headers: { authorization: `Bearer ${token}` },
      payload: { ...bundle, assets: [{ ...asset, content: Buffer.from('<script>alert(1)</script>').toString('base64') }] },
    });
    expect(fake.status).toBe(400);
    expect((await call(staging.app, { method: 'GET', url: `/v3/assets/${asset.id}` })).status).toBe(404);
    // A NUL byte in the bundle is refused before anything else happens.
    const nul = await call(staging.app, {
      method: 'PUT',
      url: '/v3/settings/environment-sync/import/settings',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...bundle, organisation: 'sol\u0000vik' }),
    });
    expect(nul.status).toBe(400);
  });
});

describe('environment sync of secrets', () => {
  it('sends the secrets the sender reaches, sealed again by the target; a key the issuer does not reach writes nothing', async () => {
    expect((await on(production, staff.prodOrgAdmin, 'POST', '/v4/secrets/solvik/harkApiKey', { value: 'hark-production-key-1' })).status).toBe(200);
    expect((await on(production, staff.prodAdmin, 'POST', '/v4/secrets/solvik/bfusPassword', { value: 'bfus-production-password' })).status).toBe(200);

    // An organisation admin sends what they reach: the customer-facing key, not the BFUS password.
    const sent = await on(production, staff.prodOrgAdmin, 'POST', '/v4/secrets/environment-sync', {
      targetEnvironment: 'staging',
      token: await stagingToken(),
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ targetEnvironment: 'staging', keys: ['harkApiKey'] });
    const read = await on(staging, staff.stagingOrgAdmin, 'GET', '/v4/secrets/solvik/harkApiKey');
    expect(read.body.data.value).toBe('hark-production-key-1');
    const stored = await staging.db.selectFrom('secrets').select('sealed').where('key', '=', 'harkApiKey').executeTakeFirstOrThrow();
    expect(stored.sealed).not.toContain('hark-production-key-1');
    expect((await on(staging, staff.stagingPlatformAdmin, 'GET', '/v4/secrets/solvik/bfusPassword/meta')).status).toBe(404);

    // The platform admin sends every key, but the token's issuer (an organisation admin) does not reach the BFUS password: nothing is written.
    expect((await on(production, staff.prodOrgAdmin, 'PUT', '/v4/secrets/solvik/harkApiKey', { value: 'hark-production-key-2' })).status).toBe(200);
    const refused = await on(production, staff.prodAdmin, 'POST', '/v4/secrets/environment-sync', {
      organisation: 'solvik',
      targetEnvironment: 'staging',
      token: await stagingToken(),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ key: 'SYNC_REFUSED_BY_TARGET', data: { reason: 'FORBIDDEN' } });
    expect((await on(staging, staff.stagingOrgAdmin, 'GET', '/v4/secrets/solvik/harkApiKey')).body.data.value).toBe('hark-production-key-1');

    // Issued by the platform admin there, it goes through.
    const all = await on(production, staff.prodAdmin, 'POST', '/v4/secrets/environment-sync', {
      organisation: 'solvik',
      targetEnvironment: 'staging',
      token: await stagingToken(staff.stagingPlatformAdmin),
    });
    expect(all.body.data.keys).toEqual(expect.arrayContaining(['harkApiKey', 'bfusPassword']));
    expect((await on(staging, staff.stagingPlatformAdmin, 'GET', '/v4/secrets/solvik/bfusPassword')).body.data.value).toBe('bfus-production-password');
    // No value in either audit log.
    for (const t of [production, staging]) {
      const entries = JSON.stringify(await t.db.selectFrom('audit_logs').selectAll().where('action', 'like', 'secret.%').execute());
      expect(entries).not.toContain('hark-production-key');
      expect(entries).not.toContain('bfus-production-password');
    }
  });
});
