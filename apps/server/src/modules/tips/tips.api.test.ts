import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocationTip, Tip } from '@gridline/contracts/tips';
import { call, demoHome, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { stableId } from '../../demo/releases.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';
import { demoSupportAdmin } from '../../demo/sign-in-identities.ts';

/**
 * Tips (issue 18, decision 0053): the customer's read and mark against the demo locations'
 * segments, every staff call with the right and wrong scope and organisation, every validation
 * key, and the audit entries.
 */

let t: TestApp;
let testStart = new Date();
const staff = { admin: '', marketing: '', support: '', developer: '', user: '', otherAdmin: '', platform: '' };
let customer = '';
let locationId = '';
let accountId = '';
let neighbour = '';
let neighbourLocation = '';
let otherOrganisationCustomer = '';

const demoTip = (organisation: string, key: string) => stableId('gridline-demo', organisation, 'tip', key);
const written = { texts: { en: { title: 'Test tip', body: 'A body.' }, sv: { title: 'Testtips', body: 'En text.' } } };

const list = (token: string, query = '') => call(t.app, { method: 'GET', url: `/v3/data/tips/${query}`, token });
const create = (token: string, payload: unknown, query = '') => call(t.app, { method: 'POST', url: `/v3/data/tips${query}`, token, payload: payload as object });
const update = (token: string, id: string, payload: unknown, query = '') => call(t.app, { method: 'PUT', url: `/v3/data/tips/${id}${query}`, token, payload: payload as object });
const remove = (token: string, id: string, query = '') => call(t.app, { method: 'DELETE', url: `/v3/data/tips/${id}${query}`, token });
const tipsOf = (token: string, location: string, query = '') => call(t.app, { method: 'GET', url: `/v3/tips/${location}${query}`, token });
const mark = (token: string, location: string, tip: string, completed: boolean, query = '') =>
  call(t.app, { method: 'PATCH', url: `/v3/tips/${location}/${tip}/completed${query}`, token, payload: { completed } });
const auditOf = (action: string) =>
  t.db.selectFrom('audit_logs').select(['action', 'actor_email', 'subject_id', 'before', 'after']).where('action', '=', action).where('created_at', '>=', testStart).orderBy('created_at').execute();
const setExtras = (extras: Record<string, unknown>) =>
  call(t.app, { method: 'PATCH', url: `/v4/solvik/locations/accounts/${accountId}/location?id=${locationId}`, token: customer, payload: { extras } });

beforeAll(async () => {
  t = await startTestApp();
  staff.admin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  staff.marketing = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_MARKETING'))).accessToken;
  staff.support = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_SUPPORT'))).accessToken;
  staff.developer = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_DEVELOPER'))).accessToken;
  staff.user = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_USER'))).accessToken;
  staff.otherAdmin = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
  staff.platform = (await staffSignIn(t.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
  const home = await demoHome(t, 'solvik');
  customer = home.token;
  locationId = home.locationId;
  accountId = home.home.accountId;
  neighbour = (await signIn(t.app, 'solvik', 'business'))[0]!.accessToken;
  const theirs = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: neighbour });
  neighbourLocation = theirs.body.data.locations[0]._id;
  otherOrganisationCustomer = (await signIn(t.app, 'koivu', 'demo'))[0]!.accessToken;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  testStart = new Date();
});

describe('GET /v3/tips/{locationId}', () => {
  it("lists the demo tips that match the demo home's segments, in the language asked for", async () => {
    const answer = await tipsOf(customer, locationId, '?language=en');
    expect(answer.status).toBe(200);
    expect(answer.response.headers['cache-control']).toBe('no-store');
    const tips = LocationTip.array().parse(answer.body.data);
    // Air-to-water heat pump, no floor heating, no electric boiler, grid and trade: not the floor
    // heating, water heater or district heating tips.
    expect(tips.map((tip) => tip.tipId)).toEqual([demoTip('solvik', 'lower-heating'), demoTip('solvik', 'dishwasher-at-night'), demoTip('solvik', 'ev-at-night')]);
    expect(tips[0]).toMatchObject({ title: 'Lower the heat by one degree', language: 'en', completed: false });
    const swedish = (await tipsOf(customer, locationId, '?language=sv')).body.data;
    expect(swedish[0]).toMatchObject({ title: 'Sänk värmen en grad', language: 'sv' });
  });

  it('follows the home details: floor heating and an electric boiler bring their tips, district heating its own', async () => {
    expect((await setExtras({ gadgets: ['floorHeating'], heatingSecondary: ['electricBoiler'] })).status).toBe(200);
    const ids = (await tipsOf(customer, locationId)).body.data.map((tip: LocationTip) => tip.tipId);
    expect(ids).toContain(demoTip('solvik', 'floor-heating-timer'));
    expect(ids).toContain(demoTip('solvik', 'water-heater-timer'));
    expect((await setExtras({ heating: 'district', gadgets: ['no_gadgets'], heatingSecondary: ['none'] })).status).toBe(200);
    const district = (await tipsOf(customer, locationId)).body.data.map((tip: LocationTip) => tip.tipId);
    expect(district).toEqual([demoTip('solvik', 'dishwasher-at-night'), demoTip('solvik', 'ev-at-night'), demoTip('solvik', 'bleed-radiators')]);
    expect((await setExtras({ heating: 'airwater', gadgets: ['dishMashine', 'dryer', 'evCarCharger'], heatingSecondary: ['stove'] })).status).toBe(200);
  });

  it('matches every demo organisation\'s demo home the same way', async () => {
    for (const organisation of ['fjellkraft', 'koivu', 'alpenwerk']) {
      const home = await demoHome(t, organisation);
      const answer = await tipsOf(home.token, home.locationId);
      expect(answer.status).toBe(200);
      const ids = answer.body.data.map((tip: LocationTip) => tip.tipId);
      // every demo home has grid: the tips for all users and for grid customers are there
      expect(ids).toContain(demoTip(organisation, 'dishwasher-at-night'));
      expect(ids).toContain(demoTip(organisation, 'ev-at-night'));
    }
  });

  it('falls back to the organisation default language, then English', async () => {
    const created = await create(staff.marketing, { texts: { en: { title: 'Only English', body: 'Body' } }, enabled: true, sortOrder: 99_999 });
    expect(created.status).toBe(200);
    const finnish = (await tipsOf(customer, locationId, '?language=fi')).body.data;
    expect(finnish.find((tip: LocationTip) => tip.tipId === created.body.data._id)).toMatchObject({ title: 'Only English', language: 'en' });
    // the demo tips have Finnish
    expect(finnish[0].language).toBe('fi');
    await remove(staff.marketing, created.body.data._id);
  });

  it('shows only enabled tips and only to the segment: owner or not', async () => {
    const hidden = (await create(staff.marketing, { ...written, enabled: false })).body.data;
    const guestsOnly = (await create(staff.marketing, { ...written, enabled: true, segments: { accountOwner: false } })).body.data;
    const ownersOnly = (await create(staff.marketing, { ...written, enabled: true, segments: { accountOwner: true } })).body.data;
    const ids = (await tipsOf(customer, locationId)).body.data.map((tip: LocationTip) => tip.tipId);
    expect(ids).not.toContain(hidden._id);
    expect(ids).not.toContain(guestsOnly._id);
    expect(ids).toContain(ownersOnly._id);
    for (const tip of [hidden, guestsOnly, ownersOnly]) await remove(staff.marketing, tip._id);
  });

  it("answers 404 for another customer's location, another organisation's customer, and an unknown id; 401 without a token", async () => {
    expect((await tipsOf(customer, neighbourLocation)).status).toBe(404);
    expect((await tipsOf(neighbour, locationId)).status).toBe(404);
    expect((await tipsOf(otherOrganisationCustomer, locationId)).status).toBe(404);
    expect((await tipsOf(customer, 'f'.repeat(24))).status).toBe(404);
    expect((await tipsOf(customer, 'nope')).status).toBe(400);
    expect((await tipsOf(customer, locationId, '?language=xx')).status).toBe(400);
    expect((await tipsOf('', locationId)).status).toBe(401);
    expect((await tipsOf(staff.admin, locationId)).status).toBe(401);
  });
});

describe('PATCH /v3/tips/{locationId}/{tipId}/completed', () => {
  const tip = () => demoTip('solvik', 'dishwasher-at-night');
  it('marks a tip done and not done again, and the list says so', async () => {
    const done = await mark(customer, locationId, tip(), true, '?language=sv');
    expect(done.status).toBe(200);
    expect(LocationTip.parse(done.body.data)).toMatchObject({ tipId: tip(), completed: true, language: 'sv', title: 'Kör diskmaskinen när elen är billig' });
    const listed = (await tipsOf(customer, locationId)).body.data.find((x: LocationTip) => x.tipId === tip());
    expect(listed.completed).toBe(true);
    const undone = await mark(customer, locationId, tip(), false);
    expect(undone.body.data.completed).toBe(false);
    expect(Date.parse(undone.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(done.body.data.updatedAt));
    expect(undone.body.data.createdAt).toBe(done.body.data.createdAt);
  });

  it('keeps the state per location: another member of the organisation does not see it', async () => {
    await mark(customer, locationId, tip(), true);
    const theirs = (await tipsOf(neighbour, neighbourLocation)).body.data.find((x: LocationTip) => x.tipId === tip());
    expect(theirs.completed).toBe(false);
    await mark(customer, locationId, tip(), false);
  });

  it('answers 404 for a tip not for the location, a disabled one, another organisation\'s, another customer\'s location', async () => {
    expect((await mark(customer, locationId, demoTip('solvik', 'bleed-radiators'), true)).status).toBe(404);
    expect((await mark(customer, locationId, demoTip('koivu', 'dishwasher-at-night'), true)).status).toBe(404);
    expect((await mark(customer, neighbourLocation, tip(), true)).status).toBe(404);
    expect((await mark(neighbour, locationId, tip(), true)).status).toBe(404);
    expect((await mark(otherOrganisationCustomer, locationId, tip(), true)).status).toBe(404);
    const disabled = (await create(staff.marketing, { ...written, enabled: false })).body.data;
    expect((await mark(customer, locationId, disabled._id, true)).status).toBe(404);
    await remove(staff.marketing, disabled._id);
  });

  it('refuses a bad body and a read-only session (support mode)', async () => {
    const bad = await call(t.app, { method: 'PATCH', url: `/v3/tips/${locationId}/${tip()}/completed`, token: customer, payload: { completed: 'yes' } });
    expect(bad.status).toBe(400);
    const extra = await call(t.app, { method: 'PATCH', url: `/v3/tips/${locationId}/${tip()}/completed`, token: customer, payload: { completed: true, more: 1 } });
    expect(extra.status).toBe(400);
    const start = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'ADMIN', organisation: 'solvik', inspectorLogin: true, email: demoSupportAdmin('solvik'), password: 'demo', asUsername: 'demo' } });
    const tokens = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${start.body.data.ref}` });
    const inspector = tokens.body.data.auths[0].accessToken as string;
    expect((await tipsOf(inspector, locationId)).status).toBe(200);
    const refused = await mark(inspector, locationId, tip(), true);
    expect(refused.status).toBe(403);
    expect(refused.body.key).toBe('READ_ONLY_SESSION');
    expect((await t.db.selectFrom('location_tips').select('completed').where('location_id', '=', locationId).where('tip_id', '=', tip()).executeTakeFirst())?.completed).toBe(false);
  });
});

describe('GET /v3/data/tips/', () => {
  it("lists the organisation's tips in sort order, paged, for the scopes that read them", async () => {
    for (const token of [staff.admin, staff.marketing, staff.support, staff.developer]) {
      const answer = await list(token);
      expect(answer.status).toBe(200);
      const tips = Tip.array().parse(answer.body.data);
      expect(tips.map((tip) => tip._id)).toEqual(['lower-heating', 'dishwasher-at-night', 'floor-heating-timer', 'water-heater-timer', 'ev-at-night', 'bleed-radiators'].map((key) => demoTip('solvik', key)));
      expect(tips[0]).toMatchObject({ organisation: 'solvik', enabled: true, sortOrder: 10, createdBy: 'demo@gridline.example' });
      expect(Object.keys(tips[0]!.texts).sort()).toEqual(['de', 'en', 'fi', 'nb', 'nn', 'sv']);
      expect(answer.body.pagination).toMatchObject({ total: 6, page: 1, limit: 25 });
    }
    const page = await list(staff.admin, '?limit=2&page=2');
    expect(page.body.data.map((tip: Tip) => tip._id)).toEqual([demoTip('solvik', 'floor-heating-timer'), demoTip('solvik', 'water-heater-timer')]);
    expect((await list(staff.admin, '?enabled=false')).body.data).toEqual([]);
    expect((await list(staff.admin, '?limit=0')).status).toBe(400);
  });

  it('answers another organisation to its own staff only; platform staff name it', async () => {
    const koivu = await list(staff.otherAdmin);
    expect(koivu.body.data[0]._id).toBe(demoTip('koivu', 'lower-heating'));
    expect((await list(staff.otherAdmin, '?organisation=solvik')).status).toBe(404);
    const platform = await list(staff.platform, '?organisation=koivu');
    expect(platform.status).toBe(200);
    expect(platform.body.data[0].organisation).toBe('koivu');
    expect((await list(staff.platform)).status).toBe(400);
    expect((await list(staff.platform, '?organisation=nowhere')).status).toBe(404);
  });

  it('refuses a scope without the right, a customer and no token', async () => {
    expect((await list(staff.user)).status).toBe(403);
    expect((await list(customer)).status).toBe(403);
    expect((await list('')).status).toBe(401);
  });
});

describe('POST, PUT and DELETE /v3/data/tips', () => {
  it('creates, replaces and deletes a tip, each audited with before and after', async () => {
    const created = await create(staff.marketing, { ...written, segments: { heatingTypes: ['direct', 'direct'], services: ['waste'], hasFloorHeating: true, heatingTypes2: undefined }, enabled: true, sortOrder: 5 });
    expect(created.status).toBe(200);
    const tip = Tip.parse(created.body.data);
    expect(tip).toMatchObject({ organisation: 'solvik', enabled: true, sortOrder: 5, segments: { heatingTypes: ['direct'], services: ['waste'], hasFloorHeating: true }, createdBy: demoStaffEmail('solvik', 'ORG_MARKETING') });
    expect((await auditOf('tip.create'))[0]).toMatchObject({ subject_id: tip._id, before: null, after: { enabled: true, sortOrder: 5 } });

    const replaced = await update(staff.admin, tip._id, { texts: { de: { title: 'Neu', body: 'Text' }, en: { title: '', body: '' } }, enabled: false });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ texts: { de: { title: 'Neu', body: 'Text' } }, segments: {}, enabled: false, sortOrder: 0, updatedBy: demoStaffEmail('solvik', 'ORG_ADMIN') });
    expect(Object.keys(replaced.body.data.texts)).toEqual(['de']);
    const audit = (await auditOf('tip.update'))[0]!;
    expect(audit.before).toMatchObject({ enabled: true });
    expect(audit.after).toMatchObject({ enabled: false });

    await mark(customer, locationId, demoTip('solvik', 'dishwasher-at-night'), true);
    expect((await remove(staff.marketing, tip._id)).body).toMatchObject({ data: { success: true } });
    expect((await auditOf('tip.delete'))[0]).toMatchObject({ subject_id: tip._id, after: null });
    expect((await remove(staff.marketing, tip._id)).status).toBe(404);
    expect((await update(staff.marketing, tip._id, written)).status).toBe(404);
  });

  it('deleting a tip deletes the locations\' states of it', async () => {
    const tip = (await create(staff.marketing, { ...written, enabled: true })).body.data;
    expect((await mark(customer, locationId, tip._id, true)).status).toBe(200);
    await remove(staff.marketing, tip._id);
    expect(await t.db.selectFrom('location_tips').selectAll().where('tip_id', '=', tip._id).execute()).toEqual([]);
  });

  it("answers another organisation's tip 404, and lets platform staff write where they name the organisation", async () => {
    const koivuTip = demoTip('koivu', 'lower-heating');
    expect((await update(staff.admin, koivuTip, written)).status).toBe(404);
    expect((await remove(staff.admin, koivuTip)).status).toBe(404);
    expect((await update(staff.admin, koivuTip, written, '?organisation=koivu')).status).toBe(404);
    const platform = await create(staff.platform, written, '?organisation=koivu');
    expect(platform.status).toBe(200);
    expect(platform.body.data.organisation).toBe('koivu');
    expect((await create(staff.platform, written)).status).toBe(400);
    expect((await update(staff.platform, platform.body.data._id, written, '?organisation=solvik')).status).toBe(404);
    expect((await remove(staff.platform, platform.body.data._id, '?organisation=koivu')).status).toBe(200);
  });

  it('refuses the scopes that only read, ORG_USER and customers', async () => {
    for (const token of [staff.support, staff.developer, staff.user, customer]) {
      expect((await create(token, written)).status).toBe(403);
      expect((await update(token, demoTip('solvik', 'lower-heating'), written)).status).toBe(403);
      expect((await remove(token, demoTip('solvik', 'lower-heating'))).status).toBe(403);
    }
    expect((await create('', written)).status).toBe(401);
  });

  it('answers every rule with its key, for create and replace, and changes nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ texts: {} }, 'TIP_TEXT_REQUIRED'],
      [{ texts: { en: { title: ' ', body: '' } } }, 'TIP_TEXT_REQUIRED'],
      [{ texts: { en: { title: 'T', body: 'B' }, fi: { title: 'Otsikko', body: '' } } }, 'TIP_TEXT_INCOMPLETE'],
      [{ texts: { en: { title: '', body: 'Only a body' } } }, 'TIP_TEXT_INCOMPLETE'],
      [{ texts: { en: { title: 'x'.repeat(101), body: 'B' } } }, 'TIP_TITLE_TOO_LONG'],
      [{ texts: { nb: { title: 'T', body: 'x'.repeat(1001) } } }, 'TIP_BODY_TOO_LONG'],
      [{ ...written, segments: { heatingTypes: ['lava'] } }, 'VALIDATION_FAILED'],
      [{ ...written, segments: { services: ['tv'] } }, 'VALIDATION_FAILED'],
      [{ ...written, segments: { unknown: true } }, 'VALIDATION_FAILED'],
      [{ ...written, sortOrder: -1 }, 'VALIDATION_FAILED'],
      [{ ...written, extra: 1 }, 'VALIDATION_FAILED'],
      [{ texts: { en: { title: 'T\u0000', body: 'B' } } }, 'INVALID_CHARACTERS'],
    ];
    const before = await t.db.selectFrom('tips').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    for (const [payload, key] of cases) {
      const created = await create(staff.marketing, payload);
      expect(created.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(created.body.key, JSON.stringify(payload).slice(0, 80)).toBe(key);
      const replaced = await update(staff.marketing, demoTip('solvik', 'lower-heating'), payload);
      expect(replaced.body.key).toBe(key);
    }
    const after = await t.db.selectFrom('tips').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await list(staff.admin)).body.data[0].texts.en.title).toBe('Lower the heat by one degree');
  });
});
