import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';
import { newId } from '../../lib/ids.ts';
import { loggerOptions } from '../../plugins/logging.ts';

/** Every line the request logger writes at LOG_LEVEL=info, as `npm start` configures it. */
const lines: string[] = [];
let t: TestApp;
const tokens = { admin: '', support: '', orgAdmin: '', orgSupport: '', orgDeveloper: '', koivuAdmin: '', customer: '' };
const SUPPORT_EMAIL = 'support.secrets@gridline.example';

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  t = await startTestApp({ logger: { ...loggerOptions('info'), stream } });
  // A platform SUPPORT member (the demo has only the platform ADMIN), with the demo staff password.
  const { password_hash } = await t.db.selectFrom('admins').select('password_hash').where('email', '=', DEMO_PLATFORM_ADMIN).executeTakeFirstOrThrow();
  await t.db.insertInto('admins').values({ id: newId(), organisation_id: null, email: SUPPORT_EMAIL, password_hash, first_name: 'Pat', last_name: 'Support', scope: 'SUPPORT', created_at: new Date() }).execute();
  tokens.admin = (await staffSignIn(t.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
  tokens.support = (await staffSignIn(t.app, 'solvik', SUPPORT_EMAIL)).accessToken;
  tokens.orgAdmin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  tokens.orgSupport = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_SUPPORT'))).accessToken;
  tokens.orgDeveloper = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_DEVELOPER'))).accessToken;
  tokens.koivuAdmin = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
  tokens.customer = (await signIn(t.app, 'solvik', 'demo'))[0]!.accessToken;
});
afterAll(async () => {
  await t.close();
});

const url = (key: string, organisation = 'solvik') => `/v4/secrets/${organisation}/${key}`;
const write = (method: 'POST' | 'PUT', token: string, key: string, value: unknown, organisation = 'solvik') => call(t.app, { method, url: url(key, organisation), token, payload: { value } });
const read = (token: string, key: string, organisation = 'solvik') => call(t.app, { method: 'GET', url: url(key, organisation), token });
const meta = (token: string, key: string, organisation = 'solvik') => call(t.app, { method: 'GET', url: `${url(key, organisation)}/meta`, token });
const remove = (token: string, key: string, organisation = 'solvik') => call(t.app, { method: 'DELETE', url: url(key, organisation), token });
const list = (token: string, query = 'organisation=solvik') => call(t.app, { method: 'GET', url: `/v4/secrets/meta?${query}`, token });

/** Every value this file writes: none may appear in a log line, an audit entry or an error. */
const written: string[] = [];
const secretValue = (label: string) => {
  const value = `${label}-${newId()}-value`;
  written.push(value);
  return value;
};

describe('secrets', () => {
  it('sets, reads, replaces and deletes a secret: sealed at rest with the key id, trimmed, writes answer success, metadata without the value', async () => {
    const value = secretValue('utility');
    const created = await write('POST', tokens.admin, 'utilityCloudClientSecret', `  ${value}\n`);
    expect(created.body).toEqual({ status: 200, data: { success: true } });

    const row = await t.db.selectFrom('secrets').innerJoin('organisations', 'organisations.id', 'secrets.organisation_id').selectAll('secrets').where('organisations.slug', '=', 'solvik').where('key', '=', 'utilityCloudClientSecret').executeTakeFirstOrThrow();
    expect(row.sealed).not.toContain(value);
    expect(row.sealed.startsWith(`${row.key_id}.`)).toBe(true);
    expect(row.updated_by).toBe(DEMO_PLATFORM_ADMIN);

    const got = await read(tokens.support, 'utilityCloudClientSecret');
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ key: 'utilityCloudClientSecret', category: 'UtilityCloudIntegration', customerFacing: false, organisation: 'solvik', set: true, value, updatedBy: DEMO_PLATFORM_ADMIN });

    const described = await meta(tokens.admin, 'utilityCloudClientSecret');
    expect(described.body.data).toMatchObject({ key: 'utilityCloudClientSecret', set: true, _id: row.id });
    expect(described.body.data).not.toHaveProperty('value');
    expect(JSON.stringify(described.body)).not.toContain(value);

    const again = await write('POST', tokens.admin, 'utilityCloudClientSecret', 'other');
    expect([again.status, again.body.key]).toEqual([409, 'SECRET_EXISTS']);

    const next = secretValue('utility-next');
    expect((await write('PUT', tokens.support, 'utilityCloudClientSecret', next)).body.data).toEqual({ success: true });
    expect((await read(tokens.admin, 'utilityCloudClientSecret')).body.data.value).toBe(next);
    expect((await meta(tokens.admin, 'utilityCloudClientSecret')).body.data.updatedBy).toBe(SUPPORT_EMAIL);

    expect((await remove(tokens.admin, 'utilityCloudClientSecret')).body.data).toEqual({ success: true });
    expect((await read(tokens.admin, 'utilityCloudClientSecret')).status).toBe(404);
    expect((await meta(tokens.admin, 'utilityCloudClientSecret')).status).toBe(404);
    expect((await write('PUT', tokens.admin, 'utilityCloudClientSecret', 'x')).status).toBe(404);
    expect((await remove(tokens.admin, 'utilityCloudClientSecret')).status).toBe(404);
  });

  it('lists every defined key with its category and whether it is set, without values; an organisation admin sees the customer-facing ones only', async () => {
    const value = secretValue('hark');
    expect((await write('POST', tokens.orgAdmin, 'harkApiKey', value)).status).toBe(200);
    const all = await list(tokens.admin);
    expect(all.status).toBe(200);
    expect(all.body.data.map((s: { key: string }) => s.key)).toEqual(['harkClientId', 'harkApiKey', 'harkWebhookSecret', 'utilityCloudClientId', 'utilityCloudClientSecret', 'bfusUsername', 'bfusPassword']);
    expect(all.body.data.find((s: { key: string }) => s.key === 'harkApiKey')).toMatchObject({ set: true, category: 'Hark', customerFacing: true, updatedBy: demoStaffEmail('solvik', 'ORG_ADMIN') });
    expect(all.body.data.find((s: { key: string }) => s.key === 'bfusPassword')).toMatchObject({ set: false, _id: null, category: 'BFUSIntegration', customerFacing: false });
    expect(JSON.stringify(all.body)).not.toContain(value);

    const own = await list(tokens.orgAdmin, '');
    expect(own.body.data.map((s: { key: string }) => s.key)).toEqual(['harkClientId', 'harkApiKey', 'harkWebhookSecret']);
    expect((await read(tokens.orgAdmin, 'harkApiKey')).body.data.value).toBe(value);
    // platform staff name the organisation
    expect((await list(tokens.admin, '')).status).toBe(400);
    expect((await list(tokens.admin, 'organisation=no-such-org')).body.key).toBe('UNKNOWN_ORGANISATION');
  });

  it('keeps an organisation admin from the secrets that are not customer facing (403), other scopes from all (403), customers out (403), other organisations out (404)', async () => {
    const value = secretValue('bfus');
    expect((await write('POST', tokens.admin, 'bfusPassword', value)).status).toBe(200);
    for (const attempt of [read(tokens.orgAdmin, 'bfusPassword'), meta(tokens.orgAdmin, 'bfusPassword'), write('PUT', tokens.orgAdmin, 'bfusPassword', 'mine'), remove(tokens.orgAdmin, 'bfusPassword'), write('POST', tokens.orgAdmin, 'bfusUsername', 'mine')]) {
      const res = await attempt;
      expect([res.status, res.body.key]).toEqual([403, 'FORBIDDEN']);
    }
    for (const token of [tokens.orgSupport, tokens.orgDeveloper, tokens.customer]) {
      expect((await read(token, 'harkApiKey')).status).toBe(403);
      expect((await list(token, '')).status).toBe(403);
      expect((await write('PUT', token, 'harkApiKey', 'mine')).status).toBe(403);
    }
    expect((await read(tokens.koivuAdmin, 'harkApiKey')).status).toBe(404);
    expect((await write('PUT', tokens.koivuAdmin, 'harkApiKey', 'mine')).status).toBe(404);
    expect((await remove(tokens.koivuAdmin, 'harkApiKey')).status).toBe(404);
    expect((await list(tokens.koivuAdmin, 'organisation=solvik')).status).toBe(404);
    expect((await read(tokens.admin, 'harkApiKey', 'no-such-org')).status).toBe(404);
    // nothing changed
    expect((await read(tokens.admin, 'bfusPassword')).body.data.value).toBe(value);
    expect((await read(tokens.admin, 'bfusUsername')).status).toBe(404);
    // one organisation's secret is not another's
    expect((await read(tokens.admin, 'harkApiKey', 'koivu')).status).toBe(404);
  });

  it('refuses an unknown key and bad values with 400, and never echoes a value in an error', async () => {
    const unknown = await write('POST', tokens.admin, 'notAKey', 'x');
    expect([unknown.status, unknown.body.key]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await read(tokens.admin, 'notAKey')).status).toBe(400);
    const long = secretValue('x'.repeat(9000));
    for (const value of ['', '   ', '\n\t ', 42, null, ['a'], long, 'bad\u0000value']) {
      const res = await write('POST', tokens.admin, 'harkWebhookSecret', value);
      expect(res.status, JSON.stringify(value).slice(0, 40)).toBe(400);
      expect(JSON.stringify(res.body)).not.toContain(long);
    }
    const extra = await call(t.app, { method: 'POST', url: url('harkWebhookSecret'), token: tokens.admin, payload: { value: 'fine', other: 1 } });
    expect(extra.status).toBe(400);
    expect((await read(tokens.admin, 'harkWebhookSecret')).status).toBe(404);
  });

  it('audits every write and every read of a value as changed: value, never with the value; no log line carries one', async () => {
    const value = secretValue('audited');
    await write('POST', tokens.admin, 'harkWebhookSecret', value);
    await read(tokens.admin, 'harkWebhookSecret');
    await write('PUT', tokens.admin, 'harkWebhookSecret', secretValue('audited-next'));
    await remove(tokens.admin, 'harkWebhookSecret');
    const entries = await t.db.selectFrom('audit_logs').selectAll().where('subject_type', '=', 'secret').orderBy('seq').execute();
    const mine = entries.filter((e) => (e.data as { key?: string }).key === 'harkWebhookSecret' || (e.after as { key?: string } | null)?.key === 'harkWebhookSecret' || (e.before as { key?: string } | null)?.key === 'harkWebhookSecret');
    expect(mine.map((e) => [e.action, e.changed])).toEqual([
      ['secret.create', ['value']],
      ['secret.read', []],
      ['secret.update', ['value']],
      ['secret.delete', ['value']],
    ]);
    expect(mine.every((e) => e.actor_email === DEMO_PLATFORM_ADMIN && e.organisation_id !== null)).toBe(true);
    const everything = JSON.stringify(entries);
    for (const secret of written) expect(everything).not.toContain(secret);
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) for (const secret of written) expect(line).not.toContain(secret.slice(0, 200));
  });
});
