import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import { createFakeFetch, okResponse } from './fake-fetch.ts';
import type { FakeHandler } from './fake-fetch.ts';
import { createMemorySessionStore } from './session.ts';

const setup = (handler: FakeHandler) => {
  const fake = createFakeFetch(handler);
  const store = createMemorySessionStore({
    auths: [{ accessToken: 'access-a', refreshToken: 'refresh-a', exp: 4_000_000_000, scope: 'USER', accountId: 'c'.repeat(24), userId: 'd'.repeat(24) }],
    activeAccountId: null,
  });
  const client = createApiClient({ baseUrl: 'https://api.test', organisation: 'solvik', version: 'test', store, fetch: fake.fetch });
  return { client, calls: fake.calls };
};

const warning = {
  _id: 'e'.repeat(24),
  name: 'Maintenance',
  organisation: 'solvik',
  type: 'warning',
  targets: ['mypages'],
  title: { sv: 'Underhåll' },
  message: { sv: 'Kort avbrott i kväll.' },
  enabled: true,
  schedule: null,
  status: 'ongoing',
  level: 'moderate',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('getActiveDisruption', () => {
  it("asks for the organisation's disruption of a channel publicly, and reads a disruption or null", async () => {
    const { client, calls } = setup(() => okResponse(warning));
    expect(await client.getActiveDisruption('mypages')).toEqual(warning);
    expect(calls[0]?.path).toBe('/v4/disruptions/solvik/active-disruption');
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ product: 'mypages' });
    expect(calls[0]?.headers['authorization']).toBeUndefined();
    expect(await setup(() => okResponse(null)).client.getActiveDisruption('mypages')).toBeNull();
  });

  it('refuses an answer of another shape', async () => {
    const { client } = setup(() => okResponse({ ...warning, type: 'info' }));
    await expect(client.getActiveDisruption('mypages')).rejects.toMatchObject({ key: 'couldNotParseData' });
  });
});
