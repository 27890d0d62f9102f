import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';

let t: TestApp;
const staff = { admin: '', support: '', marketing: '', otherSupport: '', platform: '' };
let demo: { userId: string; accountIds: string[] };
let koivuAccountId: string;
const admins: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  staff.admin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  staff.support = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_SUPPORT'))).accessToken;
  staff.marketing = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_MARKETING'))).accessToken;
  staff.otherSupport = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_SUPPORT'))).accessToken;
  staff.platform = (await staffSignIn(t.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
  const auths = await signIn(t.app, 'solvik', 'demo');
  demo = { userId: auths[0]!.userId, accountIds: auths.map((a) => a.accountId) };
  koivuAccountId = (await signIn(t.app, 'koivu', 'demo'))[0]!.accountId;
  for (const row of await t.db.selectFrom('admins').select(['id', 'email']).execute()) admins[row.email] = row.id;
});
afterAll(async () => {
  await t?.close();
});

const supportId = () => admins[demoStaffEmail('solvik', 'ORG_SUPPORT')]!;
const add = (token: string, payload: object, organisation = 'solvik') => call(t.app, { method: 'POST', url: `/v4/${organisation}/inspectors`, token, payload });

describe('inspectors: attach, list, remove', () => {
  it('attaches an admin to accounts, lists them by account and by admin, removes one and several; every change audited', async () => {
    const first = await add(staff.admin, { adminId: supportId(), accountId: demo.accountIds[0] });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ adminId: supportId(), accountId: demo.accountIds[0], admin: { email: demoStaffEmail('solvik', 'ORG_SUPPORT'), scope: 'ORG_SUPPORT' } });
    // twice changes nothing
    expect((await add(staff.admin, { adminId: supportId(), accountId: demo.accountIds[0] })).body.data.createdAt).toBe(first.body.data.createdAt);
    expect((await add(staff.support, { adminId: supportId(), accountId: demo.accountIds[1] })).status).toBe(200);
    const added = await t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'inspector.add').execute();
    expect(added).toHaveLength(2);

    const ofAccount = await call(t.app, { method: 'GET', url: `/v4/solvik/inspectors/${demo.accountIds[0]}`, token: staff.support });
    expect(ofAccount.body.data.map((i: { adminId: string }) => i.adminId)).toEqual([supportId()]);
    const ofAdmin = await call(t.app, { method: 'POST', url: '/v4/solvik/inspectors/user', token: staff.support, payload: { email: demoStaffEmail('solvik', 'ORG_SUPPORT').toUpperCase() } });
    expect(ofAdmin.body.data.map((i: { accountId: string }) => i.accountId).sort()).toEqual([...demo.accountIds].sort());

    // the customer page shows them
    const overview = await call(t.app, { method: 'GET', url: `/v4/solvik/users/${demo.userId}/overview`, token: staff.support });
    expect(overview.body.data.inspectors).toHaveLength(2);

    const one = await call(t.app, { method: 'DELETE', url: `/v4/solvik/inspectors/${demo.accountIds[0]}?adminId=${supportId()}`, token: staff.support });
    expect(one.body.data).toEqual({ removed: 1 });
    expect((await call(t.app, { method: 'DELETE', url: `/v4/solvik/inspectors/${demo.accountIds[0]}?adminId=${supportId()}`, token: staff.support })).status).toBe(404);
    const many = await call(t.app, { method: 'DELETE', url: `/v4/solvik/inspectors?adminId=${supportId()}&accountIds=${demo.accountIds.join(',')}`, token: staff.admin });
    expect(many.body.data).toEqual({ removed: 1 });
    const removed = await t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'inspector.remove').execute();
    expect(removed.map((r) => r.subject_id).sort()).toEqual([...demo.accountIds].sort());
    expect(removed[0]).toMatchObject({ actor_type: 'admin', before: expect.objectContaining({ adminId: supportId() }), after: null });
  });

  it('attaches only admins who may help the organisation\'s customers; the platform admin may be attached by platform staff', async () => {
    const marketing = await add(staff.admin, { adminId: admins[demoStaffEmail('solvik', 'ORG_MARKETING')], accountId: demo.accountIds[0] });
    expect([marketing.status, marketing.body.key]).toEqual([409, 'ADMIN_CANNOT_INSPECT']);
    // an organisation's staff do not see the platform's admins
    expect((await add(staff.admin, { adminId: admins[DEMO_PLATFORM_ADMIN], accountId: demo.accountIds[0] })).status).toBe(404);
    expect((await add(staff.platform, { adminId: admins[DEMO_PLATFORM_ADMIN], accountId: demo.accountIds[0] })).status).toBe(200);
  });

  it("answers 404 for another organisation's admin, account or staff, 403 for a scope that may not help customers, and 400 for bad input", async () => {
    expect((await add(staff.admin, { adminId: admins[demoStaffEmail('koivu', 'ORG_SUPPORT')], accountId: demo.accountIds[0] })).status).toBe(404);
    expect((await add(staff.admin, { adminId: supportId(), accountId: koivuAccountId })).status).toBe(404);
    expect((await add(staff.otherSupport, { adminId: supportId(), accountId: demo.accountIds[0] })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/inspectors/${koivuAccountId}`, token: staff.support })).status).toBe(404);
    expect((await call(t.app, { method: 'POST', url: '/v4/solvik/inspectors/user', token: staff.support, payload: { email: demoStaffEmail('koivu', 'ORG_SUPPORT') } })).status).toBe(404);
    expect((await add(staff.marketing, { adminId: supportId(), accountId: demo.accountIds[0] })).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/inspectors/${demo.accountIds[0]}`, token: staff.marketing })).status).toBe(403);
    for (const payload of [{}, { adminId: supportId() }, { adminId: 'x', accountId: demo.accountIds[0] }, { adminId: supportId(), accountId: demo.accountIds[0], extra: true }]) {
      expect((await add(staff.admin, payload)).status, JSON.stringify(payload)).toBe(400);
    }
    expect((await call(t.app, { method: 'DELETE', url: `/v4/solvik/inspectors/${demo.accountIds[0]}`, token: staff.support })).status).toBe(400);
    expect((await call(t.app, { method: 'DELETE', url: `/v4/solvik/inspectors?adminId=${supportId()}&accountIds=nope`, token: staff.support })).status).toBe(400);
  });
});

describe('open as this customer (POST /v4/{organisation}/inspectors/session)', () => {
  it("starts the portal's read-only support session for the account: a one-time /login?ref link, INSPECTOR tokens for that account only, audited", async () => {
    // the account's owner, when no user is named
    const { account_owner_id: owner } = await t.db.selectFrom('accounts').select('account_owner_id').where('id', '=', demo.accountIds[1]!).executeTakeFirstOrThrow();
    const res = await call(t.app, { method: 'POST', url: '/v4/solvik/inspectors/session', token: staff.support, payload: { accountId: demo.accountIds[1] } });
    expect(res.status).toBe(200);
    const session = res.body.data;
    expect(session).toMatchObject({ userId: owner, accountId: demo.accountIds[1] });
    const url = new URL(session.url);
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('ref')).toBe(session.ref);
    expect(url.hostname.startsWith('solvik.')).toBe(true);
    expect(Date.parse(session.expiresAt) - Date.now()).toBeLessThanOrEqual(2 * 60_000);

    // the portal polls the ref, then exchanges it once
    const status = await call(t.app, { method: 'GET', url: `/v3/auth/?ref=${session.ref}&organisation=solvik` });
    expect(status.body.data.status).toBe('done');
    const tokens = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${session.ref}` });
    expect(tokens.status).toBe(200);
    expect(tokens.body.data.auths).toHaveLength(1);
    expect(tokens.body.data.auths[0]).toMatchObject({ scope: 'INSPECTOR', accountId: demo.accountIds[1], userId: owner });
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${session.ref}` })).status).toBe(401);

    // read-only, as support mode is
    const token = tokens.body.data.auths[0].accessToken;
    expect((await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token })).status).toBe(200);
    const write = await call(t.app, { method: 'PUT', url: '/v4/solvik/users/me/language', token, payload: { language: 'en' } });
    expect(write.body.key).toBe('READ_ONLY_SESSION');

    const [entry] = await t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'support.session').where('subject_id', '=', owner).orderBy('seq', 'desc').execute();
    expect(entry).toMatchObject({ actor_id: supportId(), actor_email: demoStaffEmail('solvik', 'ORG_SUPPORT'), actor_scope: 'ORG_SUPPORT', organisation_id: expect.any(String) });
    expect(entry!.data).toMatchObject({ ref: session.ref, method: 'BACK_OFFICE', accountId: demo.accountIds[1] });
  });

  it('acts as a named user of the account, and refuses one who is not', async () => {
    const res = await call(t.app, { method: 'POST', url: '/v4/solvik/inspectors/session', token: staff.admin, payload: { accountId: demo.accountIds[1], userId: demo.userId } });
    expect(res.body.data.userId).toBe(demo.userId);
    const tokens = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${res.body.data.ref}` });
    expect(tokens.body.data.auths.map((a: { accountId: string }) => a.accountId)).toEqual([demo.accountIds[1]]);
    const [business] = await signIn(t.app, 'solvik', 'business');
    expect((await call(t.app, { method: 'POST', url: '/v4/solvik/inspectors/session', token: staff.admin, payload: { accountId: demo.accountIds[0], userId: business!.userId } })).status).toBe(404);
  });

  it('only for staff who may help the customer: wrong scope 403, another organisation 404, bad input 400', async () => {
    expect((await call(t.app, { method: 'POST', url: '/v4/solvik/inspectors/session', token: staff.marketing, payload: { accountId: demo.accountIds[0] } })).status).toBe(403);
    expect((await call(t.app, { method: 'POST', url: '/v4/solvik/inspectors/session', token: staff.otherSupport, payload: { accountId: demo.accountIds[0] } })).status).toBe(404);
    expect((await call(t.app, { method: 'POST', url: '/v4/solvik/inspectors/session', token: staff.support, payload: { accountId: koivuAccountId } })).status).toBe(404);
    expect((await call(t.app, { method: 'POST', url: '/v4/solvik/inspectors/session', token: staff.support, payload: { accountId: 'nope' } })).status).toBe(400);
    const [customer] = await signIn(t.app, 'solvik', 'demo');
    expect((await call(t.app, { method: 'POST', url: '/v4/solvik/inspectors/session', token: customer!.accessToken, payload: { accountId: demo.accountIds[0] } })).status).toBe(403);
  });
});
