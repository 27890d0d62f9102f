import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { demoStaffEmail } from '../../demo/staff.ts';
import { AuthRepository } from '../auth/repository.ts';
import { SessionRevocations } from '../auth/session-revocations.ts';

/*
 * The staff calls of decision 0041: deleting a user outright, creating and deleting accounts,
 * attaching and detaching sites, and the customer's password-reset e-mail.
 */

let t: TestApp;
/** solvik's organisation admin and support (the right scopes), solvik's marketing (wrong scope), fjellkraft's support (another organisation). */
const staff = { admin: '', support: '', marketing: '', otherSupport: '' };

beforeAll(async () => {
  t = await startTestApp();
  staff.admin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  staff.support = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_SUPPORT'))).accessToken;
  staff.marketing = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_MARKETING'))).accessToken;
  staff.otherSupport = (await staffSignIn(t.app, 'fjellkraft', demoStaffEmail('fjellkraft', 'ORG_SUPPORT'))).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) => call(t.app, { method, url, token, ...(payload ? { payload } : {}) });
const audit = (action: string, subjectId: string) => t.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('subject_id', '=', subjectId).orderBy('seq').execute();
/** The refresh-token family an access token names (its `sid`). */
const familyOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid as string;

describe('delete a user outright (DELETE /v4/{organisation}/users/{id}/deleteuser)', () => {
  it('deletes the user, their memberships and sign-in; their sessions end at once in every process; the account stays', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'nolocations');
    const userId = auth!.userId;
    const accountId = auth!.accountId;
    expect((await send('GET', '/v4/solvik/users/me', auth!.accessToken)).status).toBe(200);
    const invoicesBefore = await t.db.selectFrom('invoices').select('id').where('account_id', '=', accountId).execute();

    const res = await send('DELETE', `/v4/solvik/users/${userId}/deleteuser`, staff.support);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ _id: userId, deleted: true });

    // the session ends at once, here and in a process that never saw the deletion
    const me = await send('GET', '/v4/solvik/users/me', auth!.accessToken);
    expect([me.status, me.body.key]).toEqual([401, 'SESSION_REVOKED']);
    expect(await new SessionRevocations(new AuthRepository(t.db)).isRevoked(familyOf(auth!.accessToken))).toBe(true);
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?refreshToken=${encodeURIComponent(auth!.refreshToken)}` })).body.key).toBe('REFRESH_TOKEN_INVALID');
    // nor can they sign in again
    expect((await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PWD', organisation: 'solvik', username: 'nolocations', password: 'demo' } })).status).toBeGreaterThanOrEqual(400);

    // the existing reads: the user is gone, the account stays with its invoices, without owner or users
    expect((await send('GET', `/v4/solvik/users/${userId}`, staff.support)).body.key).toBe('MISSING_USER_ID');
    const account = await send('GET', `/v4/solvik/accounts/${accountId}`, staff.support);
    expect(account.status).toBe(200);
    expect(account.body.data).toMatchObject({ accountOwner: null, users: [] });
    expect(await t.db.selectFrom('invoices').select('id').where('account_id', '=', accountId).execute()).toEqual(invoicesBefore);

    const [entry] = await audit('user.delete', userId);
    expect(entry).toMatchObject({ actor_email: demoStaffEmail('solvik', 'ORG_SUPPORT'), after: null, data: { ownerlessAccounts: [accountId], sessionsEnded: 1 } });
    expect(entry!.before).toMatchObject({ username: 'nolocations', accounts: [{ accountId, role: 'OWNER' }] });
    expect((await send('DELETE', `/v4/solvik/users/${userId}/deleteuser`, staff.support)).body.key).toBe('MISSING_USER_ID');
  });

  it('deletes a guest (organisation admin), and refuses the owner of an account that others share', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'business');
    const guest = (await send('POST', '/v4/solvik/users', staff.admin, { firstName: 'Guest', account: { accountId: auth!.accountId } })).body.data;
    const refused = await send('DELETE', `/v4/solvik/users/${auth!.userId}/deleteuser`, staff.admin);
    expect([refused.status, refused.body.key, refused.body.data]).toEqual([409, 'USER_OWNS_SHARED_ACCOUNT', { accountIds: [auth!.accountId] }]);
    expect((await send('GET', '/v4/solvik/users/me', auth!.accessToken)).status).toBe(200);

    expect((await send('DELETE', `/v4/solvik/users/${guest._id}/deleteuser`, staff.admin)).status).toBe(200);
    const account = await send('GET', `/v4/solvik/accounts/${auth!.accountId}`, staff.admin);
    expect(account.body.data.users.map((u: { _id: string }) => u._id)).toEqual([auth!.userId]);
    expect(await audit('user.delete', guest._id)).toHaveLength(1);
  });

  it('403 for a scope without the right, 404 for another organisation, 400 for a malformed id', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'demo');
    expect((await send('DELETE', `/v4/solvik/users/${auth!.userId}/deleteuser`, staff.marketing)).status).toBe(403);
    expect((await send('DELETE', `/v4/solvik/users/${auth!.userId}/deleteuser`, staff.otherSupport)).status).toBe(404);
    const [theirs] = await signIn(t.app, 'fjellkraft', 'demo');
    expect((await send('DELETE', `/v4/solvik/users/${theirs!.userId}/deleteuser`, staff.support)).body.key).toBe('MISSING_USER_ID');
    expect((await send('DELETE', '/v4/solvik/users/nope/deleteuser', staff.support)).status).toBe(400);
    expect((await send('GET', '/v4/fjellkraft/users/me', theirs!.accessToken)).status).toBe(200);
  });
});
