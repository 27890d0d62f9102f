import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { visibleLocationStatuses, type LocationStatus } from '@gridline/contracts/enums';
import type { Database } from '../db/schema.ts';
import { emptyDatabase } from '../../test/app.ts';
import { ReleaseContent } from '@gridline/contracts/settings';
import { verifyPassword } from '../modules/auth/passwords.ts';
import { demoOrganisationSignIns, demoSignIns, seedDemoData, type DemoSummary } from './seed.ts';
import { addDays } from './dates.ts';

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
    ['third_party_data_inquiries', 'id'],
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

/** One md5 per table of readings, roll-ups and market data (services named by id, not by seq). */
async function readingsDigest(db: Kysely<Database>): Promise<string> {
  const result = await sql<{ part: string }>`
    SELECT 'readings:' || md5(string_agg(concat_ws(',', s.id, r.interval_start, r.minutes, r.value, r.certainty, r.status, r.source), '|' ORDER BY s.id, r.interval_start)) AS part
    FROM readings r JOIN location_services s ON s.seq = r.service_seq
    UNION ALL
    SELECT 'rollups:' || md5(string_agg(concat_ws(',', s.id, r.period, r.period_start, r.period_key, r.value, r.certainty, r.readings), '|' ORDER BY s.id, r.period, r.period_start))
    FROM reading_rollups r JOIN location_services s ON s.seq = r.service_seq
    UNION ALL
    SELECT 'spot:' || md5(string_agg(concat_ws(',', zone, interval_start, minutes, price_eur_mwh), '|' ORDER BY zone, interval_start)) FROM spot_prices
    UNION ALL
    SELECT 'days:' || md5(string_agg(concat_ws(',', zone, delivery_day, state, updated_at), '|' ORDER BY zone, delivery_day)) FROM spot_price_days
    UNION ALL
    SELECT 'rates:' || md5(string_agg(concat_ws(',', day, currency, eur_rate), '|' ORDER BY day, currency)) FROM exchange_rates
    UNION ALL
    SELECT 'co2:' || md5(string_agg(concat_ws(',', zone, hour_start, grams_per_kwh), '|' ORDER BY zone, hour_start)) FROM co2_intensity
    UNION ALL
    SELECT 'weather:' || md5(string_agg(concat_ws(',', area, hour_start, temperature, cloud_cover), '|' ORDER BY area, hour_start)) FROM weather`.execute(db);
  // UNION ALL has no order of its own (a parallel append may return the parts in any order).
  return result.rows.map((row) => row.part).sort().join('\n');
}

/** The connection string of a test database (readings are written over a COPY connection of their own). */
async function urlOf(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db);
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${rows[0]?.name}`;
  return url.toString();
}

describe('seedDemoData', () => {
  let stop: () => Promise<void> = async () => {};
  let db: Kysely<Database>;
  let other: Kysely<Database>;
  let third: Kysely<Database>;
  let summary: DemoSummary;

  beforeAll(async () => {
    const first = await emptyDatabase();
    const second = await emptyDatabase();
    const last = await emptyDatabase();
    stop = async () => {
      await first.drop();
      await second.drop();
      await last.drop();
    };
    db = first.db;
    other = second.db;
    third = last.db;
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
    const releases = await db.selectFrom('settings_releases').select(['organisation_id', 'version', 'content', 'created_at']).execute();
    expect(releases).toHaveLength(4);
    for (const release of releases) {
      const content = ReleaseContent.parse(release.content);
      expect(release.version).toBe(1);
      // Live since the day before the seed, not since the organisation was made (decision 0061).
      expect(new Date(release.created_at).toISOString()).toBe(`${addDays(TODAY, -1)}T09:00:00.000Z`);
      // The logo and favicon are the organisation's assets (decision 0048), on its own origin.
      expect(content.theme.logo?.url).toMatch(/^\/v3\/assets\/[0-9a-f]{24}$/);
      expect(content.theme.favicon).toMatch(/^\/v3\/assets\/[0-9a-f]{24}$/);
      const assets = await db.selectFrom('assets').select(['id', 'kind', 'content_type']).where('organisation_id', '=', release.organisation_id).orderBy('kind').execute();
      expect(assets).toEqual([
        { id: content.theme.favicon!.slice('/v3/assets/'.length), kind: 'favicon', content_type: 'image/svg+xml' },
        { id: content.theme.logo!.url.slice('/v3/assets/'.length), kind: 'logo', content_type: 'image/svg+xml' },
      ]);
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
      // The supplier's agreement and the grid operator's, whose meter data third parties ask for.
      const agreements = await db
        .selectFrom('agreements')
        .select(['type', 'service_type', 'info'])
        .where('location_id', '=', locations[0]?.id ?? '')
        .orderBy('service_type', 'desc')
        .execute();
      expect(agreements.map((a) => a.service_type)).toEqual(['consumption_trade', 'consumption_grid']);
      expect(agreements[0]?.info[0]).toEqual({ key: 'status', title: 'status', value: 'active' });
      expect(agreements[1]?.info.map((e) => e.key)).toEqual(expect.arrayContaining(['monthlyFee', 'consumptionPrice', 'energyTax']));
      const inquiries = await db
        .selectFrom('third_party_data_inquiries as q')
        .innerJoin('location_services as s', 's.id', 'q.service_id')
        .select('q.status')
        .where('s.location_id', '=', locations[0]?.id ?? '')
        .where('s.type', '=', 'consumption_grid')
        .execute();
      expect(new Set(inquiries.map((q) => q.status))).toEqual(new Set(['pending', 'accepted', 'rejected']));

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

  it('is deterministic: the same day gives the same rows, with or without readings, and the same readings', async () => {
    // Readings draw from streams of their own: adding them changes none of the other rows.
    const withReadings = await seedDemoData(other, { today: TODAY, readings: 'recent', databaseUrl: await urlOf(other) });
    expect(await digest(other)).toBe(await digest(db));
    expect(withReadings.readings?.readings).toBeGreaterThan(100_000);
    await seedDemoData(third, { today: TODAY, readings: 'recent', databaseUrl: await urlOf(third) });
    expect(await readingsDigest(third)).toBe(await readingsDigest(other));
  }, 180_000);

  it('gives the last 40 days of readings: quarter-hours for the demo home in Sweden, roll-ups that add up, months near the invoices', async () => {
    const homes = await sql<{ slug: string; seq: number; location_id: string }>`
      SELECT o.slug, s.seq, l.id AS location_id FROM locations l
      JOIN organisations o ON o.id = l.organisation_id
      JOIN location_services s ON s.location_id = l.id AND s.type = 'consumption_trade'
      JOIN account_members m ON m.account_id = l.account_id AND m.role = 'OWNER'
      JOIN users u ON u.id = m.user_id AND u.username = 'demo'
      WHERE l.sort_order = 0 ORDER BY o.slug`.execute(other);
    const minutes = await sql<{ slug: string; minutes: number; first: Date; last: Date; estimated: number }>`
      SELECT o.slug, min(r.minutes) AS minutes, min(r.interval_start) AS first, max(r.interval_start) AS last,
             count(*) FILTER (WHERE r.status = 6 AND r.certainty < 1)::int AS estimated
      FROM readings r JOIN location_services s ON s.seq = r.service_seq JOIN organisations o ON o.id = s.organisation_id
      WHERE r.service_seq = ANY (${homes.rows.map((h) => h.seq)}::int[]) GROUP BY o.slug ORDER BY o.slug`.execute(other);
    expect(minutes.rows.map((r) => [r.slug, r.minutes])).toEqual([
      ['alpenwerk', 60],
      ['fjellkraft', 60],
      ['koivu', 15],
      ['solvik', 15],
    ]);
    const solvik = minutes.rows.find((r) => r.slug === 'solvik');
    // 2025-02-01 to 2025-03-12 in Stockholm (two days of delay before 2025-03-14); the last day is an estimate.
    expect(solvik?.first.toISOString()).toBe('2025-01-31T23:00:00.000Z');
    expect(solvik?.last.toISOString()).toBe('2025-03-12T22:45:00.000Z');
    expect(solvik?.estimated).toBe(96);

    const home = homes.rows.find((h) => h.slug === 'solvik');
    const february = await sql<{ kwh: number; invoiced: number }>`
      SELECT r.value::float8 AS kwh, (SELECT (i.info -> 1 ->> 'value')::float8 FROM invoices i WHERE i.location_id = ${home?.location_id} AND i.month = '2025-02') AS invoiced
      FROM reading_rollups r WHERE r.service_seq = ${home?.seq} AND r.period = 'month' AND r.period_key = '2025-02'`.execute(other);
    const [month] = february.rows;
    expect(Math.abs((month?.kwh ?? 0) / (month?.invoiced ?? 1) - 1)).toBeLessThan(0.1);

    const unbalanced = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (SELECT service_seq, sum(value) AS v FROM readings GROUP BY 1) r
      FULL JOIN (SELECT service_seq, sum(value) AS v FROM reading_rollups WHERE period = 'month' GROUP BY 1) m USING (service_seq)
      WHERE r.v IS DISTINCT FROM m.v`.execute(other);
    expect(unbalanced.rows[0]?.n).toBe(0);
  });

  it('gives hourly prices before the quarter-hour market, tomorrow preliminary, and rates, CO2 and weather', async () => {
    const prices = await sql<{ zone: string; n: number }>`
      SELECT zone, count(*)::int AS n FROM spot_prices
      WHERE interval_start >= '2025-02-09T23:00:00Z' AND interval_start < '2025-02-10T23:00:00Z' AND minutes = 60 GROUP BY zone ORDER BY zone`.execute(other);
    expect(prices.rows).toEqual(['AT', 'FI', 'NO1', 'SE3'].map((zone) => ({ zone, n: 24 })));
    const days = await sql<{ delivery_day: string; state: string }>`
      SELECT delivery_day, state FROM spot_price_days WHERE zone = 'SE3' AND delivery_day >= '2025-03-14' ORDER BY delivery_day`.execute(other);
    expect(days.rows).toEqual([
      { delivery_day: '2025-03-14', state: 'final' },
      { delivery_day: '2025-03-15', state: 'preliminary' },
    ]);
    const rates = await sql<{ currency: string; low: number; high: number }>`
      SELECT currency, min(eur_rate)::float8 AS low, max(eur_rate)::float8 AS high FROM exchange_rates GROUP BY currency ORDER BY currency`.execute(other);
    for (const rate of rates.rows) {
      expect(rate.low).toBeGreaterThanOrEqual(rate.currency === 'SEK' ? 11 : 11.3);
      expect(rate.high).toBeLessThanOrEqual(rate.currency === 'SEK' ? 11.8 : 12);
    }
    const co2 = await sql<{
      zone: string;
      mean: number;
    }>`SELECT zone, avg(grams_per_kwh)::float8 AS mean FROM co2_intensity GROUP BY zone ORDER BY zone`.execute(other);
    expect(co2.rows.map((r) => r.zone)).toEqual(['AT', 'FI', 'NO1', 'SE3']);
    expect(co2.rows[0]?.mean).toBeGreaterThan(co2.rows[1]?.mean ?? 0);
    const winter = await sql<{
      mean: number;
    }>`SELECT avg(temperature)::float8 AS mean FROM weather WHERE area = 'Västerås' AND hour_start < '2025-03-01'`.execute(other);
    expect(winter.rows[0]?.mean).toBeGreaterThan(-12);
    expect(winter.rows[0]?.mean).toBeLessThan(3);
  });

  it('refuses to seed twice', async () => {
    await expect(seedDemoData(db, { today: TODAY })).rejects.toThrow(/already exist/);
  });
});
