import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, staffSignIn } from '../../../test/app.ts';
import { startSignInTestApp, TEST_PUBLIC_URL, type SignInTestApp } from '../../../test/sign-in.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';
import { newId } from '../../lib/ids.ts';

/** The rest of the bridge calls (issue 17, decision 0050): caches, premium features, the test e-mail, messages, layout. */

let t: SignInTestApp;
const tokens = { platform: '', solvikAdmin: '', solvikSupport: '', solvikMarketing: '', solvikUser: '', koivuAdmin: '', customer: '' };
let solvikId = '';
let accountId = '';
let userId = '';
let koivuAccountId = '';

beforeAll(async () => {
  t = await startSignInTestApp();
  tokens.platform = (await staffSignIn(t.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
  tokens.solvikAdmin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  tokens.solvikSupport = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_SUPPORT'))).accessToken;
  tokens.solvikMarketing = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_MARKETING'))).accessToken;
  tokens.solvikUser = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_USER'))).accessToken;
  tokens.koivuAdmin = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
  const [auth] = await signIn(t.app, 'solvik', 'demo');
  tokens.customer = auth!.accessToken;
  accountId = auth!.accountId;
  userId = auth!.userId;
  solvikId = (await t.db.selectFrom('organisations').select('id').where('slug', '=', 'solvik').executeTakeFirstOrThrow()).id;
  koivuAccountId = (
    await t.db.selectFrom('accounts').innerJoin('organisations', 'organisations.id', 'accounts.organisation_id').select('accounts.id').where('organisations.slug', '=', 'koivu').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
});

const auditOf = (action: string) => t.db.selectFrom('audit_logs').selectAll().where('action', '=', action).orderBy('seq', 'desc').execute();

describe('DELETE /v3/cache/{key}', () => {
  const copyText = async () => (await call(t.app, { method: 'GET', url: '/v3/copy/aggregated?organisation=solvik&language=en&types=shared' })).body.data.shared.errors.WRONG_PASSWORD;

  it('drops the merged copy texts: a text changed in SQL shows after the clear, not before', async () => {
    expect(await copyText()).toBe('The password is incorrect.');
    await t.db.insertInto('copy_texts').values({ id: newId(), organisation_id: solvikId, copy_group: 'shared', language: 'en', key: 'errors.WRONG_PASSWORD', value: 'Changed in SQL.' }).execute();
    expect(await copyText()).toBe('The password is incorrect.');
    const cleared = await call(t.app, { method: 'DELETE', url: '/v3/cache/copy', token: tokens.solvikAdmin });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toEqual({ cleared: ['copy'], organisation: 'solvik' });
    expect(await copyText()).toBe('Changed in SQL.');
    const [entry] = await auditOf('cache.clear');
    expect(entry).toMatchObject({ organisation_id: solvikId, subject_id: 'copy', actor_email: demoStaffEmail('solvik', 'ORG_ADMIN') });
  });

  it("drops the organisations' settings, and another process's clear arrives through PostgreSQL", async () => {
    const name = async () => (await call(t.app, { method: 'GET', url: '/v3/settings/releases/solvik' })).body.data.organisation.name;
    const before = await name();
    await t.db.updateTable('organisations').set({ name: 'Solvik Renamed' }).where('id', '=', solvikId).execute();
    expect(await name()).toBe(before);
    // As another API process announces its clear (the platform admin's, of every organisation):
    await sql`SELECT pg_notify('gridline_caches', 'settings * *')`.execute(t.db);
    await expect.poll(name, { timeout: 5_000 }).toBe('Solvik Renamed');
    await t.db.updateTable('organisations').set({ name: before }).where('id', '=', solvikId).execute();
    const all = await call(t.app, { method: 'DELETE', url: '/v3/cache/all', token: tokens.platform });
    expect(all.body.data).toEqual({ cleared: ['copy', 'settings', 'members'], organisation: null });
    expect(await name()).toBe(before);
  });

  it("drops the organisation's kept member reads only", async () => {
    await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: tokens.customer });
    const [koivu] = await signIn(t.app, 'koivu', 'demo');
    await call(t.app, { method: 'GET', url: '/v4/koivu/users/me', token: koivu!.accessToken });
    const kept = t.app.reads.size;
    expect(kept).toBeGreaterThanOrEqual(2);
    expect((await call(t.app, { method: 'DELETE', url: '/v3/cache/members?organisation=solvik', token: tokens.platform })).status).toBe(200);
    expect(t.app.reads.size).toBe(kept - 1);
    const hits = t.app.reads.counts.hits;
    await call(t.app, { method: 'GET', url: '/v4/koivu/users/me', token: koivu!.accessToken });
    expect(t.app.reads.counts.hits).toBe(hits + 1);
  });

  it('refuses an unknown key, a wrong scope, a customer and another organisation, and changes nothing', async () => {
    const before = (await auditOf('cache.clear')).length;
    const unknown = await call(t.app, { method: 'DELETE', url: '/v3/cache/everything', token: tokens.platform });
    expect([unknown.status, unknown.body.key]).toEqual([400, 'UNKNOWN_CACHE_KEY']);
    expect((await call(t.app, { method: 'DELETE', url: '/v3/cache/copy', token: tokens.solvikSupport })).status).toBe(403);
    expect((await call(t.app, { method: 'DELETE', url: '/v3/cache/copy', token: tokens.customer })).status).toBe(403);
    expect((await call(t.app, { method: 'DELETE', url: '/v3/cache/copy' })).status).toBe(401);
    const other = await call(t.app, { method: 'DELETE', url: '/v3/cache/copy?organisation=solvik', token: tokens.koivuAdmin });
    expect([other.status, other.body.key]).toEqual([404, 'NOT_FOUND']);
    expect((await call(t.app, { method: 'DELETE', url: '/v3/cache/copy%00', token: tokens.platform })).body.key).toBe('INVALID_CHARACTERS');
    expect((await auditOf('cache.clear')).length).toBe(before);
  });
});

describe('/v4/{organisation}/premiumfeatures', () => {
  const url = '/v4/solvik/premiumfeatures';

  it('activates, lists by account and by feature, and deactivates, each change audited', async () => {
    const on = await call(t.app, { method: 'POST', url, token: tokens.solvikSupport, payload: { accountId, featureName: 'smartCharging' } });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ accountId, featureName: 'smartCharging', activatedBy: demoStaffEmail('solvik', 'ORG_SUPPORT') });
    // again: as it is, not a second entry
    expect((await call(t.app, { method: 'POST', url, token: tokens.solvikAdmin, payload: { accountId, featureName: 'smartCharging' } })).body.data.activatedBy).toBe(demoStaffEmail('solvik', 'ORG_SUPPORT'));
    expect(await auditOf('premium-feature.activate')).toHaveLength(1);
    await call(t.app, { method: 'POST', url, token: tokens.solvikAdmin, payload: { accountId, featureName: 'realtime' } });

    const byAccount = await call(t.app, { method: 'GET', url: `${url}?accountId=${accountId}`, token: tokens.solvikSupport });
    expect(byAccount.body.data.map((f: { featureName: string }) => f.featureName).sort()).toEqual(['realtime', 'smartCharging']);
    expect(byAccount.body.pagination).toMatchObject({ total: 2 });
    const byFeature = await call(t.app, { method: 'GET', url: `${url}?featureName=realtime`, token: tokens.platform });
    expect(byFeature.body.data).toEqual([expect.objectContaining({ accountId, featureName: 'realtime' })]);

    const off = await call(t.app, { method: 'DELETE', url: `${url}?accountId=${accountId}&featureName=realtime`, token: tokens.solvikAdmin });
    expect(off.body.data).toEqual({ success: true });
    expect((await call(t.app, { method: 'DELETE', url: `${url}?accountId=${accountId}&featureName=realtime`, token: tokens.solvikAdmin })).status).toBe(404);
    const [entry] = await auditOf('premium-feature.deactivate');
    expect(entry).toMatchObject({ subject_id: accountId, before: { realtime: true }, after: { realtime: false } });
  });

  it("refuses an unknown feature, neither account nor feature, a wrong scope and another organisation's account", async () => {
    const unknown = await call(t.app, { method: 'POST', url, token: tokens.solvikAdmin, payload: { accountId, featureName: 'teleport' } });
    expect([unknown.status, unknown.body.key]).toEqual([400, 'UNKNOWN_PREMIUM_FEATURE']);
    expect((await call(t.app, { method: 'GET', url: `${url}?featureName=teleport`, token: tokens.solvikAdmin })).body.key).toBe('UNKNOWN_PREMIUM_FEATURE');
    expect((await call(t.app, { method: 'GET', url, token: tokens.solvikAdmin })).body.key).toBe('ACCOUNT_OR_FEATURE_REQUIRED');
    expect((await call(t.app, { method: 'POST', url, token: tokens.solvikAdmin, payload: { accountId, featureName: 'realtime', extra: 1 } })).status).toBe(400);
    expect((await call(t.app, { method: 'POST', url, token: tokens.solvikMarketing, payload: { accountId, featureName: 'realtime' } })).status).toBe(403);
    // koivu's account under solvik, and solvik's under koivu by koivu's staff: as if it did not exist
    expect((await call(t.app, { method: 'POST', url, token: tokens.solvikAdmin, payload: { accountId: koivuAccountId, featureName: 'realtime' } })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `${url}?accountId=${accountId}`, token: tokens.koivuAdmin })).status).toBe(404);
    expect((await call(t.app, { method: 'POST', url: '/v4/koivu/premiumfeatures', token: tokens.koivuAdmin, payload: { accountId, featureName: 'realtime' } })).status).toBe(404);
    const rows = await t.db.selectFrom('premium_features').selectAll().where('feature_name', '=', 'realtime').execute();
    expect(rows).toEqual([]);
  });
});

describe('/v4/{organisation}/email', () => {
  it('answers the deep links on the organisation\'s own portal', async () => {
    const links = await call(t.app, { method: 'GET', url: '/v4/solvik/email/deeplink', token: tokens.solvikMarketing });
    const base = TEST_PUBLIC_URL.replace('//', '//solvik.');
    expect(links.body.data.base).toBe(`${base}/`);
    expect(links.body.data.targets).toContainEqual({ target: 'INVOICE', path: '/invoices', url: `${base}/invoices` });
  });

  it('sends a real test e-mail with the deep link, audited, at most five per staff member in 15 minutes', async () => {
    const to = 'tester@solvik.example';
    const after = new Date();
    const sent = await call(t.app, { method: 'POST', url: '/v4/solvik/email/send/test', token: tokens.solvikMarketing, payload: { emailAddress: to, linkTarget: '/invoices' } });
    expect(sent.status).toBe(200);
    const link = `${TEST_PUBLIC_URL.replace('//', '//solvik.')}/invoices`;
    expect(sent.body.data).toMatchObject({ emailAddress: to, linkTarget: 'INVOICE', link });
    const mail = await t.simulators.outbox.waitFor({ kind: 'email', to, after });
    expect(mail.subject).toContain('Solvik');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect((await auditOf('email.test'))[0]).toMatchObject({ actor_email: demoStaffEmail('solvik', 'ORG_MARKETING'), data: { emailAddress: to, linkTarget: 'INVOICE', link } });

    for (let i = 0; i < 4; i++) expect((await call(t.app, { method: 'POST', url: '/v4/solvik/email/send/test', token: tokens.solvikMarketing, payload: { emailAddress: to, linkTarget: 'FAQ' } })).status).toBe(200);
    const limited = await call(t.app, { method: 'POST', url: '/v4/solvik/email/send/test', token: tokens.solvikMarketing, payload: { emailAddress: to, linkTarget: 'FAQ' } });
    expect([limited.status, limited.body.key]).toEqual([429, 'TOO_MANY_REQUESTS']);
  });

  it('refuses a bad address, a link elsewhere, a NUL byte, a wrong scope and another organisation, and sends nothing', async () => {
    const send = (payload: unknown, token = tokens.solvikAdmin, organisation = 'solvik') => call(t.app, { method: 'POST', url: `/v4/${organisation}/email/send/test`, token, payload: payload as object });
    const before = t.simulators.outbox.list({ kind: 'email' }).length;
    expect((await send({ emailAddress: 'not an address', linkTarget: 'INVOICE' })).body.key).toBe('MALFORMED_EMAIL');
    for (const linkTarget of ['https://evil.example/invoices', `${TEST_PUBLIC_URL.replace('//', '//koivu.')}/invoices`, '//evil.example/invoices', '/admin/', '/invoices?x=1', 'NONE', 'javascript:alert(1)']) {
      const answer = await send({ emailAddress: 'a@solvik.example', linkTarget });
      expect([answer.status, answer.body.key], linkTarget).toEqual([400, 'LINK_TARGET_NOT_ALLOWED']);
    }
    expect((await send({ emailAddress: 'a@solvik.example', linkTarget: 'INVOICE\u0000' })).body.key).toBe('INVALID_CHARACTERS');
    expect((await send({ emailAddress: 'a@solvik.example', linkTarget: 'INVOICE' }, tokens.solvikUser)).status).toBe(403);
    expect((await send({ emailAddress: 'a@solvik.example', linkTarget: 'INVOICE' }, tokens.koivuAdmin)).status).toBe(404);
    expect(t.simulators.outbox.list({ kind: 'email' }).length).toBe(before);
  });
});

describe('/v3/account/messages', () => {
  const item = { title: 'Hello', body: 'A message.', type: 'INFORMATION' };

  it('checks the body, scope, organisation and recipients, then answers INBOX_NOT_AVAILABLE', async () => {
    const push = await call(t.app, { method: 'POST', url: '/v3/account/messages/push/send', token: tokens.solvikMarketing, payload: { notificationItem: item, recipients: [{ userId }] } });
    expect([push.status, push.body.key]).toEqual([501, 'INBOX_NOT_AVAILABLE']);
    const create = await call(t.app, { method: 'POST', url: '/v3/account/messages/create?organisation=solvik', token: tokens.platform, payload: { message: item, recipients: [{ userId }], pushType: 'info' } });
    expect([create.status, create.body.key]).toEqual([501, 'INBOX_NOT_AVAILABLE']);

    const bad = (payload: unknown, token = tokens.solvikAdmin) => call(t.app, { method: 'POST', url: '/v3/account/messages/push/send', token, payload: payload as object });
    expect((await bad({ notificationItem: item, recipients: [] })).body.key).toBe('RECIPIENTS_REQUIRED');
    expect((await bad({ notificationItem: { ...item, type: 'SPAM' }, recipients: [{ userId }] })).body.key).toBe('VALIDATION_FAILED');
    expect((await bad({ notificationItem: item, recipients: [{ userId: 'nope' }] })).body.key).toBe('VALIDATION_FAILED');
    expect((await bad({ notificationItem: item, recipients: [{ userId }] }, tokens.solvikSupport)).status).toBe(403);
    // a solvik customer sent by koivu's staff, and by the platform without naming the organisation
    expect((await bad({ notificationItem: item, recipients: [{ userId }] }, tokens.koivuAdmin)).status).toBe(404);
    expect((await bad({ notificationItem: item, recipients: [{ userId }] }, tokens.platform)).body.key).toBe('VALIDATION_FAILED');
  });
});

describe('/v3/layout/bridge', () => {
  it('validates the staff session and says whose it is; refuses a customer, an expired or ended one', async () => {
    const valid = await call(t.app, { method: 'POST', url: '/v3/layout/bridge/validate/auth', token: tokens.solvikSupport });
    expect(valid.body.data).toMatchObject({ valid: true, email: demoStaffEmail('solvik', 'ORG_SUPPORT'), scope: 'ORG_SUPPORT', organisation: 'solvik', method: 'password' });
    expect(new Date(valid.body.data.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect((await call(t.app, { method: 'POST', url: '/v3/layout/bridge/validate/auth', token: tokens.customer })).status).toBe(403);
    expect((await call(t.app, { method: 'POST', url: '/v3/layout/bridge/validate/auth', token: 'not.a.token' })).body.key).toBe('INVALID_TOKEN');
    const ended = await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_DEVELOPER'));
    await call(t.app, { method: 'DELETE', url: '/v3/auth/staff', token: ended.accessToken });
    expect((await call(t.app, { method: 'POST', url: '/v3/layout/bridge/validate/auth', token: ended.accessToken })).body.key).toBe('SESSION_REVOKED');
  });

  it("answers a named dashboard with the widgets the scope may fill; an unknown name is 404", async () => {
    const admin = await call(t.app, { method: 'GET', url: '/v3/layout/bridge/dashboard/operations', token: tokens.solvikAdmin });
    expect(admin.body.data.widgets.map((w: { id: string }) => w.id)).toEqual(['scheduledJobs', 'testEmail', 'caches']);
    const marketing = await call(t.app, { method: 'GET', url: '/v3/layout/bridge/dashboard/operations', token: tokens.solvikMarketing });
    expect(marketing.body.data).toMatchObject({ name: 'operations', organisation: 'solvik', widgets: [{ id: 'testEmail', path: '/v4/{organisation}/email/send/test' }] });
    expect((await call(t.app, { method: 'GET', url: '/v3/layout/bridge/dashboard/secret', token: tokens.solvikAdmin })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: '/v3/layout/bridge/dashboard/__proto__', token: tokens.solvikAdmin })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: '/v3/layout/bridge/dashboard/home?organisation=solvik', token: tokens.koivuAdmin })).status).toBe(404);
  });
});
