import type { Distribution, LoadAnswer, MeasurementNode, MeasurementValue, ServicesData } from '@gridline/contracts/measurements';
import type { ServiceType } from '@gridline/contracts/enums';
import { siteTypeOf } from '../locations/service.ts';
import { childPeriods, keyOf, periodOf, stepKey, type Period } from '@gridline/locale/calendar';
import { timestamptzArray } from '../../lib/binary-arrays.ts';
import { AppError } from '../../lib/errors.ts';
import type { Organisation } from '../organisations/service.ts';
import type { MeasurementsRepository, ReadingInput } from './repository.ts';

/** A reading to write (`write`): the shape other modules hand over. */
export type { ReadingInput } from './repository.ts';
import { dropIncompleteLastDay, INCOMPLETE_DAY_HOURS, type LatestHour } from './incomplete-day.ts';
import { decimalSum } from './decimal.ts';

/**
 * A key's period and children: pure functions of (key, zone), remembered because the portal
 * reads the same few periods over and over (the calendar is a fifth of a read's own time).
 */
interface Calendar {
  period: Period;
  children: Period[];
  /** The children's starts as ISO text: the answer's `date`s. */
  starts: string[];
  /** The same as a binary timestamptz[] parameter: what the read asks for, parsed by no one. */
  startsParameter: Buffer;
}
const calendars = new Map<string, Calendar | null>();
function calendarOf(key: string, timeZone: string): Calendar | null {
  const id = `${timeZone}|${key}`;
  let entry = calendars.get(id);
  if (entry === undefined) {
    const period = periodOf(key, timeZone);
    const children = period ? childPeriods(key, timeZone) : [];
    entry = period
      ? { period, children, starts: children.map((c) => c.start.toISOString()), startsParameter: timestamptzArray(children.map((c) => c.start.getTime())) }
      : null;
    if (calendars.size >= 5_000) calendars.clear();
    calendars.set(id, entry);
  }
  return entry;
}

/** A range must run forward and be at most `days` long. */
function checkRange(start: Date, end: Date, days: number): void {
  if (!(end.getTime() > start.getTime())) throw new AppError('INVALID_DATE_RANGE');
  if (end.getTime() - start.getTime() > days * 86_400_000) throw new AppError('DATE_RANGE_TOO_LONG', { data: { maxDays: days } });
}

/** Read options of the portal's data calls (spec 000 section 7). */
export interface ReadOptions {
  /** Temperature, cloud cover, degree days, CO2 intensity and spot price of each period. */
  addRelated?: boolean;
  /** False leaves cost out. */
  calculateCost?: boolean;
}

/** The node without cost, when the caller asked for none. */
function withoutCost(node: MeasurementNode): MeasurementNode {
  return { ...node, value: { ...node.value, cost: { total: null } }, children: node.children.map(withoutCost) };
}

/** The years view shows this many years, the current one last (spec 000 section 9). */
const YEARS_VIEW = 5;

type Unit = 'year' | 'month' | 'week' | 'day';
const keyUnit: Record<Unit, RegExp> = {
  year: /^\d{4}$/,
  month: /^\d{4}-\d{2}$/,
  week: /^\d{4}-W\d{2}$/,
  day: /^\d{4}-\d{2}-\d{2}$/,
};
/** Which roll-up holds the children of a period of each unit. */
const childRollup = { year: 'month', month: 'day', week: 'day', day: 'hour' } as const;

interface Total {
  value: string | null;
  cost: string | null;
  co2: string | null;
  certainty: number | null;
}

/** A roll-up as read: a month's cost includes its month parts (fees and the power tariff). */
interface RollupRow {
  value: string;
  cost: string | null;
  co2: string | null;
  certainty: number;
  fees?: string | null;
  power_cost?: string | null;
}

function totalOf(row: RollupRow | undefined): Total | undefined {
  if (!row) return undefined;
  // most roll-ups (hours, days) have no month parts: their cost is read as it is
  const fees = row.fees ?? null;
  const power = row.power_cost ?? null;
  const cost = row.cost === null || (fees === null && power === null) ? row.cost : decimalSum(fees === null ? [row.cost, power!] : power === null ? [row.cost, fees] : [row.cost, fees, power]);
  return { value: row.value, cost, co2: row.co2, certainty: row.certainty };
}

const PRODUCTION = new Set(['production_trade', 'production_grid']);

const num = (v: string | null) => (v === null ? null : Number(v));

/** The area's and zone's figures for a period (see MeasurementsRepository.related). */
export interface Related {
  temperature: number | null;
  cloud_cover: number | null;
  degree_days: number | null;
  co2: number | null;
  price: number | null;
}

const round = (v: number | null | undefined, digits: number) => (v === null || v === undefined ? null : Number(v.toFixed(digits)));

/** The node's values: a production service's energy is production, any other's consumption. */
function valueOf(total: Total | undefined, production: boolean, related?: Related): MeasurementValue {
  const energy = num(total?.value ?? null);
  return {
    consumption: { total: production ? null : energy, certainty: total?.certainty ?? null },
    cost: { total: num(total?.cost ?? null) },
    // grams of CO2 (spec 000 section 2.9: gCO2, shown as kg above 1000)
    co2cost: { total: num(total?.co2 ?? null) },
    production: { total: production ? energy : null },
    cloudCover: { total: round(related?.cloud_cover, 3) },
    compareDegreeDays: { total: round(related?.degree_days, 2) },
    temperature: { avgHour: round(related?.temperature, 2) },
    price: { avgHour: round(related?.price, 5) },
    co2: { avgHour: round(related?.co2, 1) },
  };
}

/** Sums totals exactly (see `decimalSum`); a cost or CO2 is known only when every part's is. */
function sumTotals(parts: Array<Total | undefined>): Total | undefined {
  const present = parts.filter((p): p is Total => p !== undefined && p.value !== null);
  if (present.length === 0) return undefined;
  const exact = (values: Array<string | null>) => (values.every((c) => c !== null) ? decimalSum(values as string[]) : null);
  return {
    value: decimalSum(present.map((p) => p.value!)),
    cost: exact(present.map((p) => p.cost)),
    co2: exact(present.map((p) => p.co2)),
    certainty: Math.min(...present.map((p) => p.certainty ?? 1)),
  };
}

/**
 * Location data for the analysis views, read from roll-ups only: a period's node and its
 * children, every child period present (gaps as nulls).
 */
export class MeasurementsService {
  private readonly repository: MeasurementsRepository;
  private readonly now: () => number;
  constructor(repository: MeasurementsRepository, now: () => number = Date.now) {
    this.repository = repository;
    this.now = now;
  }

  async period(organisation: Organisation, userId: string, locationId: string, unit: Unit, key: string, serviceId?: string, options: ReadOptions = {}): Promise<MeasurementNode> {
    return (await this.readPeriod(organisation, userId, locationId, unit, key, serviceId, options, false)).node;
  }

  /** `period`; with `withLatest` also the latest metered hour in it, read in the same statement. */
  private async readPeriod(
    organisation: Organisation, userId: string, locationId: string, unit: Unit, key: string, serviceId: string | undefined, options: ReadOptions, withLatest: boolean,
  ): Promise<{ node: MeasurementNode; latest: LatestHour | undefined; lastChildReadings: number | undefined }> {
    // Every location of an organisation is in its country's time zone.
    const timeZone = organisation.timeZone;
    const calendar = keyUnit[unit].test(key) ? calendarOf(key, timeZone) : null;
    if (!calendar || calendar.period.unit !== unit) throw new AppError('INVALID_DATE_KEY', { data: { key, unit } });
    const { period, children: childList, starts, startsParameter } = calendar;
    // A day or month has a roll-up of its own (exact, and with the month parts); a week does not.
    const own = unit === 'day' || unit === 'month' ? unit : undefined;
    const childPeriod = childRollup[unit];
    const [read, related] = await Promise.all([
      this.repository.memberPeriodRollups(organisation.id, userId, locationId, serviceId, childPeriod, startsParameter, own, withLatest ? period : undefined),
      // the location's market and weather; only used once the read proves the user may see it
      options.addRelated ? this.repository.related(organisation.id, locationId, [period, ...childList]) : undefined,
    ]);
    if (!read) throw new AppError('NOT_FOUND');
    const byStart = new Map<number, RollupRow>();
    let ownRow: RollupRow | undefined;
    let last: { start_ms: number; readings: number } | undefined;
    for (const row of read.rows) {
      if (row.period === childPeriod) {
        byStart.set(row.start_ms, row);
        if (!last || row.start_ms > last.start_ms) last = row;
      } else if (row.period === own) ownRow = row;
    }
    const children = childList.map((child) => ({ period: child, total: totalOf(byStart.get(child.start.getTime())) }));
    const node = tree(period, children, PRODUCTION.has(read.service.type), own ? totalOf(ownRow) : undefined, related, starts);
    return { node: options.calculateCost === false ? withoutCost(node) : node, latest: read.latest, lastChildReadings: last?.readings };
  }

  /** The years view: the last five calendar years up to the current one. */
  async years(organisation: Organisation, userId: string, locationId: string, serviceId?: string, options: ReadOptions = {}): Promise<MeasurementNode> {
    const service = await this.serviceOf(organisation, userId, locationId, serviceId);
    const currentYear = Number(keyOf(new Date(this.now()), 'year', service.time_zone));
    const periods = Array.from({ length: YEARS_VIEW }, (_, i) => periodOf(String(currentYear - YEARS_VIEW + 1 + i), service.time_zone)!);
    const first = periods[0]!;
    const last = periods[periods.length - 1]!;
    const whole: Period = { unit: 'year', key: `${first.key}-${last.key}`, start: first.start, end: last.end };
    const [rows, related] = await Promise.all([
      this.repository.yearTotals(organisation.id, service.seq, first.start, last.end),
      options.addRelated ? this.repository.related(organisation.id, locationId, [whole, ...periods]) : undefined,
    ]);
    const byYear = new Map(rows.map((r) => [r.year, r]));
    const node = tree(whole, periods.map((p) => ({ period: p, total: byYear.get(p.key) })), PRODUCTION.has(service.type), undefined, related);
    return options.calculateCost === false ? withoutCost(node) : node;
  }

  /**
   * Readings as metered between two instants (at most a week): e.g. the four quarters of an
   * hour for the analysis page's quarter-hour detail. A child per reading, keyed by local time.
   */
  async readingsBetween(organisation: Organisation, userId: string, locationId: string, start: Date, end: Date, serviceId?: string): Promise<MeasurementNode> {
    checkRange(start, end, 7);
    const service = await this.serviceOf(organisation, userId, locationId, serviceId);
    const rows = await this.repository.readings(organisation.id, service.seq, start, end);
    const production = PRODUCTION.has(service.type);
    const children = rows.map((r) => {
      const hour = keyOf(r.interval_start, 'hour', service.time_zone);
      const minute = String(r.interval_start.getUTCMinutes()).padStart(2, '0');
      const total: Total = { value: r.value, cost: null, co2: null, certainty: r.certainty };
      return { dateKey: `${hour}:${minute}`, date: r.interval_start.toISOString(), value: valueOf(total, production), children: [] };
    });
    const sum = sumTotals(rows.map((r) => ({ value: r.value, cost: null, co2: null, certainty: r.certainty })));
    return { dateKey: keyOf(start, 'hour', service.time_zone), date: start.toISOString(), value: valueOf(sum && { ...sum, cost: null }, production), children };
  }

  /**
   * The load of a site: mean power per hour or quarter over a month, a day or [start, end), and
   * the peaks that set the power tariff of the month the period starts in.
   */
  async load(organisation: Organisation, userId: string, locationId: string, query: { serviceId?: string; resolution: '15min' | 'hour'; dateKey?: string; start?: string; end?: string }): Promise<LoadAnswer> {
    const service = await this.serviceOf(organisation, userId, locationId, query.serviceId);
    let start: Date;
    let end: Date;
    if (query.dateKey !== undefined) {
      const period = /^\d{4}-\d{2}(-\d{2})?$/.test(query.dateKey) ? periodOf(query.dateKey, service.time_zone) : null;
      if (!period) throw new AppError('INVALID_DATE_KEY', { data: { key: query.dateKey } });
      ({ start, end } = period);
    } else if (query.start !== undefined && query.end !== undefined) {
      start = new Date(query.start);
      end = new Date(query.end);
      checkRange(start, end, 31);
    } else {
      throw new AppError('VALIDATION_FAILED', { data: { fields: ['dateKey', 'start', 'end'] } });
    }
    const monthKey = keyOf(start, 'month', service.time_zone);
    const month = periodOf(monthKey, service.time_zone)!;
    const [series, peaks, monthRows] = await Promise.all([
      query.resolution === 'hour'
        ? this.repository.rollups(organisation.id, service.seq, 'hour', start, end).then((rows) => rows.map((r) => ({ date: r.period_start.toISOString(), value: Number(r.value) })))
        : this.repository.readings(organisation.id, service.seq, start, end).then((rows) => rows.map((r) => ({ date: r.interval_start.toISOString(), value: (Number(r.value) * 60) / r.minutes }))),
      this.repository.monthPeaks(organisation.id, service.seq, month.start, month.end, `${monthKey}-01`),
      this.repository.rollups(organisation.id, service.seq, 'month', month.start, month.end),
    ]);
    const peak = peaks.length > 0 ? peaks.reduce((sum, p) => sum + Number(p.kw), 0) / peaks.length : null;
    const powerCost = monthRows[0]?.power_cost;
    return {
      resolution: query.resolution,
      dateKey: query.dateKey ?? null,
      start: start.toISOString(),
      end: end.toISOString(),
      unit: 'kW',
      series,
      month: {
        dateKey: monthKey,
        peaks: peaks.map((p) => ({ date: p.peak_start.toISOString(), value: Number(p.kw) })),
        peak: peak === null ? null : Number(peak.toFixed(4)),
        powerCost: powerCost === null || powerCost === undefined ? null : Number(Number(powerCost).toFixed(4)),
      },
    };
  }

  /** A month's consumption, cost (incl. VAT) or CO2 by part of the day, with shares that add up to 1. */
  async distribution(organisation: Organisation, userId: string, locationId: string, month: string, query: { serviceId?: string; type: 'consumption' | 'cost' | 'environment' }): Promise<Distribution> {
    const service = await this.serviceOf(organisation, userId, locationId, query.serviceId);
    const period = /^\d{4}-\d{2}$/.test(month) ? periodOf(month, service.time_zone) : null;
    if (!period) throw new AppError('INVALID_DATE_KEY', { data: { key: month, unit: 'month' } });
    const rows = await this.repository.partsOfDay(organisation.id, service.seq, period.start, period.end, service.time_zone);
    const pick = (r: (typeof rows)[number]) => (query.type === 'consumption' ? r.value : query.type === 'cost' ? r.cost : r.co2);
    const unit = query.type === 'consumption' ? (service.type === 'water' ? 'm3' : 'kWh') : query.type === 'cost' ? service.currency : 'gCO2';
    const values = (['night', 'morning', 'day', 'evening'] as const).map((part) => {
      const row = rows.find((r) => r.part === part);
      return { type: part, value: row ? pick(row) : '0' };
    });
    if (rows.length === 0 || values.some((v) => v.value === null)) return { dateKey: month, parts: [], total: null, unit };
    const total = Number(sumTotals(values.map((v) => ({ value: v.value, cost: null, co2: null, certainty: 1 })))!.value);
    return {
      dateKey: month,
      parts: values.map((v) => ({ type: v.type, value: Number(Number(v.value).toFixed(4)), share: total === 0 ? 0 : Number((Number(v.value) / total).toFixed(4)), unit })),
      total: Number(total.toFixed(4)),
      unit,
    };
  }

  /** The location's services: each with its last 12 months and the month asked for (default the current one). */
  async servicesData(organisation: Organisation, userId: string, locationId: string, month: string | undefined): Promise<ServicesData> {
    const timeZone = organisation.timeZone;
    // The month of the latest readings: they arrive MEASUREMENTS_DELAY_DAYS late (spec 000 §9, decision 0015).
    const current = month ?? keyOf(new Date(this.now() - organisation.flags.MEASUREMENTS_DELAY_DAYS * 86_400_000), 'month', timeZone);
    const period = periodOf(current, timeZone);
    if (!period) throw new AppError('INVALID_DATE_KEY', { data: { key: current, unit: 'month' } });
    const first = periodOf(stepKey(current, -11, timeZone)!, timeZone)!;
    const rows = await this.repository.servicesWithMonths(organisation.id, userId, locationId, first.start, period.end);
    if (rows.length === 0) throw new AppError('NOT_FOUND');
    const months = Array.from({ length: 12 }, (_, i) => stepKey(current, i - 11, timeZone)!);
    return {
      services: rows.map((row) => {
        const byKey = new Map((row.months ?? []).map((m) => [m.key, m]));
        const figures = (key: string) => {
          const m = byKey.get(key);
          const total = totalOf(m && { value: String(m.value), cost: m.cost === null ? null : String(m.cost), co2: null, certainty: 1, fees: m.fees === null ? null : String(m.fees), power_cost: m.power_cost === null ? null : String(m.power_cost) });
          return { dateKey: key, consumption: num(total?.value ?? null), cost: num(total?.cost ?? null) };
        };
        return {
          serviceId: row.id,
          serviceType: row.type,
          type: siteTypeOf[row.type as ServiceType],
          readingPeriod: row.reading_period,
          unit: row.type === 'water' ? 'm3' : 'kWh',
          history: months.map(figures),
          overview: {
            current: {
              total: figures(current),
              now: row.latest_start && row.latest_value !== null ? { date: new Date(row.latest_start).toISOString(), value: Number(row.latest_value) } : null,
            },
          },
        };
      }),
    };
  }

  /** Writes readings (idempotent) and keeps their roll-ups current; answers how many changed. */
  write(readings: readonly ReadingInput[]): Promise<number> {
    return this.repository.upsert(readings);
  }

  /**
   * A zone's spot prices changed in [from, to): every service priced in that zone gets its hours
   * re-priced from readings, over whole local months (a monthly-spot price is the month's mean).
   */
  async spotPricesChanged(zone: string, from: Date, to: Date): Promise<void> {
    await this.repository.recomputeFromReadings(await this.repository.rangesForZone(zone, from, to));
  }

  /**
   * A site's history update (spec 001 §7 `PUT /accounts/{id}/sites/{siteId}/updatehistory`, run as
   * a job, decision 0038): every service of the location recomputed from its readings, from the
   * first one on. Answers how many services were rebuilt.
   */
  async rebuildLocationHistory(organisationId: string, locationId: string): Promise<{ services: number }> {
    const ranges = await this.repository.rangesForLocation(organisationId, locationId);
    await this.repository.recomputeFromReadings(ranges);
    return { services: ranges.length };
  }

  /** EUR rates of a currency changed from a day on: cost is recomputed from that day onward. */
  async exchangeRatesChanged(currency: 'SEK' | 'NOK', fromDay: string): Promise<void> {
    await this.repository.recomputeCost(await this.repository.rangesForCurrency(currency, fromDay));
  }

  /** The services of an organisation named by id or by metering point and type. */
  resolveServices(organisationId: string, ids: string[], meteringPoints: Array<{ meteringPointId: string; serviceType: string }>) {
    return this.repository.resolveServices(organisationId, ids, meteringPoints);
  }

  /** The service of a location that this user may read (the consumption service when none is named); 404 otherwise. */
  async serviceOf(organisation: Organisation, userId: string, locationId: string, serviceId: string | undefined) {
    const service = await this.repository.findServiceForMember(organisation.id, userId, locationId, serviceId);
    if (!service) throw new AppError('NOT_FOUND');
    return service;
  }

  /**
   * `period` with the latest metered hour in it; in a month or a week the incomplete last day is
   * dropped (incomplete-day.ts, decision 0015). The latest hour is read with the period, in the
   * same statement (its access check), so it answers nothing the user may not see.
   */
  async periodWithLatest(
    organisation: Organisation, userId: string, locationId: string, unit: Unit, key: string, serviceId?: string, options: ReadOptions = {},
  ): Promise<{ node: MeasurementNode; latest: LatestHour | null }> {
    const { node, latest } = await this.readPeriod(organisation, userId, locationId, unit, key, serviceId, options, true);
    return { node: unit === 'month' || unit === 'week' ? dropIncompleteLastDay(node, latest, organisation.timeZone) : node, latest: latest ?? null };
  }

  /**
   * A period as the analysis views show it: a month's or a week's incomplete last day dropped (the
   * day and the year as `period`). The last metered day is one of the children, and its roll-up
   * counts its readings, at most 4 an hour (15-minute readings at the finest): with more than
   * 4 × (INCOMPLETE_DAY_HOURS − 1) of them it has enough metered hours, which is the common case
   * and needs no reading of its hours. Otherwise the latest hour decides (a second statement).
   */
  async shownPeriod(organisation: Organisation, userId: string, locationId: string, unit: Unit, key: string, serviceId?: string, options: ReadOptions = {}): Promise<MeasurementNode> {
    if (unit !== 'month' && unit !== 'week') return this.period(organisation, userId, locationId, unit, key, serviceId, options);
    const { node, lastChildReadings } = await this.readPeriod(organisation, userId, locationId, unit, key, serviceId, options, false);
    if (lastChildReadings === undefined || lastChildReadings > 4 * (INCOMPLETE_DAY_HOURS - 1)) return node;
    const { period } = calendarOf(key, organisation.timeZone)!;
    const latest = await this.repository.latestMeteredHour(organisation.id, userId, locationId, serviceId, period.start, period.end);
    return dropIncompleteLastDay(node, latest, organisation.timeZone);
  }

  /**
   * The hours in [from, to) from hour roll-ups (with cost), each with its area's and zone's
   * figures, and the latest metered hour; the incomplete last day dropped. A child per local
   * hour (23 or 25 on a DST day), keyed `2025-03-30T03`.
   */
  async hourSeries(
    organisation: Organisation, userId: string, locationId: string, from: Date, to: Date, serviceId?: string,
  ): Promise<{ node: MeasurementNode; latest: LatestHour | null; serviceType: string }> {
    const service = await this.serviceOf(organisation, userId, locationId, serviceId);
    const timeZone = service.time_zone;
    const hours: Period[] = [];
    for (let day: string | null = keyOf(from, 'day', timeZone); day !== null && hours.length < 24 * 400; day = stepKey(day, 1, timeZone)) {
      const dayPeriod = calendarOf(day, timeZone);
      if (!dayPeriod || dayPeriod.period.start.getTime() >= to.getTime()) break;
      for (const hour of dayPeriod.children) if (hour.start.getTime() >= from.getTime() && hour.start.getTime() < to.getTime()) hours.push(hour);
    }
    const whole: Period = { unit: 'hour', key: keyOf(from, 'hour', timeZone), start: from, end: to };
    const [rows, related, latest] = await Promise.all([
      this.repository.rollups(organisation.id, service.seq, 'hour', from, to),
      this.repository.related(organisation.id, locationId, [whole, ...hours]),
      this.repository.latestMeteredHour(organisation.id, userId, locationId, service.id, from, to),
    ]);
    const byStart = new Map(rows.map((r) => [r.period_start.getTime(), totalOf(r)]));
    const node = tree(whole, hours.map((p) => ({ period: p, total: byStart.get(p.start.getTime()) })), PRODUCTION.has(service.type), undefined, related);
    return { node: dropIncompleteLastDay(node, latest, timeZone), latest: latest ?? null, serviceType: service.type };
  }
}

/**
 * A period's node: its children as leaves; its own total from its roll-up, else their exact sum.
 * `dates`: the children's starts as ISO text when the caller has them (`Date#toISOString` is a
 * good part of building a month).
 */
function tree(period: Period, children: Array<{ period: Period; total: Total | undefined }>, production: boolean, own?: Total, related?: Related[], dates?: readonly string[]): MeasurementNode {
  return {
    dateKey: period.key,
    date: period.start.toISOString(),
    value: valueOf(own ?? sumTotals(children.map((c) => c.total)), production, related?.[0]),
    children: children.map((c, i) => ({ dateKey: c.period.key, date: dates?.[i] ?? c.period.start.toISOString(), value: valueOf(c.total, production, related?.[i + 1]), children: [] })),
  };
}
