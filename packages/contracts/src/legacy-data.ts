import { z } from 'zod';
import { Id } from './common.ts';
import { PriceZone } from './enums.ts';
import { MeasurementValue } from './measurements.ts';

/**
 * The legacy data reads of a site (spec 000 section 7 "Data", spec 001 section 7 "Legacy data"):
 * `GET /v3/data/hour?siteId&start_date&end_date` and `GET /v3/data/{day|month|year}/{key}?siteId`.
 * The zone forms (`/v3/data/zone/{zone}/…`) are in `prices.ts`.
 *
 * The answer is the spec's data item (spec 001 section 3: `date, dateKey, updated, shared,
 * children, value` with `total, cost, certainty, partial, source` per type) laid over the
 * measurement node, so that a client of either reads it: `value` holds every field of the node's
 * value, and its energy entry (`consumption`, or `production` for a production site) also carries
 * the period's `cost`, `partial` and `source`.
 */

/** `siteId`: the location's id or its provider site id (`provider.siteId`, e.g. a GSRN). */
const SiteQuery = {
  siteId: z.string().min(1).max(64),
  /** One of the site's services; its consumption service when left out. */
  serviceId: Id.optional(),
  /** The site's own price zone and weather area, when named (another is a 400, never silently replaced). */
  zone: PriceZone.optional(),
  area: z.string().max(64).optional(),
};

export const LegacyDataParams = z.object({ key: z.string().max(20) });
export const LegacyDataQuery = z.object(SiteQuery);
export type LegacyDataQuery = z.infer<typeof LegacyDataQuery>;

/**
 * The hours between two bounds, each a day (`2025-03-30`, the site's local day; an end day is
 * included) or an instant with an offset (an end instant is excluded); today when left out.
 */
export const LegacyHourQuery = z.object({
  ...SiteQuery,
  start_date: z.string().max(40).optional(),
  end_date: z.string().max(40).optional(),
});
export type LegacyHourQuery = z.infer<typeof LegacyHourQuery>;

/** The hour read covers at most this many days. */
export const LEGACY_HOUR_MAX_DAYS = 31;

const Energy = z.object({
  /** kWh (m3 for water); null without readings. */
  total: z.number().nullable(),
  /** 0–1, the lowest of the period's readings. */
  certainty: z.number().nullable(),
  /** The period's cost incl. VAT in the organisation's currency (as `value.cost.total`). */
  cost: z.number().nullable(),
  /** True when readings are missing for part of the period; null without readings. */
  partial: z.boolean().nullable(),
  /** `measured`: from meter readings (there are no forecasts); null without readings. */
  source: z.literal('measured').nullable(),
});

export const LegacyDataValue = MeasurementValue.extend({ consumption: Energy, production: Energy });
export type LegacyDataValue = z.infer<typeof LegacyDataValue>;

export type LegacyDataItem = {
  dateKey: string;
  date: string;
  /** How far the period's readings reach: the end of its latest metered hour; null without readings. */
  updated: string | null;
  /** True when the site is shared with the user (the user is not its account's owner). */
  shared: boolean;
  value: LegacyDataValue;
  children: LegacyDataItem[];
};
export const LegacyDataItem: z.ZodType<LegacyDataItem> = z.lazy(() =>
  z.object({
    dateKey: z.string(),
    date: z.string(),
    updated: z.string().nullable(),
    shared: z.boolean(),
    value: LegacyDataValue,
    children: z.array(LegacyDataItem),
  }),
);
