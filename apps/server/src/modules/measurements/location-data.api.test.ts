import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeasurementNode } from '@gridline/contracts/measurements';
import { call, demoHome, signIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { MeasurementsRepository, type ReadingInput } from './repository.ts';

let t: TestApp;
let token: string;
let locationId: string;
let serviceId: string;

beforeAll(async () => {
  t = await startTestApp();
  const demo = await demoHome(t, 'solvik');
  ({ token, locationId, serviceId } = demo);
  const { seq } = demo;
  // March 2025 in Stockholm, hourly: 1 kWh an hour, 2 kWh in the evening hours 17–19 UTC.
  const rows: ReadingInput[] = [];
  for (let at = Date.parse('2025-02-28T23:00:00Z'); at < Date.parse('2025-03-31T22:00:00Z'); at += 3_600_000) {
    const hour = new Date(at).getUTCHours();
    rows.push({ serviceSeq: seq, intervalStart: new Date(at), minutes: 60, value: hour >= 17 && hour <= 19 ? '2.0000' : '1.0000', certainty: 1, status: 2, source: 0 });
  }
  // The market of March 2025 in SE3: 100 EUR/MWh, 11 SEK/EUR. The demo home is on its demo tariffs.
  const prices = [];
  for (let at = Date.parse('2025-02-28T23:00:00Z'); at < Date.parse('2025-03-31T22:00:00Z'); at += 3_600_000) {
    prices.push({ zone: 'SE3', interval_start: new Date(at), minutes: 60, price_eur_mwh: 100 });
  }
  await t.db.insertInto('spot_prices').values(prices).onConflict((oc) => oc.doNothing()).execute();
  await t.db.insertInto('exchange_rates').values({ day: '2025-02-28', currency: 'SEK', eur_rate: 11 }).onConflict((oc) => oc.doNothing()).execute();
  await new MeasurementsRepository(t.db).upsert(rows);
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, withToken = token) => call(t.app, { method: 'GET', url: `/v4/solvik/locations/${locationId}/data/${path}`, token: withToken });

describe('location data', () => {
  it('answers a DST day with its 23 hours and their exact total', async () => {
    const res = await get('day/2025-03-30');
    expect(res.status).toBe(200);
    const day = MeasurementNode.parse(res.body.data);
    expect(day).toMatchObject({ dateKey: '2025-03-30', date: '2025-03-29T23:00:00.000Z' });
    expect(day.children).toHaveLength(23);
    expect(day.value.consumption).toEqual({ total: 26, certainty: 1 });
    expect(day.children.reduce((sum, c) => sum + (c.value.consumption.total ?? 0), 0)).toBe(26);
  });

  it('answers a month with a child per day, and a week across two months', async () => {
    const month = MeasurementNode.parse((await get('month/2025-03')).body.data);
    expect(month.children.map((c) => c.dateKey)).toEqual(Array.from({ length: 31 }, (_, i) => `2025-03-${String(i + 1).padStart(2, '0')}`));
    expect(month.value.consumption.total).toBe(743 + 31 * 3);
    const week = MeasurementNode.parse((await get('week/2025-W10')).body.data);
    expect(week.children.map((c) => c.dateKey)).toEqual(['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09']);
  });

  it('answers a year with 12 months, the empty ones as null, and the five-year view', async () => {
    const yearRes = await get(`year/2025?serviceId=${serviceId}`);
    expect(yearRes.body).toMatchObject({ status: 200 });
    const year = MeasurementNode.parse(yearRes.body.data);
    expect(year.children).toHaveLength(12);
    expect(year.children[1]!.value.consumption.total).toBeNull();
    expect(year.children[2]!.value.consumption.total).toBe(836);
    expect(year.value.consumption.total).toBe(836);
    const yearsRes = await get('year/');
    expect(yearsRes.body).toMatchObject({ status: 200 });
    const years = MeasurementNode.parse(yearsRes.body.data);
    expect(years.children).toHaveLength(5);
    expect(years.children.find((c) => c.dateKey === '2025')?.value.consumption.total).toBe(836);
  });

  it('gives a month its cost with the month parts, and the year that month as a child', async () => {
    const month = MeasurementNode.parse((await get('month/2025-03')).body.data);
    const days = month.children.reduce((sum, c) => sum + (c.value.cost.total ?? 0), 0);
    const row = await t.db
      .selectFrom('reading_rollups as r')
      .innerJoin('location_services as s', 's.seq', 'r.service_seq')
      .select(['r.cost', 'r.fees', 'r.power_cost'])
      .where('s.id', '=', serviceId)
      .where('r.period', '=', 'month')
      .where('r.period_key', '=', '2025-03')
      .executeTakeFirstOrThrow();
    expect(Number(row.fees)).toBeGreaterThan(0);
    expect(days).toBeCloseTo(Number(row.cost), 4);
    const whole = Number(row.cost) + Number(row.fees) + Number(row.power_cost ?? 0);
    expect(month.value.cost.total).toBeCloseTo(whole, 4);
    expect(month.value.co2cost.total).toBeNull();
    // the zone's spot price in SEK per kWh, excl. VAT: 100 EUR/MWh × 11
    expect(month.value.price.avgHour).toBe(1.1);
    expect(month.children[9]!.value.price.avgHour).toBe(1.1);
    const bare = MeasurementNode.parse((await get('month/2025-03?addRelated=false')).body.data);
    expect(bare.value.price.avgHour).toBeNull();
    expect(bare.value.cost.total).toBe(month.value.cost.total);
    const uncosted = MeasurementNode.parse((await get('month/2025-03?calculateCost=false&allowForecasts=false')).body.data);
    expect([uncosted.value.cost.total, uncosted.children[0]!.value.cost.total]).toEqual([null, null]);
    expect(uncosted.value.consumption.total).toBe(836);
    expect((await get('month/2025-03?calculateCost=maybe')).status).toBe(400);
    const year = MeasurementNode.parse((await get('year/2025')).body.data);
    expect(year.children[2]!.value.cost.total).toBeCloseTo(whole, 4);
    expect(year.value.cost.total).toBeCloseTo(whole, 4);
  });

  it('answers the readings between two instants, keyed by local time', async () => {
    const res = await get('hour?start_date=2025-03-10T10:00:00Z&end_date=2025-03-10T12:00:00Z');
    expect(res.status).toBe(200);
    const node = MeasurementNode.parse(res.body.data);
    expect(node.dateKey).toBe('2025-03-10T11');
    expect(node.children.map((c) => [c.dateKey, c.value.consumption.total])).toEqual([
      ['2025-03-10T11:00', 1],
      ['2025-03-10T12:00', 1],
    ]);
    expect((await get('hour?start_date=2025-03-10T12:00:00Z&end_date=2025-03-10T10:00:00Z')).body.key).toBe('INVALID_DATE_RANGE');
    expect((await get('hour?start_date=2025-03-01T00:00:00Z&end_date=2025-03-20T00:00:00Z')).body.key).toBe('DATE_RANGE_TOO_LONG');
    expect((await get('hour?start_date=yesterday&end_date=2025-03-20T00:00:00Z')).status).toBe(400);
  });

  it("answers a site's load and the peaks that set the month's power tariff", async () => {
    const load = (query: string, withToken = token) => call(t.app, { method: 'GET', url: `/v4/solvik/sites/${locationId}/load?${query}`, token: withToken });
    const res = await load('dateKey=2025-03-30');
    expect(res.status).toBe(200);
    expect(res.body.data.series).toHaveLength(23);
    // Swedish grid: the three highest weekday hours 07–19 on different days. 2 kWh at 18:00 on
    // weekdays before summer time (17:00Z); 19:00 and 20:00 are outside the hours.
    expect(res.body.data.month).toEqual({
      dateKey: '2025-03',
      peaks: [
        { date: '2025-03-03T17:00:00.000Z', value: 2 },
        { date: '2025-03-04T17:00:00.000Z', value: 2 },
        { date: '2025-03-05T17:00:00.000Z', value: 2 },
      ],
      peak: 2,
      // 2 kW × 45 SEK/kW × 1.25 VAT
      powerCost: 112.5,
    });
    expect((await load('resolution=15min&start=2025-03-10T00:00:00Z&end=2025-03-10T02:00:00Z')).body.data.series).toEqual([
      { date: '2025-03-10T00:00:00.000Z', value: 1 },
      { date: '2025-03-10T01:00:00.000Z', value: 1 },
    ]);
    expect((await load('dateKey=2025-13')).body.key).toBe('INVALID_DATE_KEY');
    expect((await load('resolution=day&dateKey=2025-03')).status).toBe(400);
    const [other] = await signIn(t.app, 'solvik', 'business');
    expect((await load('dateKey=2025-03', other!.accessToken)).status).toBe(404);
  });

  it('distributes a month by part of the day, with shares that add up', async () => {
    const res = await get('distribution/2025-03');
    expect(res.status).toBe(200);
    // 1 kWh an hour, 2 kWh at 17–19 UTC (18–20 local in winter, 19–21 in summer): all in the evening
    expect(res.body.data).toMatchObject({ dateKey: '2025-03', unit: 'kWh', total: 836 });
    const parts = Object.fromEntries(res.body.data.parts.map((p: { type: string; value: number }) => [p.type, p.value]));
    expect(parts).toEqual({ night: 6 * 31 - 1, morning: 4 * 31, day: 7 * 31, evening: 7 * 31 + 93 });
    const shares = res.body.data.parts.reduce((sum: number, p: { share: number }) => sum + p.share, 0);
    expect(shares).toBeCloseTo(1, 3);
    const cost = (await get('distribution/2025-03?type=cost')).body.data;
    expect(cost.unit).toBe('SEK');
    expect(cost.total).toBeGreaterThan(0);
    expect((await get('distribution/2025-13')).body.key).toBe('INVALID_DATE_KEY');
  });

  it("lists the location's services with a year of months and the current month", async () => {
    const res = await call(t.app, { method: 'GET', url: `/v4/solvik/locations/${locationId}/services-data?month=2025-03`, token });
    expect(res.status).toBe(200);
    const supply = res.body.data.services.find((s: { serviceId: string }) => s.serviceId === serviceId);
    expect(supply).toMatchObject({ serviceType: 'consumption_trade', type: 'CONSUMPTION', unit: 'kWh' });
    expect(supply.history.map((m: { dateKey: string }) => m.dateKey)).toEqual(['2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03']);
    expect(supply.overview.current.total).toMatchObject({ dateKey: '2025-03', consumption: 836 });
    expect(supply.overview.current.now).toEqual({ date: '2025-03-31T21:00:00.000Z', value: 1 });
    const [other] = await signIn(t.app, 'solvik', 'business');
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/locations/${locationId}/services-data`, token: other!.accessToken })).status).toBe(404);
  });

  it('refuses keys that are not real periods with a 400 and a key', async () => {
    for (const path of ['month/2025-13', 'year/20xx', 'day/2025-02-30', 'day/2025-03', 'week/2025-W54']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.key, path).toBe('INVALID_DATE_KEY');
    }
  });

  it("gives 404 for another customer's location and under another organisation", async () => {
    const [other] = await signIn(t.app, 'solvik', 'business');
    expect((await get('month/2025-03', other!.accessToken)).status).toBe(404);
    const [foreign] = await signIn(t.app, 'fjellkraft', 'demo');
    const res = await call(t.app, { method: 'GET', url: `/v4/fjellkraft/locations/${locationId}/data/month/2025-03`, token: foreign!.accessToken });
    expect(res.status).toBe(404);
  });
});
