import { LEGACY_HOUR_MAX_DAYS, type LegacyDataItem, type LegacyDataQuery, type LegacyHourQuery } from '@gridline/contracts/legacy-data';
import type { Location } from '@gridline/contracts/locations';
import type { MeasurementNode } from '@gridline/contracts/measurements';
import { periodOf } from '@gridline/locale/calendar';
import { AppError } from '../../lib/errors.ts';
import type { TokenClaims } from '../auth/tokens.ts';
import type { LocationsService } from '../locations/service.ts';
import type { LatestHour } from '../measurements/incomplete-day.ts';
import type { MeasurementsService } from '../measurements/service.ts';
import type { Organisation, OrganisationsService } from '../organisations/service.ts';
import { assertLength, parseRange } from '../prices/range.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The services a site's data is read from when none is named: the measurements' default, else production. */
const DEFAULT_TYPES = new Set(['consumption_trade', 'consumption_grid', 'heating', 'water']);
const PRODUCTION_TYPES = new Set(['production_trade', 'production_grid']);

interface Site {
  organisation: Organisation;
  location: Location;
  serviceId: string | undefined;
  shared: boolean;
}

/**
 * The legacy data reads of a site (`GET /v3/data/hour|day|month|year`, spec 000 and 001 section 7):
 * the location data of `MeasurementsService` for a site named by `siteId`, answered as the spec's
 * data item. There is no organisation in a `/v3/…` path: the token names it. See decision 0015.
 */
export class LegacyDataService {
  private readonly organisations: OrganisationsService;
  private readonly locations: LocationsService;
  private readonly measurements: MeasurementsService;
  private readonly now: () => number;

  constructor(deps: { organisations: OrganisationsService; locations: LocationsService; measurements: MeasurementsService; now?: () => number }) {
    this.organisations = deps.organisations;
    this.locations = deps.locations;
    this.measurements = deps.measurements;
    this.now = deps.now ?? Date.now;
  }

  /** A local day, month or year of the site with its children (hours, days, months). */
  async period(claims: TokenClaims, unit: 'day' | 'month' | 'year', key: string, query: LegacyDataQuery): Promise<LegacyDataItem> {
    const site = await this.site(claims, query);
    const { node, latest } = await this.measurements.periodWithLatest(site.organisation, claims.userId, site.location._id, unit, key, site.serviceId, {
      addRelated: true,
    });
    const end = periodOf(key, site.organisation.timeZone)!.end;
    return toItem(node, end, latest, site);
  }

  /**
   * The site's hours between `start_date` and `end_date` (at most 31 days); without `start_date`
   * the day of the latest readings (today less the organisation's measurements delay).
   */
  async hours(claims: TokenClaims, query: LegacyHourQuery): Promise<LegacyDataItem> {
    const site = await this.site(claims, query);
    const { organisation } = site;
    const range = parseRange({
      start: query.start_date,
      end: query.end_date,
      fields: ['start_date', 'end_date'],
      timeZone: organisation.timeZone,
      now: new Date(this.now() - organisation.flags.MEASUREMENTS_DELAY_DAYS * DAY_MS),
    });
    assertLength(range, LEGACY_HOUR_MAX_DAYS, 'hour');
    const { node, latest } = await this.measurements.hourSeries(organisation, claims.userId, site.location._id, range.from, range.to, site.serviceId);
    return toItem(node, range.to, latest, site);
  }

  /**
   * The site a user may read: one of the organisation's visible locations of the user's accounts,
   * named by its id or its provider site id (or a service's). Another organisation's or
   * customer's site is 404, as everywhere.
   */
  private async site(claims: TokenClaims, query: LegacyDataQuery): Promise<Site> {
    const organisation = await this.organisations.findById(claims.organisationId);
    if (!organisation) throw new AppError('INVALID_TOKEN');
    const locations = await this.locations.visibleForUser(organisation, claims.userId);
    const { siteId } = query;
    const own = locations.find((l) => l._id === siteId || l.provider.siteId === siteId);
    const byService = own ? undefined : locations.find((l) => l.services.some((s) => s.provider.siteId === siteId));
    const location = own ?? byService;
    if (!location) throw new AppError('NOT_FOUND');
    // The zone's prices and the area's weather are the site's own: another would be silently ignored.
    if (query.zone !== undefined && query.zone !== location.priceZone)
      throw mismatch('zone', `not the price zone of the site (${location.priceZone ?? 'none'})`);
    if (query.area !== undefined && query.area !== location.area) throw mismatch('area', `not the area of the site (${location.area})`);
    let serviceId = query.serviceId;
    if (serviceId === undefined) {
      const candidates = byService ? location.services.filter((s) => s.provider.siteId === siteId) : location.services;
      const metered = candidates.filter((s) => DEFAULT_TYPES.has(s.serviceType));
      const production = candidates.find((s) => PRODUCTION_TYPES.has(s.serviceType));
      // named by a service's own id: that service; a site without consumption: its production
      if (byService) serviceId = (metered[0] ?? production)?._id;
      else if (metered.length === 0) serviceId = production?._id;
    }
    return { organisation, location, serviceId, shared: location.accountOwner?._id !== claims.userId };
  }
}

function mismatch(field: 'zone' | 'area', message: string): AppError {
  const path = `querystring.${field}`;
  return new AppError('VALIDATION_FAILED', { message: `${path}: ${message}`, data: { issues: [{ path, message }] } });
}

/**
 * A measurement node as the spec's data item. `updated`: how far the readings reach (the end of
 * the latest metered hour; a part before it, its own end). `partial`: readings are missing for
 * part of the period (a part without readings, or the readings stop inside it).
 */
function toItem(node: MeasurementNode, end: Date, latest: LatestHour | null, site: Site): LegacyDataItem {
  const latestEnd = latest ? latest.start.getTime() + HOUR_MS : null;
  const metered = (n: MeasurementNode) => n.value.consumption.total !== null || n.value.production.total !== null;
  const item = (n: MeasurementNode, nEnd: number, partsMissing: boolean): LegacyDataItem => {
    const has = metered(n);
    const start = Date.parse(n.date);
    const reach = has ? (latestEnd !== null && latestEnd > start && latestEnd < nEnd ? latestEnd : nEnd) : null;
    const partial = has ? partsMissing || reach! < nEnd : null;
    const energy = (total: number | null) =>
      total === null
        ? { total: null, certainty: null, cost: null, partial: null, source: null }
        : { total, certainty: n.value.consumption.certainty, cost: n.value.cost.total, partial, source: 'measured' as const };
    return {
      dateKey: n.dateKey,
      date: n.date,
      updated: reach === null ? null : new Date(reach).toISOString(),
      shared: site.shared,
      value: { ...n.value, consumption: energy(n.value.consumption.total), production: energy(n.value.production.total) },
      children: [],
    };
  };
  const children = node.children.map((child, i) => item(child, i + 1 < node.children.length ? Date.parse(node.children[i + 1]!.date) : end.getTime(), false));
  return {
    ...item(
      node,
      end.getTime(),
      node.children.some((c) => !metered(c)),
    ),
    children,
  };
}
