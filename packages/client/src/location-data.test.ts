import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import { createFakeFetch, errorResponse, okResponse } from './fake-fetch.ts';
import type { FakeHandler } from './fake-fetch.ts';
import { createMemorySessionStore } from './session.ts';

const LOCATION = 'a'.repeat(24);
const SERVICE = 'b'.repeat(24);

const setup = (handler: FakeHandler) => {
  const fake = createFakeFetch(handler);
  const store = createMemorySessionStore({
    auths: [{ accessToken: 'access-a', refreshToken: 'refresh-a', exp: 4_000_000_000, scope: 'USER', accountId: 'c'.repeat(24), userId: 'd'.repeat(24) }],
    activeAccountId: null,
  });
  const client = createApiClient({ baseUrl: 'https://api.test', organisation: 'solvik', version: 'test', store, fetch: fake.fetch });
  return { client, calls: fake.calls };
};

const value = {
  consumption: { total: 1.5, certainty: 1 },
  cost: { total: 2.25 },
  co2cost: { total: 40 },
  production: { total: null },
  cloudCover: { total: 0.5 },
  compareDegreeDays: { total: 3 },
  temperature: { avgHour: 4.2 },
  price: { avgHour: 0.8 },
  co2: { avgHour: 25 },
};
const node = { dateKey: '2026-11', date: '2026-10-31T23:00:00.000Z', value, children: [{ dateKey: '2026-11-01', date: '2026-10-31T23:00:00.000Z', value, children: [] }] };

describe('location data', () => {
  it('reads a period by its key with the bearer, the service and the related data flag', async () => {
    const { client, calls } = setup(() => okResponse(node));
    const answer = await client.getLocationData(LOCATION, 'month', '2026-11', { serviceId: SERVICE, addRelated: false });
    expect(answer.children[0]?.value.consumption.total).toBe(1.5);
    expect(calls[0]?.path).toBe(`/v4/solvik/locations/${LOCATION}/data/month/2026-11`);
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ serviceId: SERVICE, addRelated: 'false' });
    expect(calls[0]?.headers['authorization']).toBe('Bearer access-a');
  });

  it('reads the last five years from data/year/ and leaves unset options out', async () => {
    const { client, calls } = setup(() => okResponse({ ...node, dateKey: '2022-2026' }));
    await client.getLocationData(LOCATION, 'years', null);
    expect(calls[0]?.path).toBe(`/v4/solvik/locations/${LOCATION}/data/year/`);
    expect([...calls[0]!.query.keys()]).toEqual([]);
  });

  it('refuses an answer that is not a measurement node, and passes a server error on', async () => {
    const broken = setup(() => okResponse({ dateKey: '2026', children: 'none' }));
    await expect(broken.client.getLocationData(LOCATION, 'year', '2026')).rejects.toMatchObject({ key: 'couldNotParseData' });
    const refused = setup(() => errorResponse(400, 'INVALID_DATE_KEY'));
    await expect(refused.client.getLocationData(LOCATION, 'day', '2026-02-30')).rejects.toMatchObject({ status: 400, key: 'INVALID_DATE_KEY' });
  });

  it('reads the readings of an hour between two instants', async () => {
    const { client, calls } = setup(() => okResponse({ ...node, dateKey: '2026-11-18T12' }));
    await client.getHourData(LOCATION, '2026-11-18T10:00:00.000Z', '2026-11-18T11:00:00.000Z', SERVICE);
    expect(calls[0]?.path).toBe(`/v4/solvik/locations/${LOCATION}/data/hour`);
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ start_date: '2026-11-18T10:00:00.000Z', end_date: '2026-11-18T11:00:00.000Z', serviceId: SERVICE });
  });

  it('reads a distribution by part of day and the services data', async () => {
    const distribution = { dateKey: '2026-10', parts: [{ type: 'night', share: 0.3, value: 7, unit: 'kWh' }], total: 7, unit: 'kWh' };
    const { client, calls } = setup((request) => (request.path.endsWith('services-data') ? okResponse({ services: [] }) : okResponse(distribution)));
    expect((await client.getDistribution(LOCATION, '2026-10', 'environment')).parts[0]?.type).toBe('night');
    expect(calls[0]?.path).toBe(`/v4/solvik/locations/${LOCATION}/data/distribution/2026-10`);
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ type: 'environment' });
    expect((await client.getServicesData(LOCATION, '2026-11')).services).toEqual([]);
    expect(calls[1]?.path).toBe(`/v4/solvik/locations/${LOCATION}/services-data`);
    expect(Object.fromEntries(calls[1]!.query)).toEqual({ month: '2026-11' });
  });
});
