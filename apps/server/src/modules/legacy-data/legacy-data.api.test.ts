import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LegacyDataItem } from '@gridline/contracts/legacy-data';
import { MeasurementNode } from '@gridline/contracts/measurements';
import { call, demoHome, signIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { MeasurementsRepository, type ReadingInput } from '../measurements/repository.ts';

/**
 * The legacy site reads `/v3/data/{hour|day|month|year}?siteId` (decision 0015), the
 * incomplete-last-day rule on the location data reads, and the measurements delay of
 * services-data. The app's clock is 1 February 2025, 11:00 in Stockholm: with the default delay of
 * two days the latest readings are those of 30 January.
 */

const NOW = Date.parse('2025-02-01T10:00:00Z');
let t: TestApp;
let token: string;
let userId: string;
let locationId: string;
let siteId: string;
let serviceId: string;
let seq: number;
let owner: boolean;

/** Hourly readings of 1 kWh from `from` (inclusive) to `to` (exclusive). */
function hourly(from: string, to: string): ReadingInput[] {
  const rows: ReadingInput[] = [];
  for (let at = Date.parse(from); at < Date.parse(to); at += 3_600_000) {
    rows.push({ serviceSeq: seq, intervalStart: new Date(at), minutes: 60, value: '1.0000', certainty: 1, status: 2, source: 0 });
  }
  return rows;
}

beforeAll(async () => {
  t = await startTestApp({ clock: () => NOW });
  const demo = await demoHome(t, 'solvik');
  ({ token, locationId, serviceId, seq } = demo);
  userId = demo.auth.userId;
  siteId = demo.home.provider.siteId;
  owner = demo.home.accountOwner?._id === userId;
  // 1–9 January 2025 whole (Stockholm, UTC+1), and the first 4 hours of 10 January: an incomplete last day.
  await new MeasurementsRepository(t.db).upsert(hourly('2024-12-31T23:00:00Z', '2025-01-10T03:00:00Z'));
});
afterAll(async () => {
  await t.close();
});

const legacy = (path: string, withToken = token) => call(t.app, { method: 'GET', url: `/v3/data/${path}`, token: withToken });
const v4 = (path: string) => call(t.app, { method: 'GET', url: `/v4/solvik/locations/${locationId}/data/${path}`, token });
const consumption = (node: { children: Array<{ dateKey: string; value: { consumption: { total: number | null } } }> }) =>
  Object.fromEntries(node.children.map((c) => [c.dateKey, c.value.consumption.total]));

describe('the incomplete last day (fewer than 5 metered hours)', () => {
  it('is left out of a month and a week while it has 4 hours, and shown from the 5th', async () => {
    const month = MeasurementNode.parse((await v4('month/2025-01')).body.data);
    expect(consumption(month)).toMatchObject({ '2025-01-09': 24, '2025-01-10': null, '2025-01-11': null });
    expect(month.children[9]!.value.consumption.certainty).toBeNull();
    // the month's own total stays what was metered
    expect(month.value.consumption.total).toBe(9 * 24 + 4);
    const week = MeasurementNode.parse((await v4('week/2025-W02')).body.data);
    expect(consumption(week)).toEqual({
      '2025-01-06': 24,
      '2025-01-07': 24,
      '2025-01-08': 24,
      '2025-01-09': 24,
      '2025-01-10': null,
      '2025-01-11': null,
      '2025-01-12': null,
    });
    // the day itself, asked for, shows its hours
    const day = MeasurementNode.parse((await v4('day/2025-01-10')).body.data);
    expect(day.children.filter((c) => c.value.consumption.total !== null)).toHaveLength(4);
  });
});

describe('legacy data by site', () => {
  it('answers a month of a site named by its provider site id as a data item, its last day trimmed', async () => {
    const res = await legacy(`month/2025-01?siteId=${siteId}`);
    expect(res.status).toBe(200);
    const month = LegacyDataItem.parse(res.body.data);
    expect(month).toMatchObject({ dateKey: '2025-01', date: '2024-12-31T23:00:00.000Z', shared: !owner });
    expect(month.children).toHaveLength(31);
    expect(month.value.consumption).toMatchObject({ total: 220, certainty: 1, partial: true, source: 'measured' });
    expect(month.value.consumption.cost).toBe(month.value.cost.total);
    expect(month.value.production).toEqual({ total: null, certainty: null, cost: null, partial: null, source: null });
    // the readings reach the end of 03:00 local time on 10 January
    expect(month.updated).toBe('2025-01-10T03:00:00.000Z');
    const ninth = month.children[8]!;
    expect(ninth).toMatchObject({ dateKey: '2025-01-09', updated: '2025-01-09T23:00:00.000Z' });
    expect(ninth.value.consumption).toMatchObject({ total: 24, partial: false, source: 'measured' });
    expect(month.children[9]!.value.consumption).toEqual({ total: null, certainty: null, cost: null, partial: null, source: null });
    expect(month.children[9]!.updated).toBeNull();
    // the location's own id names the same site
    expect((await legacy(`month/2025-01?siteId=${locationId}`)).body.data).toEqual(res.body.data);
  });

  it('answers a day with its hours and a year with its months', async () => {
    const day = LegacyDataItem.parse((await legacy(`day/2025-01-05?siteId=${siteId}&zone=SE3`)).body.data);
    expect(day.children).toHaveLength(24);
    expect(day.children[0]).toMatchObject({ dateKey: '2025-01-05T00', updated: '2025-01-05T00:00:00.000Z' });
    expect(day.value.consumption).toMatchObject({ total: 24, partial: false });
    const year = LegacyDataItem.parse((await legacy(`year/2025?siteId=${siteId}`)).body.data);
    expect(year.children.map((c) => c.dateKey)).toEqual(Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`));
    expect(year.children[0]!.value.consumption).toMatchObject({ total: 220, partial: true });
    expect(year.children[1]!.value.consumption.total).toBeNull();
  });

  it('answers hours over a range, the incomplete last day without readings', async () => {
    const res = await legacy(`hour?siteId=${siteId}&start_date=2025-01-09&end_date=2025-01-10`);
    expect(res.status).toBe(200);
    const hours = LegacyDataItem.parse(res.body.data);
    expect(hours.children).toHaveLength(48);
    expect(hours.children.slice(0, 24).every((c) => c.value.consumption.total === 1)).toBe(true);
    expect(hours.children.slice(24).every((c) => c.value.consumption.total === null)).toBe(true);
    expect(hours.children[24]!.dateKey).toBe('2025-01-10T00');
    // instants: the end is excluded
    const two = LegacyDataItem.parse((await legacy(`hour?siteId=${siteId}&start_date=2025-01-09T10:00:00Z&end_date=2025-01-09T12:00:00%2B00:00`)).body.data);
    expect(two.children.map((c) => c.dateKey)).toEqual(['2025-01-09T11', '2025-01-09T12']);
    // without a start: the day of the latest readings, 30 January (two days before the clock)
    const latest = LegacyDataItem.parse((await legacy(`hour?siteId=${siteId}`)).body.data);
    expect(latest.dateKey).toBe('2025-01-30T00');
    expect(latest.children).toHaveLength(24);
  });

  it('refuses keys that are not real periods, bad ranges and a missing site with a 400 and a key', async () => {
    for (const path of ['month/2025-13', 'year/20xx', 'day/2025-02-30', 'day/2025-01', 'month/2025', 'year/2025-01']) {
      const res = await legacy(`${path}?siteId=${siteId}`);
      expect(res.status, path).toBe(400);
      expect(res.body.key, path).toBe('INVALID_DATE_KEY');
    }
    expect((await legacy(`hour?siteId=${siteId}&start_date=yesterday`)).body).toMatchObject({ status: 400, key: 'INVALID_DATE' });
    expect((await legacy(`hour?siteId=${siteId}&start_date=2025-01-10&end_date=2025-01-09T00:00:00Z`)).body.key).toBe('INVALID_DATE_RANGE');
    expect((await legacy(`hour?siteId=${siteId}&start_date=2025-01-01&end_date=2025-02-15`)).body.key).toBe('DATE_RANGE_TOO_LONG');
    const missing = await legacy('month/2025-01');
    expect(missing.body).toMatchObject({ status: 400, key: 'VALIDATION_FAILED' });
    expect(missing.body.data.issues[0].path).toBe('querystring.siteId');
    const otherZone = await legacy(`month/2025-01?siteId=${siteId}&zone=SE4`);
    expect(otherZone.body).toMatchObject({ status: 400, key: 'VALIDATION_FAILED', data: { issues: [{ path: 'querystring.zone' }] } });
    expect((await legacy(`month/2025-01?siteId=${siteId}&zone=XX1`)).body.key).toBe('VALIDATION_FAILED');
  });

  it("needs a signed-in user, and gives 404 for another customer's or another organisation's site", async () => {
    expect((await call(t.app, { method: 'GET', url: `/v3/data/month/2025-01?siteId=${siteId}` })).body).toMatchObject({ status: 401, key: 'UNAUTHORIZED' });
    const [business] = await signIn(t.app, 'solvik', 'business');
    expect((await legacy(`month/2025-01?siteId=${siteId}`, business!.accessToken)).body).toMatchObject({ status: 404, key: 'NOT_FOUND' });
    expect((await legacy(`hour?siteId=${locationId}`, business!.accessToken)).status).toBe(404);
    const [foreign] = await signIn(t.app, 'fjellkraft', 'demo');
    expect((await legacy(`day/2025-01-05?siteId=${locationId}`, foreign!.accessToken)).status).toBe(404);
    expect((await legacy(`day/2025-01-05?siteId=${siteId}`, foreign!.accessToken)).status).toBe(404);
    // a service that is not the site's
    const other = await legacy(`day/2025-01-05?siteId=${siteId}&serviceId=${'0'.repeat(24)}`);
    expect(other.status).toBe(404);
    expect((await legacy('day/2025-01-05?siteId=no-such-site')).status).toBe(404);
  });
});

describe('the measurements delay', () => {
  it("answers services-data's current month as the month of the latest readings", async () => {
    const res = await call(t.app, { method: 'GET', url: `/v4/solvik/locations/${locationId}/services-data`, token });
    expect(res.status).toBe(200);
    const supply = res.body.data.services.find((s: { serviceId: string }) => s.serviceId === serviceId);
    // 1 February less two days: January, not the February that has just begun
    expect(supply.overview.current.total).toMatchObject({ dateKey: '2025-01', consumption: 220 });
    expect(supply.history.at(-1).dateKey).toBe('2025-01');
  });
});

// Last: it completes 10 January, which the tests above read as incomplete.
describe('the fifth hour', () => {
  it('completes the last day: the month, the legacy month and the hours show it', async () => {
    await new MeasurementsRepository(t.db).upsert(hourly('2025-01-10T03:00:00Z', '2025-01-10T04:00:00Z'));
    expect(consumption(MeasurementNode.parse((await v4('month/2025-01')).body.data))['2025-01-10']).toBe(5);
    const month = LegacyDataItem.parse((await legacy(`month/2025-01?siteId=${siteId}`)).body.data);
    expect(month.children[9]!.value.consumption).toMatchObject({ total: 5, partial: true, source: 'measured' });
    expect(month.children[9]!.updated).toBe('2025-01-10T04:00:00.000Z');
    const hours = LegacyDataItem.parse((await legacy(`hour?siteId=${siteId}&start_date=2025-01-10`)).body.data);
    expect(hours.children.map((c) => c.value.consumption.total).slice(0, 6)).toEqual([1, 1, 1, 1, 1, null]);
  });
});
