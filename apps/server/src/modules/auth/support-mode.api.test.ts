import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIdentities, demoSupportAdmin } from '../../demo/sign-in-identities.ts';
import { call, signIn, startTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const support = (payload: Record<string, unknown>, organisation = 'solvik') =>
  call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'ADMIN', organisation, inspectorLogin: true, email: demoSupportAdmin(organisation), password: 'demo', ...payload } });

async function inspectorTokens(payload: Record<string, unknown>) {
  const start = await support(payload);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const tokens = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${start.body.data.ref}` });
  expect(tokens.status).toBe(200);
  return { ref: start.body.data.ref as string, auths: tokens.body.data.auths as Array<{ accessToken: string; refreshToken: string; scope: string; accountId: string }> };
}

describe('support mode (INSPECTOR)', () => {
  it('signs an admin in as the customer named by personal number, customer number or username, with scope INSPECTOR', async () => {
    const byNumber = await inspectorTokens({ asPersonalId: demoIdentities.solvik!.personalIds['anna-karin.lindqvist@example.com'] });
    expect(byNumber.auths).toHaveLength(2);
    expect(byNumber.auths.every((a) => a.scope === 'INSPECTOR')).toBe(true);
    const me = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: byNumber.auths[0]!.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data.firstName.toLowerCase()).toBe('anna-karin');

    const byUsername = await inspectorTokens({ asUsername: 'business' });
    const business = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: byUsername.auths[0]!.accessToken });
    expect(business.body.data.username).toBe('business');
    const customerNumber = business.body.data.customerNumber as string;
    const byCustomer = await inspectorTokens({ asCustomerId: customerNumber });
    expect(byCustomer.auths[0]!.accountId).toBe(byUsername.auths[0]!.accountId);
  });

  it('reads but never writes customer data; it may switch accounts, renew and sign out', async () => {
    const { auths } = await inspectorTokens({ asUsername: 'demo' });
    const token = auths[0]!.accessToken;
    const language = await call(t.app, { method: 'PUT', url: '/v4/solvik/users/me/language', token, payload: { language: 'en' } });
    expect(language.status).toBe(403);
    expect(language.body.key).toBe('READ_ONLY_SESSION');
    const switched = await call(t.app, { method: 'PUT', url: '/v4/solvik/users/me/active-account', token, payload: { accountId: auths[1]!.accountId } });
    expect(switched.status).toBe(200);
    // A renewed token is still an inspector's.
    const renewed = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?refreshToken=${auths[0]!.refreshToken}` });
    expect(renewed.body.data.auths[0].scope).toBe('INSPECTOR');
    const stillReadOnly = await call(t.app, { method: 'PUT', url: '/v4/solvik/users/me/language', token: renewed.body.data.auths[0].accessToken, payload: { language: 'en' } });
    expect(stillReadOnly.body.key).toBe('READ_ONLY_SESSION');
    const out = await call(t.app, { method: 'DELETE', url: '/v3/auth/', token, payload: { refreshTokens: [] } });
    expect(out.status).toBe(200);
    // The customer's own session writes as before.
    const [own] = await signIn(t.app, 'solvik', 'demo');
    expect((await call(t.app, { method: 'PUT', url: '/v4/solvik/users/me/language', token: own!.accessToken, payload: { language: 'sv' } })).status).toBe(200);
  });

  it('writes every support session to the audit log', async () => {
    const { ref } = await inspectorTokens({ asUsername: 'nolocations' });
    const entries = await t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'support.session').execute();
    const entry = entries.find((e) => (e.data as { ref?: string }).ref === ref);
    if (!entry) throw new Error('no audit entry for the session');
    expect(entry).toMatchObject({ actor_type: 'admin', subject_type: 'user' });
    expect((entry.data as { email: string }).email).toBe('support@solvik.example');
  });

  it("refuses a wrong password, an unknown admin, another organisation's admin, and an unknown customer", async () => {
    expect((await support({ asUsername: 'demo', password: 'nope' })).body.key).toBe('WRONG_PASSWORD');
    expect((await support({ asUsername: 'demo', email: 'nobody@solvik.example' })).body.key).toBe('USER_NOT_FOUND');
    const foreign = await support({ asUsername: 'demo', email: demoSupportAdmin('fjellkraft') });
    expect(foreign.status).toBe(401);
    expect(foreign.body.key).toBe('USER_NOT_FOUND');
    const unknown = await support({ asUsername: 'no-such-customer' });
    expect(unknown.status).toBe(404);
    expect((await support({})).body.key).toBe('VALIDATION_FAILED');
    expect((await support({ asPersonalId: '811218-9875' })).body.key).toBe('MALFORMED_PERSONAL_NUMBER');
  });
});
