import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StaffDisruption } from '@gridline/contracts/disruptions';
import { call, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';

/**
 * Disruptions for staff (issue 17, decision 0044): the bridge calls with the right scope, a scope
 * without the right, another organisation's staff and bad input; the audit entries; and the status
 * and the customers' reads following the server clock.
 */

const HOUR = 3_600_000;
/** The app's clock: the real time moved by `shift` (the status test moves it). */
let shift = 0;
let t: TestApp;
const tokens = { admin: '', support: '', marketing: '', user: '', otherAdmin: '', platform: '' };

const base = '/v4/disruptions/bridge/solvik';
const valid = () => ({
  name: 'Network maintenance',
  type: 'warning',
  targets: ['mypages', 'app'],
  title: { en: 'Planned maintenance', sv: 'Planerat underhåll' },
  message: { en: 'Sign-in may be unavailable for a while.', sv: 'Inloggningen kan vara otillgänglig en stund.' },
  enabled: false,
  level: 'moderate',
});

const create = (body: unknown, token = tokens.admin, product = 'solvik') => call(t.app, { method: 'POST', url: `/v4/disruptions/bridge/${product}/disruption`, token, payload: body as object });
const list = (query = '', token = tokens.admin, product = 'solvik') => call(t.app, { method: 'GET', url: `/v4/disruptions/bridge/${product}/disruptions${query}`, token });
const auditOf = (subjectId: string) =>
  t.db.selectFrom('audit_logs').select(['action', 'actor_email', 'before', 'after', 'changed']).where('subject_type', '=', 'disruption').where('subject_id', '=', subjectId).orderBy('created_at').execute();

beforeAll(async () => {
  t = await startTestApp({ clock: () => Date.now() + shift });
  tokens.admin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  tokens.support = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_SUPPORT'))).accessToken;
  tokens.marketing = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_MARKETING'))).accessToken;
  tokens.user = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_USER'))).accessToken;
  tokens.otherAdmin = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
  tokens.platform = (await staffSignIn(t.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  shift = 0;
  // The demo's disruptions (one warning, one fatal per organisation) stay, off; the tests' own go.
  await t.db.deleteFrom('disruptions').where('name', 'like', 'Test %').execute();
  await t.db.updateTable('disruptions').set({ enabled: false }).execute();
});

describe('POST /v4/disruptions/bridge/{product}/disruption', () => {
  it("creates an organisation's disruption for its admin, with the staff e-mail as updatedBy, and audits it", async () => {
    const res = await create({ ...valid(), name: 'Test create', schedule: { startDate: new Date(Date.now() + HOUR).toISOString() } });
    expect(res.status).toBe(200);
    const created = StaffDisruption.parse(res.body.data);
    expect(created).toMatchObject({ name: 'Test create', organisation: 'solvik', type: 'warning', targets: ['app', 'mypages'], enabled: false, status: 'planned', updatedBy: demoStaffEmail('solvik', 'ORG_ADMIN') });
    const [entry, ...more] = await auditOf(created._id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'disruption.create', actor_email: demoStaffEmail('solvik', 'ORG_ADMIN'), before: null, after: expect.objectContaining({ name: 'Test create', enabled: false }) });
  });

  it('lets support staff and platform admins create too, and keeps no blank language', async () => {
    const bySupport = await create({ ...valid(), name: 'Test support', title: { en: 'Title', de: '   ' } }, tokens.support);
    expect(bySupport.status).toBe(200);
    expect(bySupport.body.data.title).toEqual({ en: 'Title' });
    const byPlatform = await create({ ...valid(), name: 'Test platform' }, tokens.platform);
    expect(byPlatform.status).toBe(200);
    expect(byPlatform.body.data.updatedBy).toBe(DEMO_PLATFORM_ADMIN);
  });

  it('refuses a scope without the right (403), another organisation’s staff (404) and a customer (403)', async () => {
    expect((await create({ ...valid(), name: 'Test marketing' }, tokens.marketing)).status).toBe(403);
    expect((await create({ ...valid(), name: 'Test user' }, tokens.user)).status).toBe(403);
    const other = await create({ ...valid(), name: 'Test other' }, tokens.otherAdmin);
    expect(other.status).toBe(404);
    expect(other.body.key).toBe('NOT_FOUND');
    expect(other.body.data ?? null).toBeNull();
    const [customer] = await signIn(t.app, 'solvik', 'demo');
    expect((await create({ ...valid(), name: 'Test customer' }, customer!.accessToken)).status).toBe(403);
    expect(await t.db.selectFrom('disruptions').select('id').where('name', 'like', 'Test %').execute()).toEqual([]);
  });

  it('answers bad input with 400 and the rule’s key, naming the field, and stores nothing', async () => {
    const cases: Array<[string, unknown, string, string]> = [
      ['a title of 101 characters', { ...valid(), title: { sv: 'x'.repeat(101) } }, 'DISRUPTION_TITLE_TOO_LONG', 'body.title.sv'],
      ['a message of 501 characters', { ...valid(), message: { en: 'y'.repeat(501) } }, 'DISRUPTION_MESSAGE_TOO_LONG', 'body.message.en'],
      ['every language blank', { ...valid(), message: { en: ' ', sv: '', fi: '\n' } }, 'DISRUPTION_MESSAGE_REQUIRED', 'body.message'],
      ['no message at all', { ...valid(), message: {} }, 'DISRUPTION_MESSAGE_REQUIRED', 'body.message'],
      ['an end before the start', { ...valid(), schedule: { startDate: '2026-12-01T12:00:00Z', endDate: '2026-12-01T11:00:00Z' } }, 'DISRUPTION_END_BEFORE_START', 'body.schedule.endDate'],
      ['an end at the start', { ...valid(), schedule: { startDate: '2026-12-01T12:00:00Z', endDate: '2026-12-01T12:00:00Z' } }, 'DISRUPTION_END_BEFORE_START', 'body.schedule.endDate'],
      ['no target', { ...valid(), targets: [] }, 'DISRUPTION_TARGET_REQUIRED', 'body.targets'],
      ['a blank name', { ...valid(), name: '  ' }, 'DISRUPTION_NAME_REQUIRED', 'body.name'],
      ['an unknown type', { ...valid(), type: 'info' }, 'VALIDATION_FAILED', 'body.type'],
      ['an unknown level', { ...valid(), level: 'critical' }, 'VALIDATION_FAILED', 'body.level'],
      ['an unknown language', { ...valid(), message: { en: 'Hello', xx: 'Hej' } }, 'VALIDATION_FAILED', 'body.message'],
      ['the year 0001', { ...valid(), schedule: { startDate: '0001-01-01T00:00:00Z' } }, 'VALIDATION_FAILED', 'body.schedule.startDate'],
      ['a start that is no instant', { ...valid(), schedule: { startDate: 'tomorrow' } }, 'VALIDATION_FAILED', 'body.schedule.startDate'],
      ['an extra field', { ...valid(), updatedBy: 'someone@else.example' }, 'VALIDATION_FAILED', 'body'],
      ['a NUL byte', { ...valid(), title: { en: 'Planned\u0000' } }, 'INVALID_CHARACTERS', 'body.title.en'],
    ];
    for (const [label, body, key, path] of cases) {
      const res = await create({ ...(body as object), name: (body as { name?: string }).name ?? 'Test bad' });
      expect(res.status, label).toBe(400);
      expect(res.body.key, label).toBe(key);
      expect(res.body.data.issues.map((i: { path: string }) => i.path), label).toContainEqual(expect.stringMatching(new RegExp(`^${path.replace(/\./g, '\\.')}`)));
    }
    expect(await t.db.selectFrom('disruptions').select('id').where('name', 'like', 'Test %').execute()).toEqual([]);
  });

  it('takes a title of exactly 100 and a message of exactly 500 characters in every language', async () => {
    const all = (text: string) => Object.fromEntries(['en', 'sv', 'nb', 'nn', 'fi', 'de'].map((l) => [l, text]));
    const res = await create({ ...valid(), name: 'Test limits', title: all('x'.repeat(100)), message: all('y'.repeat(500)) });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.message)).toHaveLength(6);
  });
});

describe('GET /v4/disruptions/bridge/{product}/disruptions', () => {
  it('lists newest first, paged, filtered by status and type, for its organisation only', async () => {
    const now = Date.now();
    const planned = (await create({ ...valid(), name: 'Test planned', schedule: { startDate: new Date(now + HOUR).toISOString() } })).body.data;
    const finished = (await create({ ...valid(), name: 'Test finished', schedule: { startDate: new Date(now - 2 * HOUR).toISOString(), endDate: new Date(now - HOUR).toISOString() } })).body.data;
    const ongoing = (await create({ ...valid(), name: 'Test ongoing', type: 'fatal', targets: ['mypages'] })).body.data;

    const all = await list('?limit=2');
    expect(all.status).toBe(200);
    expect(all.body.data.map((d: { _id: string }) => d._id)).toEqual([ongoing._id, finished._id]);
    // the three above and the demo's warning and fatal
    expect(all.body.pagination).toEqual({ limit: 2, page: 1, total: 5 });
    expect((await list('?limit=2&page=2')).body.data[0]._id).toBe(planned._id);

    const names = async (query: string) => (await list(query)).body.data.map((d: { name: string }) => d.name).filter((n: string) => n.startsWith('Test'));
    expect(await names('?status=planned')).toEqual(['Test planned']);
    expect(await names('?status=finished')).toEqual(['Test finished']);
    expect(await names('?status=ongoing')).toEqual(['Test ongoing']);
    expect(await names('?type=fatal')).toEqual(['Test ongoing']);
    expect((await list('?status=ongoing')).body.data.every((d: { status: string }) => d.status === 'ongoing')).toBe(true);

    expect((await list('', tokens.marketing)).status).toBe(403);
    expect((await list('', tokens.otherAdmin)).status).toBe(404);
    const koivu = await list('', tokens.otherAdmin, 'koivu');
    expect(koivu.status).toBe(200);
    expect(koivu.body.data.every((d: { organisation: string }) => d.organisation === 'koivu')).toBe(true);
    expect((await list('', tokens.platform, 'nosuchorganisation')).body.key).toBe('UNKNOWN_ORGANISATION');
    expect((await list('?status=soon')).status).toBe(400);
  });
});

describe('PUT …/disruption/{id}, PUT …/disruption/{id}/toggle, DELETE …/disruption/{id}', () => {
  it('replaces, switches on and off and deletes, each audited with its before and after', async () => {
    const created = (await create({ ...valid(), name: 'Test change' })).body.data;
    const url = `${base}/disruption/${created._id}`;

    const updated = await call(t.app, { method: 'PUT', url, token: tokens.support, payload: { ...valid(), name: 'Test changed', level: 'severe', message: { fi: 'Huoltokatko' } } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ _id: created._id, name: 'Test changed', level: 'severe', message: { fi: 'Huoltokatko' }, updatedBy: demoStaffEmail('solvik', 'ORG_SUPPORT') });

    const on = await call(t.app, { method: 'PUT', url: `${url}/toggle`, token: tokens.admin });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ enabled: true, status: 'ongoing' });
    expect((await call(t.app, { method: 'GET', url: '/v4/disruptions/solvik/active-disruption?product=mypages' })).body.data._id).toBe(created._id);
    const off = await call(t.app, { method: 'PUT', url: `${url}/toggle`, token: tokens.admin });
    expect(off.body.data.enabled).toBe(false);
    expect((await call(t.app, { method: 'GET', url: '/v4/disruptions/solvik/active-disruption?product=mypages' })).body.data).toBeNull();

    const removed = await call(t.app, { method: 'DELETE', url, token: tokens.admin });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ success: true });
    expect((await call(t.app, { method: 'DELETE', url, token: tokens.admin })).status).toBe(404);

    const entries = await auditOf(created._id);
    expect(entries.map((e) => e.action)).toEqual(['disruption.create', 'disruption.update', 'disruption.toggle', 'disruption.toggle', 'disruption.delete']);
    expect(entries[1]).toMatchObject({ before: expect.objectContaining({ name: 'Test change', level: 'moderate' }), after: expect.objectContaining({ name: 'Test changed', level: 'severe' }) });
    expect(entries[1]!.changed).toEqual(expect.arrayContaining(['level', 'message', 'name', 'updatedBy']));
    expect(entries[2]).toMatchObject({ before: expect.objectContaining({ enabled: false }), after: expect.objectContaining({ enabled: true }), changed: expect.arrayContaining(['enabled']) });
    expect(entries[4]).toMatchObject({ before: expect.objectContaining({ name: 'Test changed' }), after: null });
  });

  it('answers 404 to another organisation’s staff and for an id of another organisation, 403 to a scope without the right, and changes nothing', async () => {
    const created = (await create({ ...valid(), name: 'Test guarded' })).body.data;
    const url = `${base}/disruption/${created._id}`;
    const body = { ...valid(), name: 'Test hijacked' };
    for (const [method, path, payload] of [['PUT', url, body], ['PUT', `${url}/toggle`, undefined], ['DELETE', url, undefined]] as const) {
      const request = { method, url: path, ...(payload ? { payload } : {}) };
      expect((await call(t.app, { ...request, token: tokens.otherAdmin })).status, `${method} ${path} × koivu`).toBe(404);
      expect((await call(t.app, { ...request, token: tokens.marketing })).status, `${method} ${path} × marketing`).toBe(403);
      // solvik's id under koivu's prefix, by koivu's own admin
      const underOther = { ...request, url: path.replace('/bridge/solvik/', '/bridge/koivu/') };
      expect((await call(t.app, { ...underOther, token: tokens.otherAdmin })).status, `${method} ${path} under koivu`).toBe(404);
      expect((await call(t.app, { ...underOther, token: tokens.platform })).status, `${method} ${path} under koivu × platform`).toBe(404);
    }
    const row = await t.db.selectFrom('disruptions').selectAll().where('id', '=', created._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Test guarded', enabled: false });
    expect((await auditOf(created._id)).map((e) => e.action)).toEqual(['disruption.create']);
  });

  it('refuses a replacement that breaks a rule, and leaves the disruption as it was', async () => {
    const created = (await create({ ...valid(), name: 'Test strict' })).body.data;
    const res = await call(t.app, { method: 'PUT', url: `${base}/disruption/${created._id}`, token: tokens.admin, payload: { ...valid(), name: 'Test strict', title: { nb: 'z'.repeat(101) } } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ key: 'DISRUPTION_TITLE_TOO_LONG', data: { issues: [expect.objectContaining({ path: 'body.title.nb' })] } });
    expect((await call(t.app, { method: 'PUT', url: `${base}/disruption/not-an-id/toggle`, token: tokens.admin })).status).toBe(400);
    expect((await t.db.selectFrom('disruptions').select('title').where('id', '=', created._id).executeTakeFirstOrThrow()).title).toEqual(valid().title);
  });
});

describe('the status follows the server clock, and so do the customers’ reads', () => {
  it('moves planned → ongoing → finished; the portal’s read and GET /disruptions follow it', async () => {
    const start = Date.now() + HOUR;
    const created = await create({ ...valid(), name: 'Test scheduled', enabled: true, schedule: { startDate: new Date(start).toISOString(), endDate: new Date(start + HOUR).toISOString() } });
    expect(created.body.data.status).toBe('planned');
    const id = created.body.data._id;

    const statusNow = async () => {
      // tokens are signed by the app's clock: sign in again after moving it
      const staff = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
      const [customer] = await signIn(t.app, 'solvik', 'demo');
      const listed = (await list('', staff)).body.data.find((d: { _id: string }) => d._id === id);
      const portal = (await call(t.app, { method: 'GET', url: '/v4/disruptions/solvik/active-disruption?product=mypages' })).body.data;
      const account = await call(t.app, { method: 'GET', url: '/v4/solvik/disruptions', token: customer!.accessToken });
      expect(account.status).toBe(200);
      expect(account.response.headers['cache-control']).toBe('no-store');
      return { status: listed.status, portal: portal?._id ?? null, account: account.body.data.map((d: { _id: string }) => d._id) };
    };

    expect(await statusNow()).toEqual({ status: 'planned', portal: null, account: [] });
    shift = HOUR + 60_000;
    expect(await statusNow()).toEqual({ status: 'ongoing', portal: id, account: [id] });
    shift = 2 * HOUR + 60_000;
    expect(await statusNow()).toEqual({ status: 'finished', portal: null, account: [] });
  });

  it('GET /disruptions answers the customer’s own organisation only, without who changed it, and needs a token', async () => {
    const own = (await create({ ...valid(), name: 'Test account read', enabled: true })).body.data;
    await create({ ...valid(), name: 'Test koivu', enabled: true }, tokens.otherAdmin, 'koivu');
    const [customer] = await signIn(t.app, 'solvik', 'demo');
    const res = await call(t.app, { method: 'GET', url: '/v4/solvik/disruptions', token: customer!.accessToken });
    expect(res.body.data.map((d: { _id: string }) => d._id)).toEqual([own._id]);
    expect(res.body.data[0]).not.toHaveProperty('updatedBy');
    expect((await call(t.app, { method: 'GET', url: '/v4/solvik/disruptions' })).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/v4/koivu/disruptions', token: customer!.accessToken })).status).toBe(401);
  });
});
