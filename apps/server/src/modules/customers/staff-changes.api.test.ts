import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { demoIdentities } from '../../demo/sign-in-identities.ts';
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
    expect([refused.status, refused.body.key]).toEqual([409, 'USER_OWNS_SHARED_ACCOUNT']);
    expect(refused.body.message).toContain(auth!.accountId);
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

describe('create and delete accounts (POST /v4/{organisation}/accounts, DELETE …/accounts/{accountId})', () => {
  it('creates a private account and a business account with its owner; the reads show them; audited', async () => {
    const plain = await send('POST', '/v4/solvik/accounts', staff.support, { type: 'CUSTOMER', customerId: '3109001' });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.data).toMatchObject({ type: 'CUSTOMER', provider: { customerId: '3109001' }, organisationNumber: null, accountOwner: null, users: [], locationCount: 0 });
    expect((await send('GET', `/v4/solvik/accounts/${plain.body.data._id}`, staff.support)).body.data.provider.customerId).toBe('3109001');
    expect((await audit('account.create', plain.body.data._id))[0]).toMatchObject({ before: null, after: { type: 'CUSTOMER', customerId: '3109001', ownerId: null } });

    const [auth] = await signIn(t.app, 'solvik', 'demo');
    const number = demoIdentities.solvik!.businessOrganisationNumber!;
    const business = await send('POST', '/v4/solvik/accounts', staff.admin, { type: 'BUSINESS', customerId: '3109002', organisationNumber: number.replace('-', ''), ownerId: auth!.userId });
    expect(business.status, JSON.stringify(business.body)).toBe(200);
    expect(business.body.data).toMatchObject({ type: 'BUSINESS', organisationNumber: number, accountOwner: { _id: auth!.userId }, users: [{ _id: auth!.userId, role: 'OWNER' }] });
    const user = await send('GET', `/v4/solvik/users/${auth!.userId}`, staff.admin);
    expect(user.body.data.accounts).toContainEqual(expect.objectContaining({ accountId: business.body.data._id, role: 'OWNER' }));
  });

  it('refuses a taken customer number, a bad organisation number, a business without one, an unknown owner, extra fields', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'demo');
    const customerId = (await send('GET', `/v4/solvik/accounts/${auth!.accountId}`, staff.support)).body.data.provider.customerId;
    const taken = await send('POST', '/v4/solvik/accounts', staff.support, { type: 'CUSTOMER', customerId });
    expect([taken.status, taken.body.key]).toEqual([409, 'ACCOUNT_EXISTS']);
    expect((await send('POST', '/v4/solvik/accounts', staff.support, { type: 'BUSINESS', customerId: '3109003', organisationNumber: '123' })).body.key).toBe('MALFORMED_ORGANISATION_NUMBER');
    const [theirs] = await signIn(t.app, 'fjellkraft', 'demo');
    expect((await send('POST', '/v4/solvik/accounts', staff.support, { type: 'CUSTOMER', customerId: '3109004', ownerId: theirs!.userId })).status).toBe(404);
    for (const payload of [{ type: 'BUSINESS', customerId: '3109005' }, { type: 'USER', customerId: '3109006' }, { type: 'CUSTOMER', customerId: 'a b' }, { type: 'CUSTOMER' }, { type: 'CUSTOMER', customerId: '3109007', name: 'x' }]) {
      const res = await send('POST', '/v4/solvik/accounts', staff.support, payload);
      expect([res.status, res.body.key], JSON.stringify(payload)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await send('POST', '/v4/solvik/accounts', staff.marketing, { type: 'CUSTOMER', customerId: '3109008' })).status).toBe(403);
    expect((await send('POST', '/v4/solvik/accounts', staff.otherSupport, { type: 'CUSTOMER', customerId: '3109008' })).status).toBe(404);
    expect(await t.db.selectFrom('accounts').select('id').where('provider_customer_id', 'in', ['3109003', '3109004', '3109005', '3109008']).execute()).toEqual([]);
  });

  it('deletes only an empty account: users, locations and invoices keep it', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'demo');
    const withMembers = await send('DELETE', `/v4/solvik/accounts/${auth!.accountId}`, staff.support);
    expect([withMembers.status, withMembers.body.key]).toEqual([409, 'ACCOUNT_HAS_MEMBERS']);

    const created = (await send('POST', '/v4/solvik/accounts', staff.support, { type: 'CUSTOMER', customerId: '3109010' })).body.data;
    const location = await t.db.selectFrom('locations').select('id').where('account_id', '=', auth!.accountId).orderBy('id').executeTakeFirstOrThrow();
    await send('DELETE', `/v4/solvik/accounts/${auth!.accountId}/sites/${location.id}`, staff.support);
    expect((await send('POST', `/v4/solvik/accounts/${created._id}/sites`, staff.support, { siteId: location.id })).status).toBe(200);
    expect((await send('DELETE', `/v4/solvik/accounts/${created._id}`, staff.support)).body.key).toBe('ACCOUNT_HAS_SITES');
    expect((await send('DELETE', `/v4/solvik/accounts/${created._id}/sites/${location.id}`, staff.support)).status).toBe(200);
    expect((await send('POST', `/v4/solvik/accounts/${auth!.accountId}/sites`, staff.support, { siteId: location.id })).status).toBe(200);

    expect((await send('DELETE', `/v4/solvik/accounts/${created._id}`, staff.marketing)).status).toBe(403);
    expect((await send('DELETE', `/v4/solvik/accounts/${created._id}`, staff.otherSupport)).status).toBe(404);
    const res = await send('DELETE', `/v4/solvik/accounts/${created._id}`, staff.support);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ _id: created._id, deleted: true });
    expect((await send('GET', `/v4/solvik/accounts/${created._id}`, staff.support)).body.key).toBe('MISSING_ACCOUNT_ID');
    expect((await audit('account.delete', created._id))[0]).toMatchObject({ after: null, before: { customerId: '3109010' } });
    expect((await send('DELETE', `/v4/solvik/accounts/${created._id}`, staff.support)).body.key).toBe('MISSING_ACCOUNT_ID');
    expect((await send('DELETE', '/v4/solvik/accounts/nope', staff.support)).status).toBe(400);

    // an account with invoices stays (they are kept): one copied onto an empty account
    const billed = (await send('POST', '/v4/solvik/accounts', staff.support, { type: 'CUSTOMER', customerId: '3109011' })).body.data;
    const invoice = await t.db.selectFrom('invoices').selectAll().where('account_id', '=', auth!.accountId).orderBy('id').executeTakeFirstOrThrow();
    await t.db.insertInto('invoices').values({ ...invoice, id: 'e'.repeat(24), account_id: billed._id, location_id: null, invoice_number: 'M-3109011', info: JSON.stringify(invoice.info), lines: JSON.stringify(invoice.lines) }).execute();
    const refused = await send('DELETE', `/v4/solvik/accounts/${billed._id}`, staff.support);
    expect([refused.status, refused.body.key]).toEqual([409, 'ACCOUNT_HAS_INVOICES']);
  });
});

describe("an account's sites (POST …/accounts/{accountId}/sites, DELETE …/sites/{siteId})", () => {
  it('detaches a location (kept with its services; its users no longer see it) and attaches it to another account', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'demo');
    const before = (await send('GET', '/v4/solvik/users/me', auth!.accessToken)).body.data.locations.map((l: { _id: string }) => l._id);
    const siteId: string = before[0];
    const services = await t.db.selectFrom('location_services').select('id').where('location_id', '=', siteId).execute();

    const detached = await send('DELETE', `/v4/solvik/accounts/${auth!.accountId}/sites/${siteId}`, staff.support);
    expect(detached.status, JSON.stringify(detached.body)).toBe(200);
    expect(detached.body.data).toEqual({ _id: siteId, deleted: true });
    expect((await send('GET', '/v4/solvik/users/me', auth!.accessToken)).body.data.locations.map((l: { _id: string }) => l._id)).not.toContain(siteId);
    expect((await send('GET', `/v4/solvik/accounts/${auth!.accountId}/locations`, staff.support)).body.data.map((l: { _id: string }) => l._id)).not.toContain(siteId);
    expect(await t.db.selectFrom('location_services').select('id').where('location_id', '=', siteId).execute()).toEqual(services);
    expect((await audit('site.detach', siteId))[0]).toMatchObject({ before: { accountId: auth!.accountId }, after: { accountId: null } });
    expect((await send('DELETE', `/v4/solvik/accounts/${auth!.accountId}/sites/${siteId}`, staff.support)).status).toBe(404);

    const other = (await send('POST', '/v4/solvik/accounts', staff.support, { type: 'CUSTOMER', customerId: '3109020' })).body.data;
    const attached = await send('POST', `/v4/solvik/accounts/${other._id}/sites`, staff.admin, { siteId });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body.data).toMatchObject({ _id: siteId, accountId: other._id });
    expect((await send('GET', `/v4/solvik/accounts/${other._id}`, staff.support)).body.data.locationCount).toBe(1);
    expect((await audit('site.attach', siteId))[0]).toMatchObject({ actor_scope: 'ORG_ADMIN', before: { accountId: null }, after: { accountId: other._id } });
    // held by another account now
    const taken = await send('POST', `/v4/solvik/accounts/${auth!.accountId}/sites`, staff.support, { siteId });
    expect([taken.status, taken.body.key]).toEqual([409, 'SITE_ATTACHED']);
    // back where it was; attaching twice changes nothing
    await send('DELETE', `/v4/solvik/accounts/${other._id}/sites/${siteId}`, staff.support);
    expect((await send('POST', `/v4/solvik/accounts/${auth!.accountId}/sites`, staff.support, { siteId })).status).toBe(200);
    expect((await send('POST', `/v4/solvik/accounts/${auth!.accountId}/sites`, staff.support, { siteId })).status).toBe(200);
    expect(await audit('site.attach', siteId)).toHaveLength(2);
    expect((await send('GET', '/v4/solvik/users/me', auth!.accessToken)).body.data.locations.map((l: { _id: string }) => l._id)).toContain(siteId);
  });

  it('403 for a wrong scope, 404 for another organisation and its ids, 400 for bad input', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'demo');
    const [theirs] = await signIn(t.app, 'fjellkraft', 'demo');
    const mine = await t.db.selectFrom('locations').select('id').where('account_id', '=', auth!.accountId).orderBy('id').executeTakeFirstOrThrow();
    const theirLocation = await t.db.selectFrom('locations').select('id').where('account_id', '=', theirs!.accountId).executeTakeFirstOrThrow();
    const url = `/v4/solvik/accounts/${auth!.accountId}/sites`;
    expect((await send('POST', url, staff.marketing, { siteId: mine.id })).status).toBe(403);
    expect((await send('DELETE', `${url}/${mine.id}`, staff.marketing)).status).toBe(403);
    expect((await send('POST', url, staff.otherSupport, { siteId: mine.id })).status).toBe(404);
    expect((await send('DELETE', `${url}/${mine.id}`, staff.otherSupport)).status).toBe(404);
    expect((await send('POST', url, staff.support, { siteId: theirLocation.id })).body.key).toBe('NOT_FOUND');
    expect((await send('DELETE', `${url}/${theirLocation.id}`, staff.support)).body.key).toBe('NOT_FOUND');
    expect((await send('POST', `/v4/solvik/accounts/${theirs!.accountId}/sites`, staff.support, { siteId: mine.id })).body.key).toBe('MISSING_ACCOUNT_ID');
    for (const payload of [{}, { siteId: 'x' }, { siteId: mine.id, extra: 1 }]) expect((await send('POST', url, staff.support, payload)).status, JSON.stringify(payload)).toBe(400);
    expect((await t.db.selectFrom('locations').select('account_id').where('id', '=', theirLocation.id).executeTakeFirstOrThrow()).account_id).toBe(theirs!.accountId);
  });
});
