import { keyOf } from '@gridline/locale/calendar';
import { homePropertyTypes, NO_GADGETS, NO_SECONDARY_HEATING, NO_VEHICLE } from '@gridline/contracts/home';
import {
  AUDIENCE_EXAMPLES,
  matchesSegment,
  propertyAgeOf,
  segmentZoneFlags,
  type Audience,
  type SegmentAttributes,
  type SegmentRuleSet,
} from '@gridline/contracts/segments';
import type { FavoriteAvailability } from '@gridline/contracts/settings-modules';
import type { LocationAttributes } from '@gridline/contracts/endpoints/segments';
import { AppError } from '../../lib/errors.ts';
import type { Organisation } from '../organisations/service.ts';
import type { AudienceLocationRow, SegmentsRepository } from './repository.ts';

const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined);
const numberOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * A location's segment attributes (spec 002 §3) from its row (decision 0052). Home details come
 * from the location's extras as the customer described them: an attribute the customer never
 * described (no `cars`, no `gadgets`, no heating) is left out, so that it matches only the
 * negative operators. `hasDeviationsEnabled` has no source in the data and is always left out.
 */
export function attributesOf(row: AudienceLocationRow, year: number): SegmentAttributes {
  const extras = row.extras ?? {};
  const cars = strings(extras.cars)?.filter((c) => c !== NO_VEHICLE);
  const gadgets = strings(extras.gadgets)?.filter((g) => g !== NO_GADGETS);
  const primary = typeof extras.heating === 'string' ? [extras.heating] : [];
  const secondary = strings(extras.heatingSecondary)?.filter((h) => h !== NO_SECONDARY_HEATING) ?? [];
  const heating = [...new Set([...primary, ...secondary])];
  const propertyType = typeof extras.propertyType === 'string' && (homePropertyTypes as readonly string[]).includes(extras.propertyType) ? extras.propertyType : undefined;
  const attributes: SegmentAttributes = {
    hasLoadTariffs: row.has_load_tariffs,
    hasRealtimeMeasurements: row.has_realtime,
    hasCost: row.has_cost,
    agreementTypes: row.agreement_types,
    serviceTypes: row.service_types,
    readingPeriods: row.reading_periods,
    propertyAge: propertyAgeOf(extras.houseAge, year),
    zipCode: row.zipcode,
    city: row.city,
    hasLocationProperties: Object.values(extras).some((v) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)),
  };
  if (cars) {
    attributes.carTypes = [...new Set(cars)];
    attributes.carCount = cars.length;
  }
  if (propertyType) attributes.propertyType = propertyType;
  const size = numberOf(extras.size);
  if (size !== undefined) attributes.propertySize = size;
  const residents = numberOf(extras.numberOfResidens);
  if (residents !== undefined) attributes.numberOfResidents = residents;
  if (gadgets) attributes.appliances = [...new Set(gadgets)];
  if (heating.length > 0) attributes.heatingTypes = heating;
  if (row.price_zone) attributes.priceZones = [row.price_zone];
  for (const flag of segmentZoneFlags) attributes[flag] = row.price_zone === flag.slice(2);
  return attributes;
}

/**
 * Audiences (issue 18, decision 0052): how many of an organisation's locations a rule set matches
 * now. The locations' attributes come from one read of the organisation's data; the rule set is
 * evaluated by the one evaluator of the contracts (`matchesSegment`), the same the back office's
 * previews use. A read: no audit entry.
 */
export class SegmentsService {
  private readonly repository: SegmentsRepository;
  private readonly now: () => number;

  constructor(repository: SegmentsRepository, deps: { now?: (() => number) | undefined } = {}) {
    this.repository = repository;
    this.now = deps.now ?? Date.now;
  }

  async audience(organisation: Pick<Organisation, 'id' | 'timeZone'>, ruleSet: SegmentRuleSet): Promise<Audience> {
    const today = keyOf(new Date(this.now()), 'day', organisation.timeZone);
    const year = Number(today.slice(0, 4));
    const rows = await this.repository.audienceLocations(organisation.id, today);
    let matched = 0;
    const examples: Audience['examples'] = [];
    for (const row of rows) {
      if (!matchesSegment(ruleSet, attributesOf(row, year))) continue;
      matched += 1;
      if (examples.length < AUDIENCE_EXAMPLES) examples.push({ locationId: row.id, customerName: row.customer_name, address: row.address, city: row.city });
    }
    return { matched, total: rows.length, examples };
  }

  private today(organisation: { timeZone?: string | undefined }): string {
    return keyOf(new Date(this.now()), 'day', organisation.timeZone ?? 'UTC');
  }

  /** One location's attributes now, as `audience` evaluates them (the home-module preview, decision 0058); 404 outside the organisation. */
  async locationAttributes(organisation: Pick<Organisation, 'id' | 'timeZone'>, locationId: string): Promise<LocationAttributes> {
    const today = this.today(organisation);
    const [row] = await this.repository.audienceLocations(organisation.id, today, locationId);
    if (!row) throw new AppError('NOT_FOUND', { message: `No location ${locationId}` });
    return { locationId: row.id, customerName: row.customer_name, address: row.address, city: row.city, attributes: attributesOf(row, Number(today.slice(0, 4))) as LocationAttributes['attributes'] };
  }

  /**
   * Which conditional favorites (spec 002 §3) the organisation can offer, from its data (decision
   * 0058): waste removal and recycling central where a location has a waste service, load peaks
   * where one is on a grid tariff with a power fee, a realtime provider where one has realtime measurements.
   */
  async availableFavorites(organisation: { id: string; timeZone?: string | undefined }): Promise<FavoriteAvailability> {
    const rows = await this.repository.audienceLocations(organisation.id, this.today(organisation));
    const waste = rows.some((r) => r.service_types.includes('waste'));
    return {
      WasteRemovalFavorite: waste,
      RecyclingCentralFavorite: waste,
      LoadPeaksFavorite: rows.some((r) => r.has_load_tariffs),
      RealtimeProviderFavorite: rows.some((r) => r.has_realtime),
    };
  }
}
