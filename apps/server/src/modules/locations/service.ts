import type { ServiceType, SiteType } from '@gridline/contracts/enums';
import type { HomeExtrasUpdate } from '@gridline/contracts/home';
import type { Location, Service } from '@gridline/contracts/locations';
import { AppError } from '../../lib/errors.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { Organisation } from '../organisations/service.ts';
import type { LocationRow, LocationsRepository } from './repository.ts';

/** How a platform service type shows in the portal (spec 000's site types). */
export const siteTypeOf: Record<ServiceType, SiteType> = {
  consumption_trade: 'CONSUMPTION',
  consumption_grid: 'CONSUMPTION_NET',
  production_trade: 'PRODUCTION',
  production_grid: 'PRODUCTION_NET',
  heating: 'HEATING',
  cooling: 'COOLING',
  gas_trade: 'GAS',
  gas_grid: 'GAS_NET',
  broadband: 'BROADBAND',
  tv: 'TV',
  water: 'WATER',
  waste: 'WASTE',
};

export class LocationsService {
  private readonly repository: LocationsRepository;
  private readonly accounts: AccountsService;
  private readonly reads: ReadCache;
  constructor(repository: LocationsRepository, accounts: AccountsService, reads: ReadCache) {
    this.repository = repository;
    this.accounts = accounts;
    this.reads = reads;
  }

  /** The locations a customer may see (ACTIVE, ACTIVE_PROCESS, PENDING) over all their accounts. */
  async visibleForUser(organisation: Organisation, userId: string): Promise<Location[]> {
    return this.fromRows(organisation, await this.repository.forUser(organisation.id, userId));
  }

  /** Locations as the API shows them, from rows read by `visibleLocationsOfMember` (here or nested in another read). */
  fromRows(organisation: Organisation, rows: readonly LocationRow[]): Location[] {
    return rows.map((row) => toLocation(row, organisation.timeZone));
  }

  /** The visible locations of one account; 404 unless the user is one of its members. */
  async visibleForAccount(organisation: Organisation, userId: string, accountId: string): Promise<Location[]> {
    // On every dashboard load: kept until the user or the account changes (decision 0033).
    return this.reads.get(`locations ${organisation.id} ${organisation.timeZone} ${userId} ${accountId}`, async () => {
      const rows = /^[0-9a-f]{24}$/.test(accountId) ? await this.repository.forUser(organisation.id, userId, accountId) : [];
      // No rows: either no visible location or no membership; only then is membership looked up.
      if (rows.length === 0) await this.accounts.assertMember(organisation.id, userId, accountId);
      return { value: this.fromRows(organisation, rows), tags: [`u:${userId}`, `a:${accountId}`, `o:${organisation.id}`] };
    });
  }

  /**
   * Staff (decision 0038): the locations of accounts the caller has already been allowed to see,
   * in any status; paged and filtered by their services when asked.
   */
  async ofAccountsForStaff(organisation: Organisation, accountIds: readonly string[], filter: { serviceTypes?: readonly string[] | undefined; serviceStatuses?: readonly string[] | undefined; limit?: number; page?: number } = {}) {
    const { rows, total } = await this.repository.ofAccountsForStaff(organisation.id, accountIds, {
      serviceTypes: filter.serviceTypes,
      serviceStatuses: filter.serviceStatuses,
      ...(filter.limit !== undefined ? { limit: filter.limit, offset: ((filter.page ?? 1) - 1) * filter.limit } : {}),
    });
    return { locations: rows.map((row) => toLocation(row, organisation.timeZone)), total };
  }

  /**
   * Staff (decision 0038): changes the home details of a location of an account (any status),
   * answering the location and its extras before and after; 404 unless both are the organisation's.
   */
  async updateExtrasForStaff(organisation: Organisation, accountId: string, locationId: string, extras: HomeExtrasUpdate): Promise<{ location: Location; before: Record<string, unknown> }> {
    const before = await this.repository.mergeExtrasForStaff({ organisationId: organisation.id, accountId, locationId }, extras);
    if (!before) throw new AppError('NOT_FOUND');
    const { locations } = await this.ofAccountsForStaff(organisation, [accountId]);
    const location = locations.find((l) => l._id === locationId);
    if (!location) throw new AppError('NOT_FOUND');
    return { location, before };
  }

  /**
   * One visible location of an account (`GET …/locations/accounts/{accountId}/location?id`);
   * 404 unless it is the organisation's, of that account, visible, and the user a member.
   */
  async oneForAccount(organisation: Organisation, userId: string, accountId: string, locationId: string): Promise<Location> {
    const rows = isId(accountId) && isId(locationId) ? await this.repository.forUser(organisation.id, userId, accountId, locationId) : [];
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND');
    return toLocation(row, organisation.timeZone);
  }

  /**
   * Changes a location's home details (`PATCH …/locations/accounts/{accountId}/location?id`,
   * spec 000 §4.7): the given fields replace the stored ones, the others (ageMix, houseAge…)
   * stay. The extras were checked against `HomeExtrasUpdate` by the route; the same access as
   * reading it, decided in the one write; answers the updated location.
   */
  async updateExtras(organisation: Organisation, userId: string, accountId: string, locationId: string, extras: HomeExtrasUpdate): Promise<Location> {
    if (!isId(accountId) || !isId(locationId)) throw new AppError('NOT_FOUND');
    const changed = await this.repository.mergeExtras(
      { organisationId: organisation.id, userId, accountId, locationId },
      extras,
    );
    if (!changed) throw new AppError('NOT_FOUND');
    return this.oneForAccount(organisation, userId, accountId, locationId);
  }
}

const isId = (value: string) => /^[0-9a-f]{24}$/.test(value);

function toLocation(row: Omit<LocationRow, 'total'>, timeZone: string): Location {
  return {
    _id: row.id,
    accountId: row.account_id,
    status: row.status as Location['status'],
    startDate: row.start_date,
    type: row.type as Location['type'],
    position: { address: row.address, zipcode: row.zipcode, city: row.city },
    address: row.address,
    zipCode: row.zipcode,
    city: row.city,
    area: row.area,
    priceZone: row.price_zone as Location['priceZone'],
    pricezone: row.price_zone as Location['priceZone'],
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone,
    provider: { siteId: row.provider_site_id },
    services: row.services.map(toService),
    extras: row.extras as Location['extras'],
    accountOwner: row.account_owner_id ? { _id: row.account_owner_id } : null,
    users: row.members.map((m) => m.user_id),
  };
}

function toService(row: LocationRow['services'][number]): Service {
  return {
    _id: row.id,
    type: siteTypeOf[row.type as ServiceType],
    serviceType: row.type as ServiceType,
    status: row.status as Service['status'],
    readingPeriod: row.reading_period as Service['readingPeriod'],
    startDate: row.start_date,
    endDate: row.end_date,
    provider: { siteId: row.provider_site_id },
  };
}
