import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { recompute, type ServiceRange } from './recompute.ts';

export interface ReadingInput {
  serviceSeq: number;
  intervalStart: Date;
  minutes: 15 | 60;
  /** Decimal text (kWh, or m3 for water), kept exact. */
  value: string;
  certainty: number;
  status: number;
  source: number;
}

/**
 * Readings and their roll-ups. A write upserts the readings and, in the same transaction,
 * recomputes the roll-ups of exactly the periods whose readings changed: hours from readings,
 * days from hours, months from days, each in the location's time zone.
 */
/** The year of a month key ('2025-03' → '2025'); a literal, so SELECT and GROUP BY are the same expression. */
const yearOfKey = sql<string>`left(period_key, 4)`;

export class MeasurementsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Returns how many readings were new or changed; identical readings are left untouched. */
  async upsert(rows: readonly ReadingInput[]): Promise<number> {
    if (rows.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      const changed = await sql<{ service_seq: number; first: Date; last: Date; n: number }>`
        WITH changed AS (
          INSERT INTO readings AS r (service_seq, interval_start, minutes, value, certainty, status, source)
          SELECT * FROM unnest(
            ${rows.map((r) => r.serviceSeq)}::int[], ${rows.map((r) => r.intervalStart.toISOString())}::timestamptz[],
            ${rows.map((r) => r.minutes)}::smallint[], ${rows.map((r) => r.value)}::numeric[],
            ${rows.map((r) => r.certainty)}::real[], ${rows.map((r) => r.status)}::smallint[], ${rows.map((r) => r.source)}::smallint[])
          ON CONFLICT (service_seq, interval_start) DO UPDATE
            SET minutes = excluded.minutes, value = excluded.value, certainty = excluded.certainty,
                status = excluded.status, source = excluded.source
            WHERE (r.minutes, r.value, r.certainty, r.status) IS DISTINCT FROM (excluded.minutes, excluded.value, excluded.certainty, excluded.status)
          RETURNING service_seq, interval_start
        )
        SELECT service_seq, min(interval_start) AS first, max(interval_start) AS last, count(*)::int AS n FROM changed GROUP BY service_seq`.execute(trx);
      // A batch is mostly one contiguous run per service: recompute each service's span once.
      await recompute(
        trx,
        changed.rows.map((c) => ({ seq: c.service_seq, from: c.first, to: new Date(c.last.getTime() + HOUR_MS) })),
        'readings',
      );
      return changed.rows.reduce((sum, c) => sum + c.n, 0);
    });
  }

  /** Recomputes cost (not values) of the given service ranges: after a tariff, tax or rate change. */
  recomputeCost(ranges: readonly ServiceRange[]): Promise<void> {
    return this.db.transaction().execute((trx) => recompute(trx, ranges, 'hours'));
  }

  /** Recomputes hours from readings for the given ranges: after prices (or CO2) changed. */
  recomputeFromReadings(ranges: readonly ServiceRange[]): Promise<void> {
    return this.db.transaction().execute((trx) => recompute(trx, ranges, 'readings'));
  }

  /**
   * The services whose cost depends on a zone's prices in [from, to), each widened to the
   * local months around it (a monthly-spot price is the month's mean).
   */
  async rangesForZone(zone: string, from: Date, to: Date): Promise<ServiceRange[]> {
    const rows = await sql<{ seq: number; lo: Date; hi: Date }>`
      SELECT s.seq,
             date_trunc('month', ${from.toISOString()}::timestamptz, gridline_time_zone(o.country)) AS lo,
             (date_trunc('month', ${to.toISOString()}::timestamptz - interval '1 microsecond', gridline_time_zone(o.country))
                AT TIME ZONE gridline_time_zone(o.country) + interval '1 month') AT TIME ZONE gridline_time_zone(o.country) AS hi
      FROM location_services s JOIN locations l ON l.id = s.location_id JOIN organisations o ON o.id = l.organisation_id
      WHERE l.price_zone = ${zone} AND s.type IN ('consumption_trade', 'consumption_grid', 'production_trade', 'production_grid')
        AND EXISTS (SELECT 1 FROM reading_rollups h WHERE h.service_seq = s.seq)`.execute(this.db);
    return rows.rows.map((r) => ({ seq: r.seq, from: r.lo, to: r.hi }));
  }

  /** The services priced in a currency, from a local day on (a rate holds until the next one). */
  async rangesForCurrency(currency: string, fromDay: string): Promise<ServiceRange[]> {
    const rows = await sql<{ seq: number; lo: Date }>`
      SELECT s.seq, ${fromDay}::date::timestamp AT TIME ZONE gridline_time_zone(o.country) AS lo
      FROM location_services s JOIN locations l ON l.id = s.location_id JOIN organisations o ON o.id = l.organisation_id
      WHERE o.currency = ${currency} AND EXISTS (SELECT 1 FROM service_tariffs t WHERE t.service_seq = s.seq)`.execute(this.db);
    return rows.rows.map((r) => ({ seq: r.seq, from: r.lo, to: null }));
  }

  /** The services on a tariff (or all of a country for a tax change), from a local day on. */
  async rangesForTariff(tariffId: string, fromDay: string): Promise<ServiceRange[]> {
    const rows = await sql<{ seq: number; lo: Date }>`
      SELECT DISTINCT s.seq, ${fromDay}::date::timestamp AT TIME ZONE gridline_time_zone(o.country) AS lo
      FROM service_tariffs t JOIN location_services s ON s.seq = t.service_seq
      JOIN locations l ON l.id = s.location_id JOIN organisations o ON o.id = l.organisation_id
      WHERE ${tariffId} IN (t.supply_tariff_id, t.grid_tariff_id)`.execute(this.db);
    return rows.rows.map((r) => ({ seq: r.seq, from: r.lo, to: null }));
  }

  /** The roll-ups of one service and period kind within [from, to), in time order. */
  rollups(serviceSeq: number, period: 'hour' | 'day' | 'month', from: Date, to: Date) {
    return this.periodRollups(serviceSeq, period, from, to);
  }

  /**
   * A period's children (roll-ups of `childPeriod` within [from, to)) and, when `ownPeriod` is
   * given, the period's own roll-up starting at `from`: one index range scan.
   */
  periodRollups(serviceSeq: number, childPeriod: 'hour' | 'day' | 'month', from: Date, to: Date, ownPeriod?: 'day' | 'month') {
    return this.db
      .selectFrom('reading_rollups')
      .select(['period', 'period_start', 'period_key', 'value', 'cost', 'certainty', 'readings', 'co2', 'fees', 'power_cost', 'peak_kw'])
      .where('service_seq', '=', serviceSeq)
      .where((eb) =>
        eb.or([
          eb.and([eb('period', '=', childPeriod), eb('period_start', '>=', from), eb('period_start', '<', to)]),
          ...(ownPeriod ? [eb.and([eb('period', '=', ownPeriod), eb('period_start', '=', from)])] : []),
        ]),
      )
      .orderBy('period_start')
      .execute();
  }

  /** Month roll-ups summed per local year (the years view), newest `years` years up to `until`. */
  yearTotals(serviceSeq: number, from: Date, to: Date) {
    return this.db
      .selectFrom('reading_rollups')
      .select((eb) => [
        yearOfKey.as('year'),
        eb.fn.min('period_start').as('period_start'),
        eb.fn.sum<string>('value').as('value'),
        // a year's cost includes its months' fees and power tariff; unknown if any month's is
        sql<string | null>`CASE WHEN count(*) = count(cost) THEN sum(cost + coalesce(fees, 0) + coalesce(power_cost, 0)) END`.as('cost'),
        sql<string | null>`CASE WHEN count(*) = count(co2) THEN sum(co2) END`.as('co2'),
        eb.fn.min<number>('certainty').as('certainty'),
      ])
      .where('service_seq', '=', serviceSeq)
      .where('period', '=', 'month')
      .where('period_start', '>=', from)
      .where('period_start', '<', to)
      .groupBy(yearOfKey)
      .orderBy('period_start')
      .execute();
  }

  /**
   * The service of a location that the user may read (a member of its account, the location
   * visible), with its time zone; the consumption service when none is named. Undefined otherwise.
   */
  serviceForMember(organisationId: string, userId: string, locationId: string, serviceId: string | undefined) {
    return this.db
      .selectFrom('location_services as s')
      .innerJoin('locations as l', 'l.id', 's.location_id')
      .innerJoin('account_members as m', (join) => join.onRef('m.account_id', '=', 'l.account_id').on('m.user_id', '=', userId))
      .innerJoin('organisations as o', 'o.id', 'l.organisation_id')
      .select(['s.seq', 's.id', 's.type', 's.reading_period'])
      .select((eb) => eb.fn<string>('gridline_time_zone', ['o.country']).as('time_zone'))
      .where('l.organisation_id', '=', organisationId)
      .where('l.id', '=', locationId)
      .where('l.status', 'in', ['ACTIVE', 'ACTIVE_PROCESS', 'PENDING'])
      .$if(serviceId !== undefined, (q) => q.where('s.id', '=', serviceId!))
      .$if(serviceId === undefined, (q) => q.where('s.type', 'in', ['consumption_grid', 'consumption_trade', 'heating', 'water']))
      // the supplier's consumption service first, then the grid's, then heating and water
      .orderBy((eb) => eb.case().when('s.type', '=', 'consumption_trade').then(0).when('s.type', '=', 'consumption_grid').then(1).else(2).end())
      .limit(1)
      .executeTakeFirst();
  }

  /** Services of one organisation named by id or by metering point and type → their seq. */
  resolveServices(organisationId: string, ids: string[], meteringPoints: Array<{ meteringPointId: string; serviceType: string }>) {
    if (ids.length === 0 && meteringPoints.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('location_services as s')
      .innerJoin('locations as l', 'l.id', 's.location_id')
      .select(['s.seq', 's.id', 's.provider_site_id', 's.type'])
      .where('l.organisation_id', '=', organisationId)
      .where((eb) =>
        eb.or([
          ...(ids.length > 0 ? [eb('s.id', 'in', ids)] : []),
          ...(meteringPoints.length > 0
            ? [eb(eb.refTuple('s.provider_site_id', 's.type'), 'in', meteringPoints.map((m) => eb.tuple(m.meteringPointId, m.serviceType)))]
            : []),
        ]),
      )
      .execute();
  }

  readings(serviceSeq: number, from: Date, to: Date) {
    return this.db
      .selectFrom('readings')
      .select(['interval_start', 'minutes', 'value', 'certainty', 'status'])
      .where('service_seq', '=', serviceSeq)
      .where('interval_start', '>=', from)
      .where('interval_start', '<', to)
      .orderBy('interval_start')
      .execute();
  }

  /**
   * Recomputes every roll-up (and cost) of the given services (all with readings when omitted)
   * from their readings, replacing what exists, in one transaction: for bulk loads (the demo
   * data, a COPY import), where the per-batch path of `upsert` would recompute periods once per
   * batch. The same pipeline as every other write (`recompute`), over each service's whole span.
   */
  async rebuildRollups(serviceSeqs?: readonly number[]): Promise<number> {
    if (serviceSeqs !== undefined && serviceSeqs.length === 0) return 0;
    const seqs = serviceSeqs === undefined ? undefined : [...serviceSeqs];
    const only = (column: string) => (seqs === undefined ? sql`TRUE` : sql`${sql.ref(column)} = ANY (${seqs}::int[])`);
    return this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
      await sql`DELETE FROM reading_rollups WHERE ${only('service_seq')}`.execute(trx);
      // Each service's first and last reading, by two index probes rather than a scan.
      const spans = await sql<{ seq: number; first: Date; last: Date }>`
        SELECT s.seq, f.first, l.last
        FROM location_services s
        CROSS JOIN LATERAL (SELECT interval_start AS first FROM readings WHERE service_seq = s.seq ORDER BY interval_start LIMIT 1) f
        CROSS JOIN LATERAL (SELECT interval_start AS last FROM readings WHERE service_seq = s.seq ORDER BY interval_start DESC LIMIT 1) l
        WHERE ${only('s.seq')}`.execute(trx);
      await recompute(
        trx,
        spans.rows.map((r) => ({ seq: r.seq, from: r.first, to: new Date(r.last.getTime() + HOUR_MS) })),
        'readings',
        { fresh: true },
      );
      const written = await sql<{ n: number }>`SELECT count(*)::int AS n FROM reading_rollups WHERE ${only('service_seq')}`.execute(trx);
      return written.rows[0]?.n ?? 0;
    });
  }
}

const HOUR_MS = 3_600_000;
