import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceZone } from '@gridline/contracts/enums';
import { cloneDatabase } from '../../test/app.ts';
import type { Db } from '../db/database.ts';
import { EcbClient } from '../integrations/ecb/client.ts';
import { createEcbSimulator, type EcbSimulator } from '../integrations/ecb/simulator.ts';
import { EntsoeClient } from '../integrations/entsoe/client.ts';
import { deliveryDayPeriod } from '../integrations/entsoe/delivery-day.ts';
import { createEntsoeSimulator, formatPrice, simulatedDayAheadPrice, type EntsoeSimulator } from '../integrations/entsoe/simulator.ts';
import { AuditRepository } from '../modules/audit/repository.ts';
import { AuditService } from '../modules/audit/service.ts';
import { CustomersRepository } from '../modules/customers/repository.ts';
import { AccountSyncService } from '../modules/customers/sync.ts';
import { MarketRepository } from '../modules/market/repository.ts';
import { MarketDataService } from '../modules/market/service.ts';
import { MeasurementsRepository } from '../modules/measurements/repository.ts';
import { MeasurementsService } from '../modules/measurements/service.ts';
import { fetchDayAhead, type DayAheadOutcome } from './day-ahead.ts';
import type { DemoFeedResult } from './demo-feed.ts';
import type { JobLog } from './log.ts';
import { JOB_QUEUES, JobRunner } from './runner.ts';
import { PgBossJobSender, REQUESTED_JOB_QUEUES } from './sender.ts';

const TOKEN = 'jobs-test-token';
/** 13:05 in Brussels on the template's day (TEST_TODAY): tomorrow's auction results are out. */
const NOW = new Date('2026-11-20T12:05:00Z');
const TOMORROW = '2026-11-21';

interface Harness {
  db: Db;
  runner: JobRunner;
  market: MarketDataService;
  entsoe: EntsoeClient;
  clock: { now: Date; simulatorNow: Date };
  spotCalls: Array<[PriceZone, string, string]>;
  rateCalls: Array<[string, string, string]>;
  warnings: string[];
  close(): Promise<void>;
}

/** A clone of the template, both simulators on a clock the test moves, and the job runner on them. */
async function harness(options: { demoFeed: boolean; accountSync?: boolean }): Promise<Harness> {
  const { db, drop } = await cloneDatabase();
  const clock = { now: NOW, simulatorNow: NOW };
  let entsoeSimulator: EntsoeSimulator | undefined;
  let ecbSimulator: EcbSimulator | undefined;
  let runner: JobRunner | undefined;
  const close = async () => {
    await runner?.stop({ graceful: false });
    await entsoeSimulator?.close();
    await ecbSimulator?.close();
    await drop();
  };
  try {
    entsoeSimulator = await createEntsoeSimulator({ validToken: TOKEN, now: () => clock.simulatorNow });
    ecbSimulator = await createEcbSimulator({ now: () => clock.simulatorNow });
    const spotCalls: Harness['spotCalls'] = [];
    const rateCalls: Harness['rateCalls'] = [];
    const warnings: string[] = [];
    const log: JobLog = { info() {}, warn: (message) => warnings.push(message), error: (message) => warnings.push(message) };
    const market = new MarketDataService({
      repository: new MarketRepository(db),
      onSpotPricesChanged: async (zone, from, to) => {
        spotCalls.push([zone, from.toISOString(), to.toISOString()]);
      },
      onExchangeRatesChanged: async (currency, fromDay, toDay) => {
        rateCalls.push([currency, fromDay, toDay]);
      },
    });
    const entsoe = new EntsoeClient({ baseUrl: entsoeSimulator.url, securityToken: TOKEN });
    runner = await JobRunner.start({
      db,
      market,
      entsoe,
      ecb: new EcbClient({ baseUrl: ecbSimulator.url }),
      log,
      now: () => clock.now,
      pollingIntervalSeconds: 0.5,
      demoFeed: options.demoFeed ? { measurements: new MeasurementsService(new MeasurementsRepository(db)) } : undefined,
      accountSync: options.accountSync
        ? new AccountSyncService({ repository: new CustomersRepository(db), audit: new AuditService(new AuditRepository(db)), measurements: new MeasurementsService(new MeasurementsRepository(db)) })
        : undefined,
    });
    return { db, runner, market, entsoe, clock, spotCalls, rateCalls, warnings, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function zonesInUse(db: Db): Promise<PriceZone[]> {
  const rows = await db.selectFrom('locations').select('price_zone').distinct().where('price_zone', 'is not', null).orderBy('price_zone').execute();
  return rows.map((r) => r.price_zone as PriceZone);
}

async function dayState(db: Db, zone: string, day: string): Promise<string | undefined> {
  const row = await db.selectFrom('spot_price_days').select('state').where('zone', '=', zone).where('delivery_day', '=', day).executeTakeFirst();
  return row?.state;
}

describe('entsoe-day-ahead on a clone of the demo database', () => {
  let h: Harness;
  let zones: PriceZone[];

  beforeAll(async () => {
    h = await harness({ demoFeed: false });
    zones = await zonesInUse(h.db);
  }, 60_000);
  afterAll(() => h?.close(), 60_000);

  it('fetches tomorrow’s prices at start-up after 13:00 for every zone in use: all quarter-hours, final, callback called', async () => {
    expect(zones).toEqual(['AT', 'FI', 'NO1', 'SE3']);
    expect(h.runner.startupJobs.map((j) => j.queue)).toEqual([JOB_QUEUES.dayAhead, JOB_QUEUES.ecbRates]);
    const [dayAheadJob] = h.runner.startupJobs;
    const output = (await h.runner.waitFor(dayAheadJob!, 30_000)) as { outcomes: DayAheadOutcome[] };
    // Today is missing from the template too (it has no market data), so it is fetched as well.
    expect(output.outcomes.map((o) => [o.zone, o.day, o.outcome])).toEqual(
      zones.flatMap((zone) => [
        [zone, '2026-11-20', 'final'],
        [zone, TOMORROW, 'final'],
      ]),
    );

    const { start, end } = deliveryDayPeriod(TOMORROW);
    for (const zone of zones) {
      const prices = await h.db
        .selectFrom('spot_prices')
        .select(['interval_start', 'minutes', 'price_eur_mwh'])
        .where('zone', '=', zone)
        .where('interval_start', '>=', start)
        .where('interval_start', '<', end)
        .orderBy('interval_start')
        .execute();
      expect(prices).toHaveLength(96);
      expect(prices[0]?.interval_start.toISOString()).toBe('2026-11-20T23:00:00.000Z');
      for (const price of prices) {
        expect(price.minutes).toBe(15);
        expect(Number(price.price_eur_mwh)).toBe(Number(formatPrice(simulatedDayAheadPrice(zone, price.interval_start, 15))));
      }
      expect(await dayState(h.db, zone, TOMORROW)).toBe('final');
      expect(h.spotCalls).toContainEqual([zone, start.toISOString(), end.toISOString()]);
    }
    expect(h.spotCalls).toHaveLength(zones.length * 2);
    expect(h.warnings).toEqual([]);
  });

  it('changes nothing on a second run, nor when the same prices are written again', async () => {
    h.spotCalls.length = 0;
    const output = (await h.runner.run(JOB_QUEUES.dayAhead)) as { outcomes: DayAheadOutcome[] };
    expect(output.outcomes).toEqual([]); // both days final: nothing to fetch
    const fetched = await fetchDayAhead(h.entsoe, 'SE3', TOMORROW);
    if (fetched.kind !== 'prices') throw new Error('expected prices');
    expect(await h.market.writeDayAheadPrices('SE3', TOMORROW, fetched.points, h.clock.now)).toEqual({ changed: 0, state: 'final', stateChanged: false });
    const retried = (await h.runner.run(JOB_QUEUES.dayAhead, { day: TOMORROW, zones: ['SE3'] })) as { outcomes: DayAheadOutcome[] };
    expect(retried.outcomes).toEqual([{ zone: 'SE3', day: TOMORROW, outcome: 'done', changed: 0 }]);
    expect(h.spotCalls).toEqual([]);
  });

  it('records the rates of the last seven business days and calls back once per currency', async () => {
    const ecbJob = h.runner.startupJobs.find((j) => j.queue === JOB_QUEUES.ecbRates);
    const output = (await h.runner.waitFor(ecbJob!, 30_000)) as { fromDay: string; toDay: string; received: number; changed: number };
    // 13:05 on Friday the 20th: that day's rates are not out yet; the 14th and 15th are a weekend.
    expect(output).toEqual({ fromDay: '2026-11-14', toDay: '2026-11-20', received: 8, changed: 8 });
    const days = await h.db.selectFrom('exchange_rates').select(['day', 'currency']).orderBy('day').orderBy('currency').execute();
    expect(days.map((d) => `${d.day} ${d.currency}`)).toEqual(['16', '17', '18', '19'].flatMap((d) => [`2026-11-${d} NOK`, `2026-11-${d} SEK`]));
    expect(h.rateCalls).toEqual([
      ['NOK', '2026-11-16', '2026-11-19'],
      ['SEK', '2026-11-16', '2026-11-19'],
    ]);
    h.rateCalls.length = 0;
    expect(await h.runner.run(JOB_QUEUES.ecbRates)).toMatchObject({ received: 8, changed: 0 });
    expect(h.rateCalls).toEqual([]);
  });

  it('retries in 10 minutes while the auction result is not out, and records the day missing at 16:00 CET', async () => {
    // The next day at 13:05, but ENTSO-E (the simulator) has nothing beyond the 21st yet.
    h.clock.now = new Date('2026-11-21T12:05:00Z');
    const asked = Date.now();
    const output = (await h.runner.run(JOB_QUEUES.dayAhead)) as { outcomes: DayAheadOutcome[] };
    expect(output.outcomes.map((o) => [o.zone, o.day, o.outcome, o.retryAt])).toEqual(
      zones.map((zone) => [zone, '2026-11-22', 'retry', '2026-11-21T12:15:00.000Z']),
    );
    const queued = await h.runner.queued(JOB_QUEUES.dayAhead);
    expect(queued.map((j) => [j.singletonKey, j.data]).sort()).toEqual(
      zones.map((zone) => [`2026-11-22:${zone}`, { day: '2026-11-22', zones: [zone] }]).sort(),
    );
    for (const job of queued) {
      expect(job.startAfter.getTime()).toBeGreaterThanOrEqual(asked + 590_000);
      expect(job.startAfter.getTime()).toBeLessThanOrEqual(Date.now() + 610_000);
    }
    expect(await dayState(h.db, 'SE3', '2026-11-22')).toBeUndefined();

    // The last try, at 16:00 CET, still finds nothing: the day is recorded as missing.
    h.clock.now = new Date('2026-11-21T15:00:00Z');
    const last = (await h.runner.run(JOB_QUEUES.dayAhead, { day: '2026-11-22', zones: ['SE3'] })) as { outcomes: DayAheadOutcome[] };
    expect(last.outcomes.map((o) => [o.zone, o.outcome])).toEqual([['SE3', 'missing']]);
    expect(await dayState(h.db, 'SE3', '2026-11-22')).toBe('missing');
    expect(h.warnings.some((w) => w.includes('no prices for SE3 on 2026-11-22'))).toBe(true);

    // Published late after all: the next run takes it, and the day becomes final.
    h.clock.simulatorNow = h.clock.now;
    const late = (await h.runner.run(JOB_QUEUES.dayAhead, { day: '2026-11-22', zones: ['SE3'] })) as { outcomes: DayAheadOutcome[] };
    expect(late.outcomes.map((o) => [o.zone, o.outcome, o.changed])).toEqual([['SE3', 'final', 96]]);
    expect(await dayState(h.db, 'SE3', '2026-11-22')).toBe('final');
  });

  it('keeps its schedules in pg-boss: the day-ahead job at 13:00 and the rates at 16:30, Brussels time', async () => {
    const schedules = await h.runner.schedules();
    expect(schedules.map((s) => [s.name, s.cron, s.timezone]).sort()).toEqual([
      ['ecb-rates', '30 16 * * *', 'Europe/Brussels'],
      ['entsoe-day-ahead', '0 13 * * *', 'Europe/Brussels'],
    ]);
  });
});

describe('demo-daily-feed on a clone of the demo database', () => {
  let h: Harness;
  let home: number;

  const readingsOn = async (seq: number, from: string, to: string) =>
    sql<{ n: number; estimated: number; total: string | null }>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 6)::int AS estimated, sum(value)::text AS total
      FROM readings WHERE service_seq = ${seq} AND interval_start >= ${from}::timestamptz AND interval_start < ${to}::timestamptz`.execute(h.db);
  const rollups = (seq: number) =>
    h.db
      .selectFrom('reading_rollups')
      .select(['period', 'period_key', 'value', 'readings'])
      .where('service_seq', '=', seq)
      .orderBy('period')
      .orderBy('period_start')
      .execute();

  beforeAll(async () => {
    h = await harness({ demoFeed: true });
    // The Solvik demo user's home: quarter-hour readings in Stockholm.
    const result = await sql<{ seq: number }>`
      SELECT s.seq FROM locations l
      JOIN organisations o ON o.id = l.organisation_id AND o.slug = 'solvik'
      JOIN location_services s ON s.location_id = l.id AND s.type = 'consumption_trade'
      JOIN account_members m ON m.account_id = l.account_id AND m.role = 'OWNER'
      JOIN users u ON u.id = m.user_id AND u.username = 'demo'
      WHERE l.sort_order = 0`.execute(h.db);
    home = result.rows[0]?.seq ?? -1;
  }, 60_000);
  afterAll(() => h?.close(), 60_000);

  it('writes the readings of two days ago for every demo service, with their roll-ups, and the market data around them', async () => {
    const feedJob = h.runner.startupJobs.find((j) => j.queue === JOB_QUEUES.demoFeed);
    expect(feedJob).toBeDefined();
    const output = (await h.runner.waitFor(feedJob!, 90_000)) as DemoFeedResult;
    expect(output).toMatchObject({ today: '2026-11-20', days: ['2026-11-18'] });
    expect(output.readings).toBeGreaterThan(5_000);
    expect(output.changed).toBe(output.readings);

    // 2026-11-18 in Stockholm: 96 quarter-hours, an estimate (the newest day of the demo home).
    const day = await readingsOn(home, '2026-11-17T23:00:00Z', '2026-11-18T23:00:00Z');
    expect(day.rows[0]).toMatchObject({ n: 96, estimated: 96 });
    expect(Number(day.rows[0]?.total)).toBeGreaterThan(1);
    expect((await readingsOn(home, '2026-11-18T23:00:00Z', '2026-11-30T00:00:00Z')).rows[0]?.n).toBe(0);
    const rows = await rollups(home);
    expect(rows.filter((r) => r.period === 'hour')).toHaveLength(24);
    expect(rows.filter((r) => r.period === 'day').map((r) => [r.period_key, Number(r.value), r.readings])).toEqual([
      ['2026-11-18', Number(day.rows[0]?.total), 96],
    ]);
    expect(rows.filter((r) => r.period === 'month').map((r) => [r.period_key, Number(r.value)])).toEqual([['2026-11', Number(day.rows[0]?.total)]]);
    // priced and with CO2 as it is written: the market data came first
    const figures = await h.db.selectFrom('reading_rollups').select(['cost', 'co2']).where('service_seq', '=', home).where('period', '=', 'day').executeTakeFirstOrThrow();
    expect(Number(figures.cost)).toBeGreaterThan(0);
    expect(Number(figures.co2)).toBeGreaterThan(0);

    // Every demo service with readings got that day; nothing else did.
    const services = await sql<{ services: number; first: Date; last: Date }>`
      SELECT count(DISTINCT service_seq)::int AS services, min(interval_start) AS first, max(interval_start) AS last FROM readings`.execute(h.db);
    expect(services.rows[0]?.services).toBeGreaterThan(100);
    expect(services.rows[0]?.first.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-11-17T22:00:00Z')); // Helsinki midnight
    expect(services.rows[0]?.last.getTime()).toBeLessThan(Date.parse('2026-11-18T23:00:00Z'));

    // Prices from that day to today, final, and the rates of its business days.
    const days = await sql<{ zone: string; days: string }>`
      SELECT zone, string_agg(delivery_day::text || ' ' || state, ', ' ORDER BY delivery_day) AS days FROM spot_price_days
      WHERE delivery_day <= '2026-11-20' GROUP BY zone ORDER BY zone`.execute(h.db);
    expect(days.rows).toEqual(['AT', 'FI', 'NO1', 'SE3'].map((zone) => ({ zone, days: '2026-11-18 final, 2026-11-19 final, 2026-11-20 final' })));
    const rates = await h.db.selectFrom('exchange_rates').select('day').distinct().where('day', '<=', '2026-11-19').orderBy('day').execute();
    expect(rates.map((r) => r.day)).toContain('2026-11-18');
  }, 120_000);

  it('adds the next day a day later and turns the day before from an estimate into a reading; a rerun changes nothing', async () => {
    h.clock.now = new Date('2026-11-21T02:00:00Z');
    h.clock.simulatorNow = h.clock.now;
    const before = await readingsOn(home, '2026-11-17T23:00:00Z', '2026-11-18T23:00:00Z');
    const output = (await h.runner.run(JOB_QUEUES.demoFeed, {}, 90_000)) as DemoFeedResult;
    expect(output).toMatchObject({ today: '2026-11-21', days: ['2026-11-19'] });
    const confirmed = await readingsOn(home, '2026-11-17T23:00:00Z', '2026-11-18T23:00:00Z');
    expect(confirmed.rows[0]).toMatchObject({ n: 96, estimated: 0, total: before.rows[0]?.total });
    expect((await readingsOn(home, '2026-11-18T23:00:00Z', '2026-11-19T23:00:00Z')).rows[0]).toMatchObject({ n: 96, estimated: 96 });
    const days = (await rollups(home)).filter((r) => r.period === 'day').map((r) => r.period_key);
    expect(days).toEqual(['2026-11-18', '2026-11-19']);

    const again = (await h.runner.run(JOB_QUEUES.demoFeed, {}, 90_000)) as DemoFeedResult;
    expect(again).toMatchObject({ days: [], readings: 0, changed: 0, spotChanged: 0, ratesChanged: 0 });
  }, 120_000);
});

describe("the staff's sync and site-history requests (decision 0038)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ demoFeed: false, accountSync: true });
  }, 60_000);
  afterAll(() => h?.close(), 60_000);

  it('works the jobs the API sends: an account synced from the register, a site rebuilt', async () => {
    const sender = new PgBossJobSender(h.db);
    try {
      const account = await h.db.selectFrom('accounts as a').innerJoin('locations as l', 'l.account_id', 'a.id').select(['a.id', 'a.organisation_id', 'l.id as location_id']).orderBy('a.id').executeTakeFirstOrThrow();
      const syncId = await sender.send(REQUESTED_JOB_QUEUES.accountSync, { organisationId: account.organisation_id, accountId: account.id, requestedBy: null }, { singletonKey: account.id });
      const historyId = await sender.send(REQUESTED_JOB_QUEUES.siteHistory, { organisationId: account.organisation_id, locationId: account.location_id }, { singletonKey: account.location_id });
      expect(await h.runner.waitFor({ queue: REQUESTED_JOB_QUEUES.accountSync, id: syncId! }, 30_000)).toEqual({ changed: expect.any(Array) });
      expect(await h.runner.waitFor({ queue: REQUESTED_JOB_QUEUES.siteHistory, id: historyId! }, 30_000)).toEqual({ services: expect.any(Number) });
    } finally {
      await sender.stop();
    }
  });
});
