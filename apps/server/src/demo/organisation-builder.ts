import type { Insertable } from 'kysely';
import type { AgreementType, LocationStatus, PropertyType, ServiceStatus } from '@gridline/contracts/enums';
import type { Database } from '../db/schema.ts';
import { createRandom, pickWeighted, type Random } from './random.ts';
import { addDays, timestampOn } from './dates.ts';
import type { Address, OrganisationProfile, Person } from './profile-types.ts';
import type { ConsumerKind, ConsumptionProfile, PricedAgreement } from './billing.ts';
import { demoAssets, demoRelease, stableId } from './releases.ts';

/**
 * The rows of one demo organisation and the small steps that add them: users, accounts,
 * memberships, sites with their services, and agreements.
 *
 * Two seeded generators per organisation: `ids` draws only identifiers (so they do not depend on
 * `today`), `random` draws everything else. Each is consumed in sequence, so the order of the
 * calls decides the data: reorder them and every later row changes.
 */

/** Rows to insert, per table. */
export interface Rows {
  organisations: Insertable<Database['organisations']>[];
  settings_releases: Insertable<Database['settings_releases']>[];
  assets: Insertable<Database['assets']>[];
  users: Insertable<Database['users']>[];
  accounts: Insertable<Database['accounts']>[];
  account_members: Insertable<Database['account_members']>[];
  locations: Insertable<Database['locations']>[];
  location_services: Insertable<Database['location_services']>[];
  agreements: Insertable<Database['agreements']>[];
  invoices: Insertable<Database['invoices']>[];
  third_party_data_inquiries: Insertable<Database['third_party_data_inquiries']>[];
  copy_texts: Insertable<Database['copy_texts']>[];
  provider_customers: Insertable<Database['provider_customers']>[];
  admins: Insertable<Database['admins']>[];
  disruptions: Insertable<Database['disruptions']>[];
  tips: Insertable<Database['tips']>[];
  customer_sign_in_days: Insertable<Database['customer_sign_in_days']>[];
}

export const emptyRows = (): Rows => ({
  organisations: [],
  settings_releases: [],
  assets: [],
  users: [],
  accounts: [],
  account_members: [],
  locations: [],
  location_services: [],
  agreements: [],
  invoices: [],
  third_party_data_inquiries: [],
  copy_texts: [],
  provider_customers: [],
  admins: [],
  disruptions: [],
  tips: [],
  customer_sign_in_days: [],
});

/** A site that gets monthly invoices. */
export interface Billable {
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

export interface SiteSpec {
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

/** A customer account's id and customer number, drawn before its row can be written. */
export interface ReservedAccount {
  id: string;
  customerNumber: string;
}

/** A written site: its location id and the ids of its trade service (which agreements belong to) and grid service. */
export interface Site {
  id: string;
  tradeServiceId: string;
  gridServiceId: string;
}

/** An inquiry about a site's grid meter data, dated `daysAgo` days before today at `hour`:00 UTC. */
export interface InquirySpec {
  inquirer: string;
  daysAgo: number;
  hour: number;
  status: 'pending' | 'accepted' | 'rejected';
}

/** A home drawn at random: its address and the location's `extras` (property type, size, heating…). */
export interface RandomHome {
  address: Address;
  extras: Record<string, unknown>;
}

export interface UserOptions {
  username?: string;
  withPassword?: boolean;
  language: string;
  customerNumber: string | null;
  activeAccountId: string;
  createdDay: string;
}

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

/** One demo organisation being built: its organisation row is written on construction. */
export class OrganisationBuilder {
  readonly profile: OrganisationProfile;
  /** The reference date, 'YYYY-MM-DD'. */
  readonly today: string;
  /** Draws identifiers only. */
  readonly ids: Random;
  /** Draws everything but identifiers. */
  readonly random: Random;
  readonly rows: Rows = emptyRows();
  /** The sites that get monthly invoices, in the order their invoices are numbered within a month. */
  readonly billables: Billable[] = [];
  readonly organisationId: string;
  /** The day the organisation was created, 1200 days before `today`. */
  readonly organisationDay: string;
  private readonly passwordHash: string;
  private readonly usedEmails = new Set<string>();
  private customerNumber: number;

  constructor(profile: OrganisationProfile, today: string, passwordHash: string) {
    this.profile = profile;
    this.today = today;
    this.passwordHash = passwordHash;
    this.ids = createRandom(`gridline-demo:${profile.slug}:ids`);
    this.random = createRandom(`gridline-demo:${profile.slug}:data`);
    this.organisationId = this.ids.id();
    this.organisationDay = addDays(today, -1200);
    this.customerNumber = this.random.int(1_204_000, 1_206_000);

    this.rows.organisations.push({
      id: this.organisationId,
      slug: profile.slug,
      name: profile.name,
      country: profile.country,
      currency: profile.currency,
      created_at: timestampOn(this.organisationDay, 8),
    });
    for (const { file: _, ...asset } of demoAssets(profile)) {
      this.rows.assets.push({ ...asset, organisation_id: this.organisationId, created_at: new Date(timestampOn(this.organisationDay, 9)), created_by: 'demo', updated_at: new Date(timestampOn(this.organisationDay, 9)), updated_by: 'demo' });
    }
    const release = demoRelease(profile);
    this.rows.settings_releases.push({
      id: release.id,
      organisation_id: this.organisationId,
      version: 1,
      content: JSON.stringify(release.content),
      // Published the day before the seed (decision 0061), not when the organisation was made
      // 1200 days ago: the Releases page says the demo's settings have been live since then, and
      // the seed stays the same for the same `today` (always in the past when seeded on `today`).
      created_at: timestampOn(addDays(this.today, -1), 9),
      created_by: 'demo',
    });
  }

  /** Adds a user (the e-mail made unique within the organisation) and returns its id. */
  addUser(person: Person, options: UserOptions): string {
    const id = this.ids.id();
    this.rows.users.push({
      id,
      organisation_id: this.organisationId,
      username: options.username ?? null,
      password_hash: options.withPassword ? this.passwordHash : null,
      email: this.uniqueEmail(person.email),
      first_name: person.firstName,
      last_name: person.lastName,
      phone_number: person.phoneNumber,
      language: options.language,
      personal_id: null,
      customer_number: options.customerNumber,
      active_account_id: options.activeAccountId,
      created_at: timestampOn(options.createdDay, 9, this.random.int(0, 59)),
      last_seen: null,
    });
    return id;
  }

  /** Draws the next customer number and an account id; `insertAccount` writes the row once its owner exists. */
  reserveAccount(): ReservedAccount {
    this.customerNumber += this.random.int(11, 997);
    return { id: this.ids.id(), customerNumber: String(this.customerNumber) };
  }

  /** Writes the row of a reserved account. */
  insertAccount(account: ReservedAccount, type: 'CUSTOMER' | 'BUSINESS', ownerId: string, createdDay: string): void {
    this.rows.accounts.push({
      id: account.id,
      organisation_id: this.organisationId,
      type,
      provider_customer_id: account.customerNumber,
      account_owner_id: ownerId,
      created_at: timestampOn(createdDay, 9),
      last_seen: null,
    });
  }

  /** Adds a user's membership of an account. */
  addMember(accountId: string, userId: string, role: 'OWNER' | 'GUEST', createdDay: string, id = this.ids.id()): void {
    this.rows.account_members.push({
      id,
      organisation_id: this.organisationId,
      account_id: accountId,
      user_id: userId,
      role,
      created_at: timestampOn(createdDay, 10),
    });
  }

  /** Adds a location with its two services: trade (the supplier's) and grid. */
  addSite(site: SiteSpec): Site {
    const { ids, random, profile } = this;
    const id = ids.id();
    const siteId = profile.siteId(ids, site.address.zipcode);
    this.rows.locations.push({
      id,
      organisation_id: this.organisationId,
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
      organisation_id: this.organisationId,
      location_id: id,
      status,
      reading_period: profile.readingPeriod,
      start_date: site.startDate,
      end_date: site.endDate ?? null,
      provider_site_id: siteId,
    };
    const tradeServiceId = ids.id();
    const gridServiceId = ids.id();
    this.rows.location_services.push(
      {
        ...common,
        id: tradeServiceId,
        type: production ? 'production_trade' : 'consumption_trade',
        properties: JSON.stringify({ priceZone: profile.priceZone }),
      },
      {
        ...common,
        id: gridServiceId,
        type: production ? 'production_grid' : 'consumption_grid',
        properties: JSON.stringify(
          production
            ? { gridOperator: profile.gridOperator, capacityKw: Math.round(random.float(5, 12) * 10) / 10 }
            : { gridOperator: profile.gridOperator, fuse: random.pick(['16A', '20A', '25A']) },
        ),
      },
    );
    return { id, tradeServiceId, gridServiceId };
  }

  /** Adds an agreement on a site's trade service; a fixed one starts at most 700 days ago and runs two or three years. */
  addAgreement(location: Site, type: AgreementType, locationStart: string): PricedAgreement {
    const { random, profile, today } = this;
    const market = profile.market;
    const fixed = type === 'fixed';
    const startDate = fixed ? ([locationStart, addDays(today, -random.int(30, 700))].sort().at(-1) ?? locationStart) : locationStart;
    const endDate = fixed ? addDays(startDate, 365 * random.pick([2, 3])) : null;
    const fixedPrice = fixed ? Math.round(market.fixedPrice * random.float(0.92, 1.1) * 10_000) / 10_000 : undefined;
    const entry = (key: string, value: string | number, template?: string) => ({ key, title: key, value, ...(template ? { template } : {}) });
    const info = [
      entry('status', 'active'),
      entry('startDate', startDate),
      ...(endDate ? [entry('endDate', endDate)] : []),
      fixed && fixedPrice !== undefined
        ? entry('price', Math.round(fixedPrice * 100 * 100) / 100, 'subUnitPerKwh')
        : entry('surcharge', market.surchargeDisplay, 'subUnitPerKwh'),
      entry('monthlyFee', market.supplierMonthlyFee, 'currencyPerMonth'),
      entry('priceZone', profile.priceZone),
    ];
    this.rows.agreements.push({
      id: this.ids.id(),
      organisation_id: this.organisationId,
      location_id: location.id,
      service_id: location.tradeServiceId,
      type,
      service_type: 'consumption_trade',
      start_date: startDate,
      end_date: endDate,
      info: JSON.stringify(info),
    });
    return fixedPrice === undefined ? { type } : { type, fixedPrice };
  }

  /**
   * Adds the grid operator's agreement on a site's grid service (shown as CONSUMPTION_NET):
   * fuse, grid subscription, transfer fee and energy tax. Its id is derived from the site's, and
   * it draws nothing, so the rows after it stay the same.
   */
  addGridAgreement(site: Site, startDate: string, subscription: keyof OrganisationProfile['market']['gridSubscription']): void {
    const { profile } = this;
    const market = profile.market;
    const service = this.rows.location_services.find((row) => row.id === site.gridServiceId);
    const properties = typeof service?.properties === 'string' ? (JSON.parse(service.properties) as { fuse?: string }) : {};
    const entry = (key: string, value: string | number, template?: string) => ({ key, title: key, value, ...(template ? { template } : {}) });
    const info = [
      entry('status', 'active'),
      entry('startDate', startDate),
      entry('gridOperator', profile.gridOperator),
      ...(properties.fuse ? [entry('fuse', properties.fuse)] : []),
      entry('monthlyFee', market.gridSubscription[subscription], 'currencyPerMonth'),
      entry('consumptionPrice', Math.round(market.gridFee * 100 * 100) / 100, 'subUnitPerKwh'),
      entry('energyTax', Math.round(market.energyTax * 100 * 100) / 100, 'subUnitPerKwh'),
    ];
    this.rows.agreements.push({
      id: stableId('gridline-demo', profile.slug, 'grid-agreement', site.id),
      organisation_id: this.organisationId,
      location_id: site.id,
      service_id: site.gridServiceId,
      // The column takes the supplier's agreement types; a grid tariff is a fixed price list.
      type: 'fixed',
      service_type: 'consumption_grid',
      start_date: startDate,
      end_date: null,
      info: JSON.stringify(info),
    });
  }

  /** Adds third-party data inquiries about a site's grid service; ids derived, nothing drawn. */
  addInquiries(site: Site, inquiries: readonly InquirySpec[]): void {
    inquiries.forEach((inquiry, index) => {
      const date = timestampOn(addDays(this.today, -inquiry.daysAgo), inquiry.hour);
      this.rows.third_party_data_inquiries.push({
        id: stableId('gridline-demo', this.profile.slug, 'inquiry', site.id, String(index)),
        organisation_id: this.organisationId,
        service_id: site.gridServiceId,
        inquirer: inquiry.inquirer,
        inquiry_date: date,
        status: inquiry.status,
        status_changed_at: inquiry.status === 'pending' ? null : timestampOn(addDays(this.today, -inquiry.daysAgo + 2), 18),
        created_at: date,
      });
    });
  }

  /** Adds the organisation's own copy texts (group `organisation`) in each of its languages. */
  addOrganisationTexts(texts: Readonly<Record<string, string>>): void {
    for (const language of new Set([this.profile.defaultLanguage, ...this.profile.languages])) {
      for (const [key, value] of Object.entries(texts)) {
        this.rows.copy_texts.push({
          id: stableId('gridline-demo', this.profile.slug, 'copy', language, key),
          organisation_id: this.organisationId,
          copy_group: 'organisation',
          language,
          key,
          value,
          updated_by: 'demo',
        });
      }
    }
  }

  /** Draws a home of the given kind in one of the organisation's cities. */
  randomHome(kind: PropertyType): RandomHome {
    const { random, profile } = this;
    const city = random.pick(profile.cities);
    const apartment = kind === 'APPARTMENT';
    const address: Address = {
      address: profile.streetAddress(random, random.pick(city.streets), apartment),
      zipcode: random.pick(city.zipcodes),
      city: city.city,
      area: city.area,
      ...this.nearby(city),
    };
    const heating = random.pick(apartment ? profile.market.heating.apartment : profile.market.heating.house);
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
  }

  /** Draws an agreement type in the market's mix. */
  pickAgreementType(): AgreementType {
    return pickWeighted(this.random, this.profile.market.agreementMix);
  }

  private uniqueEmail(email: string): string {
    let candidate = email;
    for (let suffix = 2; this.usedEmails.has(candidate); suffix += 1) candidate = email.replace('@', `${suffix}@`);
    this.usedEmails.add(candidate);
    return candidate;
  }

  /** Coordinates a little off a city's centre. */
  private nearby(city: { latitude: number; longitude: number }): { latitude: number; longitude: number } {
    return {
      latitude: Math.round((city.latitude + this.random.float(-0.025, 0.025)) * 100_000) / 100_000,
      longitude: Math.round((city.longitude + this.random.float(-0.05, 0.05)) * 100_000) / 100_000,
    };
  }
}
