import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { assertDay } from './dates.ts';
import { organisationProfiles } from './profiles.ts';
import type { OrganisationProfile } from './profile-types.ts';
import { emptyRows, OrganisationBuilder, type Rows } from './organisation-builder.ts';
import { addBusinessCustomer, addCustomerWithoutSites, addDemoCustomer } from './build-sign-in-customers.ts';
import { addGeneratedCustomer } from './build-generated-customers.ts';
import { addInvoices } from './build-invoices.ts';
import { addOrganisationLinks } from './organisation-links.ts';
import { addSignInIdentities } from './sign-in-identities.ts';
import { addDemoStaff, DEMO_STAFF_PASSWORD, demoPlatformAdmin } from './staff.ts';
import { addDemoDisruptions, addHelpTexts } from './help/seed-help.ts';
import { addDemoTips } from './tips.ts';
import { addSignInHistory } from './sign-in-history.ts';
import { seedDemoReadings, type DemoReadingsCounts } from './seed-readings.ts';
import { seedDemoTariffs } from './tariffs.ts';
import { alignDemoReadingPeriods } from './readings-plan.ts';

/**
 * Deterministic demo data: four fictional organisations, each with demo sign-ins and a few dozen
 * generated customers with sites, services, agreements and two years of monthly invoices; with the
 * `readings` option also meter readings, their roll-ups and the market data (seed-readings.ts).
 *
 * Every identifier and every figure comes from a seeded generator (one per organisation, seeded
 * from the slug), so the same `today` always gives the same rows — except the password hashes,
 * which argon2 salts at random. Identifiers do not depend on `today` at all.
 */

export const DEMO_PASSWORD = 'demo';
export const INVOICE_MONTHS = 24;
export const GENERATED_CUSTOMERS_PER_ORGANISATION = 48;

export interface DemoSignIn {
  /** The organisation's slug (the portal's path prefix). */
  organisation: string;
  username: string;
  password: string;
  description: string;
}

export interface DemoOrganisationSignIns {
  slug: string;
  name: string;
  signIns: DemoSignIn[];
}

export interface DemoRowCounts {
  users: number;
  accounts: number;
  accountMembers: number;
  locations: number;
  locationServices: number;
  agreements: number;
  invoices: number;
}

export interface DemoOrganisationSummary extends DemoOrganisationSignIns {
  id: string;
  country: string;
  counts: DemoRowCounts;
}

export interface DemoSummary {
  today: string;
  organisations: DemoOrganisationSummary[];
  /** Only when readings were asked for. */
  readings?: DemoReadingsCounts;
}

/** Readings for 24 months ('full'), the last 40 days ('recent', fast to create) or none. */
export type DemoReadings = 'full' | 'recent' | 'none';

export interface SeedDemoOptions {
  /** The reference date, 'YYYY-MM-DD': invoices run up to the month before it. */
  today: string;
  /** Default 'none'. Readings, prices, CO2 and weather are written with COPY, which needs `databaseUrl`. */
  readings?: DemoReadings;
  /** The connection string of `db`'s database, for the COPY connection. */
  databaseUrl?: string;
  /** Progress lines while readings are created. */
  log?: (line: string) => void;
}

function displayName(person: { firstName: string; lastName: string }): string {
  const capitalise = (text: string) => text.replace(/(^|[\s-])(\p{L})/gu, (_, separator: string, letter: string) => separator + letter.toUpperCase());
  return `${capitalise(person.firstName)} ${capitalise(person.lastName)}`;
}

function signInsFor(profile: OrganisationProfile): DemoSignIn[] {
  const demo = profile.demo;
  const signIn = (username: string, description: string): DemoSignIn => ({
    organisation: profile.slug,
    username,
    password: DEMO_PASSWORD,
    description: `${profile.name} (${profile.slug}): ${description}`,
  });
  return [
    signIn(
      'demo',
      `${displayName(demo.user)} — owner of a home account with five sites (home, an apartment being taken over, ` +
        `a new address starting in 12 days, solar production, a terminated contract) and guest on ` +
        `${displayName(demo.relative)}'s summer house; ${INVOICE_MONTHS} months of invoices`,
    ),
    signIn('business', `${demo.business.company} ${demo.business.legalForm} — business account with one site`),
    signIn('nolocations', `${displayName(demo.noLocations)} — customer account without sites or invoices`),
  ];
}

/** The demo sign-ins grouped by organisation (no database needed). */
export const demoOrganisationSignIns: readonly DemoOrganisationSignIns[] = organisationProfiles.map((profile) => ({
  slug: profile.slug,
  name: profile.name,
  signIns: signInsFor(profile),
}));

/**
 * Every demo sign-in of every organisation, for the start script to print. Usernames repeat
 * between organisations; `organisation` (and the description) tell them apart.
 */
export const demoSignIns: readonly DemoSignIn[] = demoOrganisationSignIns.flatMap((organisation) => organisation.signIns);

/** The sign-ins every organisation has, in one line each, for the start banner. */
export const demoSignInSummary: ReadonlyArray<{ username: string; password: string; description: string }> = [
  { username: 'demo', password: DEMO_PASSWORD, description: 'two accounts (owner and guest), sites in every status, 24 months of invoices' },
  { username: 'business', password: DEMO_PASSWORD, description: 'a business customer with one site' },
  { username: 'nolocations', password: DEMO_PASSWORD, description: 'a customer account without sites' },
];

// ---- row building -------------------------------------------------------------------------------

/**
 * Every row of one demo organisation, and its summary. The steps run in a fixed order: each draws
 * from the organisation's seeded generators, so reordering them changes every later row.
 */
function buildOrganisation(profile: OrganisationProfile, today: string, passwordHash: string, staffPasswordHash: string): { rows: Rows; summary: DemoOrganisationSummary } {
  const org = new OrganisationBuilder(profile, today, passwordHash);
  addDemoCustomer(org);
  addBusinessCustomer(org);
  addCustomerWithoutSites(org);
  for (let index = 0; index < GENERATED_CUSTOMERS_PER_ORGANISATION; index += 1) addGeneratedCustomer(org);
  addInvoices(org, INVOICE_MONTHS);
  addOrganisationLinks(org);
  addSignInIdentities(org);
  addDemoStaff(org, staffPasswordHash);
  addHelpTexts(org);
  addDemoDisruptions(org);
  addSignInHistory(org);
  addDemoTips(org);
  return { rows: org.rows, summary: summaryOf(profile, org.organisationId, org.rows) };
}

/** An organisation's id, sign-ins and row counts, as `seedDemoData` reports them. */
function summaryOf(profile: OrganisationProfile, organisationId: string, rows: Rows): DemoOrganisationSummary {
  const counts: DemoRowCounts = {
    users: rows.users.length,
    accounts: rows.accounts.length,
    accountMembers: rows.account_members.length,
    locations: rows.locations.length,
    locationServices: rows.location_services.length,
    agreements: rows.agreements.length,
    invoices: rows.invoices.length,
  };
  return {
    id: organisationId,
    slug: profile.slug,
    name: profile.name,
    country: profile.country,
    signIns: signInsFor(profile),
    counts,
  };
}

// ---- writing ----------------------------------------------------------------------------------

const CHUNK = 500;

async function insertRows<T extends keyof Rows>(trx: Transaction<Database>, table: T, rows: Rows[T]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    // Kysely cannot relate a generic table name to its row type; the Rows type already checks it.
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + CHUNK) as never)
      .execute();
  }
}

/**
 * Writes the demo organisations and their data in one transaction. The database must not already
 * contain organisations with the demo slugs (solvik, fjellkraft, koivu, alpenwerk).
 */
export async function seedDemoData(db: Kysely<Database>, options: SeedDemoOptions): Promise<DemoSummary> {
  assertDay(options.today);
  const slugs = organisationProfiles.map((profile) => profile.slug);
  const existing = await db.selectFrom('organisations').select('slug').where('slug', 'in', slugs).execute();
  if (existing.length > 0) {
    throw new Error(`Demo organisations already exist: ${existing.map((row) => row.slug).join(', ')}`);
  }

  // argon2 is slow on purpose: hash once and share it between the demo sign-ins.
  const [passwordHash, staffPasswordHash] = await Promise.all([hashPassword(DEMO_PASSWORD), hashPassword(DEMO_STAFF_PASSWORD)]);
  const all = emptyRows();
  all.admins.push(demoPlatformAdmin(staffPasswordHash, options.today));
  const organisations: DemoOrganisationSummary[] = [];
  for (const profile of organisationProfiles) {
    const { rows, summary } = buildOrganisation(profile, options.today, passwordHash, staffPasswordHash);
    for (const table of Object.keys(all) as (keyof Rows)[]) {
      (all[table] as unknown[]).push(...rows[table]);
    }
    organisations.push(summary);
  }

  await db.transaction().execute(async (trx) => {
    // Parents before children (foreign keys).
    await insertRows(trx, 'organisations', all.organisations);
    await insertRows(trx, 'settings_releases', all.settings_releases);
    await insertRows(trx, 'assets', all.assets);
    await insertRows(trx, 'users', all.users);
    await insertRows(trx, 'accounts', all.accounts);
    await insertRows(trx, 'account_members', all.account_members);
    await insertRows(trx, 'locations', all.locations);
    await insertRows(trx, 'location_services', all.location_services);
    await insertRows(trx, 'agreements', all.agreements);
    await insertRows(trx, 'invoices', all.invoices);
    await insertRows(trx, 'third_party_data_inquiries', all.third_party_data_inquiries);
    await insertRows(trx, 'copy_texts', all.copy_texts);
    await insertRows(trx, 'provider_customers', all.provider_customers);
    await insertRows(trx, 'admins', all.admins);
    await insertRows(trx, 'disruptions', all.disruptions);
    await insertRows(trx, 'tips', all.tips);
    await insertRows(trx, 'customer_sign_in_days', all.customer_sign_in_days);
    for (const [index, profile] of organisationProfiles.entries()) await seedDemoTariffs(trx, profile, organisations[index]!.id);
  });

  await alignDemoReadingPeriods(db);

  const readings = options.readings ?? 'none';
  if (readings === 'none') return { today: options.today, organisations };
  if (!options.databaseUrl) throw new Error(`Demo readings ('${readings}') need the databaseUrl option (they are written with COPY)`);
  const counts = await seedDemoReadings(db, { today: options.today, span: readings, databaseUrl: options.databaseUrl, log: options.log ?? (() => {}) });
  return { today: options.today, organisations, readings: counts };
}
