import { visibleLocationStatuses, type ServiceType, type SiteType } from '@gridline/contracts/enums';
import type { Location, Service } from '@gridline/contracts/locations';
import type { Organisation } from '../organisations/service.ts';
import type { LocationsRepository } from './repository.ts';

/** How a platform service type shows in the portal (spec 000's site types). */
const siteTypeOf: Record<ServiceType, SiteType> = {
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
  constructor(repository: LocationsRepository) {
    this.repository = repository;
  }

  /** The locations a customer may see (ACTIVE, ACTIVE_PROCESS, PENDING), in account order. */
  async visibleForAccounts(organisation: Organisation, accountIds: string[]): Promise<Location[]> {
    const rows = await this.repository.forAccounts(organisation.id, accountIds, visibleLocationStatuses);
    const [services, members] = await Promise.all([
      this.repository.services(rows.map((r) => r.id)),
      this.repository.members([...new Set(rows.map((r) => r.account_id).filter((id): id is string => id !== null))]),
    ]);
    const accountOrder = new Map(accountIds.map((id, index) => [id, index]));
    return rows
      .toSorted((a, b) => (accountOrder.get(a.account_id ?? '') ?? 0) - (accountOrder.get(b.account_id ?? '') ?? 0))
      .map((row) => ({
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
        timeZone: organisation.timeZone,
        provider: { siteId: row.provider_site_id },
        services: services.filter((s) => s.location_id === row.id).map(toService),
        extras: row.extras as Location['extras'],
        accountOwner: row.account_owner_id ? { _id: row.account_owner_id } : null,
        users: members.filter((m) => m.account_id === row.account_id).map((m) => m.user_id),
      }));
  }
}

function toService(row: Awaited<ReturnType<LocationsRepository['services']>>[number]): Service {
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
