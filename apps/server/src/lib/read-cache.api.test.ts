import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let token: string;
let accountId: string;
let userId: string;
beforeAll(async () => {
  t = await startTestApp();
  const [auth] = await signIn(t.app, 'solvik', 'demo');
  ({ accessToken: token, accountId, userId } = auth!);
});
afterAll(async () => t.close());

const me = () => call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token });
const invoices = () => call(t.app, { method: 'GET', url: `/v4/solvik/invoices/accounts/${accountId}/invoices?limit=5`, token });
const locations = () => call(t.app, { method: 'GET', url: `/v4/solvik/locations/accounts/${accountId}`, token });

/** Reads answered from memory during `work`. */
async function hitsDuring(work: () => Promise<unknown>) {
  const before = t.app.reads.counts.hits;
  await work();
  return t.app.reads.counts.hits - before;
}

describe('member reads kept in memory (decision 0033)', () => {
  it('answer a repeated read from memory with the same body', async () => {
    const first = await me();
    expect(first.status).toBe(200);
    expect(await hitsDuring(async () => expect((await me()).body).toEqual(first.body))).toBe(1);
  });

  it('show a change written straight into the database (another process, a job, psql) once PostgreSQL announces it', async () => {
    await me();
    await t.db.updateTable('users').set({ first_name: 'Annika' }).where('id', '=', userId).execute();
    await expect.poll(async () => (await me()).body.data.firstName, { timeout: 5_000 }).toBe('Annika');

    const before = await invoices();
    const { total } = before.body.pagination;
    const [template] = await t.db.selectFrom('invoices').select('id').where('account_id', '=', accountId).limit(1).execute();
    await sql`INSERT INTO invoices SELECT (jsonb_populate_record(i, '{"id": "ffffffffffffffffffffff01", "invoice_number": "CACHE-1", "due_date": "2099-12-31"}')).* FROM invoices i WHERE id = ${template!.id}`.execute(t.db);
    await expect.poll(async () => (await invoices()).body.pagination.total, { timeout: 5_000 }).toBe(total + 1);
    expect((await invoices()).body.data[0].id).toBe('CACHE-1');
  });

  it('stop answering an account the user was taken off, and a location taken away', async () => {
    const shown = await locations();
    expect(shown.body.data.length).toBeGreaterThan(0);
    await t.db.updateTable('locations').set({ status: 'TERMINATED' }).where('id', '=', shown.body.data[0]._id).execute();
    await expect.poll(async () => (await locations()).body.data.length, { timeout: 5_000 }).toBe(shown.body.data.length - 1);
    await t.db.deleteFrom('account_members').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
    await expect.poll(async () => (await locations()).status, { timeout: 5_000 }).toBe(404);
    expect((await invoices()).status).toBe(404);
    expect((await me()).body.data.accounts.map((a: { accountId: string }) => a.accountId)).not.toContain(accountId);
  });

  it('show the person’s own change in their very next read', async () => {
    const [auth] = await signIn(t.app, 'fjellkraft', 'demo');
    const own = { method: 'GET' as const, url: '/v4/fjellkraft/users/me', token: auth!.accessToken };
    const before = (await call(t.app, own)).body.data.language;
    const other = before === 'en' ? 'nb' : 'en';
    await call(t.app, own);
    const changed = await call(t.app, { method: 'PUT', url: '/v4/fjellkraft/users/me/language', token: auth!.accessToken, payload: { language: other } });
    expect(changed.status).toBe(200);
    expect((await call(t.app, own)).body.data.language).toBe(other);
  });

  it('keep nothing while the announcements cannot be heard, and resume when they can', async () => {
    await me();
    // The listening connection dies (a restart of PostgreSQL, a network cut): nothing is kept.
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN gridline_reads' AND datname = current_database()`.execute(t.db);
    await expect.poll(() => t.app.reads.active).toBe(false);
    await t.db.updateTable('users').set({ first_name: 'Berit' }).where('id', '=', userId).execute();
    expect((await me()).body.data.firstName).toBe('Berit');
    expect(await hitsDuring(me)).toBe(0);
    // It connects again, and reads are kept again.
    await expect.poll(() => t.app.reads.active, { timeout: 5_000 }).toBe(true);
    await me();
    expect(await hitsDuring(me)).toBe(1);
  });
});
