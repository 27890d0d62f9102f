import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../test/app.ts';
import type { Db } from '../../db/database.ts';

/**
 * The market's hours (migration 0012, decision 0014) follow every write of prices, rates and CO2
 * through the tables' triggers, whoever writes: here plain SQL, as a job or the demo would.
 */
let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await emptyDatabase());
});
afterAll(async () => {
  await drop();
});

const hour = (zone: string, currency: string, start: string) =>
  db
    .selectFrom('market_hours')
    .select(['hour_key', 'mean', 'p0', 'p1', 'p2', 'p3', 'grams', 'rate', 'month_mean'])
    .where('zone', '=', zone)
    .where('currency', '=', currency)
    .where('hour_start', '=', new Date(start))
    .executeTakeFirst();
const num = (value: string | null | undefined) => (value === null || value === undefined ? null : Number(value));

describe('market hours', () => {
  it('hold an hour of quarter prices, its mean, the month mean, the day’s rate and CO2, in local time', async () => {
    await sql`INSERT INTO exchange_rates (day, currency, eur_rate) VALUES ('2025-11-03', 'SEK', 11.0), ('2025-11-07', 'SEK', 11.5)`.execute(db);
    // 2025-11-10 07:00 in Stockholm is 06:00 UTC: four quarters, and one hour of the same month at 60
    await sql`INSERT INTO spot_prices (zone, interval_start, minutes, price_eur_mwh) VALUES
      ('SE3', '2025-11-10T06:00:00Z', 15, 40), ('SE3', '2025-11-10T06:15:00Z', 15, 50),
      ('SE3', '2025-11-10T06:30:00Z', 15, 60), ('SE3', '2025-11-10T06:45:00Z', 15, 70),
      ('SE3', '2025-11-11T06:00:00Z', 60, 60)`.execute(db);
    await sql`INSERT INTO co2_intensity (zone, hour_start, grams_per_kwh) VALUES ('SE3', '2025-11-10T06:00:00Z', 35.5)`.execute(db);

    const sek = await hour('SE3', 'SEK', '2025-11-10T06:00:00Z');
    expect(sek?.hour_key).toBe('2025-11-10T07');
    expect([sek?.p0, sek?.p1, sek?.p2, sek?.p3].map(num)).toEqual([40, 50, 60, 70]);
    expect(num(sek?.mean)).toBe(55);
    // (4 × 15 min at 40–70) and 60 min at 60: the month's time-weighted mean
    expect(num(sek?.month_mean)).toBeCloseTo((55 * 60 + 60 * 60) / 120, 10);
    // Monday's rate is the Friday before's (none at the weekend)
    expect(num(sek?.rate)).toBe(11.5);
    expect(num(sek?.grams)).toBe(35.5);
    // An hourly price stands for all four quarters
    const hourly = await hour('SE3', 'EUR', '2025-11-11T06:00:00Z');
    expect([hourly?.p0, hourly?.p3, hourly?.rate].map(num)).toEqual([60, 60, 1]);
  });

  it('follow a corrected price, a new rate, a missing quarter and a deleted hour', async () => {
    await sql`UPDATE spot_prices SET price_eur_mwh = 80 WHERE zone = 'SE3' AND interval_start = '2025-11-10T06:45:00Z'`.execute(db);
    expect(num((await hour('SE3', 'SEK', '2025-11-10T06:00:00Z'))?.mean)).toBe(57.5);

    await sql`INSERT INTO exchange_rates (day, currency, eur_rate) VALUES ('2025-11-10', 'SEK', 12.0)`.execute(db);
    expect(num((await hour('SE3', 'SEK', '2025-11-10T06:00:00Z'))?.rate)).toBe(12);
    expect(num((await hour('SE3', 'EUR', '2025-11-10T06:00:00Z'))?.rate)).toBe(1);

    // Three quarters are not an hour's price: unknown, not a mean of three
    await sql`DELETE FROM spot_prices WHERE zone = 'SE3' AND interval_start = '2025-11-10T06:45:00Z'`.execute(db);
    const partial = await hour('SE3', 'SEK', '2025-11-10T06:00:00Z');
    expect([partial?.mean, partial?.p0].map(num)).toEqual([null, null]);
    expect(num(partial?.grams)).toBe(35.5);

    // An hour without price or CO2 has no row
    await sql`DELETE FROM spot_prices WHERE zone = 'SE3' AND interval_start = '2025-11-11T06:00:00Z'`.execute(db);
    expect(await hour('SE3', 'SEK', '2025-11-11T06:00:00Z')).toBeUndefined();

    await sql`TRUNCATE co2_intensity`.execute(db);
    await sql`TRUNCATE spot_prices`.execute(db);
    expect(await db.selectFrom('market_hours').select('zone').execute()).toEqual([]);
  });
});
