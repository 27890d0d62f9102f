import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { demoIdentities } from '../../demo/sign-in-identities.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';
import { AuditRepository } from '../audit/repository.ts';
import { AuditService } from '../audit/service.ts';
import { MeasurementsRepository } from '../measurements/repository.ts';
import { MeasurementsService } from '../measurements/service.ts';
import { CustomersRepository } from './repository.ts';
import { AccountSyncService } from './sync.ts';

let t: TestApp;
/** Staff tokens: solvik's support (right scope), solvik's marketing (wrong scope), koivu's support (another organisation), the platform admin. */
const staff = { support: '', marketing: '', developer: '', otherSupport: '', platform: '' };
/** The demo customer of solvik (two accounts) and a customer of koivu. */
let demo: { userId: string; accountIds: string[]; customerNumber: string; email: string };
let koivu: { userId: string; accountId: string };

beforeAll(async () => {
  t = await startTestApp();
  staff.support = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_SUPPORT'))).accessToken;
  staff.marketing = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_MARKETING'))).accessToken;
  staff.developer = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_DEVELOPER'))).accessToken;
  staff.otherSupport = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_SUPPORT'))).accessToken;
  staff.platform = (await staffSignIn(t.app, 'koivu', DEMO_PLATFORM_ADMIN)).accessToken;
  const auths = await signIn(t.app, 'solvik', 'demo');
  const me = (await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: auths[0]!.accessToken })).body.data;
  demo = { userId: me._id, accountIds: auths.map((a) => a.accountId), customerNumber: me.customerNumber, email: me.email };
  const [theirs] = await signIn(t.app, 'koivu', 'demo');
  koivu = { userId: theirs!.userId, accountId: theirs!.accountId };
});
afterAll(async () => {
  await t?.close();
});

const search = (organisation: string, token: string, payload: object, what: 'accounts' | 'users' = 'accounts') =>
  call(t.app, { method: 'POST', url: `/v4/${organisation}/${what}/bridge/search`, token, payload });

const views = (subjectId: string) => t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'customer.view').where('subject_id', '=', subjectId).orderBy('seq', 'desc').execute();

describe('customer search (POST /v4/{organisation}/accounts/bridge/search, /users/bridge/search)', () => {
  it('finds the demo customer by customer number (the default), its beginning, personal number in any form, and e-mail; audited as customer.view', async () => {
    const byNumber = await search('solvik', staff.support, { search: demo.customerNumber });
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.data.map((a: { provider: { customerId: string } }) => a.provider.customerId)).toContain(demo.customerNumber);
    expect(byNumber.body.pagination).toMatchObject({ limit: 25, page: 1 });
    const account = byNumber.body.data.find((a: { provider: { customerId: string } }) => a.provider.customerId === demo.customerNumber);
    expect(account.accountOwner._id).toBe(demo.userId);
    expect(account.users[0]).toMatchObject({ _id: demo.userId, role: 'OWNER' });
    expect(account.locationCount).toBeGreaterThan(0);
    expect(await views(account._id)).not.toHaveLength(0);
    expect((await views(account._id))[0]).toMatchObject({ actor_email: demoStaffEmail('solvik', 'ORG_SUPPORT'), actor_scope: 'ORG_SUPPORT', subject_type: 'account' });

    const prefix = await search('solvik', staff.support, { search: demo.customerNumber.slice(0, -1), searchBy: 'customerId' });
    expect(prefix.body.pagination.total).toBeGreaterThanOrEqual(1);
    expect(prefix.body.data.map((a: { _id: string }) => a._id)).toContain(account._id);

    const personalId = demoIdentities.solvik!.personalIds['anna-karin.lindqvist@example.com']!;
    for (const form of [personalId, `${personalId.slice(2, 8)}-${personalId.slice(8)}`, `${personalId.slice(0, 8)}-${personalId.slice(8)}`]) {
      const found = await search('solvik', staff.support, { search: form, searchBy: 'personalId' });
      expect(found.status, form).toBe(200);
      expect(found.body.data.map((a: { _id: string }) => a._id).sort()).toEqual([...demo.accountIds].sort());
      const users = await search('solvik', staff.support, { search: form, searchBy: 'personalId' }, 'users');
      expect(users.body.data.map((u: { _id: string }) => u._id)).toEqual([demo.userId]);
      expect(users.body.data[0].personalId).toBe(personalId);
    }

    const byEmail = await search('solvik', staff.support, { search: demo.email.split('@')[0]!.toUpperCase(), searchBy: 'email' }, 'users');
    expect(byEmail.body.data.map((u: { _id: string }) => u._id)).toContain(demo.userId);
    expect(byEmail.body.data.find((u: { _id: string }) => u._id === demo.userId).accounts).toHaveLength(2);
  });

  it('finds the business customer by organisation number, normalised', async () => {
    const number = demoIdentities.solvik!.businessOrganisationNumber!;
    const found = await search('solvik', staff.support, { search: number.replace('-', ''), searchBy: 'organisationId' });
    expect(found.status).toBe(200);
    expect(found.body.data).toHaveLength(1);
    expect(found.body.data[0].organisationNumber).toBe(number);
  });

  it('pages: limit and page, with the total of all hits', async () => {
    const first = await search('solvik', staff.support, { search: 'example', searchBy: 'email', limit: 1, page: 1 }, 'users');
    const second = await search('solvik', staff.support, { search: 'example', searchBy: 'email', limit: 1, page: 2 }, 'users');
    expect(first.body.pagination.total).toBeGreaterThan(1);
    expect(first.body.data).toHaveLength(1);
    expect(second.body.data[0]._id).not.toBe(first.body.data[0]._id);
    const beyond = await search('solvik', staff.support, { search: 'example', searchBy: 'email', limit: 100, page: 50 }, 'users');
    expect(beyond.body).toMatchObject({ data: [], pagination: { total: first.body.pagination.total } });
  });

  it('refuses bad input: a malformed personal or organisation number, a short e-mail part, an unknown option, extra fields, wrong paging', async () => {
    expect((await search('solvik', staff.support, { search: '811218-9875', searchBy: 'personalId' })).body.key).toBe('MALFORMED_PERSONAL_NUMBER');
    expect((await search('solvik', staff.support, { search: '123', searchBy: 'organisationId' })).body.key).toBe('MALFORMED_ORGANISATION_NUMBER');
    expect((await search('solvik', staff.support, { search: 'ab', searchBy: 'email' })).body.key).toBe('VALIDATION_FAILED');
    for (const payload of [{ search: 'x', searchBy: 'name' }, { search: 'x', extra: 1 }, { search: '' }, { search: 'x', limit: 0 }, { search: 'x', limit: 101 }, { search: 'x', page: '1' }, {}]) {
      const res = await search('solvik', staff.support, payload);
      expect([res.status, res.body.key], JSON.stringify(payload)).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('lets only staff who may help customers search: other scopes 403, a customer 403, no token 401', async () => {
    expect((await search('solvik', staff.marketing, { search: demo.customerNumber })).status).toBe(403);
    expect((await search('solvik', staff.developer, { search: demo.customerNumber }, 'users')).status).toBe(403);
    const [customer] = await signIn(t.app, 'solvik', 'demo');
    expect((await search('solvik', customer!.accessToken, { search: demo.customerNumber })).status).toBe(403);
    expect((await call(t.app, { method: 'POST', url: '/v4/solvik/accounts/bridge/search', payload: { search: 'x' } })).status).toBe(401);
  });

  it("keeps an organisation's staff to their organisation (404), and finds nothing of another organisation under one's own", async () => {
    const other = await search('solvik', staff.otherSupport, { search: demo.customerNumber });
    expect([other.status, other.body.data]).toEqual([404, undefined]);
    const own = await search('koivu', staff.otherSupport, { search: demo.customerNumber });
    expect(own.status).toBe(200);
    expect(own.body.data.map((a: { _id: string }) => a._id)).not.toContain(demo.accountIds[0]);
    // platform staff search in any organisation
    expect((await search('solvik', staff.platform, { search: demo.customerNumber })).body.data.length).toBeGreaterThan(0);
  });
});

describe('fetch (GET /v4/{organisation}/accounts/bridge/fetch/{id} and ?ids=)', () => {
  it('answers an account, and several in the order asked, leaving out ids that are not the organisation\'s', async () => {
    const one = await call(t.app, { method: 'GET', url: `/v4/solvik/accounts/bridge/fetch/${demo.accountIds[1]}`, token: staff.support });
    expect(one.status).toBe(200);
    expect(one.body.data._id).toBe(demo.accountIds[1]);
    const many = await call(t.app, { method: 'GET', url: `/v4/solvik/accounts/bridge/fetch?ids=${demo.accountIds[1]},${koivu.accountId},${demo.accountIds[0]}`, token: staff.support });
    expect(many.status).toBe(200);
    expect(many.body.data.map((a: { _id: string }) => a._id)).toEqual([demo.accountIds[1], demo.accountIds[0]]);
    expect((await views(demo.accountIds[1]!)).length).toBeGreaterThanOrEqual(2);
  });

  it("answers 404 for another organisation's account, a wrong scope 403, and refuses malformed ids", async () => {
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/accounts/bridge/fetch/${koivu.accountId}`, token: staff.support })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/accounts/bridge/fetch/${demo.accountIds[0]}`, token: staff.otherSupport })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/accounts/bridge/fetch/${demo.accountIds[0]}`, token: staff.marketing })).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/v4/solvik/accounts/bridge/fetch/not-an-id', token: staff.support })).status).toBe(400);
    for (const ids of ['', 'abc', `${demo.accountIds[0]},`, Array.from({ length: 101 }, () => demo.accountIds[0]).join(',')]) {
      const res = await call(t.app, { method: 'GET', url: `/v4/solvik/accounts/bridge/fetch?ids=${ids}`, token: staff.support });
      expect([res.status, res.body.key], ids.slice(0, 40)).toEqual([400, 'VALIDATION_FAILED']);
    }
  });
});

describe('the customer page (GET /v4/{organisation}/users/{id}/overview)', () => {
  it('answers the user, accounts, locations in every status with services, agreements, latest invoices and recent sign-ins', async () => {
    const res = await call(t.app, { method: 'GET', url: `/v4/solvik/users/${demo.userId}/overview`, token: staff.support });
    expect(res.status).toBe(200);
    const overview = res.body.data;
    expect(overview.user._id).toBe(demo.userId);
    expect(overview.accounts.map((a: { _id: string }) => a._id).sort()).toEqual([...demo.accountIds].sort());
    expect(overview.locations.length).toBeGreaterThan(0);
    expect(overview.locations.every((l: { accountId: string }) => demo.accountIds.includes(l.accountId))).toBe(true);
    expect(overview.locations.some((l: { services: unknown[] }) => l.services.length > 0)).toBe(true);
    // staff see statuses a customer does not
    const all = await t.db.selectFrom('locations').select(['id', 'status']).where('account_id', 'in', demo.accountIds).execute();
    expect(overview.locations).toHaveLength(all.length);
    expect(Object.keys(overview.agreements).sort()).toEqual(all.map((l) => l.id).sort());
    expect(Object.values(overview.agreements).flat().length).toBeGreaterThan(0);
    expect(overview.invoices.length).toBeGreaterThan(0);
    for (const accountId of demo.accountIds) expect(overview.invoices.filter((i: { accountId: string }) => i.accountId === accountId).length).toBeLessThanOrEqual(3);
    expect(overview.signIns.length).toBeGreaterThan(0);
    expect(overview.signIns[0]).toMatchObject({ type: 'USR_PWD', support: false });
    expect((await views(demo.userId)).some((v) => (v.data as { via?: string }).via === 'users.overview')).toBe(true);
  });

  it("answers 404 for another organisation's user, for staff of another organisation, 403 for a wrong scope, 400 for a malformed id", async () => {
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/users/${koivu.userId}/overview`, token: staff.support })).body.key).toBe('MISSING_USER_ID');
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/users/${demo.userId}/overview`, token: staff.otherSupport })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/users/${demo.userId}/overview`, token: staff.marketing })).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/v4/solvik/users/xyz/overview', token: staff.support })).status).toBe(400);
  });
});

describe('users and accounts for staff (spec 001 §7)', () => {
  const get = (url: string, token = staff.support) => call(t.app, { method: 'GET', url, token });

  it('lists users newest first, paged, and the users of one account; gets one user', async () => {
    const page = await get('/v4/solvik/users?limit=2&page=1');
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.pagination).toMatchObject({ limit: 2, page: 1 });
    expect(page.body.pagination.total).toBe(Number((await t.db.selectFrom('users as u').innerJoin('organisations as o', 'o.id', 'u.organisation_id').select((eb) => eb.fn.countAll<string>().as('n')).where('o.slug', '=', 'solvik').executeTakeFirstOrThrow()).n));
    const members = await get(`/v4/solvik/users?accountId=${demo.accountIds[0]}`);
    expect(members.body.data.map((u: { _id: string }) => u._id)).toContain(demo.userId);
    expect((await get(`/v4/solvik/users?accountId=${koivu.accountId}`)).body).toMatchObject({ data: [], pagination: { total: 0 } });
    const one = await get(`/v4/solvik/users/${demo.userId}`);
    expect(one.body.data).toMatchObject({ _id: demo.userId, email: demo.email });
    expect((await views(demo.userId)).some((v) => (v.data as { via?: string }).via === 'users.get')).toBe(true);
    const searched = await get(`/v4/solvik/users/search?search=${encodeURIComponent(demo.customerNumber)}`);
    expect(searched.body.data.map((u: { _id: string }) => u._id)).toContain(demo.userId);
  });

  it('lists accounts by customer number, filtered by type; gets one; searches by query', async () => {
    const business = await get('/v4/solvik/accounts?type=BUSINESS');
    expect(business.status).toBe(200);
    expect(business.body.data.length).toBeGreaterThan(0);
    expect(business.body.data.every((a: { type: string }) => a.type === 'BUSINESS')).toBe(true);
    const all = await get('/v4/solvik/accounts?limit=100');
    const numbers = all.body.data.map((a: { provider: { customerId: string } }) => a.provider.customerId);
    expect(numbers).toEqual([...numbers].sort());
    expect((await get('/v4/solvik/accounts?seenSince=2100-01-01')).body.data).toEqual([]);
    expect((await get(`/v4/solvik/accounts/${demo.accountIds[0]}`)).body.data._id).toBe(demo.accountIds[0]);
    const searched = await get(`/v4/solvik/accounts/search?search=${demo.customerNumber}`);
    expect(searched.body.data.map((a: { _id: string }) => a._id)).toContain(demo.accountIds[0]);
  });

  it("pages an account's locations in every status and filters them by service type and status (spec §5)", async () => {
    const rows = await t.db.selectFrom('locations').select('id').where('account_id', '=', demo.accountIds[0]!).execute();
    const all = await get(`/v4/solvik/accounts/${demo.accountIds[0]}/locations?limit=100`);
    expect(all.status).toBe(200);
    expect(all.body.pagination.total).toBe(rows.length);
    const first = await get(`/v4/solvik/accounts/${demo.accountIds[0]}/locations?limit=1&page=1`);
    expect(first.body.data).toHaveLength(1);
    const services = await t.db.selectFrom('location_services').select(['location_id', 'type', 'status']).where('location_id', 'in', rows.map((r) => r.id)).execute();
    const matching = new Set(services.filter((s) => ['consumption_grid', 'water'].includes(s.type) && s.status === 'active').map((s) => s.location_id));
    expect(matching.size).toBeGreaterThan(0);
    const filtered = await get(`/v4/solvik/accounts/${demo.accountIds[0]}/locations?services.type=consumption_grid,water&services.status=active`);
    expect(filtered.body.data.map((l: { _id: string }) => l._id).sort()).toEqual([...matching].sort());
  });

  it('refuses bad paging and unknown enumeration values, and answers 404 for ids of another organisation', async () => {
    for (const query of ['limit=abc', 'limit=-1', 'limit=1.5', 'page=0', 'limit=101', 'services.type=electricity', 'services.status=active,gone', 'services.type=']) {
      const res = await get(`/v4/solvik/accounts/${demo.accountIds[0]}/locations?${query}`);
      expect([res.status, res.body.key], query).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await get('/v4/solvik/users?limit=1e2')).status).toBe(400);
    expect((await get('/v4/solvik/accounts?type=PERSON')).status).toBe(400);
    expect((await get(`/v4/solvik/accounts/${koivu.accountId}`)).body.key).toBe('MISSING_ACCOUNT_ID');
    expect((await get(`/v4/solvik/accounts/${koivu.accountId}/locations`)).status).toBe(404);
    expect((await get(`/v4/solvik/users/${koivu.userId}`)).body.key).toBe('MISSING_USER_ID');
    expect((await get(`/v4/solvik/users/${demo.userId}`, staff.marketing)).status).toBe(403);
    expect((await get('/v4/solvik/accounts', staff.otherSupport)).status).toBe(404);
  });
});

describe('account prospects and account-creation logs', () => {
  const get = (url: string, token = staff.support) => call(t.app, { method: 'GET', url, token });
  /** A prospect of the organisation's customer register, as a first sign-in begins one. */
  async function prospect(slug: string, status: string, ref: string, createdAt: string) {
    const organisation = await t.db.selectFrom('organisations').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    const customer = await t.db.selectFrom('provider_customers').select(['id', 'customer_number']).where('organisation_id', '=', organisation.id).orderBy('customer_number').executeTakeFirstOrThrow();
    const id = createHash('sha256').update(ref).digest('hex').slice(0, 24);
    await t.db
      .insertInto('account_prospects')
      .values({
        id,
        organisation_id: organisation.id,
        provider_customer_id: customer.id,
        auth_ref: ref,
        status,
        user_id: 'a'.repeat(24),
        account_id: 'b'.repeat(24),
        error: status === 'account_failed' ? 'The provider did not answer' : null,
        log: JSON.stringify([{ status: 'new', at: createdAt }, { status, at: createdAt }]),
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
    return { id, customerNumber: customer.customer_number };
  }
  let failed: { id: string; customerNumber: string };
  let koivuProspect: { id: string };
  beforeAll(async () => {
    failed = await prospect('solvik', 'account_failed', 'ref-one', '2025-03-10T10:00:00Z');
    await prospect('solvik', 'signed_in', 'ref-two', '2025-03-12T10:00:00Z');
    koivuProspect = await prospect('koivu', 'new', 'ref-three', '2025-03-11T10:00:00Z');
  });

  it('lists by the sign-in ref without ever answering the ref, gets one, and searches by status, customer number and days', async () => {
    const byRef = await get('/v4/solvik/account-prospects?ref=ref-one');
    expect(byRef.status).toBe(200);
    expect(byRef.body.data).toEqual([expect.objectContaining({ _id: failed.id, status: 'account_failed', customerId: failed.customerNumber, error: 'The provider did not answer' })]);
    expect(JSON.stringify(byRef.body)).not.toContain('ref-one');
    expect((await get('/v4/solvik/account-prospects?ref=ref-three')).body.data).toEqual([]);
    expect((await get(`/v4/solvik/account-prospects/${failed.id}`)).body.data._id).toBe(failed.id);
    const search = await get('/v4/solvik/account-prospects/search?status=account_failed');
    expect(search.body.data.map((p: { _id: string }) => p._id)).toEqual([failed.id]);
    expect(search.body.pagination).toEqual({ limit: 25, page: 1, total: 1 });
    const days = await get(`/v4/solvik/account-prospects/search?from=2025-03-11&to=2025-03-12&customerId=${failed.customerNumber}`);
    expect(days.body.data.map((p: { status: string }) => p.status)).toEqual(['signed_in']);
  });

  it("answers a prospect's steps as its account-creation log", async () => {
    const log = await get(`/v4/solvik/account-creation-logs/${failed.id}`);
    expect(log.status).toBe(200);
    expect(log.body.data).toMatchObject({ _id: failed.id, prospectId: failed.id, status: 'account_failed', entries: [{ status: 'new' }, { status: 'account_failed' }] });
    expect((await get('/v4/solvik/account-creation-logs?ref=ref-two')).body.data[0].status).toBe('signed_in');
    const search = await get('/v4/solvik/account-creation-logs/search?limit=1&page=2');
    expect(search.body.data).toHaveLength(1);
    expect(search.body.pagination.total).toBe(2);
  });

  it("answers 404 for another organisation's prospect, 403 for a wrong scope, 400 for bad input", async () => {
    expect((await get(`/v4/solvik/account-prospects/${koivuProspect.id}`)).status).toBe(404);
    expect((await get(`/v4/solvik/account-creation-logs/${koivuProspect.id}`)).status).toBe(404);
    expect((await get(`/v4/solvik/account-prospects/${failed.id}`, staff.otherSupport)).status).toBe(404);
    expect((await get(`/v4/solvik/account-prospects/${failed.id}`, staff.marketing)).status).toBe(403);
    for (const url of ['/v4/solvik/account-prospects', '/v4/solvik/account-prospects/search?status=lost', '/v4/solvik/account-prospects/search?from=2025-13-01', '/v4/solvik/account-creation-logs/search?limit=x', '/v4/solvik/account-creation-logs/nope']) {
      expect((await get(url)).status, url).toBe(400);
    }
  });
});

describe('users changed by staff (POST /users, PATCH and DELETE /users/{id})', () => {
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = staff.support) => call(t.app, { method, url, token, ...(payload ? { payload } : {}) });
  const audit = (action: string, subjectId: string) => t.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('subject_id', '=', subjectId).execute();

  it('adds a user to an account as GUEST by default, with the inviter recorded; the account lists them', async () => {
    const res = await send('POST', '/v4/solvik/users', { firstName: ' Elsa ', lastName: 'Lindqvist', email: 'elsa.l@example.com', phoneNumber: '+46 70-123 45 67', account: { accountId: demo.accountIds[0] }, inviterId: demo.userId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ firstName: 'Elsa', email: 'elsa.l@example.com', accounts: [{ accountId: demo.accountIds[0], role: 'GUEST' }] });
    const [entry] = await audit('user.create', res.body.data._id);
    expect(entry!.after).toMatchObject({ accountId: demo.accountIds[0], role: 'GUEST', inviterId: demo.userId, email: 'elsa.l@example.com' });
    const account = await call(t.app, { method: 'GET', url: `/v4/solvik/accounts/${demo.accountIds[0]}`, token: staff.support });
    expect(account.body.data.users.map((u: { _id: string }) => u._id)).toContain(res.body.data._id);
    const readOnly = await send('POST', '/v4/solvik/users', { account: { accountId: demo.accountIds[0], role: 'READONLY' }, personalId: '19121212-1212' });
    expect(readOnly.body.data).toMatchObject({ personalId: '191212121212', accounts: [{ role: 'READONLY' }] });
  });

  it('refuses what the portal refuses, a taken personal number, an owner or inspector role, and ids of another organisation', async () => {
    const account = { accountId: demo.accountIds[0] };
    expect((await send('POST', '/v4/solvik/users', { email: 'not-an-email', account })).body.key).toBe('MALFORMED_EMAIL');
    expect((await send('POST', '/v4/solvik/users', { phoneNumber: '12', account })).body.key).toBe('MALFORMED_PHONE_NUMBER');
    expect((await send('POST', '/v4/solvik/users', { personalId: '811218-9875', account })).body.key).toBe('MALFORMED_PERSONAL_NUMBER');
    const taken = await send('POST', '/v4/solvik/users', { personalId: demoIdentities.solvik!.personalIds['anna-karin.lindqvist@example.com']!, account });
    expect([taken.status, taken.body.key]).toEqual([409, 'USER_EXISTS']);
    // Two staff adding the same new person at once: one user, the other request USER_EXISTS (the unique index, not luck).
    const race = await Promise.all([0, 1, 2].map(() => send('POST', '/v4/solvik/users', { personalId: '19850312-2387', account })));
    expect(race.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(race.filter((r) => r.status === 409).map((r) => r.body.key)).toEqual(['USER_EXISTS', 'USER_EXISTS']);
    const holders = await t.db.selectFrom('users').select('id').where('personal_id', '=', '198503122387').execute();
    expect(holders).toHaveLength(1);
    for (const role of ['OWNER', 'INSPECTOR', 'KING']) expect((await send('POST', '/v4/solvik/users', { account: { ...account, role } })).status, role).toBe(400);
    expect((await send('POST', '/v4/solvik/users', { account, extra: 1 })).status).toBe(400);
    expect((await send('POST', '/v4/solvik/users', { account: { accountId: koivu.accountId } })).status).toBe(404);
    expect((await send('POST', '/v4/solvik/users', { account, inviterId: koivu.userId })).status).toBe(404);
    expect((await send('POST', '/v4/solvik/users', { account }, staff.marketing)).status).toBe(403);
    expect((await send('POST', '/v4/solvik/users', { account }, staff.otherSupport)).status).toBe(404);
  });

  it("changes a user's contact details and names, audited with before and after; clears with null", async () => {
    const created = (await send('POST', '/v4/solvik/users', { firstName: 'Olle', account: { accountId: demo.accountIds[0] } })).body.data;
    const res = await send('PATCH', `/v4/solvik/users/${created._id}`, { phoneNumber: '+46 70-1234567', email: 'olle@example.com', lastName: 'Berg' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phoneNumber: '+46701234567', email: 'olle@example.com', lastName: 'Berg' });
    const [entry] = await audit('user.update', created._id);
    expect(entry!.before).toMatchObject({ email: null, lastName: '' });
    expect(entry!.after).toMatchObject({ email: 'olle@example.com', lastName: 'Berg' });
    expect(entry!.changed).toEqual(['email', 'lastName', 'phoneNumber']);
    expect((await send('PATCH', `/v4/solvik/users/${created._id}`, { email: null })).body.data.email).toBeNull();
    expect((await send('PATCH', `/v4/solvik/users/${created._id}`, {})).status).toBe(400);
    expect((await send('PATCH', `/v4/solvik/users/${created._id}`, { newPassword: 'secret123' })).status).toBe(400);
    expect((await send('PATCH', `/v4/solvik/users/${created._id}`, { email: 'x@' })).body.key).toBe('MALFORMED_EMAIL');
    expect((await send('PATCH', `/v4/solvik/users/${koivu.userId}`, { firstName: 'X' })).body.key).toBe('MISSING_USER_ID');
    expect((await send('PATCH', `/v4/solvik/users/${created._id}`, { firstName: 'X' }, staff.marketing)).status).toBe(403);
  });

  it('removes a user from an account, never its owner; their session of it is refused at once', async () => {
    const created = (await send('POST', '/v4/solvik/users', { firstName: 'Gone', account: { accountId: demo.accountIds[0] } })).body.data;
    const res = await send('DELETE', `/v4/solvik/users/${created._id}?accountId=${demo.accountIds[0]}`);
    expect(res.status).toBe(200);
    expect(res.body.data.accounts).toEqual([]);
    expect((await audit('user.remove-from-account', created._id))[0]!.before).toEqual({ accountId: demo.accountIds[0], role: 'GUEST' });
    expect((await send('DELETE', `/v4/solvik/users/${created._id}?accountId=${demo.accountIds[0]}`)).status).toBe(404);
    const owner = await send('DELETE', `/v4/solvik/users/${demo.userId}?accountId=${demo.accountIds[0]}`);
    expect([owner.status, owner.body.key]).toEqual([409, 'CANNOT_REMOVE_OWNER']);
    expect((await send('DELETE', `/v4/solvik/users/${demo.userId}`)).status).toBe(400);
    expect((await send('DELETE', `/v4/solvik/users/${koivu.userId}?accountId=${koivu.accountId}`)).body.key).toBe('MISSING_USER_ID');
    expect((await send('DELETE', `/v4/solvik/users/${demo.userId}?accountId=${demo.accountIds[0]}`, undefined, staff.marketing)).status).toBe(403);
  });
});

describe("a location's home details (PUT /v4/{organisation}/accounts/{accountId}/sites/{siteId}/extra)", () => {
  it('merges the fields named, keeps the others, answers the location and audits before and after', async () => {
    const location = await t.db.selectFrom('locations').select(['id', 'extras']).where('account_id', '=', demo.accountIds[0]!).orderBy('id').executeTakeFirstOrThrow();
    const url = `/v4/solvik/accounts/${demo.accountIds[0]}/sites/${location.id}/extra`;
    const res = await call(t.app, { method: 'PUT', url, token: staff.support, payload: { numberOfResidens: 4, heating: 'geothermal' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data._id).toBe(location.id);
    expect(res.body.data.extras).toMatchObject({ ...location.extras, numberOfResidens: 4, heating: 'geothermal' });
    const [entry] = await t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'location.extra.update').where('subject_id', '=', location.id).execute();
    expect(entry!.before).toEqual(location.extras);
    expect(entry!.changed).toEqual(expect.arrayContaining(['heating', 'numberOfResidens']));

    expect((await call(t.app, { method: 'PUT', url, token: staff.support, payload: { numberOfResidens: 1000 } })).status).toBe(400);
    expect((await call(t.app, { method: 'PUT', url, token: staff.support, payload: { ageMix: 'x' } })).status).toBe(400);
    expect((await call(t.app, { method: 'PUT', url: `/v4/solvik/accounts/${demo.accountIds[1]}/sites/${location.id}/extra`, token: staff.support, payload: {} })).status).toBe(404);
    expect((await call(t.app, { method: 'PUT', url: `/v4/solvik/accounts/${koivu.accountId}/sites/${location.id}/extra`, token: staff.support, payload: {} })).status).toBe(404);
    expect((await call(t.app, { method: 'PUT', url, token: staff.otherSupport, payload: {} })).status).toBe(404);
    expect((await call(t.app, { method: 'PUT', url, token: staff.marketing, payload: {} })).status).toBe(403);
  });
});

describe('sync and site-history requests, answered as queued jobs (pg-boss)', () => {
  const put = (url: string, token = staff.support) => call(t.app, { method: 'PUT', url, token });
  const jobs = (queue: string) => sql<{ id: string; data: Record<string, unknown>; state: string }>`SELECT id, data, state FROM pgboss.job WHERE name = ${queue}`.execute(t.db).then((r) => r.rows);
  const worker = () => new AccountSyncService({ repository: new CustomersRepository(t.db), audit: new AuditService(new AuditRepository(t.db)), measurements: new MeasurementsService(new MeasurementsRepository(t.db)) });

  it("queues an account's sync once per account; the job takes the owner's details from the provider's register", async () => {
    const first = await put(`/v4/solvik/accounts/${demo.accountIds[0]}/sync`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ queue: 'account-sync', state: 'queued', jobId: expect.any(String) });
    expect((await put(`/v4/solvik/accounts/${demo.accountIds[0]}/sync`)).body.data).toEqual({ queue: 'account-sync', jobId: null, state: 'already-queued' });
    const [job] = await jobs('account-sync');
    expect(job).toMatchObject({ id: first.body.data.jobId, state: 'created', data: { accountId: demo.accountIds[0] } });
    expect((await t.db.selectFrom('audit_logs').select('action').where('action', '=', 'account.sync.request').where('subject_id', '=', demo.accountIds[0]!).execute())).toHaveLength(2);

    // what the job does: the register's details win where it has them
    const organisation = await t.db.selectFrom('organisations').select('id').where('slug', '=', 'solvik').executeTakeFirstOrThrow();
    await t.db
      .insertInto('provider_customers')
      .values({ id: 'e'.repeat(24), organisation_id: organisation.id, customer_number: demo.customerNumber, type: 'CUSTOMER', email: 'register@example.com', phone_number: null, first_name: '', last_name: '', sites: '[]' })
      .onConflict((oc) => oc.columns(['organisation_id', 'customer_number']).doUpdateSet({ email: 'register@example.com', phone_number: null, first_name: '', last_name: '', language: null }))
      .execute();
    const owner = (await t.db.selectFrom('accounts').select('account_owner_id').where('id', '=', demo.accountIds[0]!).executeTakeFirstOrThrow()).account_owner_id!;
    expect(await worker().syncAccount(organisation.id, demo.accountIds[0]!, null)).toEqual({ changed: ['email'] });
    expect((await t.db.selectFrom('users').select('email').where('id', '=', owner).executeTakeFirstOrThrow()).email).toBe('register@example.com');
    expect(await worker().syncAccount(organisation.id, demo.accountIds[0]!, null)).toEqual({ changed: [] });
    const [entry] = await t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'account.sync').execute();
    expect(entry).toMatchObject({ actor_type: 'system', subject_id: owner, after: { email: 'register@example.com' } });
  });

  it("queues a site's history update; the job recomputes its services from their readings", async () => {
    const service = await t.db
      .selectFrom('locations as l')
      .innerJoin('location_services as s', 's.location_id', 'l.id')
      .select(['l.id', 'l.organisation_id', 's.seq'])
      .where('l.account_id', '=', demo.accountIds[0]!)
      .where('s.type', '=', 'consumption_trade')
      .executeTakeFirstOrThrow();
    const res = await put(`/v4/solvik/accounts/${demo.accountIds[0]}/sites/${service.id}/updatehistory`);
    expect(res.body.data).toMatchObject({ queue: 'site-history-update', state: 'queued' });
    expect((await jobs('site-history-update'))[0]!.data).toEqual({ organisationId: service.organisation_id, locationId: service.id });

    // a day of readings, then its roll-ups lost: the job builds them again from the readings
    const measurements = new MeasurementsService(new MeasurementsRepository(t.db));
    const start = Date.parse('2025-03-10T00:00:00Z');
    await measurements.write(Array.from({ length: 24 }, (_, hour) => ({ serviceSeq: service.seq, intervalStart: new Date(start + hour * 3_600_000), minutes: 60 as const, value: '1.5', certainty: 1, status: 0, source: 0 })));
    const rollups = () => t.db.selectFrom('reading_rollups').select(['period', 'period_key', 'value']).where('service_seq', '=', service.seq).orderBy('period').orderBy('period_start').execute();
    const built = await rollups();
    expect(built.length).toBeGreaterThan(0);
    await t.db.deleteFrom('reading_rollups').where('service_seq', '=', service.seq).execute();
    const rebuilt = await worker().updateSiteHistory(service.organisation_id, service.id);
    expect(rebuilt.services).toBeGreaterThan(0);
    expect(await rollups()).toEqual(built);
  });

  it('answers 404 for an account or site not of the organisation, 403 for a wrong scope', async () => {
    expect((await put(`/v4/solvik/accounts/${koivu.accountId}/sync`)).body.key).toBe('MISSING_ACCOUNT_ID');
    const theirs = await t.db.selectFrom('locations').select('id').where('account_id', '=', koivu.accountId).executeTakeFirstOrThrow();
    expect((await put(`/v4/solvik/accounts/${demo.accountIds[0]}/sites/${theirs.id}/updatehistory`)).status).toBe(404);
    expect((await put(`/v4/solvik/accounts/${demo.accountIds[0]}/sync`, staff.otherSupport)).status).toBe(404);
    expect((await put(`/v4/solvik/accounts/${demo.accountIds[0]}/sync`, staff.marketing)).status).toBe(403);
    expect((await put('/v4/solvik/accounts/nope/sync')).status).toBe(400);
  });
});
