import { describe, expect, it } from 'vitest';
import type { Location } from '@gridline/contracts/locations';
import type { User } from '@gridline/contracts/users';
import { createApiClient } from './api-client.ts';
import { createFakeFetch, errorResponse, okResponse } from './fake-fetch.ts';
import type { FakeHandler } from './fake-fetch.ts';
import { createMemorySessionStore } from './session.ts';

const ACCOUNT = 'c'.repeat(24);
const USER = 'd'.repeat(24);
const LOCATION = 'a'.repeat(24);

const setup = (handler: FakeHandler) => {
  const fake = createFakeFetch(handler);
  const store = createMemorySessionStore({
    auths: [{ accessToken: 'access-a', refreshToken: 'refresh-a', exp: 4_000_000_000, scope: 'USER', accountId: ACCOUNT, userId: USER }],
    activeAccountId: null,
  });
  const client = createApiClient({ baseUrl: 'https://api.test', organisation: 'solvik', version: 'test', store, fetch: fake.fetch });
  return { client, calls: fake.calls };
};

const location: Location = {
  _id: LOCATION,
  accountId: ACCOUNT,
  status: 'ACTIVE',
  startDate: '2021-01-01',
  type: 'CONSUMPTION',
  position: { address: 'Björnövägen 17', zipcode: '724 66', city: 'Västerås' },
  address: 'Björnövägen 17',
  zipCode: '724 66',
  city: 'Västerås',
  area: 'Västerås',
  priceZone: 'SE3',
  pricezone: 'SE3',
  latitude: null,
  longitude: null,
  timeZone: 'Europe/Stockholm',
  provider: { siteId: '735999000000000001' },
  services: [],
  extras: { size: 120, cars: ['no_vehicle'] },
  accountOwner: { _id: USER },
  users: [USER],
};

const user: User = {
  _id: USER,
  organisation: 'solvik',
  username: 'demo',
  email: 'anna@example.com',
  firstName: 'Anna',
  lastName: 'Lindqvist',
  fullName: 'Anna Lindqvist',
  phoneNumber: '+46701234567',
  language: 'sv',
  customerNumber: '1001',
  accountOwner: true,
  activeAccountId: ACCOUNT,
  accounts: [],
  locations: [location],
  createdAt: '2025-01-01T00:00:00.000Z',
  lastSeen: null,
  deletionRequestedAt: null,
};

describe('update user and reset password', () => {
  it('puts the contact changes to the user and answers the user', async () => {
    const { client, calls } = setup(() => okResponse(user));
    expect((await client.updateUser(USER, { email: 'anna@example.com' })).email).toBe('anna@example.com');
    expect(calls[0]).toMatchObject({ method: 'PUT', path: `/v4/solvik/users/${USER}`, body: { email: 'anna@example.com' } });
    expect(calls[0]?.headers['authorization']).toBe('Bearer access-a');
    await client.resetPassword(USER, 'new-secret');
    expect(calls[1]).toMatchObject({ method: 'PUT', path: `/v4/solvik/users/${USER}`, body: { newPassword: 'new-secret' } });
  });

  it("passes the server's key on", async () => {
    const { client } = setup(() => errorResponse(400, 'MALFORMED_EMAIL'));
    await expect(client.updateUser(USER, { email: 'anna' })).rejects.toMatchObject({ status: 400, key: 'MALFORMED_EMAIL' });
  });
});

describe('location and its home details', () => {
  it('patches the extras of the location under its account and answers the location', async () => {
    const { client, calls } = setup(() => okResponse(location));
    const answer = await client.updateLocationExtras(ACCOUNT, LOCATION, { size: 120, cars: ['no_vehicle'] });
    expect(answer.extras).toEqual({ size: 120, cars: ['no_vehicle'] });
    expect(calls[0]).toMatchObject({ method: 'PATCH', path: `/v4/solvik/locations/accounts/${ACCOUNT}/location`, body: { extras: { size: 120, cars: ['no_vehicle'] } } });
    expect(calls[0]?.query.get('id')).toBe(LOCATION);
    expect((await client.getLocation(ACCOUNT, LOCATION))._id).toBe(LOCATION);
    expect(calls[1]).toMatchObject({ method: 'GET', path: `/v4/solvik/locations/accounts/${ACCOUNT}/location` });
  });

  it('needs an account id, and sends nothing without one', async () => {
    const { client, calls } = setup(() => okResponse(location));
    await expect(client.updateLocationExtras(null, LOCATION, { size: 80 })).rejects.toMatchObject({ status: 404, key: 'MISSING_ACCOUNT_ID' });
    expect(calls).toHaveLength(0);
  });
});
