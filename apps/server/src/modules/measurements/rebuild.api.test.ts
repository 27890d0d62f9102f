import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { MeasurementsRepository } from './repository.ts';
import { expectChildrenSumToParents, series, serviceSeq } from './test-support.ts';

let t: TestApp;
let repo: MeasurementsRepository;
/** The organisation a service belongs to: every read of roll-ups is within one. */
const tenantOf = async (seq: number) => (await t.db.selectFrom('location_services').select('organisation_id').where('seq', '=', seq).executeTakeFirstOrThrow()).organisation_id;
beforeAll(async () => {
  t = await startTestApp();
  repo = new MeasurementsRepository(t.db);
});
afterAll(async () => {
  await t.close();
});


/** Every roll-up of the services, in key order, as the API would read them. */
async function rollupsOf(seqs: number[]) {
  const result = await sql<Record<string, unknown>>`
    SELECT service_seq, period, period_start, period_key, value, cost, certainty, readings, spot_eur, co2, fees, power_cost, peak_kw
    FROM reading_rollups WHERE service_seq = ANY (${seqs}::int[])
    ORDER BY service_seq, period, period_start`.execute(t.db);
  return result.rows;
}


describe('rebuildRollups', () => {
  let stockholm: number;
  let helsinki: number;
  let vienna: number;
  let incremental: Record<string, unknown>[];

  beforeAll(async () => {
    stockholm = await serviceSeq(t.db, 'solvik');
    helsinki = await serviceSeq(t.db, 'koivu');
    vienna = await serviceSeq(t.db, 'alpenwerk');
    // Across both DST changes and several month ends, in three zones; quarter-hours in Helsinki.
    await repo.upsert(series(stockholm, '2025-03-28T23:00:00Z', '2025-04-02T22:00:00Z', 60, (i) => (0.5 + (i % 24) / 10).toFixed(4), (i) => (i % 97 === 0 ? 0.6 : 1)));
    await repo.upsert(series(stockholm, '2025-10-24T22:00:00Z', '2025-11-02T23:00:00Z', 60, (i) => (1 + (i % 7) / 3).toFixed(4), (i) => (i % 97 === 0 ? 0.6 : 1)));
    await repo.upsert(series(helsinki, '2025-01-30T22:00:00Z', '2025-02-02T22:00:00Z', 15, (i) => (0.1 + (i % 4) * 0.0125).toFixed(4), (i) => (i % 97 === 0 ? 0.6 : 1)));
    await repo.upsert(series(vienna, '2025-06-29T22:00:00Z', '2025-07-01T22:00:00Z', 60, () => '1.0000', (i) => (i % 97 === 0 ? 0.6 : 1)));
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
    for (const seq of [stockholm, helsinki, vienna]) await expectChildrenSumToParents(t.db, seq);
  });

  it('keeps DST days at 23 and 25 hours and the zone of each location', async () => {
    const days = await repo.rollups(await tenantOf(stockholm), stockholm, 'day', new Date('2025-03-29T23:00:00Z'), new Date('2025-10-26T23:00:00Z'));
    expect(days.find((d) => d.period_key === '2025-03-30')?.readings).toBe(23);
    const autumn = await repo.rollups(await tenantOf(stockholm), stockholm, 'day', new Date('2025-10-25T22:00:00Z'), new Date('2025-10-26T23:00:00Z'));
    expect(autumn).toEqual([expect.objectContaining({ period_key: '2025-10-26', readings: 25 })]);
    const [february] = await repo.rollups(await tenantOf(helsinki), helsinki, 'month', new Date('2025-01-31T22:00:00Z'), new Date('2025-02-28T22:00:00Z'));
    expect(february).toMatchObject({ period_key: '2025-02', readings: 2 * 96 });
  });

  it('touches only the services it is given, and all of them when none are named', async () => {
    await sql`UPDATE reading_rollups SET value = value + 1 WHERE service_seq = ${vienna} AND period = 'month'`.execute(t.db);
    await repo.rebuildRollups([stockholm]);
    const [july] = await repo.rollups(await tenantOf(vienna), vienna, 'month', new Date('2025-06-30T22:00:00Z'), new Date('2025-07-31T22:00:00Z'));
    expect(july?.value).toBe('25.0000');
    expect(await repo.rebuildRollups([])).toBe(0);

    expect(await repo.rebuildRollups()).toBeGreaterThanOrEqual(incremental.length);
    expect(await rollupsOf([stockholm, helsinki, vienna])).toEqual(incremental);
  });

  it('sums appended readings in Node exactly as SQL sums them from the table (decision 0018)', async () => {
    const at = (iso: string, value: string, minutes: 15 | 60 = 15, certainty = 1) => ({ serviceSeq: vienna, intervalStart: new Date(iso), minutes, value, certainty, status: 2, source: 0 });
    // quarter-hour prices that differ within each hour, so that each part of an hour counts
    await sql`INSERT INTO spot_prices (zone, interval_start, minutes, price_eur_mwh)
              SELECT 'AT', at, 15, 40 + (extract(epoch FROM at)::int8 / 900 % 7) * 12.375
              FROM generate_series(timestamptz '2026-01-05T00:00:00Z', '2026-01-07T23:45:00Z', interval '15 minutes') AS at
              ON CONFLICT DO NOTHING`.execute(t.db);
    // Out of order, a row sent twice (the later counts), zero and negative values, an hourly
    // reading beside the quarters of its hour, and a certainty below 1.
    await repo.upsert([
      at('2026-01-05T10:30:00Z', '0.7'),
      at('2026-01-05T10:00:00Z', '0.1250'),
      at('2026-01-05T10:15:00Z', '-0.0400', 15, 0.25),
      at('2026-01-05T10:30:00Z', '0.2000'),
      at('2026-01-05T11:00:00Z', '3.5', 60),
      at('2026-01-05T11:15:00Z', '0'),
      ...series(vienna, '2026-01-05T12:00:00Z', '2026-01-06T23:30:00Z', 15, (i) => (i % 9 === 0 ? '-0.0125' : (i / 100).toFixed(2))),
    ]);
    // a write that goes on within a stored hour is summed from the table
    await repo.upsert([at('2026-01-06T23:30:00Z', '9.9999'), at('2026-01-06T23:45:00Z', '0.0001'), at('2026-01-07T00:00:00Z', '1.0001')]);
    const kept = await rollupsOf([vienna]);
    // keys are Vienna's local hours (UTC+1)
    const hour = (key: string) => kept.find((r) => r.period === 'hour' && r.period_key === key);
    expect(hour('2026-01-05T11')).toMatchObject({ value: '0.2850', readings: 3, certainty: 0.25 });
    expect(hour('2026-01-05T12')).toMatchObject({ value: '3.5000', readings: 2, certainty: 1 });
    expect(hour('2026-01-05T13')).toMatchObject({ value: '0.0475', readings: 4 });
    expect(hour('2026-01-07T00')).toMatchObject({ readings: 4 });
    // priced at the market's quarter prices, so the sums' parts are compared too
    expect(hour('2026-01-05T13')?.spot_eur).toEqual(expect.any(String));
    expect(await repo.rebuildRollups([vienna])).toBe(kept.length);
    expect(await rollupsOf([vienna])).toEqual(kept);
    await expectChildrenSumToParents(t.db, vienna);
  });
});

describe('deleting a service', () => {
  it('deletes its readings and roll-ups with it, and nothing of other services', async () => {
    const seq = await serviceSeq(t.db, 'koivu');
    const other = await serviceSeq(t.db, 'solvik');
    await repo.upsert([...series(seq, '2025-05-01T00:00:00Z', '2025-05-01T06:00:00Z', 60, () => '1'), ...series(other, '2025-05-01T00:00:00Z', '2025-05-01T06:00:00Z', 60, () => '1')]);
    const count = async (table: 'readings' | 'reading_rollups', s: number) =>
      Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('service_seq', '=', s).executeTakeFirstOrThrow()).n);
    expect(await count('readings', seq)).toBeGreaterThanOrEqual(6);
    const othersBefore = [await count('readings', other), await count('reading_rollups', other)];
    await t.db.deleteFrom('service_tariffs').where('service_seq', '=', seq).execute();
    await t.db.deleteFrom('agreements').where('service_id', 'in', t.db.selectFrom('location_services').select('id').where('seq', '=', seq)).execute();
    await t.db.deleteFrom('location_services').where('seq', '=', seq).execute();
    expect(await count('readings', seq)).toBe(0);
    expect(await count('reading_rollups', seq)).toBe(0);
    expect([await count('readings', other), await count('reading_rollups', other)]).toEqual(othersBefore);
    expect(othersBefore[0]).toBeGreaterThanOrEqual(6);
  });
});
