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


/** The organisation a service belongs to: every read of roll-ups is within one. */
const tenantOf = async (seq: number) => (await t.db.selectFrom('location_services').select('organisation_id').where('seq', '=', seq).executeTakeFirstOrThrow()).organisation_id;
const rollupsOf = async (seq: number, period: 'hour' | 'day' | 'month', from: string, to: string) => repo.rollups(await tenantOf(seq), seq, period, new Date(from), new Date(to));


describe('readings and roll-ups', () => {
  it('gives the spring DST day in Stockholm 23 hours, summed exactly', async () => {
    const seq = await serviceSeq(t.db, 'solvik');
    // 2025-03-30 in Stockholm runs from 2025-03-29T23:00Z to 2025-03-30T22:00Z: 23 hours.
    const rows = series(seq, '2025-03-29T23:00:00Z', '2025-03-30T22:00:00Z', 60, (i) => (1 + i / 1000).toFixed(4));
    expect(await repo.upsert(rows)).toBe(23);
    const hours = await rollupsOf(seq, 'hour', '2025-03-29T23:00:00Z', '2025-03-30T22:00:00Z');
    expect(hours).toHaveLength(23);
    expect(hours.map((h) => h.period_key)).not.toContain('2025-03-30T02');
    const [day] = await rollupsOf(seq, 'day', '2025-03-29T23:00:00Z', '2025-03-30T22:00:00Z');
    expect(day).toMatchObject({ period_key: '2025-03-30', readings: 23, value: '23.2530' });
    await expectChildrenSumToParents(t.db, seq);
  });

  it('gives the autumn DST day 25 hours, with the repeated 02 hour twice', async () => {
    const seq = await serviceSeq(t.db, 'solvik');
    const rows = series(seq, '2025-10-25T22:00:00Z', '2025-10-26T23:00:00Z', 60, () => '0.5000');
    expect(await repo.upsert(rows)).toBe(25);
    const hours = await rollupsOf(seq, 'hour', '2025-10-25T22:00:00Z', '2025-10-26T23:00:00Z');
    expect(hours).toHaveLength(25);
    expect(hours.filter((h) => h.period_key === '2025-10-26T02')).toHaveLength(2);
    const days = await rollupsOf(seq, 'day', '2025-10-25T22:00:00Z', '2025-10-26T23:00:00Z');
    expect(days).toEqual([expect.objectContaining({ period_key: '2025-10-26', value: '12.5000', readings: 25 })]);
  });

  it('rolls quarter-hours into hours, and uses the zone of the location (Helsinki)', async () => {
    const seq = await serviceSeq(t.db, 'koivu');
    // A winter day in Helsinki: 2025-01-15 runs from 2025-01-14T22:00Z.
    const rows = series(seq, '2025-01-14T22:00:00Z', '2025-01-15T22:00:00Z', 15, (i) => (0.1 + (i % 4) * 0.0125).toFixed(4));
    expect(await repo.upsert(rows)).toBe(96);
    const hours = await rollupsOf(seq, 'hour', '2025-01-14T22:00:00Z', '2025-01-15T22:00:00Z');
    expect(hours).toHaveLength(24);
    expect(hours[0]).toMatchObject({ period_key: '2025-01-15T00', readings: 4, value: '0.4750' });
    const [month] = await rollupsOf(seq, 'month', '2024-12-31T22:00:00Z', '2025-01-31T22:00:00Z');
    expect(month).toMatchObject({ period_key: '2025-01', value: '11.4000', readings: 96 });
    await expectChildrenSumToParents(t.db, seq);
  });

  it('changes nothing when the same readings come again', async () => {
    const seq = await serviceSeq(t.db, 'fjellkraft');
    const rows = series(seq, '2025-02-01T00:00:00Z', '2025-02-02T00:00:00Z', 60, (i) => (i / 10).toFixed(4));
    expect(await repo.upsert(rows)).toBe(24);
    const before = await rollupsOf(seq, 'day', '2025-01-31T23:00:00Z', '2025-02-03T23:00:00Z');
    expect(await repo.upsert(rows)).toBe(0);
    expect(await rollupsOf(seq, 'day', '2025-01-31T23:00:00Z', '2025-02-03T23:00:00Z')).toEqual(before);
  });

  it('replaces a corrected reading and recomputes its hour, day and month', async () => {
    const seq = await serviceSeq(t.db, 'alpenwerk');
    const rows = series(seq, '2025-06-09T22:00:00Z', '2025-06-11T22:00:00Z', 60, () => '1.0000');
    await repo.upsert(rows);
    const [monthBefore] = await rollupsOf(seq, 'month', '2025-05-31T22:00:00Z', '2025-06-30T22:00:00Z');
    expect(monthBefore?.value).toBe('48.0000');

    const corrected = { ...rows[5]!, value: '3.2500', certainty: 0.5, status: 3 };
    expect(await repo.upsert([corrected])).toBe(1);
    const [hour] = await rollupsOf(seq, 'hour', corrected.intervalStart.toISOString(), new Date(corrected.intervalStart.getTime() + 3_600_000).toISOString());
    expect(hour).toMatchObject({ value: '3.2500', certainty: 0.5 });
    const [day] = await rollupsOf(seq, 'day', '2025-06-09T22:00:00Z', '2025-06-10T22:00:00Z');
    expect(day).toMatchObject({ period_key: '2025-06-10', value: '26.2500', certainty: 0.5 });
    const [month] = await rollupsOf(seq, 'month', '2025-05-31T22:00:00Z', '2025-06-30T22:00:00Z');
    expect(month?.value).toBe('50.2500');
    await expectChildrenSumToParents(t.db, seq);
  });

  it('refuses an interval that does not start on its resolution', async () => {
    const seq = await serviceSeq(t.db, 'solvik');
    await expect(repo.upsert([{ serviceSeq: seq, intervalStart: new Date('2025-05-01T10:07:00Z'), minutes: 15, value: '1', certainty: 1, status: 2, source: 0 }])).rejects.toThrow();
  });
});

describe('reads keyed by a service seq stay within the tenant', () => {
  it('answers another organisation nothing for a seq, a location or a month that are not its own', async () => {
    const seq = await serviceSeq(t.db, 'solvik');
    await repo.upsert(series(seq, '2025-04-01T00:00:00Z', '2025-04-01T02:00:00Z', 15, () => '0.5000'));
    const own = await tenantOf(seq);
    const { id: other } = await t.db.selectFrom('organisations').select('id').where('slug', '=', 'fjellkraft').executeTakeFirstOrThrow();
    const from = new Date('2025-04-01T00:00:00Z');
    const to = new Date('2025-04-01T02:00:00Z');
    expect(await repo.readings(own, seq, from, to)).toHaveLength(8);
    expect(await repo.rollups(own, seq, 'hour', from, to)).toHaveLength(2);
    expect(await repo.readings(other, seq, from, to)).toEqual([]);
    expect(await repo.rollups(other, seq, 'hour', from, to)).toEqual([]);
    expect(await repo.yearTotals(other, seq, from, to)).toEqual([]);
    expect(await repo.partsOfDay(other, seq, from, to, 'Europe/Stockholm')).toEqual([]);
    expect(await repo.monthPeaks(other, seq, from, to, '2025-04-01')).toEqual([]);
    expect(await repo.partsOfDay(own, seq, from, to, 'Europe/Stockholm')).not.toEqual([]);
    const { location_id: locationId } = await t.db.selectFrom('location_services').select('location_id').where('seq', '=', seq).executeTakeFirstOrThrow();
    const [related] = await repo.related(other, locationId, [{ start: from, end: to }]);
    expect(related).toMatchObject({ temperature: null, co2: null, price: null });
  });
});
