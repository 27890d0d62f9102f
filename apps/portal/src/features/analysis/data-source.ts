import type { Location } from '@gridline/contracts/locations';

/** Whose data: a location and one of its services. */
export interface DataSource {
  locationId: string;
  serviceId: string;
}

/**
 * Where production is read: a production service of the location itself, or of a production
 * site of the same account at the same address (production sites are left out of the location
 * picker, so their figures are shown here). Null when the location produces nothing.
 */
export function productionSourceOf(selected: Location, locations: readonly Location[]): DataSource | null {
  const own = selected.services.find((s) => s.type === 'PRODUCTION');
  if (own) return { locationId: selected._id, serviceId: own._id };
  const sameSite = (l: Location) =>
    l.type === 'PRODUCTION' &&
    l.accountId === selected.accountId &&
    l.position.address === selected.position.address &&
    l.position.zipcode === selected.position.zipcode;
  for (const location of locations.filter(sameSite)) {
    const service = location.services.find((s) => s.type === 'PRODUCTION');
    if (service) return { locationId: location._id, serviceId: service._id };
  }
  return null;
}
