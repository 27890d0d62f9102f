import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeletionRequest, User } from '@gridline/contracts/users';
import { formatDate } from '@gridline/locale/dates';
import { call, signIn, staffSignIn } from '../../../test/app.ts';
import { startSignInTestApp, type SignInTestApp } from '../../../test/sign-in.ts';
import { demoStaffEmail } from '../../demo/staff.ts';

/*
 * The customer's request to be deleted (spec 001 §7 `GET /users/requestDelete`; decision 0042):
 * kept once, audited as the customer's, confirmed by e-mail in their language; staff see it on the
 * customer page and deleting the user removes it.
 */

let t: SignInTestApp;
const staff = { admin: '', support: '' };
beforeAll(async () => {
  t = await startSignInTestApp();
  staff.admin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  staff.support = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_SUPPORT'))).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const requestDelete = (token?: string, organisation = 'solvik') => call(t.app, { method: 'GET', url: `/v4/${organisation}/users/requestDelete`, ...(token ? { token } : {}) });
const me = async (token: string) => User.parse((await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token })).body.data);
const overview = async (userId: string) => (await call(t.app, { method: 'GET', url: `/v4/solvik/users/${userId}/overview`, token: staff.support })).body.data;

describe('GET /v4/{organisation}/users/requestDelete', () => {
  it('records the request once, audited as the customer’s, with a confirmation e-mail in their language; asking again keeps the first date', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'demo');
    const token = auth!.accessToken;
    const user = await me(token);
    expect(user.deletionRequestedAt).toBeNull();
    expect(user.language).toBe('sv');
    expect(user.email).toBeTruthy();
    const sentAfter = new Date();

    const first = await requestDelete(token);
    expect(first.status).toBe(200);
    const { requestedAt } = DeletionRequest.parse(first.body.data);
    expect(Math.abs(Date.parse(requestedAt) - Date.now())).toBeLessThan(60_000);
    // the portal's next read shows it at once
    expect((await me(token)).deletionRequestedAt).toBe(requestedAt);

    const mail = await t.simulators.outbox.waitFor({ kind: 'email', to: user.email!, after: sentAfter });
    expect(mail.subject).toBe('Vi har tagit emot din begäran om att radera ditt konto hos Solvik Energi');
    expect(mail.text).toContain(`Den ${formatDate(requestedAt, 'sv', 'Europe/Stockholm')} bad du Solvik Energi att radera ditt konto`);
    expect(mail.text).toContain('Hej Anna-Karin!');

    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await requestDelete(token);
    expect(again.body.data).toEqual({ requestedAt });
    const entries = await t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'user.deletion.request').where('subject_id', '=', user._id).execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_type: 'user', actor_id: user._id, subject_type: 'user', after: { deletionRequestedAt: requestedAt }, outcome: 'success' });
    expect(entries[0]!.request_id).toBeTruthy();
    // one e-mail, not one per request
    expect(t.simulators.outbox.list({ kind: 'email', to: user.email! }).filter((m) => m.createdAt >= sentAfter)).toHaveLength(1);

    // staff see it on the customer page
    expect((await overview(user._id)).deletionRequest).toEqual({ requestedAt });
  });

  it('writes in the customer’s own language (English here)', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'business');
    const token = auth!.accessToken;
    expect((await call(t.app, { method: 'PUT', url: '/v4/solvik/users/me/language', token, payload: { language: 'en' } })).status).toBe(200);
    const user = await me(token);
    const sentAfter = new Date();
    const res = await requestDelete(token);
    expect(res.status).toBe(200);
    const mail = await t.simulators.outbox.waitFor({ kind: 'email', to: user.email!, after: sentAfter });
    expect(mail.subject).toBe('We have received your request to delete your account at Solvik Energi');
    expect(mail.text).toContain(`On ${formatDate(res.body.data.requestedAt, 'en', 'Europe/Stockholm')} you asked Solvik Energi`);
  });

  it('refuses the read-only support session (INSPECTOR), without a token, and with another organisation’s token', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'nolocations');
    const session = await call(t.app, { method: 'POST', url: '/v4/solvik/inspectors/session', token: staff.support, payload: { accountId: auth!.accountId, userId: auth!.userId } });
    expect(session.status).toBe(200);
    const tokens = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${session.body.data.ref}` });
    const inspector = tokens.body.data.auths[0].accessToken as string;
    const refused = await requestDelete(inspector);
    expect(refused.status).toBe(403);
    expect(refused.body.key).toBe('READ_ONLY_SESSION');
    expect((await me(auth!.accessToken)).deletionRequestedAt).toBeNull();

    expect((await requestDelete()).status).toBe(401);
    const [other] = await signIn(t.app, 'fjellkraft', 'demo');
    expect((await requestDelete(other!.accessToken)).status).toBe(401);
    // staff do not ask on a customer's behalf
    expect((await requestDelete(staff.admin)).status).toBe(401);
    expect((await overview(auth!.userId)).deletionRequest).toBeNull();
  });

  it('goes with the user when staff delete them', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'nolocations');
    const res = await requestDelete(auth!.accessToken);
    expect(res.status).toBe(200);
    expect((await overview(auth!.userId)).deletionRequest).toEqual(res.body.data);
    expect((await call(t.app, { method: 'DELETE', url: `/v4/solvik/users/${auth!.userId}/deleteuser`, token: staff.admin })).status).toBe(200);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', auth!.userId).execute()).toEqual([]);
    expect((await requestDelete(auth!.accessToken)).status).toBe(401);
  });
});
