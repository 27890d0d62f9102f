import { describe, expect, it } from 'vitest';
import { getAdminInfo } from '@gridline/contracts/endpoints/staff';
import { listAdmins } from '@gridline/contracts/endpoints/admins';
import { createFakeFetch, errorResponse, okResponse } from './fake-fetch.ts';
import { createStaffClient, memoryStaffSessionStore } from './staff-client.ts';

const admin = {
  _id: '64b7f0c2a1d3e4f5a6b7c8d9',
  email: 'org-admin@solvik.example',
  firstName: 'Olle',
  lastName: 'Admin',
  scope: 'ORG_ADMIN',
  organisation: 'solvik',
  language: 'sv',
  passwordSet: true,
  secondFactor: false,
  hasBankId: false,
  lastSignInAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const info = { admin, organisations: [], method: 'password', secondFactorUsed: false };
const at = Date.parse('2026-11-25T10:00:00Z');

describe('the staff client', () => {
  it('sends the bearer of the session and reads the data with the contract', async () => {
    const fake = createFakeFetch(() => okResponse(info));
    const store = memoryStaffSessionStore({ accessToken: 'a1', refreshToken: 'r1', expiresAt: new Date(at + 600_000).toISOString() });
    const client = createStaffClient({ baseUrl: '', version: 'admin@test', store, fetch: fake.fetch, now: () => at });
    const data = await client.data(getAdminInfo);
    expect(data.admin.email).toBe('org-admin@solvik.example');
    expect(fake.calls[0]).toMatchObject({ method: 'POST', path: '/v3/admins/adminInfo' });
    expect(fake.calls[0]?.headers['authorization']).toBe('Bearer a1');
  });

  it('renews tokens about to expire once, however many calls wait for them', async () => {
    const fake = createFakeFetch((request) =>
      request.path === '/v3/auth/staff/refresh'
        ? okResponse({ accessToken: 'a2', refreshToken: 'r2', expiresAt: new Date(at + 900_000).toISOString() })
        : okResponse([], { pagination: { total: 0, page: 1, limit: 25, pages: 0 } }),
    );
    const store = memoryStaffSessionStore({ accessToken: 'a1', refreshToken: 'r1', expiresAt: new Date(at + 10_000).toISOString() });
    const client = createStaffClient({ baseUrl: '', version: 'admin@test', store, fetch: fake.fetch, now: () => at });
    await Promise.all([client.send(listAdmins, { query: { page: 1 } }), client.send(listAdmins, { query: { page: 2 } })]);
    expect(fake.calls.filter((c) => c.path === '/v3/auth/staff/refresh')).toHaveLength(1);
    expect(fake.calls.filter((c) => c.path === '/v3/admins').map((c) => c.headers['authorization'])).toEqual(['Bearer a2', 'Bearer a2']);
    expect(store.get()?.refreshToken).toBe('r2');
  });

  it('forgets the session and says so when the server refuses it', async () => {
    const fake = createFakeFetch(() => errorResponse(401, 'SESSION_REVOKED'));
    const store = memoryStaffSessionStore({ accessToken: 'a1', refreshToken: 'r1', expiresAt: new Date(at + 600_000).toISOString() });
    const refused: string[] = [];
    const client = createStaffClient({ baseUrl: '', version: 'admin@test', store, fetch: fake.fetch, now: () => at, onSignOut: (e) => refused.push(e.key) });
    await expect(client.data(getAdminInfo)).rejects.toMatchObject({ status: 401, key: 'SESSION_REVOKED' });
    expect(store.get()).toBeNull();
    expect(refused).toEqual(['SESSION_REVOKED']);
  });

  it('asks nothing of the server without a session', async () => {
    const fake = createFakeFetch(() => okResponse(info));
    const client = createStaffClient({ baseUrl: '', version: 'admin@test', store: memoryStaffSessionStore(), fetch: fake.fetch, now: () => at });
    await expect(client.data(getAdminInfo)).rejects.toMatchObject({ status: 401 });
    expect(fake.calls).toHaveLength(0);
  });
});
