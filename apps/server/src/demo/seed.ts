import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AgreementType, LocationStatus, PropertyType, ServiceStatus } from '@gridline/contracts/enums';
import type { Database } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createRandom, type Random } from './random.ts';
import { addDays, addMonths, assertDay, firstDayOfMonth, lastDayOfMonth, monthKey, monthOf, timestampOn } from './dates.ts';
import { organisationProfiles, paymentReference, type Address, type OrganisationProfile, type Person } from './profiles.ts';
import { consumptionProfile, invoiceFigures, monthlyConsumption, type ConsumerKind, type ConsumptionProfile, type PricedAgreement } from './billing.ts';

/**
 * Deterministic demo data: four fictional organisations, each with demo sign-ins and a few dozen
 * generated customers with sites, services, agreements and two years of monthly invoices.
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
}

export interface SeedDemoOptions {
  /** The reference date, 'YYYY-MM-DD': invoices run up to the month before it. */
  today: string;
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

interface Rows {
  organisations: Insertable<Database['organisations']>[];
  users: Insertable<Database['users']>[];
  accounts: Insertable<Database['accounts']>[];
  account_members: Insertable<Database['account_members']>[];
  locations: Insertable<Database['locations']>[];
  location_services: Insertable<Database['location_services']>[];
  agreements: Insertable<Database['agreements']>[];
  invoices: Insertable<Database['invoices']>[];
}

const emptyRows = (): Rows => ({
  organisations: [],
  users: [],
  accounts: [],
  account_members: [],
  locations: [],
  location_services: [],
  agreements: [],
  invoices: [],
});

interface Billable {
  accountId: string;
  locationId: string;
  kind: ConsumerKind;
  consumption: ConsumptionProfile;
  agreement: PricedAgreement;
  /** Positions counted from the newest invoice (0 = latest) whose file is missing. */
  missingPositions: ReadonlySet<number>;
  /** Share of other invoices with a missing file. */
  missingShare: number;
  /** Whether an overdue second-newest invoice is REMINDED instead of PAID. */
  reminded: boolean;
}

interface SiteSpec {
  accountId: string;
  sortOrder: number;
  status: LocationStatus;
  type: 'CONSUMPTION' | 'PRODUCTION';
  startDate: string;
  endDate?: string;
  address: Address;
  extras: Record<string, unknown>;
  createdDay: string;
}

const ascii = (text: string): string =>
  text
    .toLowerCase()
    .replaceAll('ø', 'o')
    .replaceAll('æ', 'ae')
    .replaceAll('ß', 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');

function serviceStatusOf(status: LocationStatus): ServiceStatus {
  switch (status) {
    case 'PENDING':
    case 'IN_PROCESS':
    case 'UNDECIDED':
      return 'pending';
    case 'TERMINATED':
      return 'terminated';
    case 'CANCELED':
    case 'DELETED':
      return 'canceled';
    case 'DENIED':
      return 'denied';
    case 'ACTIVE':
    case 'ACTIVE_PROCESS':
      return 'active';
  }
}

function pickWeighted<T>(random: Random, options: ReadonlyArray<readonly [T, number]>): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = options[options.length - 1];
  if (!last) throw new Error('pickWeighted() needs options');
  return last[0];
}

function buildOrganisation(profile: OrganisationProfile, today: string, passwordHash: string) {
  const ids = createRandom(`gridline-demo:${profile.slug}:ids`);
  const random = createRandom(`gridline-demo:${profile.slug}:data`);
  const rows = emptyRows();
  const market = profile.market;
  const organisationId = ids.id();
  const organisationDay = addDays(today, -1200);
  const usedEmails = new Set<string>();
  const billables: Billable[] = [];
  let customerNumber = random.int(1_204_000, 1_206_000);

  rows.organisations.push({
    id: organisationId,
    slug: profile.slug,
    name: profile.name,
    country: profile.country,
    currency: profile.currency,
    languages: [...profile.languages],
    default_language: profile.defaultLanguage,
    sign_in_methods: [...profile.signInMethods],
    flags: JSON.stringify(profile.flags),
    theme: JSON.stringify(profile.theme),
    created_at: timestampOn(organisationDay, 8),
  });

  const uniqueEmail = (email: string): string => {
    let candidate = email;
    for (let suffix = 2; usedEmails.has(candidate); suffix += 1) candidate = email.replace('@', `${suffix}@`);
    usedEmails.add(candidate);
    return candidate;
  };

  const addUser = (
    person: Person,
    options: { username?: string; withPassword?: boolean; language: string; customerNumber: string | null; activeAccountId: string; createdDay: string },
  ): string => {
    const id = ids.id();
    rows.users.push({
      id,
      organisation_id: organisationId,
      username: options.username ?? null,
      password_hash: options.withPassword ? passwordHash : null,
      email: uniqueEmail(person.email),
      first_name: person.firstName,
      last_name: person.lastName,
      phone_number: person.phoneNumber,
      language: options.language,
      personal_id: null,
      customer_number: options.customerNumber,
      active_account_id: options.activeAccountId,
      created_at: timestampOn(options.createdDay, 9, random.int(0, 59)),
      last_seen: null,
    });
    return id;
  };

  const newAccount = (): { id: string; customerNumber: string } => {
    customerNumber += random.int(11, 997);
    return { id: ids.id(), customerNumber: String(customerNumber) };
  };

  const insertAccount = (account: { id: string; customerNumber: string }, type: 'CUSTOMER' | 'BUSINESS', ownerId: string, createdDay: string): void => {
    rows.accounts.push({
      id: account.id,
      organisation_id: organisationId,
      type,
      provider_customer_id: account.customerNumber,
      account_owner_id: ownerId,
      created_at: timestampOn(createdDay, 9),
      last_seen: null,
    });
  };

  const addMember = (accountId: string, userId: string, role: 'OWNER' | 'GUEST', createdDay: string, id = ids.id()): void => {
    rows.account_members.push({
      id,
      organisation_id: organisationId,
      account_id: accountId,
      user_id: userId,
      role,
      created_at: timestampOn(createdDay, 10),
    });
  };

  const addSite = (site: SiteSpec): { id: string; tradeServiceId: string } => {
    const id = ids.id();
    const siteId = profile.siteId(ids, site.address.zipcode);
    rows.locations.push({
      id,
      organisation_id: organisationId,
      account_id: site.accountId,
      status: site.status,
      type: site.type,
      start_date: site.startDate,
      address: site.address.address,
      zipcode: site.address.zipcode,
      city: site.address.city,
      area: site.address.area,
      price_zone: profile.priceZone,
      latitude: site.address.latitude,
      longitude: site.address.longitude,
      provider_site_id: siteId,
      extras: JSON.stringify(site.extras),
      sort_order: site.sortOrder,
      created_at: timestampOn(site.createdDay, 11),
    });
    const production = site.type === 'PRODUCTION';
    const status = serviceStatusOf(site.status);
    const common = {
      organisation_id: organisationId,
      location_id: id,
      status,
      reading_period: profile.readingPeriod,
      start_date: site.startDate,
      end_date: site.endDate ?? null,
      provider_site_id: siteId,
    };
    const tradeServiceId = ids.id();
    rows.location_services.push(
      {
        ...common,
        id: tradeServiceId,
        type: production ? 'production_trade' : 'consumption_trade',
        properties: JSON.stringify({ priceZone: profile.priceZone }),
      },
      {
        ...common,
        id: ids.id(),
        type: production ? 'production_grid' : 'consumption_grid',
        properties: JSON.stringify(
          production
            ? { gridOperator: profile.gridOperator, capacityKw: Math.round(random.float(5, 12) * 10) / 10 }
            : { gridOperator: profile.gridOperator, fuse: random.pick(['16A', '20A', '25A']) },
        ),
      },
    );
    return { id, tradeServiceId };
  };

  const addAgreement = (location: { id: string; tradeServiceId: string }, type: AgreementType, locationStart: string): PricedAgreement => {
    const fixed = type === 'fixed';
    const startDate = fixed ? ([locationStart, addDays(today, -random.int(30, 700))].sort().at(-1) ?? locationStart) : locationStart;
    const endDate = fixed ? addDays(startDate, 365 * random.pick([2, 3])) : null;
    const fixedPrice = fixed ? Math.round(market.fixedPrice * random.float(0.92, 1.1) * 10_000) / 10_000 : undefined;
    const entry = (key: string, value: string | number) => ({ key, title: key, value });
    const info = [
      entry('status', 'active'),
      entry('startDate', startDate),
      ...(endDate ? [entry('endDate', endDate)] : []),
      fixed && fixedPrice !== undefined ? entry('price', Math.round(fixedPrice * 100 * 100) / 100) : entry('surcharge', market.surchargeDisplay),
      entry('monthlyFee', market.supplierMonthlyFee),
      entry('priceZone', profile.priceZone),
    ];
    rows.agreements.push({
      id: ids.id(),
      organisation_id: organisationId,
      location_id: location.id,
      service_id: location.tradeServiceId,
      type,
      service_type: 'consumption_trade',
      start_date: startDate,
      end_date: endDate,
      info: JSON.stringify(info),
    });
    return fixedPrice === undefined ? { type } : { type, fixedPrice };
  };

  const nearby = (city: { latitude: number; longitude: number }) => ({
    latitude: Math.round((city.latitude + random.float(-0.025, 0.025)) * 100_000) / 100_000,
    longitude: Math.round((city.longitude + random.float(-0.05, 0.05)) * 100_000) / 100_000,
  });

  const randomHome = (kind: PropertyType): { address: Address; extras: Record<string, unknown> } => {
    const city = random.pick(profile.cities);
    const apartment = kind === 'APPARTMENT';
    const address: Address = {
      address: profile.streetAddress(random, random.pick(city.streets), apartment),
      zipcode: random.pick(city.zipcodes),
      city: city.city,
      area: city.area,
      ...nearby(city),
    };
    const heating = random.pick(apartment ? market.heating.apartment : market.heating.house);
    const size =
      kind === 'APPARTMENT'
        ? random.int(32, 96)
        : kind === 'ROWHOUSE'
          ? random.int(82, 132)
          : kind === 'SUMMERHOUSE'
            ? random.int(40, 90)
            : random.int(105, 230);
    const decade = random.pick([1930, 1950, 1960, 1970, 1980, 1990, 2000, 2010]);
    return {
      address,
      extras: {
        propertyType: kind,
        numberOfResidens: apartment ? random.int(1, 3) : random.int(1, 5),
        size,
        houseAge: `${decade}-${decade + 9}`,
        heating,
      },
    };
  };

  const pickAgreementType = (): AgreementType => pickWeighted(random, market.agreementMix);

  // ---- the demo customer -----------------------------------------------------------------------

  const demo = profile.demo;
  const ownerAccount = newAccount();
  const summerAccount = newAccount();
  // The OWNER membership is both created earlier and has the smaller id, so any ordering lists it first.
  const [ownerMembershipId, guestMembershipId] = [ids.id(), ids.id()].sort() as [string, string];
  const demoDay = addDays(organisationDay, 3);
  const demoUserId = addUser(demo.user, {
    username: 'demo',
    withPassword: true,
    language: profile.defaultLanguage,
    customerNumber: ownerAccount.customerNumber,
    activeAccountId: ownerAccount.id,
    createdDay: demoDay,
  });
  const relativeId = addUser(demo.relative, {
    language: profile.defaultLanguage,
    customerNumber: summerAccount.customerNumber,
    activeAccountId: summerAccount.id,
    createdDay: addDays(demoDay, -20),
  });
  insertAccount(ownerAccount, 'CUSTOMER', demoUserId, demoDay);
  insertAccount(summerAccount, 'CUSTOMER', relativeId, addDays(demoDay, -20));
  addMember(ownerAccount.id, demoUserId, 'OWNER', demoDay, ownerMembershipId);
  addMember(summerAccount.id, relativeId, 'OWNER', addDays(demoDay, -20));
  addMember(summerAccount.id, demoUserId, 'GUEST', addDays(demoDay, 40), guestMembershipId);

  const homeStart = addDays(today, -1550);
  const home = addSite({
    accountId: ownerAccount.id,
    sortOrder: 0,
    status: 'ACTIVE',
    type: 'CONSUMPTION',
    startDate: homeStart,
    address: demo.home.address,
    extras: demo.home.extras,
    createdDay: demoDay,
  });
  const activeProcessStart = addDays(today, -240);
  const activeProcess = addSite({
    accountId: ownerAccount.id,
    sortOrder: 1,
    status: 'ACTIVE_PROCESS',
    type: 'CONSUMPTION',
    startDate: activeProcessStart,
    address: demo.activeProcess.address,
    extras: demo.activeProcess.extras,
    createdDay: addDays(today, -260),
  });
  addSite({
    accountId: ownerAccount.id,
    sortOrder: 2,
    status: 'PENDING',
    type: 'CONSUMPTION',
    startDate: addDays(today, 12),
    address: demo.pending.address,
    extras: demo.pending.extras,
    createdDay: addDays(today, -9),
  });
  addSite({
    accountId: ownerAccount.id,
    sortOrder: 3,
    status: 'ACTIVE',
    type: 'PRODUCTION',
    startDate: addDays(today, -800),
    address: demo.home.address,
    extras: {},
    createdDay: addDays(today, -830),
  });
  addSite({
    accountId: ownerAccount.id,
    sortOrder: 4,
    status: 'TERMINATED',
    type: 'CONSUMPTION',
    startDate: addDays(today, -3100),
    endDate: addDays(homeStart, 14),
    address: demo.terminated.address,
    extras: demo.terminated.extras,
    createdDay: demoDay,
  });
  const homeAgreement = addAgreement(home, profile.country === 'AT' ? 'fixed' : 'hourlySpot', homeStart);
  addAgreement(activeProcess, 'monthlySpot', activeProcessStart);
  billables.push({
    accountId: ownerAccount.id,
    locationId: home.id,
    kind: demo.home.propertyType,
    consumption: consumptionProfile(random, demo.home.propertyType, String(demo.home.extras.heating), market.consumptionScale),
    agreement: homeAgreement,
    missingPositions: new Set([3]),
    missingShare: 0,
    reminded: false,
  });

  const summerStart = addDays(today, -2400);
  const summerHouse = addSite({
    accountId: summerAccount.id,
    sortOrder: 0,
    status: 'ACTIVE',
    type: 'CONSUMPTION',
    startDate: summerStart,
    address: demo.summerHouse.address,
    extras: demo.summerHouse.extras,
    createdDay: addDays(demoDay, -20),
  });
  billables.push({
    accountId: summerAccount.id,
    locationId: summerHouse.id,
    kind: 'SUMMERHOUSE',
    consumption: consumptionProfile(random, 'SUMMERHOUSE', undefined, market.consumptionScale),
    agreement: addAgreement(summerHouse, 'monthlySpot', summerStart),
    missingPositions: new Set([9]),
    missingShare: 0,
    reminded: false,
  });

  // ---- the business customer -------------------------------------------------------------------

  const businessAccount = newAccount();
  const businessDay = addDays(organisationDay, 5);
  const businessUserId = addUser(
    { firstName: demo.business.company, lastName: demo.business.legalForm, email: demo.business.email, phoneNumber: demo.business.phoneNumber },
    {
      username: 'business',
      withPassword: true,
      language: profile.defaultLanguage,
      customerNumber: businessAccount.customerNumber,
      activeAccountId: businessAccount.id,
      createdDay: businessDay,
    },
  );
  insertAccount(businessAccount, 'BUSINESS', businessUserId, businessDay);
  addMember(businessAccount.id, businessUserId, 'OWNER', businessDay);
  const businessStart = addDays(today, -1900);
  const businessSite = addSite({
    accountId: businessAccount.id,
    sortOrder: 0,
    status: 'ACTIVE',
    type: 'CONSUMPTION',
    startDate: businessStart,
    address: demo.business.site,
    extras: {},
    createdDay: businessDay,
  });
  billables.push({
    accountId: businessAccount.id,
    locationId: businessSite.id,
    kind: 'BUSINESS',
    consumption: consumptionProfile(random, 'BUSINESS', undefined, market.consumptionScale),
    agreement: addAgreement(businessSite, 'fixed', businessStart),
    missingPositions: new Set(),
    missingShare: 0,
    reminded: false,
  });

  // ---- the customer without sites ---------------------------------------------------------------

  const emptyAccount = newAccount();
  const emptyDay = addDays(organisationDay, 7);
  const emptyUserId = addUser(demo.noLocations, {
    username: 'nolocations',
    withPassword: true,
    language: profile.defaultLanguage,
    customerNumber: emptyAccount.customerNumber,
    activeAccountId: emptyAccount.id,
    createdDay: emptyDay,
  });
  insertAccount(emptyAccount, 'CUSTOMER', emptyUserId, emptyDay);
  addMember(emptyAccount.id, emptyUserId, 'OWNER', emptyDay);

  // ---- generated customers ---------------------------------------------------------------------

  for (let index = 0; index < GENERATED_CUSTOMERS_PER_ORGANISATION; index += 1) {
    const firstName = random.pick(profile.firstNames);
    const lastName = random.pick(profile.lastNames);
    const account = newAccount();
    const createdDay = addDays(organisationDay, random.int(10, 900));
    const language = random.chance(0.85) ? profile.defaultLanguage : random.pick(profile.otherLanguages);
    const ownerId = addUser(
      { firstName, lastName, email: `${ascii(firstName)}.${ascii(lastName)}@example.com`, phoneNumber: profile.phoneNumber(random) },
      { language, customerNumber: account.customerNumber, activeAccountId: account.id, createdDay },
    );
    insertAccount(account, 'CUSTOMER', ownerId, createdDay);
    addMember(account.id, ownerId, 'OWNER', createdDay);

    if (random.chance(0.2)) {
      const partnerFirstName = random.pick(profile.firstNames);
      const partnerId = addUser(
        { firstName: partnerFirstName, lastName, email: `${ascii(partnerFirstName)}.${ascii(lastName)}@example.com`, phoneNumber: profile.phoneNumber(random) },
        { language, customerNumber: null, activeAccountId: account.id, createdDay: addDays(createdDay, 30) },
      );
      addMember(account.id, partnerId, 'GUEST', addDays(createdDay, 30));
    }

    const kind = pickWeighted<PropertyType>(random, [
      ['APPARTMENT', 0.4],
      ['HOUSE', 0.4],
      ['ROWHOUSE', 0.2],
    ]);
    const main = randomHome(kind);
    const mainStart = addDays(today, -random.int(800, 4200));
    const mainStatus: LocationStatus = random.chance(0.9) ? 'ACTIVE' : 'ACTIVE_PROCESS';
    const mainSite = addSite({
      accountId: account.id,
      sortOrder: 0,
      status: mainStatus,
      type: 'CONSUMPTION',
      startDate: mainStart,
      address: main.address,
      extras: main.extras,
      createdDay,
    });
    billables.push({
      accountId: account.id,
      locationId: mainSite.id,
      kind,
      consumption: consumptionProfile(random, kind, String(main.extras.heating), market.consumptionScale),
      agreement: addAgreement(mainSite, pickAgreementType(), mainStart),
      missingPositions: new Set(),
      missingShare: 0.03,
      reminded: random.chance(0.08),
    });

    if (random.chance(0.35)) {
      const second = pickWeighted<'SUMMERHOUSE' | 'PRODUCTION' | 'TERMINATED' | 'PENDING'>(random, [
        ['SUMMERHOUSE', 0.4],
        ['PRODUCTION', 0.2],
        ['TERMINATED', 0.25],
        ['PENDING', 0.15],
      ]);
      if (second === 'SUMMERHOUSE') {
        const cottage = randomHome('SUMMERHOUSE');
        const start = addDays(today, -random.int(400, 3000));
        const site = addSite({
          accountId: account.id,
          sortOrder: 1,
          status: 'ACTIVE',
          type: 'CONSUMPTION',
          startDate: start,
          address: cottage.address,
          extras: cottage.extras,
          createdDay,
        });
        addAgreement(site, pickAgreementType(), start);
      } else if (second === 'PRODUCTION') {
        addSite({
          accountId: account.id,
          sortOrder: 1,
          status: 'ACTIVE',
          type: 'PRODUCTION',
          startDate: addDays(today, -random.int(100, 900)),
          address: main.address,
          extras: {},
          createdDay,
        });
      } else if (second === 'TERMINATED') {
        const previous = randomHome('APPARTMENT');
        addSite({
          accountId: account.id,
          sortOrder: 1,
          status: 'TERMINATED',
          type: 'CONSUMPTION',
          startDate: addDays(mainStart, -random.int(700, 2500)),
          endDate: addDays(mainStart, random.int(0, 30)),
          address: previous.address,
          extras: previous.extras,
          createdDay,
        });
      } else {
        const next = randomHome(random.pick<PropertyType>(['APPARTMENT', 'HOUSE', 'ROWHOUSE']));
        addSite({
          accountId: account.id,
          sortOrder: 1,
          status: 'PENDING',
          type: 'CONSUMPTION',
          startDate: addDays(today, random.int(5, 60)),
          address: next.address,
          extras: next.extras,
          createdDay: addDays(today, -random.int(1, 20)),
        });
      }
    }
  }

  // ---- invoices: the 24 months ending last month, numbered in date order -------------------------

  const currentMonth = monthOf(today);
  let invoiceCounter = 0;
  for (let offset = INVOICE_MONTHS; offset >= 1; offset -= 1) {
    const month = addMonths(currentMonth, -offset);
    const position = offset - 1; // 0 = the newest invoice
    const startDate = firstDayOfMonth(month);
    const endDate = lastDayOfMonth(month);
    const createDate = [addDays(endDate, 3), today].sort()[0] ?? today;
    const dueDate = addDays(endDate, 30);
    for (const billable of billables) {
      invoiceCounter += 1;
      const invoiceNumber = String(1_000_000 + invoiceCounter);
      const consumption = monthlyConsumption(billable.consumption, month, random);
      const figures = invoiceFigures(profile, billable.agreement, billable.kind, month, consumption);
      const overdue = dueDate < today;
      const status = position === 0 ? 'UNPAID' : position === 1 && !overdue ? 'UNPAID' : position === 1 && billable.reminded ? 'REMINDED' : 'PAID';
      const missing = billable.missingPositions.has(position) || (billable.missingShare > 0 && random.chance(billable.missingShare));
      rows.invoices.push({
        id: ids.id(),
        organisation_id: organisationId,
        account_id: billable.accountId,
        location_id: billable.locationId,
        invoice_number: invoiceNumber,
        ocr: paymentReference(profile.country, invoiceNumber),
        start_date: startDate,
        end_date: endDate,
        due_date: dueDate,
        create_date: createDate,
        month: monthKey(month),
        currency: profile.currency,
        invoice_status: status,
        file_type: missing ? 'missing' : 'pdf',
        info: JSON.stringify([
          { key: 'totalAmount', value: figures.totalAmount },
          { key: 'consumption', value: figures.consumption },
          { key: 'vat', value: figures.vatAmount },
        ]),
        lines: JSON.stringify(figures.lines),
      });
    }
  }

  const counts: DemoRowCounts = {
    users: rows.users.length,
    accounts: rows.accounts.length,
    accountMembers: rows.account_members.length,
    locations: rows.locations.length,
    locationServices: rows.location_services.length,
    agreements: rows.agreements.length,
    invoices: rows.invoices.length,
  };
  const summary: DemoOrganisationSummary = {
    id: organisationId,
    slug: profile.slug,
    name: profile.name,
    country: profile.country,
    signIns: signInsFor(profile),
    counts,
  };
  return { rows, summary };
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
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const all = emptyRows();
  const organisations: DemoOrganisationSummary[] = [];
  for (const profile of organisationProfiles) {
    const { rows, summary } = buildOrganisation(profile, options.today, passwordHash);
    for (const table of Object.keys(all) as (keyof Rows)[]) {
      (all[table] as unknown[]).push(...rows[table]);
    }
    organisations.push(summary);
  }

  await db.transaction().execute(async (trx) => {
    // Parents before children (foreign keys).
    await insertRows(trx, 'organisations', all.organisations);
    await insertRows(trx, 'users', all.users);
    await insertRows(trx, 'accounts', all.accounts);
    await insertRows(trx, 'account_members', all.account_members);
    await insertRows(trx, 'locations', all.locations);
    await insertRows(trx, 'location_services', all.location_services);
    await insertRows(trx, 'agreements', all.agreements);
    await insertRows(trx, 'invoices', all.invoices);
  });

  return { today: options.today, organisations };
}
