import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import { createFakeFetch, errorResponse, okResponse } from './fake-fetch.ts';
import type { FakeHandler } from './fake-fetch.ts';
import { createMemorySessionStore } from './session.ts';

const BASE = 'https://api.test';
const LOCATION = 'a'.repeat(24);
const SERVICE = 'b'.repeat(24);

const setup = (handler: FakeHandler, signedIn = true) => {
  const fake = createFakeFetch(handler);
  const store = createMemorySessionStore(
    signedIn
      ? {
          auths: [{ accessToken: 'access-a', refreshToken: 'refresh-a', exp: 4_000_000_000, scope: 'USER', accountId: 'c'.repeat(24), userId: 'd'.repeat(24) }],
          activeAccountId: null,
        }
      : null,
  );
  const client = createApiClient({ baseUrl: BASE, organisation: 'solvik', version: 'test', store, fetch: fake.fetch });
  return { client, calls: fake.calls };
};

const series = {
  zone: 'SE3',
  currency: 'SEK',
  unit: 'SEK/kWh',
  timeZone: 'Europe/Stockholm',
  from: '2025-11-08T23:00:00.000Z',
  to: '2025-11-09T23:00:00.000Z',
  resolution: 'hour',
  spotPrices: [{ date: '2025-11-08T23:00:00.000Z', value: 0.5175 }],
};

describe('spot prices', () => {
  it('reads a series publicly, with the organisation for the defaults', async () => {
    const { client, calls } = setup(() => okResponse(series));
    const answer = await client.getSpotPrices('SE3', 'hour', { startDate: '2025-11-09', currency: 'EUR' });
    expect(answer.spotPrices).toEqual(series.spotPrices);
    expect(calls[0]?.path).toBe('/v3/data/storage/zone/SE3/spotprices');
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ resolution: 'hour', organisation: 'solvik', startDate: '2025-11-09', currency: 'EUR' });
    expect(calls[0]?.headers['authorization']).toBeUndefined();
  });

  it('reads an average and refuses an answer of another shape', async () => {
    const average = { ...series, resolution: undefined, spotPrice: { date: series.from, value: 0.42 } };
    const { client, calls } = setup(() => okResponse(average));
    expect((await client.getSpotPriceAverage('SE3')).spotPrice).toEqual({ date: series.from, value: 0.42 });
    expect(calls[0]?.path).toBe('/v3/data/spotprices/delivery-area/SE3/average');
    const broken = setup(() => okResponse({ spotPrice: 'cheap' }));
    await expect(broken.client.getSpotPriceAverage('SE3')).rejects.toMatchObject({ key: 'couldNotParseData' });
  });

  it("passes the server's validation error on", async () => {
    const { client } = setup(() => errorResponse(400, 'UNKNOWN_PRICE_ZONE'));
    await expect(client.getSpotPrices('SE9', 'day')).rejects.toMatchObject({ status: 400, key: 'UNKNOWN_PRICE_ZONE' });
  });
});

describe('export URL', () => {
  it('asks with the bearer and answers the URL', async () => {
    const url = `${BASE}/v4/solvik/locations/${LOCATION}/data/export?accessToken=t`;
    const { client, calls } = setup(() => okResponse({ url }));
    expect(await client.getExportUrl(LOCATION, SERVICE, '2025-10', { format: 'xlsx', resolution: 'day' })).toBe(url);
    expect(calls[0]?.path).toBe(`/v4/solvik/locations/${LOCATION}/data/export-url`);
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ serviceId: SERVICE, dateKey: '2025-10', resolution: 'day', format: 'xlsx' });
    expect(calls[0]?.headers['authorization']).toBe('Bearer access-a');
  });
});
