import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeasurementNode } from '@gridline/contracts/measurements';
import { call, demoHome, signIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { MeasurementsRepository, type ReadingInput } from './repository.ts';

/**
 * The location data views as one statement reads them (decision 0016): each child period by its
 * start, the period's own roll-up, the access check, and the last day's readings deciding the
 * incomplete-last-day rule without reading its hours when they suffice.
 */

let t: TestApp;
let token: string;
let home: string;
let grid: string;

beforeAll(async () => {
  t = await startTestApp();
  const demo = await demoHome(t, 'solvik', 'consumption_grid');
  ({ token, locationId: home, serviceId: grid } = demo);
  const { seq } = demo;
  const rows: ReadingInput[] = [];
  const add = (from: string, count: number, minutes: 15 | 60, value: string) => {
    for (let i = 0; i < count; i++) rows.push({ serviceSeq: seq, intervalStart: new Date(Date.parse(from) + i * minutes * 60_000), minutes, value, certainty: 1, status: 2, source: 0 });
  };
  // Stockholm: UTC+1 in winter, UTC+2 in summer. The autumn day 2025-10-26 has 25 hours.
  add('2025-10-25T22:00:00Z', 100, 15, '0.2500');
  // 1 January whole (hourly), then 4 hours of quarter-hours on 2 January: 16 readings, 4 hours.
  add('2024-12-31T23:00:00Z', 24, 60, '1.0000');
  add('2025-01-01T23:00:00Z', 16, 15, '0.2500');
  // 1 February: 17 quarter-hours from 00:45, over 5 hours.
  add('2025-01-31T23:45:00Z', 17, 15, '0.2500');
  // 1 March: 16 quarter-hours over 5 hours (00:00–02:45, 03:00, 04:00–04:30).
  add('2025-02-28T23:00:00Z', 13, 15, '0.2500');
  add('2025-03-01T03:00:00Z', 3, 15, '0.2500');
  // 1 April: 5 hourly readings; 1 May: 4.
  add('2025-03-31T22:00:00Z', 5, 60, '1.0000');
  add('2025-04-30T22:00:00Z', 4, 60, '1.0000');
  await new MeasurementsRepository(t.db).upsert(rows);
});
afterAll(async () => {
  await t.close();
});

const view = (path: string, options: { location?: string; service?: string | null; token?: string } = {}) => {
  const service = options.service === undefined ? grid : options.service;
  return call(t.app, {
    method: 'GET',
    url: `/v4/solvik/locations/${options.location ?? home}/data/${path}?addRelated=false${service ? `&serviceId=${service}` : ''}`,
    token: options.token ?? token,
  });
};
const node = async (path: string) => {
  const res = await view(path);
  expect(res.status, path).toBe(200);
  return MeasurementNode.parse(res.body.data);
};
const byKey = (n: MeasurementNode) => Object.fromEntries(n.children.map((c) => [c.dateKey, c.value.consumption.total]));

describe('a period read from its roll-ups', () => {
  it('answers the autumn day with its 25 hours, the repeated hour twice, and its own total', async () => {
    const day = await node('day/2025-10-26');
    expect(day).toMatchObject({ dateKey: '2025-10-26', date: '2025-10-25T22:00:00.000Z' });
    expect(day.children).toHaveLength(25);
    expect(day.children.filter((c) => c.dateKey === '2025-10-26T02').map((c) => c.date)).toEqual(['2025-10-26T00:00:00.000Z', '2025-10-26T01:00:00.000Z']);
    expect(day.children.every((c) => c.value.consumption.total === 1)).toBe(true);
    expect(day.value.consumption).toEqual({ total: 25, certainty: 1 });
    const month = await node('month/2025-10');
    expect(month.children).toHaveLength(31);
    expect(byKey(month)).toMatchObject({ '2025-10-25': null, '2025-10-26': 25, '2025-10-27': null });
    expect(month.children[25]!.date).toBe('2025-10-25T22:00:00.000Z');
    expect(month.value.consumption.total).toBe(25);
    const year = await node('year/2025');
    expect(year.children[9]!.value.consumption.total).toBe(25);
  });

  it('drops the last day of a month or a week while it has fewer than 5 metered hours, whatever its readings', async () => {
    const january = await node('month/2025-01');
    expect(byKey(january)).toMatchObject({ '2025-01-01': 24, '2025-01-02': null });
    // the month's own total stays what was metered
    expect(january.value.consumption.total).toBe(28);
    const week = await node('week/2025-W01');
    expect(byKey(week)).toMatchObject({ '2025-01-01': 24, '2025-01-02': null });
    // 17 quarter-hours over 5 hours; 16 quarter-hours over 5 hours; 5 hourly readings: shown
    expect(byKey(await node('month/2025-02'))).toMatchObject({ '2025-02-01': 4.25 });
    expect(byKey(await node('month/2025-03'))).toMatchObject({ '2025-03-01': 4 });
    expect(byKey(await node('month/2025-04'))).toMatchObject({ '2025-04-01': 5 });
    // 4 hourly readings: dropped; the day itself, asked for, shows its hours
    expect(byKey(await node('month/2025-05'))).toMatchObject({ '2025-05-01': null });
    expect((await node('day/2025-05-01')).value.consumption.total).toBe(4);
  });

  it("tells its own time in a server-timing header, apart from the network's", async () => {
    const res = await view('month/2025-10');
    const timing = /^app;dur=(\d+\.\d\d)$/.exec(String(res.response.headers['server-timing']));
    expect(Number(timing?.[1])).toBeGreaterThan(0);
  });

  it('reads the supplier’s consumption service when none is named', async () => {
    const day = await view('day/2025-10-26', { service: null });
    expect(day.status).toBe(200);
    expect(day.body.data.value.consumption.total).toBeNull();
  });

  it('gives 404 for a service of another location or customer, and for a location that is not visible', async () => {
    const locations = await t.db
      .selectFrom('locations as l')
      .innerJoin('location_services as s', 's.location_id', 'l.id')
      .innerJoin('organisations as o', 'o.id', 'l.organisation_id')
      .select(['l.id', 'l.status', 'l.account_id', 's.id as service', 'o.slug'])
      .execute();
    const homeAccount = locations.find((l) => l.id === home)!.account_id;
    const terminated = locations.find((l) => l.status === 'TERMINATED' && l.account_id === homeAccount)!;
    const stranger = locations.find((l) => l.slug === 'solvik' && l.account_id !== homeAccount && l.status === 'ACTIVE')!;
    const foreign = locations.find((l) => l.slug === 'fjellkraft')!;
    expect((await view('month/2025-10', { service: terminated.service })).status).toBe(404);
    expect((await view('month/2025-10', { location: terminated.id, service: terminated.service })).status).toBe(404);
    expect((await view('month/2025-10', { service: stranger.service })).status).toBe(404);
    expect((await view('month/2025-10', { service: foreign.service })).status).toBe(404);
    const [business] = await signIn(t.app, 'solvik', 'business');
    expect((await view('month/2025-10', { token: business!.accessToken })).status).toBe(404);
    // the same reads answer the owner
    expect((await view('month/2025-10')).status).toBe(200);
  });
});
