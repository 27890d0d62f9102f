import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';
import { silentLog } from '../../jobs/log.ts';
import { JOB_QUEUES, JobRunner } from '../../jobs/runner.ts';
import { newId } from '../../lib/ids.ts';
import { AuditLogRepository, AuditRepository } from './repository.ts';
import { AuditRetention } from './retention.ts';
import { AuditService } from './service.ts';

let t: TestApp;
const tokens = { platform: '', support: '', admin: '', orgSupport: '', koivuAdmin: '', customer: '' };
const SUPPORT_EMAIL = 'support.audit@gridline.example';
const ids = { solvik: '', koivu: '', solvikToken: '', koivuToken: '', platformAdmin: '' };

beforeAll(async () => {
  t = await startTestApp();
  const { password_hash } = await t.db.selectFrom('admins').select('password_hash').where('email', '=', DEMO_PLATFORM_ADMIN).executeTakeFirstOrThrow();
  await t.db.insertInto('admins').values({ id: newId(), organisation_id: null, email: SUPPORT_EMAIL, password_hash, first_name: 'Pat', last_name: 'Support', scope: 'SUPPORT', created_at: new Date() }).execute();
  tokens.platform = (await staffSignIn(t.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
  tokens.support = (await staffSignIn(t.app, 'solvik', SUPPORT_EMAIL)).accessToken;
  tokens.admin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  tokens.orgSupport = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_SUPPORT'))).accessToken;
  tokens.koivuAdmin = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
  tokens.customer = (await signIn(t.app, 'solvik', 'demo'))[0]!.accessToken;
  for (const slug of ['solvik', 'koivu'] as const) ids[slug] = (await t.db.selectFrom('organisations').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  ids.platformAdmin = (await t.db.selectFrom('admins').select('id').where('email', '=', DEMO_PLATFORM_ADMIN).executeTakeFirstOrThrow()).id;

  // Changes to find: a token in each organisation (one with a user agent a spreadsheet would run), a revocation, a platform admin created.
  const created = await call(t.app, { method: 'POST', url: '/v3/admins/apitokens', token: tokens.admin, headers: { 'user-agent': '=HYPERLINK("http://evil.example","x")' }, payload: { name: 'Audited feed', tokenScopes: ['syncAccount'] } });
  ids.solvikToken = created.body.data._id;
  await call(t.app, { method: 'PATCH', url: `/v3/admins/apitokens/${ids.solvikToken}`, token: tokens.platform, payload: { revoke: true } });
  ids.koivuToken = (await call(t.app, { method: 'POST', url: '/v3/admins/apitokens', token: tokens.koivuAdmin, payload: { name: 'Koivu feed', tokenScopes: ['syncAccount'] } })).body.data._id;
  expect((await call(t.app, { method: 'POST', url: '/v3/admins', token: tokens.platform, payload: { email: 'second.support@gridline.example', scope: 'SUPPORT', sendEmail: false } })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const search = (token: string, body: object, organisation = 'solvik') => call(t.app, { method: 'POST', url: `/v4/${organisation}/audit-logs/search`, token, payload: body });
const entry = (token: string, id: string, organisation = 'solvik') => call(t.app, { method: 'GET', url: `/v4/${organisation}/audit-logs/${id}`, token });
const exported = (token: string, query: string, organisation = 'solvik') => call(t.app, { method: 'GET', url: `/v4/${organisation}/audit-logs/export?${query}`, token });

describe('audit log search', () => {
  it("finds an organisation's entries by action prefix, newest first by seq, paged, with before, after and the actor", async () => {
    const found = await search(tokens.admin, { action: 'api-token.' });
    expect(found.status).toBe(200);
    expect(found.body.data.map((e: { action: string; subjectId: string }) => [e.action, e.subjectId])).toEqual([
      ['api-token.revoke', ids.solvikToken],
      ['api-token.create', ids.solvikToken],
    ]);
    expect(found.body.pagination).toEqual({ limit: 25, page: 1, total: 2 });
    const [revoke] = found.body.data;
    expect(revoke).toMatchObject({ organisation: 'solvik', actorType: 'admin', actorId: ids.platformAdmin, actorEmail: DEMO_PLATFORM_ADMIN, actorScope: 'ADMIN', outcome: 'success', subjectType: 'api-token', changed: ['revokedAt', 'revokedBy'] });
    expect(revoke.before.revokedAt).toBeNull();
    expect(revoke.after.revokedBy).toBe(DEMO_PLATFORM_ADMIN);
    expect(revoke.seq).toBeGreaterThan(found.body.data[1].seq);

    const pageTwo = await search(tokens.admin, { action: 'api-token.', limit: 1, page: 2 });
    expect(pageTwo.body.data.map((e: { action: string }) => e.action)).toEqual(['api-token.create']);
    expect(pageTwo.body.pagination).toEqual({ limit: 1, page: 2, total: 2 });
  });

  it("answers oldest first with order 'oldest', paged the same way, and refuses another order", async () => {
    const oldest = await search(tokens.admin, { action: 'api-token.', order: 'oldest' });
    expect(oldest.status).toBe(200);
    expect(oldest.body.data.map((e: { action: string }) => e.action)).toEqual(['api-token.create', 'api-token.revoke']);
    const pageTwo = await search(tokens.admin, { action: 'api-token.', order: 'oldest', limit: 1, page: 2 });
    expect(pageTwo.body.data.map((e: { action: string }) => e.action)).toEqual(['api-token.revoke']);
    expect(pageTwo.body.pagination).toEqual({ limit: 1, page: 2, total: 2 });
    expect((await search(tokens.admin, { order: 'seq' })).status).toBe(400);
  });

  it('filters by actor (e-mail in any case, or id), object, outcome and time range', async () => {
    const byEmail = await search(tokens.admin, { actor: DEMO_PLATFORM_ADMIN.toUpperCase(), subjectType: 'api-token' });
    expect(byEmail.body.data.map((e: { action: string }) => e.action)).toEqual(['api-token.revoke']);
    const byId = await search(tokens.admin, { actor: ids.platformAdmin, subjectId: ids.solvikToken });
    expect(byId.body.data.map((e: { action: string }) => e.action)).toEqual(['api-token.revoke']);
    expect((await search(tokens.admin, { subjectId: ids.koivuToken })).body.data).toEqual([]);

    await call(t.app, { method: 'POST', url: '/v3/auth/staff', payload: { organisation: 'solvik', email: demoStaffEmail('solvik', 'ORG_MARKETING'), password: 'not the right password' } });
    const denied = await search(tokens.admin, { outcome: 'denied', actor: demoStaffEmail('solvik', 'ORG_MARKETING') });
    expect(denied.body.data.length).toBeGreaterThanOrEqual(1);
    expect(denied.body.data.every((e: { outcome: string }) => e.outcome === 'denied')).toBe(true);

    const all = (await search(tokens.admin, { limit: 100 })).body.data as Array<{ createdAt: string; seq: number }>;
    expect(all.map((e) => e.seq)).toEqual([...all.map((e) => e.seq)].sort((a, b) => b - a));
    const newest = all[0]!.createdAt;
    const after = await search(tokens.admin, { from: newest, limit: 100 });
    expect(after.body.data.every((e: { createdAt: string }) => e.createdAt >= newest)).toBe(true);
    const before = await search(tokens.admin, { to: '2000-01-01T00:00:00Z' });
    expect(before.body.data).toEqual([]);
  });

  it('refuses bad filters with 400', async () => {
    const range = await search(tokens.admin, { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect([range.status, range.body.key]).toEqual([400, 'INVALID_DATE_RANGE']);
    for (const body of [{ from: '9999-01-01T00:00:00Z' }, { from: 'yesterday' }, { limit: 101 }, { limit: 0 }, { page: 501 }, { outcome: 'maybe' }, { action: '' }, { actor: 'x'.repeat(255) }, { unknown: 1 }, { platform: 'yes' }]) {
      const res = await search(tokens.admin, body);
      expect([res.status, res.body.key], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await entry(tokens.admin, 'not-an-id')).status).toBe(400);
    expect((await exported(tokens.admin, 'format=xml')).status).toBe(400);
    expect((await exported(tokens.admin, 'format=csv&from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z')).body.key).toBe('INVALID_DATE_RANGE');
  });

  it("keeps organisation staff to their organisation's entries (404 elsewhere), scopes without the right out (403), and the platform's entries to platform staff", async () => {
    expect((await search(tokens.koivuAdmin, { action: 'api-token.' })).status).toBe(404);
    expect((await search(tokens.orgSupport, {})).status).toBe(403);
    expect((await search(tokens.customer, {})).status).toBe(403);
    expect((await search(tokens.admin, {}, 'no-such-org')).status).toBe(404);
    const koivu = (await search(tokens.koivuAdmin, { action: 'api-token.' }, 'koivu')).body.data;
    expect(koivu.map((e: { subjectId: string }) => e.subjectId)).toEqual([ids.koivuToken]);

    const koivuEntry = koivu[0]._id as string;
    expect((await entry(tokens.admin, koivuEntry)).status).toBe(404);
    expect((await entry(tokens.admin, koivuEntry, 'koivu')).status).toBe(404);
    expect((await entry(tokens.koivuAdmin, koivuEntry, 'koivu')).body.data.subjectId).toBe(ids.koivuToken);
    expect((await entry(tokens.support, koivuEntry, 'koivu')).status).toBe(200);
    expect((await entry(tokens.orgSupport, koivuEntry)).status).toBe(403);

    // the platform's own entries (a platform admin created): platform scopes only
    expect((await search(tokens.admin, { platform: true })).status).toBe(403);
    const platform = await search(tokens.support, { platform: true, action: 'admin.create' });
    expect(platform.status).toBe(200);
    expect(platform.body.data[0]).toMatchObject({ organisation: null, action: 'admin.create', after: { email: 'second.support@gridline.example', scope: 'SUPPORT' } });
    const platformId = platform.body.data[0]._id as string;
    expect((await entry(tokens.admin, platformId)).status).toBe(404);
    expect((await entry(tokens.platform, platformId)).body.data.organisation).toBeNull();
    expect((await search(tokens.admin, { limit: 100 })).body.data.some((e: { organisation: string | null }) => e.organisation !== 'solvik')).toBe(false);
  });
});

describe('audit log export', () => {
  it('answers a search as CSV and as JSON, the same entries, guarded against formulas, and records the export', async () => {
    const searched = (await search(tokens.admin, { action: 'api-token.' })).body.data.map((e: { _id: string }) => e._id);
    const csv = await exported(tokens.admin, 'format=csv&action=api-token.');
    expect(csv.status).toBe(200);
    expect(csv.response.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-solvik-[\dT-]+\.csv"$/);
    const lines = csv.response.body.trim().split('\r\n');
    expect(lines[0]).toBe('seq,_id,createdAt,organisation,actorType,actorId,actorEmail,actorScope,actorMethod,action,subjectType,subjectId,outcome,changed,before,after,address,userAgent,requestId,groupId,data');
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(searched);
    expect(csv.response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv.response.body).not.toMatch(/,=HYPERLINK/);

    const json = await exported(tokens.admin, 'format=json&action=api-token.');
    expect(json.response.headers['content-type']).toMatch(/^application\/json/);
    const parsed = JSON.parse(json.response.body) as Array<{ _id: string; before: unknown }>;
    expect(parsed.map((e) => e._id)).toEqual(searched);

    const exports = await search(tokens.admin, { action: 'audit.export' });
    expect(exports.body.data[0]).toMatchObject({ actorEmail: demoStaffEmail('solvik', 'ORG_ADMIN'), data: { format: 'json', rows: 2, filters: { action: 'api-token.' } } });
    expect((await exported(tokens.orgSupport, 'format=csv')).status).toBe(403);
    expect((await exported(tokens.koivuAdmin, 'format=csv')).status).toBe(404);
    expect((await exported(tokens.admin, 'format=csv&platform=true')).status).toBe(403);
  });

  it('refuses an export of more than 50 000 entries, and streams one of 50 000', { timeout: 120_000 }, async () => {
    // 50 001 entries a second apart, the newest a day ago
    const newest = Math.floor(Date.now() / 1000) * 1000 - 86_400_000;
    await sql`
      INSERT INTO audit_logs (id, organisation_id, actor_type, action, data, created_at)
      SELECT 'f' || lpad(to_hex(n), 23, '0'), ${ids.koivu}, 'system', 'bulk.test', '{}'::jsonb, to_timestamp(${newest / 1000}::double precision - n + 1)
      FROM generate_series(1, 50001) AS n`.execute(t.db);
    const tooLarge = await exported(tokens.koivuAdmin, 'format=json&action=bulk.', 'koivu');
    expect([tooLarge.status, tooLarge.body.key]).toEqual([400, 'AUDIT_EXPORT_TOO_LARGE']);
    const from = new Date(newest - 49_999_000).toISOString();
    const full = await exported(tokens.koivuAdmin, `format=csv&action=bulk.&from=${from}`, 'koivu');
    expect(full.status).toBe(200);
    expect(full.response.headers['x-total-count']).toBe('50000');
    const lines = full.response.body.trim().split('\r\n');
    expect(lines).toHaveLength(50_001);
    const seqs = lines.slice(1).map((line) => Number(line.split(',')[0]));
    expect(seqs.every((seq, i) => i === 0 || seq < seqs[i - 1]!)).toBe(true);
  });
});

describe('audit retention', () => {
  it('is read by readers and set by the platform admin and the organisation admin (30–3650 days), audited', async () => {
    expect((await call(t.app, { method: 'GET', url: '/v4/solvik/audit-logs/retention', token: tokens.support })).body.data).toEqual({ days: 730 });
    const set = await call(t.app, { method: 'PUT', url: '/v4/solvik/audit-logs/retention', token: tokens.admin, payload: { days: 90 } });
    expect(set.body.data).toEqual({ days: 90 });
    expect((await call(t.app, { method: 'GET', url: '/v4/solvik/audit-logs/retention', token: tokens.admin })).body.data).toEqual({ days: 90 });
    const audited = await search(tokens.admin, { action: 'audit.retention.update' });
    expect(audited.body.data[0]).toMatchObject({ before: { days: 730 }, after: { days: 90 }, changed: ['days'], subjectType: 'organisation' });
    for (const days of [29, 3651, 90.5, '90']) expect((await call(t.app, { method: 'PUT', url: '/v4/solvik/audit-logs/retention', token: tokens.admin, payload: { days } })).status).toBe(400);
    expect((await call(t.app, { method: 'PUT', url: '/v4/solvik/audit-logs/retention', token: tokens.support, payload: { days: 60 } })).status).toBe(403);
    expect((await call(t.app, { method: 'PUT', url: '/v4/solvik/audit-logs/retention', token: tokens.orgSupport, payload: { days: 60 } })).status).toBe(403);
    expect((await call(t.app, { method: 'PUT', url: '/v4/solvik/audit-logs/retention', token: tokens.koivuAdmin, payload: { days: 60 } })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: '/v4/solvik/audit-logs/retention', token: tokens.koivuAdmin })).status).toBe(404);
  });

  it("the daily job deletes each organisation's entries past its retention inside the retention transaction, and records its run", { timeout: 60_000 }, async () => {
    await t.db.updateTable('organisations').set({ audit_retention_days: 90 }).where('id', '=', ids.solvik).execute();
    const old = new Date(Date.now() - 100 * 86_400_000);
    const oldSolvik = newId();
    const oldKoivu = newId();
    await t.db.insertInto('audit_logs').values([
      { id: oldSolvik, organisation_id: ids.solvik, actor_type: 'system', action: 'old.entry', data: '{}', created_at: old },
      { id: oldKoivu, organisation_id: ids.koivu, actor_type: 'system', action: 'old.entry', data: '{}', created_at: old },
    ]).execute();
    // nobody else deletes: the table refuses it outside the retention transaction
    await expect(t.db.deleteFrom('audit_logs').where('id', '=', oldSolvik).execute()).rejects.toThrow(/append-only/);

    const runner = await JobRunner.start({
      db: t.db,
      market: {} as never,
      entsoe: {} as never,
      ecb: {} as never,
      log: silentLog,
      auditRetention: new AuditRetention(new AuditLogRepository(t.db), new AuditService(new AuditRepository(t.db))),
      startupCatchUp: false,
      schema: 'pgboss_audit_test',
      pollingIntervalSeconds: 0.5,
    });
    try {
      expect((await runner.schedules()).map((s) => [s.name, s.cron])).toContainEqual(['audit-retention', '15 3 * * *']);
      const output = (await runner.run(JOB_QUEUES.auditRetention)) as { outcomes: Array<{ organisation: string; deleted: number; days: number }> };
      expect(output.outcomes.find((o) => o.organisation === 'solvik')).toMatchObject({ days: 90, deleted: 1 });
      expect(output.outcomes.find((o) => o.organisation === 'koivu')).toMatchObject({ days: 730, deleted: 0 });
    } finally {
      await runner.stop({ graceful: false });
    }
    const left = await t.db.selectFrom('audit_logs').select('id').where('id', 'in', [oldSolvik, oldKoivu]).execute();
    expect(left.map((r) => r.id)).toEqual([oldKoivu]);
    const run = await search(tokens.admin, { action: 'audit.retention', subjectType: 'audit-log', limit: 1 });
    expect(run.body.data[0]).toMatchObject({ actorType: 'system', action: 'audit.retention', organisation: 'solvik', data: { days: 90, deleted: 1 } });
    const platformRun = await search(tokens.support, { platform: true, action: 'audit.retention' });
    expect(platformRun.body.data[0].data).toMatchObject({ days: 730 });
  });
});
