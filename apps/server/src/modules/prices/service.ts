import type { Currency, PriceZone } from '@gridline/contracts/enums';
import { PriceZone as PriceZones } from '@gridline/contracts/enums';
import type { SpotPriceAverage, SpotPriceResolution, SpotPriceSeries, StoredSpotPrices, ZoneSpotPrices } from '@gridline/contracts/prices';
import { parseDateKey, periodOf } from '@gridline/locale/calendar';
import { currencyFor, timeZoneFor } from '@gridline/locale/languages';
import { AppError } from '../../lib/errors.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import { categorise, convert, mean, meanByBucket, round6, toQuarters, type Priced } from './compute.ts';
import { assertLength, canonicalTimeZone, parseRange, type Range } from './range.ts';
import type { Bucket, PricesRepository } from './repository.ts';

/** The longest range each resolution answers, in days (a year of hours is 8 784 values). */
export const MAX_DAYS = { '15m': 31, hour: 366, day: 366, stored: 31, average: 366 } as const;

/** What the caller named; everything optional falls back to the organisation, then to the zone. */
export interface PriceAsk {
  zone: string;
  start?: string | undefined;
  end?: string | undefined;
  /** The query's names of the two bounds, for the error's `data.field`. */
  fields: readonly [string, string];
  timeZone?: string | undefined;
  currency?: Currency | undefined;
  /** An organisation slug whose currency and time zone are the defaults. */
  organisation?: string | undefined;
}

interface Frame {
  zone: PriceZone;
  currency: Currency;
  unit: string;
  timeZone: string;
}

const bucketOf: Record<SpotPriceResolution, Bucket | null> = { '15m': null, hour: 'hour', day: 'day' };

/**
 * Spot prices for anyone (public market data): a zone's prices in a currency per kWh excluding
 * VAT, as published or as means over local hours, days or months of the asked time zone.
 */
export class PricesService {
  private readonly repository: PricesRepository;
  private readonly organisations: Pick<OrganisationsService, 'getBySlug'>;
  private readonly now: () => number;

  constructor(deps: { repository: PricesRepository; organisations: Pick<OrganisationsService, 'getBySlug'>; now?: () => number }) {
    this.repository = deps.repository;
    this.organisations = deps.organisations;
    this.now = deps.now ?? Date.now;
  }

  /** Prices at a resolution: quarter-hours (an hourly price repeated), or means per local hour or day. */
  async series(ask: PriceAsk, resolution: SpotPriceResolution): Promise<SpotPriceSeries> {
    const frame = await this.frame(ask);
    const range = this.range(ask, frame, MAX_DAYS[resolution], resolution);
    const priced = await this.priced(frame, range, bucketOf[resolution]);
    const spotPrices = resolution === '15m' ? toQuarters(priced) : meanByBucket(priced);
    return { ...frame, ...iso(range), resolution, spotPrices };
  }

  /** The prices as published: 15 or 60 minutes each. */
  async stored(ask: PriceAsk): Promise<StoredSpotPrices> {
    const frame = await this.frame(ask);
    const range = this.range(ask, frame, MAX_DAYS.stored, 'stored');
    const priced = await this.priced(frame, range, null);
    const spotPrices = priced.map((p) => ({ date: p.start.toISOString(), value: round6(p.value), minutes: p.minutes === 15 ? (15 as const) : (60 as const) }));
    return { ...frame, ...iso(range), spotPrices };
  }

  /** The time-weighted mean over the range. */
  async average(ask: PriceAsk): Promise<SpotPriceAverage> {
    const frame = await this.frame(ask);
    const range = this.range(ask, frame, MAX_DAYS.average, 'average');
    const value = mean(await this.priced(frame, range, null));
    return { ...frame, ...iso(range), spotPrice: value === null ? null : { date: range.from.toISOString(), value: round6(value) } };
  }

  /** Legacy `/v3/data/zone/{zone}/hour`: hourly means over a range, and their mean. */
  async zoneHours(ask: PriceAsk): Promise<ZoneSpotPrices> {
    const frame = await this.frame(ask);
    const range = this.range(ask, frame, MAX_DAYS.hour, 'hour');
    return this.aggregate(frame, range, null, 'hour', false);
  }

  /** Legacy `/v3/data/zone/{zone}/day/{date}`: the local day's hours (categorised when asked) and its mean. */
  async zoneDay(ask: PriceAsk, date: string, category: boolean): Promise<ZoneSpotPrices> {
    const frame = await this.frame(ask);
    return this.aggregate(frame, this.period(date, 'day', frame.timeZone), date, 'hour', category);
  }

  /** Legacy `/v3/data/zone/{zone}/month/{month}`: the local month's days and its mean. */
  async zoneMonth(ask: PriceAsk, month: string): Promise<ZoneSpotPrices> {
    const frame = await this.frame(ask);
    return this.aggregate(frame, this.period(month, 'month', frame.timeZone), month, 'day', false);
  }

  private async aggregate(frame: Frame, range: Range, dateKey: string | null, bucket: Bucket, category: boolean): Promise<ZoneSpotPrices> {
    const priced = await this.priced(frame, range, bucket);
    const children = meanByBucket(priced);
    const value = mean(priced);
    return {
      ...frame,
      ...iso(range),
      dateKey,
      spotPrice: value === null ? null : { date: range.from.toISOString(), value: round6(value) },
      spotPrices: category ? categorise(children) : children,
    };
  }

  private period(key: string, unit: 'day' | 'month', timeZone: string): Range {
    const period = parseDateKey(key)?.unit === unit ? periodOf(key, timeZone) : null;
    if (!period) throw new AppError('INVALID_DATE_KEY', { data: { key, unit } });
    return { from: period.start, to: period.end };
  }

  private range(ask: PriceAsk, frame: Frame, maxDays: number, resolution: string): Range {
    const range = parseRange({ start: ask.start, end: ask.end, fields: ask.fields, timeZone: frame.timeZone, now: new Date(this.now()) });
    assertLength(range, maxDays, resolution);
    return range;
  }

  private async priced(frame: Frame, range: Range, bucket: Bucket | null): Promise<Priced[]> {
    const rateCurrency = frame.currency === 'EUR' ? null : frame.currency;
    return convert(await this.repository.prices(frame.zone, range.from, range.to, rateCurrency, bucket, frame.timeZone), frame.currency);
  }

  /** The zone, currency and time zone of a read, each checked: 400 with a key, never a guess. */
  private async frame(ask: PriceAsk): Promise<Frame> {
    const parsed = PriceZones.safeParse(ask.zone);
    if (!parsed.success) throw new AppError('UNKNOWN_PRICE_ZONE', { data: { zone: ask.zone, zones: PriceZones.options } });
    const zone = parsed.data;
    const organisation = ask.organisation !== undefined ? await this.organisations.getBySlug(ask.organisation) : undefined;
    const currency = ask.currency ?? organisation?.currency ?? currencyFor(zone.slice(0, 2) as 'SE' | 'NO' | 'FI' | 'AT');
    const timeZone = canonicalTimeZone(ask.timeZone ?? organisation?.timeZone ?? timeZoneFor(zone));
    if (!(await this.repository.knowsTimeZone(timeZone))) throw new AppError('INVALID_TIME_ZONE', { data: { timeZone } });
    return { zone, currency, unit: `${currency}/kWh`, timeZone };
  }
}

const iso = (range: Range) => ({ from: range.from.toISOString(), to: range.to.toISOString() });
