import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { MeasurementsRepository } from './repository.ts';
import { expectChildrenSumToParents, series, serviceSeq } from './test-support.ts';

let t: TestApp;
let repo: MeasurementsRepository;
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
