import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpotPriceAverage, SpotPriceSeries, StoredSpotPrices, ZoneSpotPrices } from '@gridline/contracts/prices';
import { call, startTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;

const HOUR = 60 * 60_000;

/** Replaces the zone's prices in [from, to) with `count` intervals of `minutes`, priced `price(i)` EUR/MWh. */
async function writePrices(zone: 'SE3', from: string, minutes: 15 | 60, count: number, price: (i: number) => number) {
  const start = Date.parse(from);
  const end = start + count * minutes * 60_000;
  await t.db
    .deleteFrom('spot_prices')
    .where('zone', '=', zone)
    .where('interval_start', '>=', new Date(start))
    .where('interval_start', '<', new Date(end))
    .execute();
  await t.db
    .insertInto('spot_prices')
    .values(
      Array.from({ length: count }, (_, i) => ({ zone, interval_start: new Date(start + i * minutes * 60_000), minutes, price_eur_mwh: price(i).toFixed(3) })),
    )
    .execute();
}

async function setRate(day: string, currency: 'SEK' | 'NOK', rate: string | null) {
  await t.db.deleteFrom('exchange_rates').where('day', '=', day).where('currency', '=', currency).execute();
  if (rate !== null) await t.db.insertInto('exchange_rates').values({ day, currency, eur_rate: rate }).execute();
}

beforeAll(async () => {
  t = await startTestApp();
  // A quarter-hour Sunday (Stockholm 2025-11-09 = 23:00Z to 23:00Z): quarter i costs i EUR/MWh.
  await writePrices('SE3', '2025-11-08T23:00:00Z', 15, 96, (i) => i);
  // No rates on the weekend: the Friday's holds; Monday's must not be used.
  await setRate('2025-11-07', 'SEK', '11.5');
  await setRate('2025-11-07', 'NOK', '11.8');
  for (const currency of ['SEK', 'NOK'] as const) {
    await setRate('2025-11-08', currency, null);
    await setRate('2025-11-09', currency, null);
    await setRate('2025-11-10', currency, '99');
  }
  // An hourly Monday before the quarter-hour market: hour h costs 10·h EUR/MWh.
  await writePrices('SE3', '2025-03-09T23:00:00Z', 60, 24, (h) => 10 * h);
  await setRate('2025-03-10', 'SEK', '11');
  // The 25-hour day 2025-10-26 in Stockholm (22:00Z to 23:00Z next day): quarter i costs i; the
  // hour before and the hour after cost 1000, so a wrong day boundary shows in the mean.
  await writePrices('SE3', '2025-10-25T21:00:00Z', 15, 4, () => 1000);
  await writePrices('SE3', '2025-10-25T22:00:00Z', 15, 100, (i) => i);
  await writePrices('SE3', '2025-10-26T23:00:00Z', 15, 4, () => 1000);
  // Prices with no exchange rate on or before their day.
  await t.db.deleteFrom('exchange_rates').where('day', '<', '2021-01-01').execute();
  await writePrices('SE3', '2020-01-01T23:00:00Z', 60, 24, () => 50);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => call(t.app, { method: 'GET', url, headers });

describe('spot prices by zone', () => {
  it('answers a quarter-hour day per hour in EUR: each hour the mean of its four quarters', async () => {
    const res = await get(
      '/v3/data/storage/zone/SE3/spotprices?resolution=hour&startDate=2025-11-09&endDate=2025-11-09&timeZone=Europe/Stockholm&currency=EUR',
    );
    expect(res.status).toBe(200);
    const data = SpotPriceSeries.parse(res.body.data);
    expect(data).toMatchObject({
      zone: 'SE3',
      currency: 'EUR',
      unit: 'EUR/kWh',
      timeZone: 'Europe/Stockholm',
      from: '2025-11-08T23:00:00.000Z',
      to: '2025-11-09T23:00:00.000Z',
    });
    expect(data.spotPrices).toHaveLength(24);
    expect(data.spotPrices[0]).toEqual({ date: '2025-11-08T23:00:00.000Z', value: 0.0015 });
    expect(data.spotPrices[23]).toEqual({ date: '2025-11-09T22:00:00.000Z', value: 0.0935 });
  });

  it('converts to SEK with the latest rate on or before the delivery day (Friday’s for a Sunday)', async () => {
    const quarters = SpotPriceSeries.parse((await get('/v3/data/storage/zone/SE3/spotprices?resolution=15m&startDate=2025-11-09&currency=SEK')).body.data);
    expect(quarters.spotPrices).toHaveLength(96);
    expect(quarters.spotPrices[1]).toEqual({ date: '2025-11-08T23:15:00.000Z', value: 0.0115 });
    expect(quarters.spotPrices[95]!.value).toBeCloseTo((95 * 11.5) / 1000, 6);
    const days = SpotPriceSeries.parse(
      (await get('/v3/data/storage/zone/SE3/spotprices?resolution=day&startDate=2025-11-09&endDate=2025-11-09&currency=SEK')).body.data,
    );
    expect(days.spotPrices).toEqual([{ date: '2025-11-08T23:00:00.000Z', value: 0.54625 }]);
  });

  it("defaults to the zone's currency and time zone, or the organisation's", async () => {
    const zone = SpotPriceSeries.parse((await get('/v3/data/storage/zone/SE3/spotprices?resolution=day&startDate=2025-11-09')).body.data);
    expect(zone).toMatchObject({ currency: 'SEK', unit: 'SEK/kWh', timeZone: 'Europe/Stockholm', resolution: 'day' });
    const fjellkraft = SpotPriceSeries.parse(
      (await get('/v3/data/storage/zone/SE3/spotprices?resolution=day&startDate=2025-11-09&organisation=fjellkraft')).body.data,
    );
    expect(fjellkraft).toMatchObject({ currency: 'NOK', unit: 'NOK/kWh', timeZone: 'Europe/Oslo' });
    expect(fjellkraft.spotPrices[0]!.value).toBeCloseTo(0.0475 * 11.8, 6);
  });

  it('answers an hourly day in EUR and SEK, and its quarters as the hour’s price repeated', async () => {
    const eur = SpotPriceSeries.parse((await get('/v3/data/storage/zone/SE3/spotprices?resolution=hour&startDate=2025-03-10&currency=EUR')).body.data);
    expect(eur.spotPrices.map((p) => p.value)).toEqual(Array.from({ length: 24 }, (_, h) => h / 100));
    const sek = SpotPriceSeries.parse((await get('/v3/data/storage/zone/SE3/spotprices?resolution=hour&startDate=2025-03-10&currency=SEK')).body.data);
    expect(sek.spotPrices[5]).toEqual({ date: '2025-03-10T04:00:00.000Z', value: 0.55 });
    const quarters = SpotPriceSeries.parse((await get('/v3/data/storage/zone/SE3/spotprices?resolution=15m&startDate=2025-03-10&currency=EUR')).body.data);
    expect(quarters.spotPrices).toHaveLength(96);
    expect(quarters.spotPrices.slice(4, 9).map((p) => p.value)).toEqual([0.01, 0.01, 0.01, 0.01, 0.02]);
  });

  it('cuts days in the asked time zone: the 25-hour DST day is the mean of its 100 quarters', async () => {
    const url = (tz: string) => `/v3/data/storage/zone/SE3/spotprices?resolution=day&startDate=2025-10-25&endDate=2025-10-27&timeZone=${tz}&currency=EUR`;
    const stockholm = SpotPriceSeries.parse((await get(url('Europe/Stockholm'))).body.data);
    expect(stockholm.spotPrices.map((p) => p.date)).toEqual(['2025-10-24T22:00:00.000Z', '2025-10-25T22:00:00.000Z', '2025-10-26T23:00:00.000Z']);
    expect(stockholm.spotPrices[1]!.value).toBe(0.0495);
    // In Helsinki the day starts an hour earlier: four quarters at 1000 and quarters 0–95.
    const helsinki = SpotPriceSeries.parse((await get(url('Europe/Helsinki'))).body.data);
    expect(helsinki.spotPrices.find((p) => p.date === '2025-10-25T21:00:00.000Z')?.value).toBe(0.0856);
    const hours = SpotPriceSeries.parse((await get('/v3/data/storage/zone/SE3/spotprices?resolution=hour&startDate=2025-10-26&currency=EUR')).body.data);
    expect(hours.spotPrices).toHaveLength(25);
  });

  it('answers the prices as stored, and the mean of a delivery area', async () => {
    const stored = StoredSpotPrices.parse(
      (await get('/v3/data/storage/zone/SE3?from_date=2025-03-10&to_date=2025-03-10&timezone=Europe/Stockholm&currency=EUR')).body.data,
    );
    expect(stored.spotPrices).toHaveLength(24);
    expect(stored.spotPrices[1]).toEqual({ date: '2025-03-10T00:00:00.000Z', value: 0.01, minutes: 60 });
    const average = SpotPriceAverage.parse((await get('/v3/data/spotprices/delivery-area/SE3/average?startDate=2025-10-26&currency=EUR')).body.data);
    expect(average.spotPrice).toEqual({ date: '2025-10-25T22:00:00.000Z', value: 0.0495 });
    const empty = SpotPriceAverage.parse((await get('/v3/data/spotprices/delivery-area/SE3/average?startDate=2019-06-01&currency=EUR')).body.data);
    expect(empty.spotPrice).toBeNull();
  });

  it('answers the form by area and currency between startTime and endTime', async () => {
    const res = await get(
      `/v3/data/spotprices/delivery-area/SE3?currency=SEK&resolution=15m&startTime=${encodeURIComponent('2025-11-09T00:00:00+01:00')}&endTime=2025-11-09T01:00:00Z`,
    );
    const data = SpotPriceSeries.parse(res.body.data);
    expect(data.spotPrices.map((p) => p.value)).toEqual([0, 0.0115, 0.023, 0.0345, 0.046, 0.0575, 0.069, 0.0805]);
    expect(Date.parse(data.to) - Date.parse(data.from)).toBe(2 * HOUR);
  });

  it('answers the legacy zone reads: a day with categories, a month of days, hours over a range', async () => {
    const day = ZoneSpotPrices.parse((await get('/v3/data/zone/SE3/day/2025-10-26?category=true&currency=EUR')).body.data);
    expect(day).toMatchObject({ dateKey: '2025-10-26', spotPrice: { date: '2025-10-25T22:00:00.000Z', value: 0.0495 } });
    expect(day.spotPrices).toHaveLength(25);
    expect(day.spotPrices.map((p) => p.category)).toEqual([...Array(9).fill('good'), ...Array(8).fill('intermediate'), ...Array(8).fill('bad')]);
    const month = ZoneSpotPrices.parse((await get('/v3/data/zone/SE3/month/2025-10?currency=EUR')).body.data);
    // Only days with prices: the 25th and the 27th (an hour at 1000 each) and the 26th.
    expect(month.spotPrices.map((p) => p.date)).toEqual(['2025-10-24T22:00:00.000Z', '2025-10-25T22:00:00.000Z', '2025-10-26T23:00:00.000Z']);
    expect(month.spotPrices[1]).toEqual({ date: '2025-10-25T22:00:00.000Z', value: 0.0495 });
    const hours = ZoneSpotPrices.parse((await get('/v3/data/zone/SE3/hour?start_date=2025-11-09&end_date=2025-11-09&currency=EUR')).body.data);
    expect(hours).toMatchObject({ dateKey: null, spotPrice: { value: 0.0475 } });
    expect(hours.spotPrices).toHaveLength(24);
  });
});

describe('validation', () => {
  const cases: Array<[string, number, string]> = [
    ['/v3/data/storage/zone/SE9/spotprices', 400, 'UNKNOWN_PRICE_ZONE'],
    ['/v3/data/spotprices/delivery-area/se3/average', 400, 'UNKNOWN_PRICE_ZONE'],
    ['/v3/data/storage/zone/SE3/spotprices?startDate=2025-02-30', 400, 'INVALID_DATE'],
    ['/v3/data/storage/zone/SE3?from_date=yesterday', 400, 'INVALID_DATE'],
    ['/v3/data/storage/zone/SE3/spotprices?startDate=2025-11-10&endDate=2025-11-09', 400, 'INVALID_DATE_RANGE'],
    ['/v3/data/storage/zone/SE3/spotprices?resolution=15m&startDate=2025-01-01&endDate=2025-03-01', 400, 'DATE_RANGE_TOO_LONG'],
    ['/v3/data/storage/zone/SE3/spotprices?resolution=hour&startDate=2024-01-01&endDate=2025-06-30', 400, 'DATE_RANGE_TOO_LONG'],
    ['/v3/data/storage/zone/SE3/spotprices?timeZone=Mars/Olympus', 400, 'INVALID_TIME_ZONE'],
    ['/v3/data/storage/zone/SE3/spotprices?resolution=minute', 400, 'VALIDATION_FAILED'],
    ['/v3/data/storage/zone/SE3/spotprices?currency=USD', 400, 'VALIDATION_FAILED'],
    ['/v3/data/zone/SE3/day/2025-02-30', 400, 'INVALID_DATE_KEY'],
    ['/v3/data/zone/SE3/month/2025-10-01', 400, 'INVALID_DATE_KEY'],
    ['/v3/data/storage/zone/SE3/spotprices?organisation=nobody', 404, 'UNKNOWN_ORGANISATION'],
    ['/v3/data/storage/zone/SE3/spotprices?startDate=2020-01-02&currency=SEK', 404, 'MISSING_EXCHANGE_RATE'],
  ];
  it.each(cases)('%s → %i %s', async (url, status, key) => {
    const res = await get(url);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ status, key, name: key });
  });

  it('names the field of a bad date and the limit of a long range', async () => {
    expect((await get('/v3/data/storage/zone/SE3/spotprices?endDate=2025-13-01')).body.data).toEqual({ field: 'endDate', value: '2025-13-01' });
    expect((await get('/v3/data/storage/zone/SE3/spotprices?resolution=15m&startDate=2025-01-01&endDate=2025-03-01')).body.data).toMatchObject({
      maxDays: 31,
      resolution: '15m',
    });
  });
});

describe('rate limit', () => {
  const from = (remoteAddress: string, headers: Record<string, string> = {}) => (url: string) => call(t.app, { method: 'GET', url, remoteAddress, headers });

  it('answers 429 after 100 requests from one address in 10 seconds, others unaffected', async () => {
    const one = from('203.0.113.9');
    for (let i = 0; i < 100; i++) expect((await one('/v3/data/storage/zone/SE9/spotprices')).status).toBe(400);
    const limited = await one('/v3/data/storage/zone/SE3/spotprices');
    expect(limited.status).toBe(429);
    expect(limited.body.key).toBe('TOO_MANY_REQUESTS');
    expect(limited.body.data).toMatchObject({ limit: 100 });
    expect(Number(limited.response.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.response.headers['x-ratelimit-limit']).toBe('100');
    expect((await from('203.0.113.10')('/v3/data/storage/zone/SE9/spotprices')).status).toBe(400);
  });

  it("does not take a client's own X-Forwarded-For for its address (no proxy is trusted unless configured)", async () => {
    for (let i = 0; i < 100; i++) {
      const answer = await from('203.0.113.20', { 'x-forwarded-for': `198.51.100.${i}` })('/v3/data/storage/zone/SE9/spotprices');
      expect(answer.status).toBe(400);
    }
    const limited = await from('203.0.113.20', { 'x-forwarded-for': '198.51.100.200' })('/v3/data/storage/zone/SE3/spotprices');
    expect(limited.status).toBe(429);
  });
});
