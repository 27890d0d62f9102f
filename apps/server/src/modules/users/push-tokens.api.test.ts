import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushStatus, PushToken } from '@gridline/contracts/push-tokens';
import { call, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { demoStaffEmail } from '../../demo/staff.ts';

/*
 * Push tokens (spec 001 §7 users calls; decision 0042): the customer registers, reads and removes
 * their own; staff who help customers list the organisation's and remove one, audited.
 */

let t: TestApp;
type Session = { token: string; userId: string };
let demo: Session;
let business: Session;
let fjellkraft: Session;
/** solvik's organisation admin and support (the right scopes), marketing (a wrong scope), koivu's admin (another organisation). */
const staff = { admin: '', support: '', marketing: '', otherAdmin: '' };

const session = async (organisation: string, username: string): Promise<Session> => {
  const [auth] = await signIn(t.app, organisation, username);
  return { token: auth!.accessToken, userId: auth!.userId };
};

beforeAll(async () => {
  t = await startTestApp();
  demo = await session('solvik', 'demo');
  business = await session('solvik', 'business');
  fjellkraft = await session('fjellkraft', 'demo');
  staff.admin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  staff.support = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_SUPPORT'))).accessToken;
  staff.marketing = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_MARKETING'))).accessToken;
  staff.otherAdmin = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const register = (who: Session, token: unknown, organisation = 'solvik', id = who.userId) =>
  call(t.app, { method: 'PUT', url: `/v4/${organisation}/users/${id}/pushtoken`, token: who.token, payload: { token } as object });
const remove = (bearer: string, userId: string, idOrToken: string, organisation = 'solvik') =>
  call(t.app, { method: 'DELETE', url: `/v4/${organisation}/users/${userId}/pushtoken/${encodeURIComponent(idOrToken)}`, token: bearer });
const status = async (who: Session) => PushStatus.parse((await call(t.app, { method: 'GET', url: `/v4/solvik/users/${who.userId}/pushstatus`, token: who.token })).body.data);
const list = (bearer: string, query = '', organisation = 'solvik') => call(t.app, { method: 'GET', url: `/v4/${organisation}/users/pushtokens/all${query}`, token: bearer });
const tokensOf = (userId: string) => t.db.selectFrom('push_tokens').selectAll().where('user_id', '=', userId).execute();

const subscription = (endpoint = 'https://fcm.googleapis.com/fcm/send/dGVzdC1zdWJzY3JpcHRpb24') => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
});

describe('PUT /v4/{organisation}/users/{id}/pushtoken', () => {
  it('registers an Expo token and a Web Push subscription for the signed-in user, in one stored form', async () => {
    const expo = await register(demo, 'ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]');
    expect(expo.status).toBe(200);
    expect(PushToken.parse(expo.body.data)).toMatchObject({ userId: demo.userId, kind: 'expo', token: 'ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]' });
    expect(expo.body.data.createdAt).toBe(expo.body.data.lastRegisteredAt);

    // keys before the endpoint, with expirationTime: the same subscription as stored
    const { endpoint, keys } = subscription();
    const web = await register(demo, JSON.stringify({ keys, expirationTime: null, endpoint }));
    expect(web.status).toBe(200);
    expect(web.body.data.kind).toBe('webpush');
    expect(JSON.parse(web.body.data.token)).toEqual({ endpoint, keys });
    expect(web.body.data.token).toBe(JSON.stringify({ endpoint, keys }));
    expect((await register(demo, JSON.stringify(subscription()))).body.data._id).toBe(web.body.data._id);

    expect(await status(demo)).toEqual({ reachable: true, tokens: 2, kinds: { expo: 1, webpush: 1 }, notifications: null });
  });

  it('renews a token registered again, and moves one another user registered to the newest user', async () => {
    const first = await register(business, 'ExpoPushToken[shared-device]');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await register(business, 'ExpoPushToken[shared-device]');
    expect(again.body.data._id).toBe(first.body.data._id);
    expect(again.body.data.createdAt).toBe(first.body.data.createdAt);
    expect(Date.parse(again.body.data.lastRegisteredAt)).toBeGreaterThan(Date.parse(first.body.data.lastRegisteredAt));

    // the same device, now signed in as another customer of the organisation
    const moved = await register(demo, 'ExpoPushToken[shared-device]');
    expect(moved.body.data).toMatchObject({ _id: first.body.data._id, userId: demo.userId });
    expect(Date.parse(moved.body.data.createdAt)).toBeGreaterThan(Date.parse(first.body.data.createdAt));
    expect((await tokensOf(business.userId)).map((r) => r.token)).not.toContain('ExpoPushToken[shared-device]');

    // another organisation's user may register the same device for themselves: it stays solvik's too
    expect((await register(fjellkraft, 'ExpoPushToken[shared-device]', 'fjellkraft')).status).toBe(200);
    expect((await tokensOf(demo.userId)).map((r) => r.token)).toContain('ExpoPushToken[shared-device]');
    await remove(demo.token, demo.userId, 'ExpoPushToken[shared-device]');
  });

  it('keeps at most 20 tokens a user: the one registered longest ago gives way', async () => {
    for (let i = 0; i < 21; i++) expect((await register(business, `ExponentPushToken[device-${i}]`)).status).toBe(200);
    const kept = (await tokensOf(business.userId)).map((r) => r.token);
    expect(kept).toHaveLength(20);
    expect(kept).not.toContain('ExponentPushToken[device-0]');
    expect(kept).toContain('ExponentPushToken[device-20]');
    await t.db.deleteFrom('push_tokens').where('user_id', '=', business.userId).execute();
  });

  it('refuses what is not a push token with MALFORMED_PUSH_TOKEN and its reason, and stores nothing', async () => {
    const before = await tokensOf(demo.userId);
    const cases: Array<[string, string]> = [
      ['hello', 'UNKNOWN_KIND'],
      [' ExponentPushToken[xxxxxxxx]', 'UNKNOWN_KIND'],
      ['ExponentPushToken[]', 'MALFORMED_EXPO_TOKEN'],
      ['ExponentPushToken[abc def]', 'MALFORMED_EXPO_TOKEN'],
      ['ExponentPushToken[abc]x', 'MALFORMED_EXPO_TOKEN'],
      ['ExpoPushToken{abc}', 'MALFORMED_EXPO_TOKEN'],
      ['{"endpoint":', 'MALFORMED_SUBSCRIPTION'],
      [JSON.stringify({ endpoint: 'https://fcm.googleapis.com/x' }), 'MALFORMED_SUBSCRIPTION'],
      [JSON.stringify({ ...subscription(), extra: 1 }), 'MALFORMED_SUBSCRIPTION'],
      [JSON.stringify({ ...subscription(), keys: { p256dh: 'not base64!', auth: 'x' } }), 'MALFORMED_SUBSCRIPTION'],
      [JSON.stringify(subscription('not a url')), 'MALFORMED_SUBSCRIPTION'],
      [JSON.stringify(subscription('http://fcm.googleapis.com/fcm/send/abc')), 'ENDPOINT_NOT_HTTPS'],
      [JSON.stringify(subscription('https://127.0.0.1/push')), 'ENDPOINT_NOT_PUBLIC'],
      [JSON.stringify(subscription('https://[::1]/push')), 'ENDPOINT_NOT_PUBLIC'],
      [JSON.stringify(subscription('https://localhost/push')), 'ENDPOINT_NOT_PUBLIC'],
      [JSON.stringify(subscription('https://push.svc.internal/push')), 'ENDPOINT_NOT_PUBLIC'],
      [JSON.stringify(subscription('https://user:pw@fcm.googleapis.com/x')), 'ENDPOINT_NOT_PUBLIC'],
      [`ExponentPushToken[${'x'.repeat(2100)}]`, 'TOO_LONG'],
      [JSON.stringify(subscription(`https://fcm.googleapis.com/${'a'.repeat(2100)}`)), 'TOO_LONG'],
    ];
    for (const [token, reason] of cases) {
      const res = await register(demo, token);
      expect(res.status, token.slice(0, 80)).toBe(400);
      expect(res.body, token.slice(0, 80)).toMatchObject({ key: 'MALFORMED_PUSH_TOKEN', name: 'MALFORMED_PUSH_TOKEN', data: { field: 'token', reason } });
    }
    expect((await register(demo, `ExponentPushToken[${'x'.repeat(2100)}]`)).body.data.maxLength).toBe(2048);
    expect(await tokensOf(demo.userId)).toEqual(before);
  });

  it('refuses a NUL byte or another control character, a body of another shape, and a token longer than any body takes', async () => {
    const nul = await register(demo, 'ExponentPushToken[abc\u0000def]');
    expect(nul.status).toBe(400);
    expect(nul.body.key).toBe('INVALID_CHARACTERS');
    expect(nul.body.data.issues[0].path).toBe('body.token');
    for (const payload of [{}, { token: 42 }, { token: null }, { token: '' }, { token: 'ExponentPushToken[a]', kind: 'expo' }, { token: 'y'.repeat(20_000) }]) {
      const res = await call(t.app, { method: 'PUT', url: `/v4/solvik/users/${demo.userId}/pushtoken`, token: demo.token, payload });
      expect(res.status, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.body.key).toBe('VALIDATION_FAILED');
    }
  });

  it("registers only for the signed-in user: another user's id, here or in another organisation, is 404; no token is 401", async () => {
    for (const id of [business.userId, fjellkraft.userId, 'ffffffffffffffffffffffff', 'not-an-id']) {
      const res = await register(demo, 'ExponentPushToken[intruder]', 'solvik', id);
      expect(res.status, id).toBe(404);
      expect(res.body.key).toBe('NOT_FOUND');
    }
    expect((await register(fjellkraft, 'ExponentPushToken[intruder]', 'solvik')).status).toBe(401);
    expect((await call(t.app, { method: 'PUT', url: `/v4/solvik/users/${demo.userId}/pushtoken`, payload: { token: 'ExponentPushToken[intruder]' } })).status).toBe(401);
    // staff do not register customers' devices
    expect((await call(t.app, { method: 'PUT', url: `/v4/solvik/users/${demo.userId}/pushtoken`, token: staff.admin, payload: { token: 'ExponentPushToken[intruder]' } })).status).toBe(401);
    expect(await t.db.selectFrom('push_tokens').select('id').where('token', '=', 'ExponentPushToken[intruder]').execute()).toEqual([]);
  });
});

describe('GET /v4/{organisation}/users/{id}/pushstatus', () => {
  it("answers the signed-in user's own status only", async () => {
    expect(await status(business)).toEqual({ reachable: false, tokens: 0, kinds: { expo: 0, webpush: 0 }, notifications: null });
    const other = await call(t.app, { method: 'GET', url: `/v4/solvik/users/${demo.userId}/pushstatus`, token: business.token });
    expect(other.status).toBe(404);
    expect(other.body.key).toBe('NOT_FOUND');
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/users/${demo.userId}/pushstatus`, token: staff.admin })).status).toBe(401);
  });
});

describe('DELETE /v4/{organisation}/users/{id}/pushtoken/{token}', () => {
  it('lets the customer remove their own token by its text or by its id, and nobody else’s', async () => {
    const expo = (await register(business, 'ExponentPushToken[business-phone]')).body.data as PushToken;
    const web = (await register(business, JSON.stringify(subscription('https://updates.push.services.mozilla.com/wpush/v2/abc')))).body.data as PushToken;
    // another customer: 404 with their own id in the path or with the owner's
    expect((await remove(demo.token, business.userId, expo.token)).status).toBe(404);
    expect((await remove(demo.token, demo.userId, expo._id)).status).toBe(404);
    expect((await remove(fjellkraft.token, fjellkraft.userId, expo._id, 'fjellkraft')).status).toBe(404);
    expect((await remove(fjellkraft.token, business.userId, expo._id)).status).toBe(401);

    const byText = await remove(business.token, business.userId, expo.token);
    expect(byText.status).toBe(200);
    expect(byText.body.data).toEqual({ _id: expo._id, deleted: true });
    const byId = await remove(business.token, business.userId, web._id);
    expect(byId.status).toBe(200);
    expect(await tokensOf(business.userId)).toEqual([]);
    // gone: a second removal is 404
    expect((await remove(business.token, business.userId, expo.token)).body.key).toBe('NOT_FOUND');
    // a Web Push subscription is longer than a path segment may be: by its id, as the contract says
    const long = await remove(business.token, business.userId, web.token);
    expect(long.status).toBe(400);
    expect(long.body.key).toBe('VALIDATION_FAILED');
  });

  it('lets staff who help customers remove any user’s token of their organisation, audited; others are refused', async () => {
    const expo = (await register(business, 'ExponentPushToken[support-removes]')).body.data as PushToken;
    expect((await remove(staff.marketing, business.userId, expo._id)).status).toBe(403);
    expect((await remove(staff.otherAdmin, business.userId, expo._id)).status).toBe(404);
    // under the other organisation's prefix, the token is not theirs
    expect((await remove(staff.otherAdmin, business.userId, expo._id, 'koivu')).status).toBe(404);
    // the token named with another user of the organisation
    expect((await remove(staff.support, demo.userId, expo._id)).status).toBe(404);

    const res = await remove(staff.support, business.userId, expo._id);
    expect(res.status).toBe(200);
    expect(await tokensOf(business.userId)).toEqual([]);
    const [entry] = await t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'user.push-token.delete').where('subject_id', '=', business.userId).execute();
    expect(entry).toMatchObject({ actor_type: 'admin', actor_email: demoStaffEmail('solvik', 'ORG_SUPPORT'), subject_type: 'user', after: null });
    expect(entry!.before).toMatchObject({ pushTokenId: expo._id, kind: 'expo' });
    expect(JSON.stringify(entry)).not.toContain('support-removes');
  });
});

describe('GET /v4/{organisation}/users/pushtokens/all', () => {
  it("pages the organisation's tokens, newest first, or one user's; never another organisation's; audited as views", async () => {
    await register(business, 'ExponentPushToken[list-a]');
    await register(business, 'ExponentPushToken[list-b]');
    await register(fjellkraft, 'ExponentPushToken[fjellkraft-only]', 'fjellkraft');
    const all = await list(staff.admin);
    expect(all.status).toBe(200);
    const tokens = all.body.data.map((d: PushToken) => PushToken.parse(d));
    expect(tokens.map((d: PushToken) => d.token)).toEqual(expect.arrayContaining(['ExponentPushToken[list-a]', 'ExponentPushToken[list-b]']));
    expect(tokens.map((d: PushToken) => d.token)).not.toContain('ExponentPushToken[fjellkraft-only]');
    expect(all.body.pagination.total).toBe(tokens.length);
    const times = tokens.map((d: PushToken) => Date.parse(d.lastRegisteredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const page = await list(staff.support, `?userId=${business.userId}&limit=1&page=2`);
    expect(page.body.data.map((d: PushToken) => d.token)).toEqual(['ExponentPushToken[list-a]']);
    expect(page.body.pagination).toEqual({ limit: 1, page: 2, total: 2 });
    // another organisation's user: none
    expect((await list(staff.admin, `?userId=${fjellkraft.userId}`)).body.data).toEqual([]);

    const views = await t.db.selectFrom('audit_logs').select('data').where('action', '=', 'customer.view').where('subject_id', '=', business.userId).execute();
    expect(views.some((v) => (v.data as { via?: string }).via === 'users.pushtokens')).toBe(true);
  });

  it('refuses customers, the wrong scope, and staff of another organisation; refuses bad paging', async () => {
    expect((await list(demo.token)).status).toBe(403);
    expect((await list(staff.marketing)).status).toBe(403);
    expect((await list(staff.otherAdmin)).status).toBe(404);
    expect((await list(staff.otherAdmin, '', 'koivu')).body.data).toEqual([]);
    for (const query of ['?limit=0', '?limit=101', '?page=x', '?userId=nope', '?limit=1e2']) {
      const res = await list(staff.admin, query);
      expect(res.status, query).toBe(400);
      expect(res.body.key).toBe('VALIDATION_FAILED');
    }
  });
});

describe('the customer page and deleting the user', () => {
  it('shows the push tokens on the overview, and the deleted user takes them along', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'nolocations');
    const who = { token: auth!.accessToken, userId: auth!.userId };
    const expo = (await register(who, 'ExponentPushToken[nolocations-phone]')).body.data as PushToken;
    const overview = await call(t.app, { method: 'GET', url: `/v4/solvik/users/${who.userId}/overview`, token: staff.admin });
    expect(overview.body.data.pushTokens).toEqual([expo]);

    expect((await call(t.app, { method: 'DELETE', url: `/v4/solvik/users/${who.userId}/deleteuser`, token: staff.admin })).status).toBe(200);
    expect(await tokensOf(who.userId)).toEqual([]);
  });
});
