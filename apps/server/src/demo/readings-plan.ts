import { sql, type Kysely } from 'kysely';
import type { Country, PropertyType } from '@gridline/contracts/enums';
import type { Database } from '../db/schema.ts';
import { consumptionProfile, electricHeating, monthlyConsumption, type ConsumerKind, type ConsumptionProfile } from './billing.ts';
import { addDays, addMonths, firstDayOfMonth, monthKey, monthOf, type Month } from './dates.ts';
import { localMidnight } from './local-time.ts';
import type { ReadingKind, ServicePlan } from './load-model.ts';
import { organisationProfiles } from './profiles.ts';
import { createRandom, hashSeed } from './random.ts';
import { AreaWeather } from './weather-model.ts';

/**
 * Which demo services get readings, over which span and at which resolution, and what each
 * month should add up to. Reads the rows `seedDemoData` wrote (services, sites, invoices) and
 * draws from its own seeded streams (`gridline-demo:<slug>:readings:<service id>`), never from the
 * generators of the other demo rows, so adding readings changes no other row.
 */

export type DemoReadingsSpan = 'full' | 'recent';

/** Months of history for 'full' (plus the current month so far), and days for 'recent'. */
export const FULL_MONTHS = 24;
export const RECENT_DAYS = 40;

export interface ServiceRow {
  slug: string;
  country: Country;
  location_id: string;
  account_id: string;
  account_type: string;
  area: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  extras: Record<string, unknown>;
  seq: number;
  service_id: string;
  service_type: string;
  /** The service whose meter this one reads: its own id, or a grid service's trade service. */
  meter_id: string;
  start_date: string;
  end_date: string | null;
  capacity_kw: number | null;
  demo_account: boolean;
}

export interface OrganisationPlans {
  slug: string;
  plans: ServicePlan[];
}

export interface ReadingsPlan {
  organisations: OrganisationPlans[];
  areas: AreaWeather[];
  /** The first local day with readings (the market data starts there too). */
  firstDay: string;
}

/** The services that have readings: supply (and heating, water) of live sites, and production. */
async function loadServices(db: Kysely<Database>, slugs: readonly string[]): Promise<ServiceRow[]> {
  const result = await sql<ServiceRow>`
    SELECT o.slug, o.country, l.id AS location_id, l.account_id, a.type AS account_type, l.area, l.city,
           l.latitude, l.longitude, l.extras, s.seq, s.id AS service_id, s.type AS service_type, s.start_date, s.end_date,
           coalesce(CASE WHEN s.type = 'consumption_grid' THEN (SELECT t.id FROM location_services t
             WHERE t.location_id = l.id AND t.type = 'consumption_trade' ORDER BY t.seq LIMIT 1) END, s.id) AS meter_id,
           (SELECT (g.properties ->> 'capacityKw')::float8 FROM location_services g
             WHERE g.location_id = l.id AND g.type = 'production_grid' LIMIT 1) AS capacity_kw,
           EXISTS (SELECT 1 FROM account_members m JOIN users u ON u.id = m.user_id
                    WHERE m.account_id = l.account_id AND u.username = 'demo') AS demo_account
    FROM location_services s
    JOIN locations l ON l.id = s.location_id
    JOIN organisations o ON o.id = l.organisation_id
    JOIN accounts a ON a.id = l.account_id
    WHERE o.slug = ANY (${[...slugs]}::text[])
      AND l.status IN ('ACTIVE', 'ACTIVE_PROCESS')
      AND (s.type IN ('consumption_trade', 'heating', 'water') OR (s.type = 'production_trade' AND l.type = 'PRODUCTION')
        -- The grid operator reads the same meter, and a provider's feed sends its values for
        -- both services. The demo does so for the customers one signs in as (their grid tab);
        -- for all 700 sites it would double the start-up's roll-ups.
        OR (s.type = 'consumption_grid' AND EXISTS (SELECT 1 FROM account_members m JOIN users u ON u.id = m.user_id
                                                   WHERE m.account_id = l.account_id AND u.username IN ('demo', 'business'))))
    ORDER BY s.seq`.execute(db);
  return result.rows;
}

/** Invoiced kWh per location and month ('2025-03'): the readings of those months add up to them. */
async function loadInvoicedConsumption(db: Kysely<Database>, slugs: readonly string[]): Promise<Map<string, Map<string, number>>> {
  const result = await sql<{ location_id: string; month: string; kwh: number }>`
    SELECT i.location_id, i.month, (jsonb_path_query_first(i.info, '$[*] ? (@.key == "consumption").value'))::float8 AS kwh
    FROM invoices i JOIN organisations o ON o.id = i.organisation_id
    WHERE o.slug = ANY (${[...slugs]}::text[])`.execute(db);
  const byLocation = new Map<string, Map<string, number>>();
  for (const row of result.rows) {
    if (row.kwh === null) continue;
    let months = byLocation.get(row.location_id);
    if (!months) byLocation.set(row.location_id, (months = new Map()));
    months.set(row.month, row.kwh);
  }
  return byLocation;
}

/** Share of a normal month's electricity that goes to heating, by kind of site and heating. */
function heatShareOf(consumer: ConsumerKind, heating: string | undefined, secondary: readonly string[]): number {
  const electric = electricHeating.has(heating ?? '') || secondary.some((kind) => electricHeating.has(kind));
  switch (consumer) {
    case 'HOUSE':
    case 'ROWHOUSE':
      return electric ? 0.55 : 0.12;
    case 'APPARTMENT':
      return electric ? 0.45 : 0.05;
    case 'SUMMERHOUSE':
      return electric ? 0.5 : 0.15;
    case 'BUSINESS':
      return 0.25;
    case 'UNKNOWN':
      return 0.2;
  }
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * The plans of every service with readings, grouped by organisation in seeding order. Readings run
 * from the first day of the month 24 months ago ('full') or 40 days back ('recent'), or from the
 * site's start if later, to local midnight after the day before yesterday (two days of delay).
 */
export async function planReadings(db: Kysely<Database>, today: string, span: DemoReadingsSpan): Promise<ReadingsPlan> {
  const inputs = await loadPlanInputs(db);
  const lastDay = addDays(today, -2);
  const firstDay = span === 'full' ? firstDayOfMonth(addMonths(monthOf(today), -FULL_MONTHS)) : addDays(lastDay, 1 - RECENT_DAYS);
  return { organisations: plansBetween(inputs, firstDay, lastDay), areas: inputs.areas, firstDay };
}

/** What plans are made from: the demo services with readings, their invoiced months and their areas' weather. */
export interface PlanInputs {
  rows: ServiceRow[];
  invoiced: Map<string, Map<string, number>>;
  weatherOf: Map<ServiceRow, AreaWeather>;
  areas: AreaWeather[];
}

/** Reads the demo services (and their invoices) that plans are made for; one read serves any number of `plansBetween`. */
export async function loadPlanInputs(db: Kysely<Database>): Promise<PlanInputs> {
  const slugs = organisationProfiles.map((profile) => profile.slug);
  const rows = await loadServices(db, slugs);
  const invoiced = await loadInvoicedConsumption(db, slugs);

  const areas = new Map<string, { rows: ServiceRow[]; weather?: AreaWeather }>();
  for (const row of rows) {
    const key = `${row.country}:${row.area ?? row.city ?? row.slug}`;
    const entry = areas.get(key) ?? { rows: [] };
    entry.rows.push(row);
    areas.set(key, entry);
  }
  const weatherOf = new Map<ServiceRow, AreaWeather>();
  for (const { rows: areaRows } of areas.values()) {
    const first = areaRows[0];
    if (!first) continue;
    const located = areaRows.filter((row) => row.latitude !== null && row.longitude !== null);
    const mean = (pick: (row: ServiceRow) => number) => located.reduce((sum, row) => sum + pick(row), 0) / Math.max(1, located.length);
    const weather = new AreaWeather(
      first.area ?? first.city ?? first.slug,
      first.country,
      mean((r) => r.latitude ?? 0) || 60,
      mean((r) => r.longitude ?? 0) || 15,
    );
    for (const row of areaRows) weatherOf.set(row, weather);
  }
  return { rows, invoiced, weatherOf, areas: [...new Set(weatherOf.values())] };
}

/**
 * The plans of every service with readings for the local days `firstDay` to `lastDay`
 * (inclusive), grouped by organisation in seeding order. Each plan draws from a fresh stream
 * seeded by its service, so the same inputs and days always give the same readings: the daily
 * demo feed plans one day at a time (`plansBetween(inputs, day, day)`).
 */
export function plansBetween(inputs: PlanInputs, firstDay: string, lastDay: string): OrganisationPlans[] {
  const { rows, invoiced, weatherOf } = inputs;
  const organisations: OrganisationPlans[] = [];
  for (const profile of organisationProfiles) {
    const orgRows = rows.filter((row) => row.slug === profile.slug);
    const quarterHourAccounts = quarterHourAccountsOf(profile.slug, profile.country, orgRows);
    const plans: ServicePlan[] = [];
    for (const row of orgRows) {
      const plan = planService(row, {
        weather: weatherOf.get(row) as AreaWeather,
        invoiced: invoiced.get(row.location_id),
        quarterHours: quarterHourAccounts.has(row.account_id),
        scale: profile.market.consumptionScale,
        firstDay,
        lastDay,
      });
      if (plan) plans.push(plan);
    }
    organisations.push({ slug: profile.slug, plans });
  }
  return organisations;
}

/**
 * Makes every demo electricity service declare the reading period it is metered with: '15M' for
 * the quarter-hour accounts, 'hourly' for the others (the profiles' own period is only a default).
 * The analysis page's periods and the exports follow the declared period, so they must agree.
 */
export async function alignDemoReadingPeriods(db: Kysely<Database>): Promise<void> {
  const slugs = organisationProfiles.map((profile) => profile.slug);
  const rows = await loadServices(db, slugs);
  const quarter: string[] = [];
  const hourly: string[] = [];
  for (const profile of organisationProfiles) {
    const orgRows = rows.filter((row) => row.slug === profile.slug);
    const accounts = quarterHourAccountsOf(profile.slug, profile.country, orgRows);
    for (const row of orgRows) (accounts.has(row.account_id) ? quarter : hourly).push(row.location_id);
  }
  for (const [period, locations] of [['15M', quarter], ['hourly', hourly]] as const) {
    if (locations.length === 0) continue;
    await db
      .updateTable('location_services')
      .set({ reading_period: period })
      .where('location_id', 'in', locations)
      .where('type', 'in', ['consumption_trade', 'consumption_grid', 'production_trade', 'production_grid', 'heating', 'water'])
      .execute();
  }
}

/**
 * Accounts whose services are metered per quarter-hour: in Sweden and Finland, the demo user's and
 * a quarter of the others (the first quarter by a hash of the account id); hourly elsewhere.
 */
function quarterHourAccountsOf(slug: string, country: Country, rows: readonly ServiceRow[]): Set<string> {
  if (country !== 'SE' && country !== 'FI') return new Set();
  const demo = rows.filter((row) => row.demo_account).map((row) => row.account_id);
  const others = [...new Set(rows.filter((row) => !row.demo_account).map((row) => row.account_id))];
  const rank = (id: string) => hashSeed(`gridline-demo:${slug}:readings:quarter-hours:${id}`);
  others.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  return new Set([...demo, ...others.slice(0, Math.round(others.length / 4))]);
}

interface PlanContext {
  weather: AreaWeather;
  invoiced: Map<string, number> | undefined;
  quarterHours: boolean;
  scale: number;
  firstDay: string;
  lastDay: string;
}

function planService(row: ServiceRow, context: PlanContext): ServicePlan | undefined {
  // seeded by the meter: a grid service reads the same values as its site's trade service
  const random = createRandom(`gridline-demo:${row.slug}:readings:${row.meter_id}`);
  const kind: ReadingKind =
    row.service_type === 'production_trade'
      ? 'production'
      : row.service_type === 'heating'
        ? 'heating'
        : row.service_type === 'water'
          ? 'water'
          : 'consumption';
  const extras = row.extras ?? {};
  const consumer: ConsumerKind = row.account_type === 'BUSINESS' ? 'BUSINESS' : ((extras.propertyType as PropertyType | undefined) ?? 'UNKNOWN');
  const heating = typeof extras.heating === 'string' ? extras.heating : undefined;
  const house = consumer === 'HOUSE' || consumer === 'ROWHOUSE' || consumer === 'SUMMERHOUSE';

  // Drawn for every service in the same order, whatever is used, so that each stream stays aligned.
  const profile = consumptionProfile(random, consumer, heating, context.scale);
  const sauna = strings(extras.gadgets).includes('sauna') || (row.country === 'FI' && house && random.chance(0.5));
  const estimated = row.demo_account || random.chance(0.3);

  const start = [context.firstDay, row.start_date].sort().at(-1) ?? context.firstDay;
  const end = row.end_date && row.end_date < context.lastDay ? row.end_date : context.lastDay;
  if (start > end) return undefined;
  const from = localMidnight(row.country, start);
  const to = localMidnight(row.country, addDays(end, 1));
  const size = typeof extras.size === 'number' ? extras.size : 100;
  const residents = typeof extras.numberOfResidens === 'number' ? extras.numberOfResidens : 2;

  const targets = new Map<string, number>();
  const ownProfile: ConsumptionProfile =
    kind === 'heating'
      ? { kind: consumer, annualKwh: size * 110, seasonality: 0.6 }
      : kind === 'water'
        ? { kind: consumer, annualKwh: residents * 45, seasonality: 0.05 }
        : profile;
  const monthTarget = (month: Month): number => {
    const key = monthKey(month);
    let target = targets.get(key);
    if (target === undefined) {
      // The invoiced month where there is one; the current month resembles the same month last year.
      target = context.invoiced?.get(key) ?? context.invoiced?.get(monthKey(addMonths(month, -12))) ?? monthlyConsumption(ownProfile, month, random);
      targets.set(key, target);
    }
    return target;
  };

  return {
    seq: row.seq,
    kind,
    consumer,
    country: row.country,
    minutes: context.quarterHours ? 15 : 60,
    from,
    to,
    estimatedFrom: estimated ? localMidnight(row.country, end) : Number.POSITIVE_INFINITY,
    weather: context.weather,
    latitude: row.latitude ?? 60,
    longitude: row.longitude ?? 15,
    heatShare: kind === 'heating' ? 0.8 : kind === 'water' ? 0 : heatShareOf(consumer, heating, strings(extras.heatingSecondary)),
    electricCars: kind === 'consumption' ? strings(extras.cars).filter((car) => car === 'electric').length : 0,
    sauna: kind === 'consumption' && sauna,
    capacityKw: row.capacity_kw ?? 6,
    monthTarget,
    random,
  };
}
