import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { PriceZone } from '@gridline/contracts/enums';
import type { Database } from '../db/schema.ts';
import { MeasurementsRepository } from '../modules/measurements/repository.ts';
import { copyLines } from '../lib/copy-lines.ts';
import { addDays } from './dates.ts';
import { readingLines, type ServicePlan } from './load-model.ts';
import { HOUR_MS } from './local-time.ts';
import { co2Lines, exchangeRateLines, spotPriceDayLines, spotPriceLines, weatherLines } from './market-data.ts';
import { organisationProfiles } from './profiles.ts';
import { planReadings, type DemoReadingsSpan } from './readings-plan.ts';

/**
 * Writes the demo's readings and the market data around them: COPY streams from generators (a
 * month of one service in memory at a time), and roll-ups rebuilt set-wise per batch of services
 * on another connection while the next batch is being copied, so that copying, aggregating and
 * generating keep both cores of a small machine busy.
 */

export interface DemoReadingsCounts {
  readings: number;
  rollups: number;
  services: number;
  spotPrices: number;
  spotPriceDays: number;
  exchangeRates: number;
  co2Intensity: number;
  weather: number;
}

export interface SeedReadingsOptions {
  today: string;
  span: DemoReadingsSpan;
  /** COPY needs a connection of its own, outside Kysely's pool. */
  databaseUrl: string;
  log: (line: string) => void;
}

/** Services per COPY and per roll-up rebuild: small enough for steady progress, large enough to amortise each statement. */
const BATCH = 16;

const READINGS = 'readings (service_seq, interval_start, minutes, value, certainty, status, source)';

function* concat(plans: readonly ServicePlan[]): Generator<string> {
  for (const plan of plans) yield* readingLines(plan);
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const millions = (count: number) => `${(count / 1_000_000).toFixed(2)} M`;

export async function seedDemoReadings(db: Kysely<Database>, options: SeedReadingsOptions): Promise<DemoReadingsCounts> {
  const started = Date.now();
  const { today, log, databaseUrl } = options;
  const plan = await planReadings(db, today, options.span);
  const client = new pg.Client({ connectionString: databaseUrl });
  const marketClient = new pg.Client({ connectionString: databaseUrl });
  let bulk: Kysely<Database> | undefined;
  let rollups: RollupQueue | undefined;
  try {
    await client.connect();
    await marketClient.connect();
    // The rows reference services just read from location_services, and nothing else writes during
    // seeding; a foreign-key check per row costs about 10 µs, over a minute for 24 months of
    // readings and their roll-ups. Only sessions allowed to set the parameter (the embedded
    // server's owner) skip them; others write the same rows, more slowly.
    const bypass = await mayTurnOffTriggers(client);
    if (bypass) await client.query('SET session_replication_role = replica');
    bulk = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: databaseUrl, max: 2, ...(bypass ? { options: '-c session_replication_role=replica' } : {}) }),
      }),
    });
    rollups = new RollupQueue(new MeasurementsRepository(bulk));

    // Prices and weather go over their own connection meanwhile: their generation is Node's work
    // (the price model is slow per interval), which would otherwise leave PostgreSQL idle.
    // from the day before: a local day east of CET (Helsinki) starts on the previous delivery day
    const market = writeMarketData(marketClient, addDays(plan.firstDay, -1), today, plan.areas, bypass).then((counts) => {
      log(
        `Demo market data from ${plan.firstDay}: ${counts.spotPrices} spot prices, ${counts.weather} weather and ${counts.co2Intensity} CO2 hours (${seconds(started)})`,
      );
      return counts;
    });
    market.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled

    // Roll-ups price each hour, so they wait for the prices; copying goes on meanwhile.
    const rollupsStarted = market.then(() => rollups!.start(1));
    rollupsStarted.catch(() => {});
    let readings = 0;
    let services = 0;
    for (const { slug, plans } of plan.organisations) {
      let done = 0;
      for (const batch of batches(plans)) {
        rollups.throwIfFailed();
        readings += await copyLines(client, READINGS, concat(batch));
        services += batch.length;
        done += batch.length;
        rollups.add(batch.map((p) => p.seq));
        log(`Demo readings: ${slug} ${done}/${plans.length} services, ${millions(readings)} readings so far (${seconds(started)})`);
      }
    }
    // Copying is done: a second connection shares what is left of the roll-ups.
    await rollupsStarted;
    const rollupCount = await rollups.finish(1);
    const counts = await market;
    await client.query('ANALYZE readings, reading_rollups, spot_prices, co2_intensity, weather');
    log(`Demo readings: ${millions(readings)} readings of ${services} services and ${millions(rollupCount)} roll-ups (${seconds(started)})`);
    return { ...counts, readings, rollups: rollupCount, services };
  } finally {
    await rollups?.stop();
    await client.end();
    await marketClient.end();
    await bulk?.destroy();
  }
}

/** Batches of about BATCH services, of even size so that progress lines come at an even pace. */
function batches<T>(items: readonly T[]): T[][] {
  const count = Math.max(1, Math.ceil(items.length / BATCH));
  const size = Math.ceil(items.length / count);
  return Array.from({ length: count }, (_, index) => items.slice(index * size, (index + 1) * size)).filter((batch) => batch.length > 0);
}

/**
 * Roll-up rebuilds of copied batches, run by workers on their own connections while copying goes
 * on. A failure is kept (so no rejection goes unhandled) and reported by `throwIfFailed`/`finish`.
 */
class RollupQueue {
  private readonly repository: MeasurementsRepository;
  private readonly pending: number[][] = [];
  private readonly workers: Array<Promise<void>> = [];
  private closed = false;
  private waiting: Array<() => void> = [];
  private failure: unknown;
  private written = 0;

  constructor(repository: MeasurementsRepository) {
    this.repository = repository;
  }

  start(workers: number): void {
    for (let index = 0; index < workers; index += 1) {
      this.workers.push(
        this.work().catch((error: unknown) => {
          this.failure ??= error;
        }),
      );
    }
  }

  add(seqs: number[]): void {
    this.pending.push(seqs);
    this.wake();
  }

  throwIfFailed(): void {
    if (this.failure !== undefined) throw this.failure;
  }

  /** Adds `extraWorkers`, waits until every batch is rolled up and returns the number of roll-ups written. */
  async finish(extraWorkers: number): Promise<number> {
    this.closed = true;
    this.start(extraWorkers);
    this.wake();
    await Promise.all(this.workers);
    this.throwIfFailed();
    return this.written;
  }

  /** Drops what is not started yet and waits for the running rebuilds (after a failure elsewhere). */
  async stop(): Promise<void> {
    this.pending.length = 0;
    this.closed = true;
    this.wake();
    await Promise.all(this.workers);
  }

  private wake(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  private async work(): Promise<void> {
    for (;;) {
      if (this.failure !== undefined) return;
      const seqs = this.pending.shift();
      if (seqs) {
        const written = await this.repository.rebuildRollups(seqs);
        this.written += written;
      } else if (this.closed) {
        return;
      } else {
        await new Promise<void>((resolve) => this.waiting.push(resolve));
      }
    }
  }
}

async function mayTurnOffTriggers(client: pg.Client): Promise<boolean> {
  try {
    const result = await client.query<{ allowed: boolean }>(`SELECT has_parameter_privilege('session_replication_role', 'SET') AS allowed`);
    return result.rows[0]?.allowed === true;
  } catch {
    return false; // PostgreSQL before 15 has no parameter privileges
  }
}

/** The price zones of the demo organisations' sites. */
function demoZones(): PriceZone[] {
  return [...new Set(organisationProfiles.map((profile) => profile.priceZone))];
}

async function writeMarketData(client: pg.Client, firstDay: string, today: string, areas: Parameters<typeof weatherLines>[0], bypass: boolean) {
  const zones = demoZones();
  // The market's hours (decision 0014) are refreshed by triggers after each COPY: prices, then
  // CO2, would compute two years of them twice. Where the session may, it writes without
  // triggers and refreshes once at the end; elsewhere the triggers do it.
  if (bypass) await client.query('SET session_replication_role = replica');
  // Hours from a little before the first local midnight (Helsinki is UTC+2) to the end of today.
  const from = Date.parse(`${firstDay}T00:00:00Z`) - 3 * HOUR_MS;
  const to = Date.parse(`${addDays(today, 1)}T00:00:00Z`);
  // Rates before prices and CO2: each COPY refreshes the market's hours it touches (decision
  // 0014), and rates written first meet no hours yet, where written last they would redo all.
  const exchangeRates = await copyLines(client, 'exchange_rates (day, currency, eur_rate)', exchangeRateLines(firstDay, today));
  const counts = {
    exchangeRates,
    spotPrices: await copyLines(client, 'spot_prices (zone, interval_start, minutes, price_eur_mwh)', spotPriceLines(zones, firstDay, addDays(today, 1))),
    spotPriceDays: await copyLines(client, 'spot_price_days (zone, delivery_day, state, updated_at)', spotPriceDayLines(zones, firstDay, today)),
    co2Intensity: await copyLines(client, 'co2_intensity (zone, hour_start, grams_per_kwh)', co2Lines(zones, from, to)),
    weather: await copyLines(client, 'weather (area, hour_start, temperature, cloud_cover)', weatherLines(areas, from, to)),
  };
  if (bypass) {
    // to the end of tomorrow's prices (the refresh widens to whole local months)
    const until = new Date(Date.parse(`${addDays(today, 3)}T00:00:00Z`));
    await client.query(`SELECT gridline_refresh_market_hours($1::text[], ARRAY['EUR', 'SEK', 'NOK'], $2, $3)`, [zones, new Date(from), until]);
    await client.query('ANALYZE market_hours');
    await client.query('RESET session_replication_role');
  }
  return counts;
}
