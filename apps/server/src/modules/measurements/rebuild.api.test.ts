import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { MeasurementsRepository, type ReadingInput } from './repository.ts';

let t: TestApp;
let repo: MeasurementsRepository;
beforeAll(async () => {
  t = await startTestApp();
  repo = new MeasurementsRepository(t.db);
});
afterAll(async () => {
  await t.close();
});

/** The consumption service of a demo organisation's first active home. */
async function serviceSeq(slug: string): Promise<number> {
  const row = await t.db
    .selectFrom('location_services as s')
    .innerJoin('locations as l', 'l.id', 's.location_id')
    .innerJoin('organisations as o', 'o.id', 'l.organisation_id')
    .select('s.seq')
    .where('o.slug', '=', slug)
    .where('s.type', '=', 'consumption_trade')
    .orderBy('s.seq')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.seq;
}

/** Readings every `minutes` from `from` (inclusive) to `to` (exclusive), with a value per index. */
function series(seq: number, from: string, to: string, minutes: 15 | 60, value: (i: number) => string): ReadingInput[] {
  const rows: ReadingInput[] = [];
  for (let at = Date.parse(from), i = 0; at < Date.parse(to); at += minutes * 60_000, i++) {
    rows.push({ serviceSeq: seq, intervalStart: new Date(at), minutes, value: value(i), certainty: i % 97 === 0 ? 0.6 : 1, status: 2, source: 0 });
  }
  return rows;
}

/** Every roll-up of the services, in key order, as the API would read them. */
async function rollupsOf(seqs: number[]) {
  const result = await sql<Record<string, unknown>>`
    SELECT service_seq, period, period_start, period_key, value, cost, certainty, readings
    FROM reading_rollups WHERE service_seq = ANY (${seqs}::int[])
    ORDER BY service_seq, period, period_start`.execute(t.db);
  return result.rows;
}

/** Every roll-up equals the exact sum of its children, at every level, for the service. */
async function expectChildrenSumToParents(seq: number) {
  const mismatches = await sql<{ period: string; period_key: string }>`
    SELECT p.period, p.period_key FROM reading_rollups p
    WHERE p.service_seq = ${seq} AND p.value <> CASE p.period
      WHEN 'hour' THEN (SELECT sum(value) FROM readings r WHERE r.service_seq = p.service_seq AND r.interval_start >= p.period_start AND r.interval_start < p.period_start + interval '1 hour')
      WHEN 'day' THEN (SELECT sum(value) FROM reading_rollups c WHERE c.service_seq = p.service_seq AND c.period = 'hour' AND left(c.period_key, 10) = p.period_key)
      WHEN 'month' THEN (SELECT sum(value) FROM reading_rollups c WHERE c.service_seq = p.service_seq AND c.period = 'day' AND left(c.period_key, 7) = p.period_key)
    END`.execute(t.db);
  expect(mismatches.rows).toEqual([]);
}

describe('rebuildRollups', () => {
  let stockholm: number;
  let helsinki: number;
  let vienna: number;
  let incremental: Record<string, unknown>[];

  beforeAll(async () => {
    stockholm = await serviceSeq('solvik');
    helsinki = await serviceSeq('koivu');
    vienna = await serviceSeq('alpenwerk');
    // Across both DST changes and several month ends, in three zones; quarter-hours in Helsinki.
    await repo.upsert(series(stockholm, '2025-03-28T23:00:00Z', '2025-04-02T22:00:00Z', 60, (i) => (0.5 + (i % 24) / 10).toFixed(4)));
    await repo.upsert(series(stockholm, '2025-10-24T22:00:00Z', '2025-11-02T23:00:00Z', 60, (i) => (1 + (i % 7) / 3).toFixed(4)));
    await repo.upsert(series(helsinki, '2025-01-30T22:00:00Z', '2025-02-02T22:00:00Z', 15, (i) => (0.1 + (i % 4) * 0.0125).toFixed(4)));
    await repo.upsert(series(vienna, '2025-06-29T22:00:00Z', '2025-07-01T22:00:00Z', 60, () => '1.0000'));
    // A correction goes through the incremental path too.
    await repo.upsert([
      { serviceSeq: stockholm, intervalStart: new Date('2025-03-30T12:00:00Z'), minutes: 60, value: '7.2500', certainty: 0.5, status: 3, source: 3 },
    ]);
    incremental = await rollupsOf([stockholm, helsinki, vienna]);
  });

  it('recomputes exactly what the incremental path kept, replacing wrong and missing roll-ups', async () => {
    expect(incremental.length).toBeGreaterThan(400);
    // Damage: a wrong hour, a missing day and a stray month.
    await sql`UPDATE reading_rollups SET value = 99 WHERE service_seq = ${stockholm} AND period = 'hour' AND period_key = '2025-03-30T14'`.execute(t.db);
    await sql`DELETE FROM reading_rollups WHERE service_seq = ${helsinki} AND period = 'day' AND period_key = '2025-02-01'`.execute(t.db);
    await sql`INSERT INTO reading_rollups (service_seq, period, period_start, period_key, value, certainty, readings)
              VALUES (${vienna}, 'month', '2024-12-31T23:00:00Z', '2025-01', 5, 1, 1)`.execute(t.db);

    expect(await repo.rebuildRollups([stockholm, helsinki, vienna])).toBe(incremental.length);
    expect(await rollupsOf([stockholm, helsinki, vienna])).toEqual(incremental);
    for (const seq of [stockholm, helsinki, vienna]) await expectChildrenSumToParents(seq);
  });

  it('keeps DST days at 23 and 25 hours and the zone of each location', async () => {
    const days = await repo.rollups(stockholm, 'day', new Date('2025-03-29T23:00:00Z'), new Date('2025-10-26T23:00:00Z'));
    expect(days.find((d) => d.period_key === '2025-03-30')?.readings).toBe(23);
    const autumn = await repo.rollups(stockholm, 'day', new Date('2025-10-25T22:00:00Z'), new Date('2025-10-26T23:00:00Z'));
    expect(autumn).toEqual([expect.objectContaining({ period_key: '2025-10-26', readings: 25 })]);
    const [february] = await repo.rollups(helsinki, 'month', new Date('2025-01-31T22:00:00Z'), new Date('2025-02-28T22:00:00Z'));
    expect(february).toMatchObject({ period_key: '2025-02', readings: 2 * 96 });
  });

  it('touches only the services it is given, and all of them when none are named', async () => {
    await sql`UPDATE reading_rollups SET value = value + 1 WHERE service_seq = ${vienna} AND period = 'month'`.execute(t.db);
    await repo.rebuildRollups([stockholm]);
    const [july] = await repo.rollups(vienna, 'month', new Date('2025-06-30T22:00:00Z'), new Date('2025-07-31T22:00:00Z'));
    expect(july?.value).toBe('25.0000');
    expect(await repo.rebuildRollups([])).toBe(0);

    expect(await repo.rebuildRollups()).toBeGreaterThanOrEqual(incremental.length);
    expect(await rollupsOf([stockholm, helsinki, vienna])).toEqual(incremental);
  });

  it('sums costs where readings have them', async () => {
    await sql`UPDATE readings SET cost = value * 1.25 WHERE service_seq = ${vienna}`.execute(t.db);
    await repo.rebuildRollups([vienna]);
    const [june30] = await repo.rollups(vienna, 'day', new Date('2025-06-29T22:00:00Z'), new Date('2025-06-30T22:00:00Z'));
    expect(june30).toMatchObject({ period_key: '2025-06-30', value: '24.0000', cost: '30.000000' });
    await expectChildrenSumToParents(vienna);
  });
});
