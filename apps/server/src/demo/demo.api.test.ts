import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleLocationStatuses, type LocationStatus } from '@gridline/contracts/enums';
import type { Database } from '../db/schema.ts';
import { emptyDatabase } from '../../test/app.ts';
import { ReleaseContent } from '@gridline/contracts/settings';
import { verifyPassword } from '../modules/auth/passwords.ts';
import { demoOrganisationSignIns, demoSignIns, seedDemoData, type DemoSummary } from './seed.ts';

const TODAY = '2025-03-14';

/** One md5 over every seeded row (password hashes excluded: argon2 salts them at random). */
async function digest(db: Kysely<Database>): Promise<string> {
  const tables = [
    ['organisations', 'slug'],
    ['users', 'id'],
    ['accounts', 'id'],
    ['account_members', 'id'],
    ['locations', 'id'],
    ['location_services', 'id'],
    ['agreements', 'id'],
    ['invoices', 'id'],
  ] as const;
  const parts: string[] = [];
  for (const [table, order] of tables) {
    const result = await sql<{ md5: string }>`
      SELECT md5(string_agg((to_jsonb(t) - 'password_hash')::text, '|' ORDER BY t.${sql.ref(order)})) AS md5
      FROM ${sql.table(table)} t`.execute(db);
    parts.push(`${table}:${result.rows[0]?.md5}`);
  }
  return parts.join('\n');
}

describe('seedDemoData', () => {
  let stop: () => Promise<void> = async () => {};
  let db: Kysely<Database>;
  let other: Kysely<Database>;
  let summary: DemoSummary;

  beforeAll(async () => {
    const first = await emptyDatabase();
    const second = await emptyDatabase();
    stop = async () => {
      await first.drop();
      await second.drop();
    };
    db = first.db;
    other = second.db;
    summary = await seedDemoData(db, { today: TODAY });
  }, 120_000);

  afterAll(async () => {
    await stop();
  }, 60_000);

  it('creates the four organisations', async () => {
    const rows = await db.selectFrom('organisations').select(['id', 'slug', 'name', 'country', 'currency']).orderBy('slug').execute();
    expect(rows.map((row) => row.slug)).toEqual(['alpenwerk', 'fjellkraft', 'koivu', 'solvik']);
    expect(rows.find((row) => row.slug === 'solvik')).toMatchObject({ name: 'Solvik Energi', country: 'SE', currency: 'SEK' });
    // Each organisation's configuration is its first release, valid by the release schema.
    const releases = await db.selectFrom('settings_releases').select(['organisation_id', 'version', 'content']).execute();
    expect(releases).toHaveLength(4);
    for (const release of releases) {
      const content = ReleaseContent.parse(release.content);
      expect(release.version).toBe(1);
      expect(content.theme.logo?.url).toMatch(/^data:image\/svg\+xml;base64,/);
    }
    const solvik = releases.find((r) => r.organisation_id === rows.find((row) => row.slug === 'solvik')?.id);
    expect(ReleaseContent.parse(solvik?.content).featureFlags.flags.LANGUAGES).toEqual(['sv', 'en']);
    expect(summary.organisations.map((org) => org.slug)).toEqual(demoOrganisationSignIns.map((org) => org.slug));
    expect(demoSignIns).toHaveLength(12);
    expect(demoSignIns[0]).toMatchObject({ organisation: 'solvik', username: 'demo', password: 'demo' });
  });

  it('gives every organisation the three demo sign-ins with password "demo"', async () => {
    for (const org of summary.organisations) {
      expect(org.signIns.map((signIn) => signIn.username)).toEqual(['demo', 'business', 'nolocations']);
      const users = await db
        .selectFrom('users')
        .select(['username', 'password_hash'])
        .where('organisation_id', '=', org.id)
        .where('password_hash', 'is not', null)
        .orderBy('username')
        .execute();
      expect(users.map((user) => user.username)).toEqual(['business', 'demo', 'nolocations']);
    }
    const hash = (await db.selectFrom('users').select('password_hash').where('username', '=', 'demo').executeTakeFirstOrThrow()).password_hash;
    expect(await verifyPassword(hash ?? '', 'demo')).toBe(true);
  });

  it('makes the demo user owner of one account and guest on another, owner first', async () => {
    for (const org of summary.organisations) {
      const memberships = await db
        .selectFrom('account_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .innerJoin('accounts as a', 'a.id', 'm.account_id')
        .select(['m.id', 'm.role', 'a.type', 'a.account_owner_id', 'u.id as userId', 'u.active_account_id', 'a.id as accountId'])
        .where('u.organisation_id', '=', org.id)
        .where('u.username', '=', 'demo')
        .orderBy('m.created_at')
        .execute();
      expect(memberships.map((m) => m.role)).toEqual(['OWNER', 'GUEST']);
      expect(memberships.map((m) => m.id)).toEqual(memberships.map((m) => m.id).sort());
      const [owner, guest] = memberships;
      expect(owner).toMatchObject({ type: 'CUSTOMER', account_owner_id: owner?.userId, active_account_id: owner?.accountId });
      expect(guest?.account_owner_id).not.toBe(guest?.userId);
    }
  });

  it('gives the demo owner account the five kinds of site, three of them visible', async () => {
    for (const org of summary.organisations) {
      const account = await db
        .selectFrom('account_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('m.account_id')
        .where('u.organisation_id', '=', org.id)
        .where('u.username', '=', 'demo')
        .where('m.role', '=', 'OWNER')
        .executeTakeFirstOrThrow();
      const locations = await db
        .selectFrom('locations')
        .select(['id', 'status', 'type', sql<string>`start_date::text`.as('start_date')])
        .where('account_id', '=', account.account_id)
        .orderBy('sort_order')
        .execute();
      expect(locations.map((l) => `${l.status}/${l.type}`)).toEqual([
        'ACTIVE/CONSUMPTION',
        'ACTIVE_PROCESS/CONSUMPTION',
        'PENDING/CONSUMPTION',
        'ACTIVE/PRODUCTION',
        'TERMINATED/CONSUMPTION',
      ]);
      expect(locations[2]?.start_date).toBe('2025-03-26');
      const visible = locations.filter((l) => visibleLocationStatuses.includes(l.status as LocationStatus) && l.type !== 'PRODUCTION');
      expect(visible).toHaveLength(3);

      const services = await db
        .selectFrom('location_services')
        .select(['type'])
        .where('location_id', '=', locations[0]?.id ?? '')
        .orderBy('type')
        .execute();
      expect(services.map((s) => s.type)).toEqual(['consumption_grid', 'consumption_trade']);
      const agreements = await db
        .selectFrom('agreements')
        .select(['type', 'info'])
        .where('location_id', '=', locations[0]?.id ?? '')
        .execute();
      expect(agreements).toHaveLength(1);
      expect(agreements[0]?.info[0]).toEqual({ key: 'status', title: 'status', value: 'active' });

      const invoices = await db
        .selectFrom('invoices')
        .select(['file_type', 'invoice_status', 'month'])
        .where('account_id', '=', account.account_id)
        .orderBy('due_date', 'desc')
        .execute();
      expect(invoices.slice(0, 3).map((i) => i.file_type)).toEqual(['pdf', 'pdf', 'pdf']);
      expect(invoices[3]?.file_type).toBe('missing');
      expect(invoices[0]).toMatchObject({ month: '2025-02', invoice_status: 'UNPAID' });
      expect(invoices.at(-1)?.month).toBe('2023-03');
    }
  });

  it('has a business account with one site and a customer without sites', async () => {
    for (const org of summary.organisations) {
      const rows = await db
        .selectFrom('users as u')
        .innerJoin('account_members as m', 'm.user_id', 'u.id')
        .innerJoin('accounts as a', 'a.id', 'm.account_id')
        .select((eb) => [
          'u.username',
          'a.type',
          eb.selectFrom('locations as l').whereRef('l.account_id', '=', 'a.id').select(eb.fn.countAll<string>().as('n')).as('locations'),
          eb.selectFrom('invoices as i').whereRef('i.account_id', '=', 'a.id').select(eb.fn.countAll<string>().as('n')).as('invoices'),
        ])
        .where('u.organisation_id', '=', org.id)
        .where('u.username', 'in', ['business', 'nolocations'])
        .orderBy('u.username')
        .execute();
      expect(rows.map((r) => [r.username, r.type, Number(r.locations), Number(r.invoices)])).toEqual([
        ['business', 'BUSINESS', 1, 24],
        ['nolocations', 'CUSTOMER', 0, 0],
      ]);
    }
  });

  it('has 24 monthly invoices for every account with sites, and none for the others', async () => {
    const rows = await sql<{ account_id: string; locations: number; invoices: number; months: number }>`
      SELECT a.id AS account_id,
             (SELECT count(*)::int FROM locations l WHERE l.account_id = a.id) AS locations,
             (SELECT count(*)::int FROM invoices i WHERE i.account_id = a.id) AS invoices,
             (SELECT count(DISTINCT month)::int FROM invoices i WHERE i.account_id = a.id) AS months
      FROM accounts a`.execute(db);
    for (const row of rows.rows) {
      expect(row.invoices).toBe(row.locations > 0 ? 24 : 0);
      expect(row.months).toBe(row.invoices);
    }
  });

  it('makes invoice lines add up to the total', async () => {
    const invoices = await db.selectFrom('invoices').select(['invoice_number', 'info', 'lines', 'currency']).execute();
    expect(invoices.length).toBeGreaterThan(4 * 40 * 24);
    for (const invoice of invoices) {
      const total = invoice.info.find((entry) => entry.key === 'totalAmount')?.value;
      const sum = invoice.lines.reduce((acc, line) => acc + Math.round(line.amount * 100), 0);
      expect(Math.round(Number(total) * 100)).toBe(sum);
      expect(invoice.lines.map((line) => line.key)).toEqual(['energy', 'gridFee', 'energyTax', 'monthlyFee', 'vat']);
    }
  });

  it('uses realistic all-in prices and seasonal consumption', async () => {
    const rows = await db.selectFrom('invoices').select(['info', 'month', 'currency']).execute();
    for (const row of rows) {
      const total = Number(row.info.find((e) => e.key === 'totalAmount')?.value);
      const kwh = Number(row.info.find((e) => e.key === 'consumption')?.value);
      const perKwh = total / kwh;
      if (kwh > 1000) {
        const [low, high] = row.currency === 'EUR' ? [0.12, 0.4] : [1.2, 3.2];
        expect(perKwh).toBeGreaterThan(low);
        expect(perKwh).toBeLessThan(high);
      }
    }
    const demoHome = await sql<{ month: string; kwh: number }>`
      SELECT i.month, (i.info -> 1 ->> 'value')::int AS kwh
      FROM invoices i JOIN account_members m ON m.account_id = i.account_id AND m.role = 'OWNER'
      JOIN users u ON u.id = m.user_id AND u.username = 'demo'
      JOIN organisations o ON o.id = u.organisation_id AND o.slug = 'solvik'`.execute(db);
    const january = demoHome.rows.filter((r) => r.month.endsWith('-01')).map((r) => r.kwh);
    const july = demoHome.rows.filter((r) => r.month.endsWith('-07')).map((r) => r.kwh);
    expect(Math.min(...january)).toBeGreaterThan(2 * Math.max(...july));
  });

  it('keeps provider customer ids, invoice numbers and ids unique', async () => {
    const duplicates = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM (SELECT 1 FROM accounts GROUP BY organisation_id, provider_customer_id HAVING count(*) > 1) d)
           + (SELECT count(*) FROM (SELECT 1 FROM invoices GROUP BY organisation_id, ocr HAVING count(*) > 1) d) AS n`.execute(db);
    expect(Number(duplicates.rows[0]?.n)).toBe(0);
  });

  it('generates at least 40 customers per organisation', async () => {
    for (const org of summary.organisations) {
      const generated = await db
        .selectFrom('users as u')
        .innerJoin('account_members as m', 'm.user_id', 'u.id')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('u.organisation_id', '=', org.id)
        .where('u.password_hash', 'is', null)
        .where('m.role', '=', 'OWNER')
        .executeTakeFirstOrThrow();
      expect(Number(generated.n)).toBeGreaterThanOrEqual(40);
      expect(org.counts.invoices).toBe(24 * (org.counts.accounts - 1));
    }
  });

  it('is deterministic: the same day gives the same rows', async () => {
    await seedDemoData(other, { today: TODAY });
    expect(await digest(other)).toBe(await digest(db));
  }, 60_000);

  it('refuses to seed twice', async () => {
    await expect(seedDemoData(db, { today: TODAY })).rejects.toThrow(/already exist/);
  });
});
