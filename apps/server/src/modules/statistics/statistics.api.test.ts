import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';
import { JOB_QUEUES } from '../../jobs/catalogue.ts';
import { PgBossScheduleControl } from '../../jobs/control.ts';

/** The app's clock: real time unless a test sets an instant (the alert rules). */
let fixed: number | null = null;
let t: TestApp;
const tokens = { admin: '', marketing: '', user: '', koivuAdmin: '', platform: '' };
let solvikId: string;
let koivuId: string;
let zones: string[];

const get = (url: string, token = tokens.admin) => call(t.app, { method: 'GET', url, token });
const stats = (kind: string, query: string, token = tokens.admin) => get(`/v3/account/statistics/${kind}?${query}`, token);
const alerts = async (token = tokens.admin, query = '') => {
  const res = await get(`/v3/account/monitoring/alerts${query}`, token);
  expect(res.status).toBe(200);
  return res.body.data as Array<{ id: string; rule: string; severity: string; messageKey: string; subject: Record<string, unknown>; since: string; area: string | null }>;
};
/** Moves the app's clock and signs the staff in again (tokens are signed by that clock). */
async function at(instant: string | null): Promise<void> {
  fixed = instant === null ? null : Date.parse(instant);
  tokens.admin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  tokens.koivuAdmin = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
}
const setPriceDay = async (zone: string, day: string, state: 'final' | 'preliminary' | 'missing' | null) => {
  await t.db.deleteFrom('spot_price_days').where('zone', '=', zone).where('delivery_day', '=', day).execute();
  if (state) await t.db.insertInto('spot_price_days').values({ zone, delivery_day: day, state }).execute();
};
/** The first read service of solvik's first visible site, for readings written straight into the roll-ups. */
const solvikService = async () =>
  (
    await sql<{ seq: number; location_id: string }>`
      SELECT s.seq, s.location_id FROM location_services s JOIN locations l ON l.id = s.location_id
       WHERE s.organisation_id = ${solvikId} AND s.status = 'active' AND s.reading_period <> 'none' AND l.status = 'ACTIVE' ORDER BY s.seq LIMIT 1`.execute(t.db)
  ).rows[0]!;
const failedRun = (queue: string, organisationId: string | null, ended: string, state: 'failed' | 'completed' = 'failed') =>
  sql`INSERT INTO pgboss.job (name, data, state, created_on, started_on, completed_on, output) VALUES
    (${queue}, ${JSON.stringify(organisationId ? { organisationId } : {})}::jsonb, ${state}, ${ended}::timestamptz - interval '2 minutes', ${ended}::timestamptz - interval '1 minute', ${ended}::timestamptz, '{"message":"boom"}'::jsonb)`.execute(t.db);

beforeAll(async () => {
  t = await startTestApp({ clock: () => fixed ?? Date.now() });
  tokens.admin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  tokens.marketing = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_MARKETING'))).accessToken;
  tokens.user = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_USER'))).accessToken;
  tokens.koivuAdmin = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
  tokens.platform = (await staffSignIn(t.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
  const ids = await t.db.selectFrom('organisations').select(['id', 'slug']).execute();
  solvikId = ids.find((o) => o.slug === 'solvik')!.id;
  koivuId = ids.find((o) => o.slug === 'koivu')!.id;
  zones = (await sql<{ zone: string }>`SELECT DISTINCT price_zone AS zone FROM locations WHERE organisation_id = ${solvikId} AND price_zone IS NOT NULL AND status IN ('ACTIVE','PENDING','ACTIVE_PROCESS','IN_PROCESS') ORDER BY 1`.execute(t.db)).rows.map((r) => r.zone);
  // pg-boss's tables and the queues exist as the API's schedule control makes them (a run sent, removed before each test)
  const control = new PgBossScheduleControl(t.db);
  for (const queue of [JOB_QUEUES.dayAhead, JOB_QUEUES.auditRetention]) await control.trigger(queue, null);
  await control.stop();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  if (fixed !== null) await at(null);
  await sql`DELETE FROM pgboss.job`.execute(t.db);
});

describe('who reads what', () => {
  it('answers an organisation’s staff their own organisation, platform staff the one they name, and refuses the rest', async () => {
    const own = await get('/v3/account/statistics/bridge/solvik');
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ organisation: 'solvik', timeZone: 'Europe/Stockholm', support: { unanswered: 0 } });
    expect((await get('/v3/account/statistics/bridge/koivu')).status).toBe(404);
    expect((await stats('users', 'organisation=koivu&start_date=2026-11-01&end_date=2026-11-20')).status).toBe(404);
    expect((await get('/v3/account/monitoring/alerts?organisation=koivu')).status).toBe(404);
    expect((await get('/v3/account/statistics/iot/users?organisation=koivu')).status).toBe(404);
    // the platform admin names any organisation, and must name one
    expect((await get('/v3/account/statistics/bridge/koivu', tokens.platform)).body.data.organisation).toBe('koivu');
    expect((await stats('accounts', 'organisation=koivu&start_date=2026-11-01&end_date=2026-11-20', tokens.platform)).body.data.organisation).toBe('koivu');
    expect((await stats('accounts', 'start_date=2026-11-01&end_date=2026-11-20', tokens.platform)).status).toBe(400);
    expect((await get('/v3/account/statistics/bridge/nowhere', tokens.platform)).body.key).toBe('UNKNOWN_ORGANISATION');
    // ORG_USER reads none of it; marketing reads the statistics but not the alerts; a customer's token is 403; none 401
    expect((await get('/v3/account/statistics/bridge/solvik', tokens.user)).status).toBe(403);
    expect((await get('/v3/account/monitoring/alerts', tokens.user)).status).toBe(403);
    expect((await get('/v3/account/statistics/bridge/solvik', tokens.marketing)).status).toBe(200);
    expect((await get('/v3/account/monitoring/alerts', tokens.marketing)).status).toBe(403);
    const [customer] = await signIn(t.app, 'solvik', 'demo');
    expect((await get('/v3/account/statistics/bridge/solvik', customer!.accessToken)).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/v3/account/monitoring/alerts' })).status).toBe(401);
  });

  it('answers the smart-home users honestly: no IoT module, no devices', async () => {
    const res = await get('/v3/account/statistics/iot/users');
    expect(res.status).toBe(200);
    const users = Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('organisation_id', '=', solvikId).executeTakeFirstOrThrow()).n);
    expect(res.body.data).toEqual({ organisation: 'solvik', available: false, users, usersWithDevices: 0, devices: 0 });
  });
});

describe('GET /v3/account/statistics/{kind}', () => {
  it('refuses an unknown kind, bad and out-of-range dates, a reversed range and a range over 366 days', async () => {
    const cases: Array<[string, string, string]> = [
      ['weather', 'start_date=2026-11-01&end_date=2026-11-20', 'UNKNOWN_STATISTICS_KIND'],
      ['users', 'start_date=0001-01-01&end_date=2026-11-20', 'INVALID_DATE'],
      ['users', 'start_date=garbage&end_date=2026-11-20', 'INVALID_DATE'],
      ['users', 'start_date=2026-02-30&end_date=2026-11-20', 'INVALID_DATE'],
      ['users', 'start_date=2026-11-01&end_date=2026-11-20T00:00:00Z', 'INVALID_DATE'],
      ['users', 'start_date=2026-11-20&end_date=2026-11-01', 'INVALID_DATE_RANGE'],
      ['users', 'start_date=2025-11-19&end_date=2026-11-20', 'DATE_RANGE_TOO_LONG'],
      ['users', 'start_date=2026-11-01', 'VALIDATION_FAILED'],
    ];
    for (const [kind, query, key] of cases) {
      const res = await stats(kind, query);
      expect([kind, query, res.status, res.body.key]).toEqual([kind, query, 400, key]);
    }
    // 366 days is the longest range
    const year = await stats('accounts', 'start_date=2025-11-20&end_date=2026-11-20');
    expect(year.status).toBe(200);
    expect(year.body.data.days).toHaveLength(366);
  });

  it('counts a customer’s sign-in by method and as an active customer on the organisation’s day, and new accounts per day', async () => {
    await signIn(t.app, 'solvik', 'demo');
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
    const query = `start_date=${today}&end_date=${today}`;
    const signIns = (await stats('signIns', query)).body.data;
    expect(signIns.days).toEqual([today]);
    expect(signIns.series.find((s: { name: string }) => s.name === 'USR_PWD').values[0]).toBeGreaterThanOrEqual(1);
    const users = (await stats('users', query)).body.data;
    expect(users.series.map((s: { name: string }) => s.name)).toEqual(['active', 'new']);
    expect(users.series[0].values[0]).toBeGreaterThanOrEqual(1);
    // another organisation's customers are not counted here
    const before = (await stats('signIns', query, tokens.koivuAdmin)).body.data.series.reduce((n: number, s: { values: number[] }) => n + s.values[0]!, 0);
    await signIn(t.app, 'solvik', 'demo');
    expect((await stats('signIns', query, tokens.koivuAdmin)).body.data.series.reduce((n: number, s: { values: number[] }) => n + s.values[0]!, 0)).toBe(before);

    await t.db.updateTable('accounts').set({ created_at: new Date('2026-10-05T10:00:00Z') }).where('organisation_id', '=', solvikId).execute();
    const accounts = (await stats('accounts', 'start_date=2026-10-04&end_date=2026-10-06')).body.data;
    const count = Number((await t.db.selectFrom('accounts').select((eb) => eb.fn.countAll().as('n')).where('organisation_id', '=', solvikId).executeTakeFirstOrThrow()).n);
    expect(accounts).toMatchObject({ kind: 'accounts', days: ['2026-10-04', '2026-10-05', '2026-10-06'], series: [{ name: 'new', values: [0, count, 0] }] });
  });

  it('counts readings per day from the day roll-ups and the price zones’ publication states per day', async () => {
    const service = await solvikService();
    await t.db.deleteFrom('reading_rollups').where('service_seq', '=', service.seq).execute();
    await t.db
      .insertInto('reading_rollups')
      .values([
        { service_seq: service.seq, period: 'day', period_start: new Date('2026-11-09T23:00:00Z'), period_key: '2026-11-10', value: '12.5', certainty: 1, readings: 96 },
        { service_seq: service.seq, period: 'day', period_start: new Date('2026-11-10T23:00:00Z'), period_key: '2026-11-11', value: '11', certainty: 1, readings: 90 },
      ] as never)
      .execute();
    const readings = (await stats('readings', 'start_date=2026-11-10&end_date=2026-11-12')).body.data;
    expect(readings.series).toEqual([
      { name: 'readings', values: [96, 90, 0] },
      { name: 'services', values: [1, 1, 0] },
    ]);
    const zone = zones[0]!;
    await setPriceDay(zone, '2026-11-10', 'final');
    await setPriceDay(zone, '2026-11-11', 'preliminary');
    await setPriceDay(zone, '2026-11-12', null);
    const prices = (await stats('prices', 'start_date=2026-11-10&end_date=2026-11-12')).body.data;
    const line = (name: string) => prices.series.find((s: { name: string }) => s.name === name).values;
    expect(line('final')[0]).toBeGreaterThanOrEqual(1);
    expect(line('preliminary')[1]).toBeGreaterThanOrEqual(1);
    expect(line('missing')[2]).toBe(zones.length);
  });
});

describe('GET /v3/account/monitoring/alerts (by the test clock)', () => {
  it('pricesNotFinal: tomorrow’s prices not final at 13:31 Stockholm time, not before 13:30; today’s never final is critical', async () => {
    for (const zone of zones) {
      await setPriceDay(zone, '2026-11-20', 'final');
      await setPriceDay(zone, '2026-11-21', 'preliminary');
    }
    const zone = zones[0]!;
    await at('2026-11-20T12:29:00Z'); // 13:29 in Stockholm
    expect((await alerts()).filter((a) => a.rule === 'pricesNotFinal')).toEqual([]);
    await at('2026-11-20T12:31:00Z'); // 13:31
    const late = (await alerts()).find((a) => a.id === `pricesNotFinal:${zone}:2026-11-21`);
    expect(late).toEqual({
      id: `pricesNotFinal:${zone}:2026-11-21`,
      rule: 'pricesNotFinal',
      severity: 'warning',
      messageKey: 'alerts.pricesNotFinal',
      subject: { zone, day: '2026-11-21', state: 'preliminary' },
      since: '2026-11-20T12:30:00.000Z',
      area: null,
    });
    await setPriceDay(zone, '2026-11-21', 'missing');
    expect((await alerts()).find((a) => a.id === `pricesNotFinal:${zone}:2026-11-21`)?.severity).toBe('critical');
    await setPriceDay(zone, '2026-11-21', 'final');
    await setPriceDay(zone, '2026-11-20', null);
    const [first] = await alerts();
    expect(first).toMatchObject({ id: `pricesNotFinal:${zone}:2026-11-20`, severity: 'critical', subject: { state: null }, since: '2026-11-19T12:30:00.000Z' });
    // the summary tile shows the same states
    const bridge = (await get('/v3/account/statistics/bridge/solvik')).body.data;
    expect(bridge.prices.find((p: { zone: string }) => p.zone === zone)).toEqual({ zone, today: null, tomorrow: 'final' });
  });

  it('readingsLate: a service whose readings stopped more than the measurements delay (2 days) ago', async () => {
    for (const zone of zones) for (const day of ['2026-11-20', '2026-11-21']) await setPriceDay(zone, day, 'final');
    const service = await solvikService();
    const latestHour = async (start: string) => {
      await t.db.deleteFrom('reading_rollups').where('period', '=', 'hour').execute();
      await t.db.insertInto('reading_rollups').values({ service_seq: service.seq, period: 'hour', period_start: new Date(start), period_key: 'x', value: '1', certainty: 1, readings: 4 } as never).execute();
    };
    await at('2026-11-20T10:00:00Z');
    // latest metered day 17 November: three days behind, the 18th is due only at the end of the 20th
    await latestHour('2026-11-17T20:00:00Z');
    expect(await alerts()).toEqual([]);
    expect((await get('/v3/account/statistics/bridge/solvik')).body.data.readings).toMatchObject({ delayDays: 2, servicesWithReadings: 1, servicesLate: 0, latestDay: '2026-11-17', lateness: [{ daysBehind: 3, services: 1 }] });
    // latest metered day 16 November: the 17th was due at the start of the 20th
    await latestHour('2026-11-16T20:00:00Z');
    expect(await alerts()).toEqual([
      { id: 'readingsLate', rule: 'readingsLate', severity: 'warning', messageKey: 'alerts.readingsLate', subject: { sites: 1, services: 1 }, since: '2026-11-19T23:00:00.000Z', area: 'customers' },
    ]);
    expect((await get('/v3/account/statistics/bridge/solvik')).body.data.readings.servicesLate).toBe(1);
    // another organisation does not see solvik's
    expect((await alerts(tokens.koivuAdmin)).filter((a) => a.rule === 'readingsLate')).toEqual([]);
    await t.db.deleteFrom('reading_rollups').where('period', '=', 'hour').execute();
  });

  it('jobFailedTwice: the two latest runs of a job failed; a success in between clears it; another organisation’s job is not shown', async () => {
    for (const zone of zones) for (const day of ['2026-11-20', '2026-11-21']) await setPriceDay(zone, day, 'final');
    await at('2026-11-20T10:00:00Z');
    await failedRun(JOB_QUEUES.dayAhead, null, '2026-11-20T08:00:00Z');
    expect(await alerts()).toEqual([]);
    await failedRun(JOB_QUEUES.dayAhead, null, '2026-11-20T09:00:00Z');
    expect(await alerts()).toEqual([
      { id: 'jobFailedTwice:entsoe-day-ahead:platform', rule: 'jobFailedTwice', severity: 'critical', messageKey: 'alerts.jobFailedTwice', subject: { job: 'entsoe-day-ahead' }, since: '2026-11-20T08:00:00.000Z', area: 'jobs' },
    ]);
    expect((await get('/v3/account/statistics/bridge/solvik')).body.data.jobs).toEqual({ failed24Hours: 2 });
    await failedRun(JOB_QUEUES.dayAhead, null, '2026-11-20T09:30:00Z', 'completed');
    expect(await alerts()).toEqual([]);
    // koivu's own job failing twice is koivu's alert only
    await failedRun(JOB_QUEUES.auditRetention, koivuId, '2026-11-20T08:00:00Z');
    await failedRun(JOB_QUEUES.auditRetention, koivuId, '2026-11-20T09:00:00Z');
    expect(await alerts()).toEqual([]);
    expect((await alerts(tokens.koivuAdmin)).map((a) => a.id)).toContain(`jobFailedTwice:audit-retention:${koivuId}`);
  });

  it('answers 503 with the spec’s message when the alerts cannot be computed', async () => {
    await sql`ALTER TABLE spot_price_days RENAME TO spot_price_days_away`.execute(t.db);
    try {
      const res = await get('/v3/account/monitoring/alerts');
      expect([res.status, res.body.key, res.body.message]).toEqual([503, 'MONITORING_ALERTS_FAILED', 'Failed to fetch monitoring alerts']);
    } finally {
      await sql`ALTER TABLE spot_price_days_away RENAME TO spot_price_days`.execute(t.db);
    }
    expect((await get('/v3/account/monitoring/alerts')).status).toBe(200);
  });
});

describe('unanswered support messages', () => {
  it('counts a customer whose last message waits for an answer, in their organisation only', async () => {
    const [customer] = await signIn(t.app, 'solvik', 'demo');
    const written = await call(t.app, { method: 'POST', url: '/v4/solvik/support/messages', token: customer!.accessToken, payload: { text: 'Is my meter read?' } });
    expect(written.status).toBe(200);
    try {
      expect((await get('/v3/account/statistics/bridge/solvik')).body.data.support).toEqual({ unanswered: 1 });
      expect((await get('/v3/account/statistics/bridge/koivu', tokens.platform)).body.data.support).toEqual({ unanswered: 0 });
    } finally {
      await t.db.deleteFrom('support_messages').execute();
    }
  });
});
