import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';

let t: TestApp;
const tokens = { admin: '', developer: '', marketing: '', koivuAdmin: '', platform: '' };
beforeAll(async () => {
  t = await startTestApp();
  tokens.admin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  tokens.developer = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_DEVELOPER'))).accessToken;
  tokens.marketing = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_MARKETING'))).accessToken;
  tokens.koivuAdmin = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
  tokens.platform = (await staffSignIn(t.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
});
afterAll(async () => {
  await t.close();
});

const create = (token: string, payload: object) => call(t.app, { method: 'POST', url: '/v3/admins/apitokens', token, payload });
const patch = (token: string, id: string, payload: object) => call(t.app, { method: 'PATCH', url: `/v3/admins/apitokens/${id}`, token, payload });
const list = (token: string, query: string) => call(t.app, { method: 'GET', url: `/v3/admins/apitokens?${query}`, token });
/** A call of the organisation's systems with the token (ingest, scope syncAccount): 200 when the token is live. */
const ingest = (apiToken: string, slug = 'solvik') =>
  call(t.app, { method: 'POST', url: `/v4/${slug}/ingest/readings`, payload: '{"broken": 1}', headers: { 'content-type': 'application/x-ndjson', authorization: `Bearer ${apiToken}` } });
const auditOf = (subjectId: string) => t.db.selectFrom('audit_logs').selectAll().where('subject_type', '=', 'api-token').where('subject_id', '=', subjectId).orderBy('seq').execute();
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();

describe('API tokens for staff', () => {
  it('creates a token that is shown once, stored hashed, listed without it, works for ingest, and is audited without it', async () => {
    const expiresAt = inAYear();
    const created = await create(tokens.admin, { name: '  Meter feed  ', tokenScopes: ['syncAccount'], expiresAt });
    expect(created.status).toBe(200);
    const token: string = created.body.data.token;
    expect(token).toMatch(/^glt_[\w-]{40,}$/);
    expect(created.body.data).toMatchObject({ name: 'Meter feed', organisation: 'solvik', tokenScopes: ['syncAccount'], issuedBy: demoStaffEmail('solvik', 'ORG_ADMIN'), expiresAt, lastUsedAt: null, revokedAt: null, revokedBy: null });
    const id: string = created.body.data._id;

    const stored = await t.db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

    expect((await ingest(token)).status).toBe(200);
    const listed = await list(tokens.admin, 'organisation=solvik');
    expect(listed.status).toBe(200);
    const mine = listed.body.data.find((row: { _id: string }) => row._id === id);
    expect(mine.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect(JSON.stringify(listed.body)).not.toContain(stored.token_hash);
    expect(Object.keys(mine).sort()).toEqual(['_id', 'createdAt', 'expiresAt', 'issuedBy', 'lastUsedAt', 'name', 'organisation', 'revokedAt', 'revokedBy', 'tokenScopes']);

    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'api-token.create', actor_email: demoStaffEmail('solvik', 'ORG_ADMIN'), outcome: 'success' });
    expect(JSON.stringify(entry)).not.toContain(token);
    expect(JSON.stringify(entry)).not.toContain(stored.token_hash);
  });

  it('finds the token a pasted token string is, within what the caller may see', async () => {
    const created = await create(tokens.developer, { name: 'Pasted', tokenScopes: ['getLocations', 'sendMessage'] });
    expect(created.status).toBe(200);
    const token: string = created.body.data.token;
    const found = await list(tokens.admin, `token=${encodeURIComponent(token)}`);
    expect(found.body.data.map((row: { _id: string }) => row._id)).toEqual([created.body.data._id]);
    expect(found.body.pagination).toMatchObject({ total: 1 });
    // pasted with the spaces around it that a copy often brings
    expect((await list(tokens.admin, `token=${encodeURIComponent(` ${token} `)}`)).body.data).toHaveLength(1);
    expect((await list(tokens.platform, `token=${encodeURIComponent(token)}`)).body.data).toHaveLength(1);
    // another organisation's staff: as if it did not exist
    expect((await list(tokens.koivuAdmin, `token=${encodeURIComponent(token)}`)).body.data).toEqual([]);
    expect((await list(tokens.admin, `token=${encodeURIComponent(`${token}x`)}`)).body.data).toEqual([]);
  });

  it('lists newest first, paged', async () => {
    for (const name of ['First of three', 'Second of three', 'Third of three']) expect((await create(tokens.admin, { name, tokenScopes: ['syncAccount'] })).status).toBe(200);
    const page1 = await list(tokens.admin, 'limit=2&page=1');
    const page2 = await list(tokens.admin, 'limit=2&page=2');
    expect(page1.body.data.map((row: { name: string }) => row.name)).toEqual(['Third of three', 'Second of three']);
    expect(page2.body.data[0].name).toBe('First of three');
    expect(page1.body.pagination.total).toBe(page2.body.pagination.total);
    const all = (await list(tokens.admin, 'limit=100')).body.data.map((row: { createdAt: string }) => row.createdAt);
    expect(all).toEqual([...all].sort().reverse());
  });

  it('renames, changes scopes, and revokes: the token stops at once, revokedAt and revokedBy are set, and it can no longer change', async () => {
    const created = await create(tokens.admin, { name: 'To revoke', tokenScopes: ['syncAccount'] });
    const { _id: id, token } = created.body.data;
    const renamed = await patch(tokens.developer, id, { name: 'Renamed feed', tokenScopes: ['syncAccount', 'getLocations'] });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Renamed feed', tokenScopes: ['syncAccount', 'getLocations'] });
    expect((await ingest(token)).status).toBe(200);

    const revoked = await patch(tokens.admin, id, { revoke: true });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revokedBy).toBe(demoStaffEmail('solvik', 'ORG_ADMIN'));
    expect(Date.parse(revoked.body.data.revokedAt)).toBeGreaterThan(Date.now() - 60_000);
    const refused = await ingest(token);
    expect([refused.status, refused.body.key]).toEqual([401, 'INVALID_TOKEN']);
    expect((await patch(tokens.admin, id, { name: 'Back again' })).body.key).toBe('API_TOKEN_REVOKED');

    const entries = await auditOf(id);
    expect(entries.map((e) => e.action)).toEqual(['api-token.create', 'api-token.update', 'api-token.revoke']);
    expect(entries[1]!.changed).toEqual(['name', 'tokenScopes']);
    expect(entries[2]!.changed).toEqual(['revokedAt', 'revokedBy']);
  });

  it('refuses an expired token at once, and a deleted one', async () => {
    const created = await create(tokens.admin, { name: 'Short-lived', tokenScopes: ['syncAccount'], expiresAt: inAYear() });
    const { _id: id, token } = created.body.data;
    expect((await ingest(token)).status).toBe(200);
    await t.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    expect((await ingest(token)).status).toBe(401);

    const other = await create(tokens.admin, { name: 'To delete', tokenScopes: ['syncAccount'] });
    expect((await ingest(other.body.data.token)).status).toBe(200);
    const deleted = await call(t.app, { method: 'DELETE', url: `/v3/admins/apitokens/${other.body.data._id}`, token: tokens.developer });
    expect(deleted.body).toMatchObject({ status: 200, data: { success: true } });
    expect((await ingest(other.body.data.token)).status).toBe(401);
    expect((await call(t.app, { method: 'DELETE', url: `/v3/admins/apitokens/${other.body.data._id}`, token: tokens.admin })).status).toBe(404);
    expect((await auditOf(other.body.data._id)).map((e) => e.action)).toEqual(['api-token.create', 'api-token.delete']);
  });

  it('keeps scopes without the right out (403) and another organisation\'s staff to their own (404)', async () => {
    const created = await create(tokens.admin, { name: 'Solvik only', tokenScopes: ['syncAccount'] });
    const id = created.body.data._id;
    expect((await create(tokens.marketing, { name: 'Not mine', tokenScopes: ['syncAccount'] })).status).toBe(403);
    expect((await list(tokens.marketing, 'organisation=solvik')).status).toBe(403);
    expect((await patch(tokens.marketing, id, { revoke: true })).status).toBe(403);

    expect((await list(tokens.koivuAdmin, 'organisation=solvik')).status).toBe(404);
    expect((await patch(tokens.koivuAdmin, id, { revoke: true })).status).toBe(404);
    expect((await call(t.app, { method: 'DELETE', url: `/v3/admins/apitokens/${id}`, token: tokens.koivuAdmin })).status).toBe(404);
    expect((await create(tokens.koivuAdmin, { name: 'Into solvik', organisation: 'solvik', tokenScopes: ['syncAccount'] })).status).toBe(404);
    // koivu's own list holds none of solvik's
    expect((await list(tokens.koivuAdmin, '')).body.data.map((row: { organisation: string }) => row.organisation)).not.toContain('solvik');
    // the token of one organisation does not work under another's
    expect((await ingest(created.body.data.token, 'koivu')).status).toBe(401);
    // still live: nothing above changed it
    expect((await t.db.selectFrom('api_tokens').select('revoked_at').where('id', '=', id).executeTakeFirstOrThrow()).revoked_at).toBeNull();
  });

  it('lets the platform admin work in any organisation it names, and asks it to name one', async () => {
    expect((await list(tokens.platform, '')).status).toBe(400);
    const created = await create(tokens.platform, { name: 'Koivu feed', organisation: 'koivu', tokenScopes: ['syncAccount'] });
    expect(created.body.data).toMatchObject({ organisation: 'koivu', issuedBy: DEMO_PLATFORM_ADMIN });
    expect((await ingest(created.body.data.token, 'koivu')).status).toBe(200);
    expect((await list(tokens.koivuAdmin, '')).body.data.map((row: { _id: string }) => row._id)).toContain(created.body.data._id);
    expect((await create(tokens.platform, { name: 'Nowhere', organisation: 'no-such-org', tokenScopes: ['syncAccount'] })).body.key).toBe('UNKNOWN_ORGANISATION');
  });

  it('refuses bad input with 400: a short name, extra fields, unknown or repeated scopes, an expiry in the past or out of range, an empty change', async () => {
    const bad = [
      { name: 'ab', tokenScopes: ['syncAccount'] },
      { name: '  ab  ', tokenScopes: ['syncAccount'] },
      { name: 'Extra', tokenScopes: ['syncAccount'], token: 'glt_mine' },
      { name: 'Extra', tokenScopes: ['syncAccount'], issuedBy: 'someone@else.example' },
      { name: 'Scopes', tokenScopes: ['deleteEverything'] },
      { name: 'Scopes', tokenScopes: [] },
      { name: 'Scopes', tokenScopes: ['syncAccount', 'syncAccount'] },
      { name: 'Past', tokenScopes: ['syncAccount'], expiresAt: '2020-01-01T00:00:00Z' },
      { name: 'Far', tokenScopes: ['syncAccount'], expiresAt: '9999-01-01T00:00:00Z' },
      { name: 'x'.repeat(101), tokenScopes: ['syncAccount'] },
      { name: 'No scopes' },
    ];
    for (const payload of bad) {
      const res = await create(tokens.admin, payload);
      expect([res.status, res.body.key], JSON.stringify(payload)).toEqual([400, 'VALIDATION_FAILED']);
    }
    const created = await create(tokens.admin, { name: 'Good one', tokenScopes: ['syncAccount'] });
    for (const payload of [{}, { revoke: false }, { name: 'x' }, { expiresAt: '2020-01-01T00:00:00Z' }, { tokenScopes: ['nope'] }, { other: 1 }]) {
      const res = await patch(tokens.admin, created.body.data._id, payload);
      expect([res.status, res.body.key], JSON.stringify(payload)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await patch(tokens.admin, 'not-an-id', { name: 'Fine name' })).status).toBe(400);
    expect((await list(tokens.admin, 'limit=101')).status).toBe(400);
    expect((await list(tokens.admin, 'organisation=NOT%20A%20SLUG')).status).toBe(400);
  });
});
