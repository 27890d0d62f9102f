import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Invoice } from '@gridline/contracts/invoices';
import { Location } from '@gridline/contracts/locations';
import { Me, User } from '@gridline/contracts/users';
import { PublicRelease } from '@gridline/contracts/settings';
import { call, readsSettled, signIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { servedPdfText } from '../../../test/pdf-text.ts';

let t: TestApp;
let solvik: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await startTestApp();
  solvik = await signIn(t.app, 'solvik', 'demo');
});
afterAll(async () => {
  await t.close();
});

const owner = () => solvik[0]!;

describe('invoices', () => {
  it('lists the account invoices by due date, newest first, with paging', async () => {
    const res = await call(t.app, { method: 'GET', url: `/v4/solvik/invoices/accounts/${owner().accountId}/invoices?limit=24`, token: owner().accessToken });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ limit: 24, page: 1, total: 24 });
    expect(() => Invoice.array().parse(res.body.data)).not.toThrow();
    const dueDates: string[] = res.body.data.map((i: { dueDate: string }) => i.dueDate);
    expect(dueDates).toHaveLength(24);
    expect(dueDates).toEqual([...dueDates].sort().reverse());
    const first = res.body.data[0];
    expect(first.info.find((e: { key: string }) => e.key === 'totalAmount')).toBeDefined();
    expect(first.invoice.provider.documentId).toBe(first._id);

    const page2 = await call(t.app, { method: 'GET', url: `/v4/solvik/invoices/accounts/${owner().accountId}/invoices?limit=10&page=3`, token: owner().accessToken });
    expect(page2.body.data).toHaveLength(4);
    expect(page2.body.data[3].dueDate).toBe(dueDates[23]);
  });

  it('rejects a bad limit with a 400 naming the field', async () => {
    const res = await call(t.app, { method: 'GET', url: `/v4/solvik/invoices/accounts/${owner().accountId}/invoices?limit=abc`, token: owner().accessToken });
    expect(res.status).toBe(400);
    expect(res.body.data.issues[0].path).toContain('limit');
  });

  it('serves the document as a PDF behind a short-lived token, and nothing without one', async () => {
    const list = await call(t.app, { method: 'GET', url: `/v4/solvik/invoices/accounts/${owner().accountId}/invoices`, token: owner().accessToken });
    const withFile = list.body.data.find((i: { invoice: { type: string } }) => i.invoice.type === 'pdf');
    const missing = list.body.data.find((i: { invoice: { type: string } }) => i.invoice.type === 'missing');
    expect(missing).toBeDefined();
    const short = await call(t.app, { method: 'GET', url: '/v3/auth/short-accesstoken', token: owner().accessToken });
    const link = (invoice: { invoice: { provider: unknown } }, token?: string) =>
      `/v4/solvik/invoices/accounts/${owner().accountId}/invoice?provider=${encodeURIComponent(JSON.stringify(invoice.invoice.provider))}${token ? `&accessToken=${token}` : ''}`;

    const pdf = await call(t.app, { method: 'GET', url: link(withFile, short.body.data.accessToken) });
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers['content-type']).toBe('application/pdf');
    expect(pdf.response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The demo customer is registered as 'anna-karin' 'Lindqvist'; the document names her as a person is named.
    const shown = servedPdfText(pdf.response.rawPayload);
    expect(shown).toContain(withFile.id);
    expect(shown).toContain('Anna-Karin Lindqvist');
    expect(shown).not.toContain('anna-karin');

    const noToken = await call(t.app, { method: 'GET', url: link(withFile) });
    expect(noToken.status).toBe(404);
    expect(noToken.body.key).toBe('MISSING_TOKEN');

    const accessTokenInstead = await call(t.app, { method: 'GET', url: link(withFile, owner().accessToken) });
    expect(accessTokenInstead.status).toBe(401);

    const none = await call(t.app, { method: 'GET', url: link(missing, short.body.data.accessToken) });
    expect(none.status).toBe(404);
    expect(none.body.key).toBe('MISSING_INVOICE_FILE');
  });
});

describe('paging past 24 and sorting', () => {
  const amountOf = (invoice: { info: Array<{ key: string; value: string | number }> }) => Number(invoice.info.find((e) => e.key === 'totalAmount')?.value);
  const list = (query: string) =>
    call(t.app, { method: 'GET', url: `/v4/solvik/invoices/accounts/${owner().accountId}/invoices?${query}`, token: owner().accessToken });

  beforeAll(async () => {
    // Six older invoices on top of the demo's 24, copied from the oldest one with new numbers and dates.
    const oldest = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('account_id', '=', owner().accountId)
      .orderBy('due_date', 'asc')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('invoices')
      .values(
        Array.from({ length: 6 }, (_, i) => {
          const month = `2022-${String(i + 1).padStart(2, '0')}`;
          return {
            ...oldest,
            id: `${'e'.repeat(22)}${String(i).padStart(2, '0')}`,
            invoice_number: `OLD-${i}`,
            ocr: `990000${i}`,
            month,
            start_date: `${month}-01`,
            end_date: `${month}-28`,
            create_date: `${month}-28`,
            due_date: `2022-${String(i + 2).padStart(2, '0')}-20`,
            invoice_status: 'PAID',
            info: JSON.stringify([{ key: 'totalAmount', value: 100 + i }]),
            lines: JSON.stringify([]),
          };
        }),
      )
      .execute();
    await readsSettled(t);
  });

  it('pages through 30 invoices 24 at a time, due date newest first, without gaps or repeats', async () => {
    const first = await list('limit=24&page=1');
    const second = await list('limit=24&page=2');
    const third = await list('limit=24&page=3');
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ limit: 24, page: 1, total: 30 });
    expect(second.body.pagination).toEqual({ limit: 24, page: 2, total: 30 });
    expect(first.body.data).toHaveLength(24);
    expect(second.body.data).toHaveLength(6);
    expect(third.body.data).toEqual([]);
    const all = [...first.body.data, ...second.body.data] as Array<{ _id: string; id: string; dueDate: string }>;
    expect(new Set(all.map((i) => i._id)).size).toBe(30);
    const dueDates = all.map((i) => i.dueDate);
    expect(dueDates).toEqual([...dueDates].sort().reverse());
    expect(second.body.data.map((i: { id: string }) => i.id)).toEqual(['OLD-5', 'OLD-4', 'OLD-3', 'OLD-2', 'OLD-1', 'OLD-0']);
  });

  it('sorts by amount ascending and descending over all pages', async () => {
    const ascending = [...(await list('limit=24&page=1&sort=amount&order=asc')).body.data, ...(await list('limit=24&page=2&sort=amount&order=asc')).body.data];
    const amounts = ascending.map(amountOf);
    expect(amounts).toHaveLength(30);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts.slice(0, 6)).toEqual([100, 101, 102, 103, 104, 105]);
    const descending = (await list('limit=24&sort=amount&order=desc')).body.data.map(amountOf);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(descending[0]).toBe(Math.max(...amounts));
    // Without an order, amount sorts ascending.
    expect((await list('limit=5&sort=amount')).body.data.map(amountOf)).toEqual(amounts.slice(0, 5));
  });

  it('sorts by status, unpaid first when ascending, and by due date within a status', async () => {
    const rank = (status: string) => ['UNPAID', 'REMINDED', 'PAID', 'CREDITED'].indexOf(status);
    const ascending = (await list('limit=30&sort=status&order=asc')).body.data as Array<{ invoiceStatus: string; dueDate: string }>;
    expect(ascending[0]?.invoiceStatus).toBe('UNPAID');
    const ranks = ascending.map((i) => rank(i.invoiceStatus));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const paid = ascending.filter((i) => i.invoiceStatus === 'PAID').map((i) => i.dueDate);
    expect(paid).toEqual([...paid].sort().reverse());
    const descending = (await list('limit=30&sort=status&order=desc')).body.data as Array<{ invoiceStatus: string }>;
    expect(descending.at(-1)?.invoiceStatus).toBe('UNPAID');
  });

  it('refuses an unknown sort field or order with a 400 naming it', async () => {
    const badSort = await list('sort=ocr');
    expect(badSort.status).toBe(400);
    expect(badSort.body.key).toBe('VALIDATION_FAILED');
    expect(badSort.body.data.issues[0].path).toContain('sort');
    const badOrder = await list('sort=amount&order=up');
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.data.issues[0].path).toContain('order');
  });
});

describe('tenant boundaries', () => {
  it('gives a solvik token 404 for fjellkraft ids and 401 under the fjellkraft prefix', async () => {
    const [fjell] = await signIn(t.app, 'fjellkraft', 'demo');
    const foreignAccount = fjell!.accountId;
    const asSolvik = await call(t.app, { method: 'GET', url: `/v4/solvik/invoices/accounts/${foreignAccount}/invoices`, token: owner().accessToken });
    expect(asSolvik.status).toBe(404);
    const locations = await call(t.app, { method: 'GET', url: `/v4/solvik/locations/accounts/${foreignAccount}`, token: owner().accessToken });
    expect(locations.status).toBe(404);
    const me = await call(t.app, { method: 'GET', url: `/v4/solvik/accounts/${foreignAccount}/me`, token: owner().accessToken });
    expect(me.status).toBe(404);
    const active = await call(t.app, { method: 'PUT', url: '/v4/solvik/users/me/active-account', token: owner().accessToken, payload: { accountId: foreignAccount } });
    expect(active.status).toBe(404);
    const crossPrefix = await call(t.app, { method: 'GET', url: `/v4/fjellkraft/invoices/accounts/${foreignAccount}/invoices`, token: owner().accessToken });
    expect(crossPrefix.status).toBe(401);
  });

  it("gives 404 for another customer's account in the same organisation", async () => {
    const [business] = await signIn(t.app, 'solvik', 'business');
    const res = await call(t.app, { method: 'GET', url: `/v4/solvik/invoices/accounts/${business!.accountId}/invoices`, token: owner().accessToken });
    expect(res.status).toBe(404);
  });
});

describe('user, me and locations', () => {
  it('answers the user with accounts (OWNER first) and only visible locations', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: owner().accessToken });
    expect(res.status).toBe(200);
    const user = User.parse(res.body.data);
    expect(user.accounts.map((a: { role: string }) => a.role)).toEqual(['OWNER', 'GUEST']);
    const statuses = new Set(user.locations.map((l: { status: string }) => l.status));
    expect([...statuses].every((s) => ['ACTIVE', 'ACTIVE_PROCESS', 'PENDING'].includes(s as string))).toBe(true);
    expect(statuses).toContain('PENDING');
    expect(statuses).toContain('ACTIVE_PROCESS');
    expect(user.locations.every((l: { timeZone: string }) => l.timeZone === 'Europe/Stockholm')).toBe(true);
  });

  it('sets the active account and answers me with the account owner', async () => {
    const guestAccount = solvik[1]!.accountId;
    const set = await call(t.app, { method: 'PUT', url: '/v4/solvik/users/me/active-account', token: owner().accessToken, payload: { accountId: guestAccount } });
    expect(set.status).toBe(200);
    expect(set.body.data.activeAccountId).toBe(guestAccount);
    const me = await call(t.app, { method: 'GET', url: `/v4/solvik/accounts/${owner().accountId}/me`, token: owner().accessToken });
    expect(me.status).toBe(200);
    expect(Me.parse(me.body.data).accountOwner?._id).toBe(owner().userId);
    expect(me.body.data.provider.customerId).toMatch(/^\d+$/);
  });

  it("lists the account's locations", async () => {
    const res = await call(t.app, { method: 'GET', url: `/v4/solvik/locations/accounts/${owner().accountId}`, token: owner().accessToken });
    expect(res.status).toBe(200);
    const locations = Location.array().parse(res.body.data);
    expect(locations.length).toBeGreaterThanOrEqual(3);
    expect(locations.map((l) => l.accountId).every((id) => id === owner().accountId)).toBe(true);
    expect(res.body.data[0].services.length).toBeGreaterThan(0);
  });

  it('rejects a malformed account id with a 400', async () => {
    const res = await call(t.app, { method: 'PUT', url: '/v4/solvik/users/me/active-account', token: owner().accessToken, payload: { accountId: 'xyz' } });
    expect(res.status).toBe(400);
    expect(res.body.key).toBe('VALIDATION_FAILED');
  });
});

describe('public reads', () => {
  it('answers the public release and the copy texts', async () => {
    const release = await call(t.app, { method: 'GET', url: '/v3/settings/releases/koivu' });
    expect(release.status).toBe(200);
    expect(PublicRelease.parse(release.body.data).organisation).toMatchObject({ slug: 'koivu', country: 'FI', currency: 'EUR', timeZone: 'Europe/Helsinki' });
    const copy = await call(t.app, { method: 'GET', url: '/v3/copy/aggregated?version=v3.0&organisation=solvik&language=sv&types=my-pages,shared' });
    expect(copy.status).toBe(200);
    expect(Object.keys(copy.body.data).sort()).toEqual(['my-pages', 'shared']);
    const badLanguage = await call(t.app, { method: 'GET', url: '/v3/copy/aggregated?organisation=solvik&language=xx' });
    expect(badLanguage.status).toBe(400);
  });

  it('serves the OpenAPI document', async () => {
    const res = await call(t.app, { method: 'GET', url: '/docs/openapi.json' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toContain('/v4/{organisation}/invoices/accounts/{accountId}/invoices');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v4/solvik/nothing-here' });
    expect(res.status).toBe(404);
    expect(res.body.key).toBe('NOT_FOUND');
  });
});
