import { z } from 'zod';
import { Currency, PriceZone } from './enums.ts';

/**
 * Spot prices (spec 001 section 7 "Spot prices", spec 000 section 7): day-ahead market prices per
 * price zone, public market data. Every value is in the asked currency per kWh, excluding VAT,
 * rounded to 6 decimals; `date` is the first instant of the interval or bucket (ISO 8601, UTC).
 */
export const SpotPrice = z.object({ date: z.string(), value: z.number() });
export type SpotPrice = z.infer<typeof SpotPrice>;

/** A price as published: its interval is 15 or 60 minutes long. */
export const StoredSpotPrice = SpotPrice.extend({ minutes: z.union([z.literal(15), z.literal(60)]) });
export type StoredSpotPrice = z.infer<typeof StoredSpotPrice>;

/** A price of the legacy day read, with its third of the day when asked (`category`). */
export const CategorisedSpotPrice = SpotPrice.extend({ category: z.enum(['good', 'intermediate', 'bad']).optional() });
export type CategorisedSpotPrice = z.infer<typeof CategorisedSpotPrice>;

export const spotPriceResolutions = ['15m', 'hour', 'day'] as const;
export const SpotPriceResolution = z.enum(spotPriceResolutions);
export type SpotPriceResolution = z.infer<typeof SpotPriceResolution>;

/** What every price answer says about itself: where, in what, over which instants [from, to). */
const PriceFrame = z.object({
  zone: PriceZone,
  currency: Currency,
  /** `SEK/kWh`, `NOK/kWh`, `EUR/kWh`; always excluding VAT. */
  unit: z.string(),
  /** The IANA zone that local days and hours were cut in. */
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
});

export const SpotPriceSeries = PriceFrame.extend({ resolution: SpotPriceResolution, spotPrices: z.array(SpotPrice) });
export type SpotPriceSeries = z.infer<typeof SpotPriceSeries>;

export const StoredSpotPrices = PriceFrame.extend({ spotPrices: z.array(StoredSpotPrice) });
export type StoredSpotPrices = z.infer<typeof StoredSpotPrices>;

/** The time-weighted mean over [from, to); null when no price is known there. */
export const SpotPriceAverage = PriceFrame.extend({ spotPrice: SpotPrice.nullable() });
export type SpotPriceAverage = z.infer<typeof SpotPriceAverage>;

/** The legacy zone reads: the period's mean and its children (hours of a day, days of a month). */
export const ZoneSpotPrices = PriceFrame.extend({
  /** `2025-10-26` (day), `2025-10` (month); null for the hour read over a range. */
  dateKey: z.string().nullable(),
  spotPrice: SpotPrice.nullable(),
  spotPrices: z.array(CategorisedSpotPrice),
});
export type ZoneSpotPrices = z.infer<typeof ZoneSpotPrices>;

/**
 * A day (`2025-10-26`, the local day in the time zone; an end day is included) or an instant
 * with an offset (`2025-10-26T00:00:00Z`, `2025-10-26T02:00+01:00`; an end instant is excluded).
 */
const DateText = z.string().max(40);
const TimeZoneText = z.string().max(64);
/** `?category`, `?category=true` or `=1` turn it on. */
const Flag = z
  .string()
  .max(5)
  .optional()
  .transform((value) => value !== undefined && value !== 'false' && value !== '0');

/** Shared by every price read: the organisation (slug) whose currency and time zone are the defaults. */
const PriceDefaults = {
  currency: Currency.optional(),
  organisation: z.string().max(64).optional(),
};

export const ZoneParams = z.object({ zone: z.string().max(20) });
export const AreaParams = z.object({ area: z.string().max(20) });

/** `GET /v3/data/storage/zone/{zone}/spotprices` and `GET /v3/data/spotprices/delivery-area/{area}/average`. */
export const SpotPriceSeriesQuery = z.object({
  resolution: SpotPriceResolution.default('hour'),
  startDate: DateText.optional(),
  endDate: DateText.optional(),
  timeZone: TimeZoneText.optional(),
  ...PriceDefaults,
});
export type SpotPriceSeriesQuery = z.infer<typeof SpotPriceSeriesQuery>;

export const SpotPriceAverageQuery = SpotPriceSeriesQuery.omit({ resolution: true });

/** `GET /v3/data/storage/zone/{zone}`: the prices as stored, or bucketed when `resolution` is given. */
export const StoredSpotPriceQuery = z.object({
  from_date: DateText.optional(),
  to_date: DateText.optional(),
  timezone: TimeZoneText.optional(),
  resolution: SpotPriceResolution.optional(),
  ...PriceDefaults,
});

/** `GET /v3/data/spotprices/delivery-area/{area}` (ours): the form by area and currency. */
export const AreaSpotPriceQuery = z.object({
  startTime: DateText.optional(),
  endTime: DateText.optional(),
  resolution: SpotPriceResolution.default('hour'),
  timeZone: TimeZoneText.optional(),
  ...PriceDefaults,
});

/** The legacy zone reads: `/v3/data/zone/{zone}/hour`, `/day/{date}`, `/month/{month}`. */
export const ZoneHourQuery = z.object({
  start_date: DateText.optional(),
  end_date: DateText.optional(),
  timezone: TimeZoneText.optional(),
  ...PriceDefaults,
});
export const ZoneDayQuery = z.object({ category: Flag, timezone: TimeZoneText.optional(), ...PriceDefaults });
export const ZoneMonthQuery = z.object({ timezone: TimeZoneText.optional(), ...PriceDefaults });
export const ZoneDayParams = ZoneParams.extend({ date: z.string().max(20) });
export const ZoneMonthParams = ZoneParams.extend({ month: z.string().max(20) });
