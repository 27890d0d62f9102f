import { visibleLocationStatuses, type LocationStatus, type SiteType } from '@gridline/contracts/enums';

/** The fields of a location (and of a user's account) that the rules below look at. */
export interface LocationLike {
  _id: string;
  accountId: string | null;
  status: LocationStatus;
  type: SiteType;
}

export interface AccountLike {
  accountId: string;
}

const shownStatuses: ReadonlySet<LocationStatus> = new Set(visibleLocationStatuses);

/**
 * The locations the location picker offers (spec 000 §2.2): production sites are left out, and
 * only ACTIVE, ACTIVE_PROCESS and PENDING ones are shown. The order is kept.
 */
export function selectableLocations<T extends LocationLike>(locations: readonly T[]): T[] {
  return locations.filter((location) => location.type !== 'PRODUCTION' && shownStatuses.has(location.status));
}

/**
 * The location selected at start: the remembered one if it is still selectable, else the first
 * location of the first account (in the user's account order) that has one, else the first
 * selectable location. `null` when nothing is selectable.
 */
export function initialLocation<T extends LocationLike>(
  accounts: readonly AccountLike[],
  locations: readonly T[],
  rememberedId?: string | null,
): T | null {
  const selectable = selectableLocations(locations);
  if (rememberedId) {
    const remembered = selectable.find((location) => location._id === rememberedId);
    if (remembered) return remembered;
  }
  for (const account of accounts) {
    const first = selectable.find((location) => location.accountId === account.accountId);
    if (first) return first;
  }
  return selectable[0] ?? null;
}
