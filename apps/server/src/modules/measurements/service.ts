import type { MeasurementNode, MeasurementValue } from '@gridline/contracts/measurements';
import { childPeriods, keyOf, periodOf, type Period } from '@gridline/locale/calendar';
import { AppError } from '../../lib/errors.ts';
import type { Organisation } from '../organisations/service.ts';
import type { MeasurementsRepository, ReadingInput } from './repository.ts';

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
  const parts = [row.cost, row.fees ?? null, row.power_cost ?? null].filter((p): p is string => p !== null);
  const cost = row.cost === null ? null : (sumTotals(parts.map((p) => ({ value: p, cost: null, co2: null, certainty: 1 })))?.value ?? null);
  return { value: row.value, cost, co2: row.co2, certainty: row.certainty };
}

const PRODUCTION = new Set(['production_trade', 'production_grid']);

const num = (v: string | null) => (v === null ? null : Number(v));

/** The node's values: a production service's energy is production, any other's consumption. */
function valueOf(total: Total | undefined, production: boolean): MeasurementValue {
  const energy = num(total?.value ?? null);
  return {
    consumption: { total: production ? null : energy, certainty: total?.certainty ?? null },
    cost: { total: num(total?.cost ?? null) },
    // grams of CO2 (spec 000 section 2.9: gCO2, shown as kg above 1000)
    co2cost: { total: num(total?.co2 ?? null) },
    production: { total: production ? energy : null },
    cloudCover: { total: null },
    compareDegreeDays: { total: null },
    temperature: { avgHour: null },
    price: { avgHour: null },
    co2: { avgHour: null },
  };
}

/** Sums exactly, in decimal text: binary floating point would drift over 35 000 intervals. */
function sumTotals(parts: Array<Total | undefined>): Total | undefined {
  const present = parts.filter((p): p is Total => p !== undefined && p.value !== null);
  if (present.length === 0) return undefined;
  const scale = 1_000_000n;
  const toScaled = (v: string) => {
    const [int, frac = ''] = v.replace('-', '').split('.');
    const scaled = BigInt(int!) * scale + BigInt((frac + '000000').slice(0, 6));
    return v.startsWith('-') ? -scaled : scaled;
  };
  const fromScaled = (n: bigint) => {
    const sign = n < 0n ? '-' : '';
    const abs = n < 0n ? -n : n;
    return `${sign}${abs / scale}.${String(abs % scale).padStart(6, '0')}`;
  };
  const exact = (values: Array<string | null>) => (values.every((c) => c !== null) ? fromScaled(values.reduce((s, c) => s + toScaled(c!), 0n)) : null);
  return {
    value: fromScaled(present.reduce((s, p) => s + toScaled(p.value!), 0n)),
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

  async period(organisation: Organisation, userId: string, locationId: string, unit: Unit, key: string, serviceId?: string): Promise<MeasurementNode> {
    const service = await this.serviceOf(organisation, userId, locationId, serviceId);
    const period = keyUnit[unit].test(key) ? periodOf(key, service.time_zone) : null;
    if (!period || period.unit !== unit) throw new AppError('INVALID_DATE_KEY', { data: { key, unit } });
    // A day or month has a roll-up of its own (exact, and with the month parts); a week does not.
    const own = unit === 'day' || unit === 'month' ? unit : undefined;
    const rows = await this.repository.periodRollups(service.seq, childRollup[unit], period.start, period.end, own);
    const byStart = new Map(rows.filter((r) => r.period === childRollup[unit]).map((r) => [r.period_start.getTime(), totalOf(r)]));
    const ownRow = rows.find((r) => r.period === own);
    const children = childPeriods(key, service.time_zone).map((child) => ({ period: child, total: byStart.get(child.start.getTime()) }));
    return tree(period, children, PRODUCTION.has(service.type), own ? totalOf(ownRow) : undefined);
  }

  /** The years view: the last five calendar years up to the current one. */
  async years(organisation: Organisation, userId: string, locationId: string, serviceId?: string): Promise<MeasurementNode> {
    const service = await this.serviceOf(organisation, userId, locationId, serviceId);
    const currentYear = Number(keyOf(new Date(this.now()), 'year', service.time_zone));
    const periods = Array.from({ length: YEARS_VIEW }, (_, i) => periodOf(String(currentYear - YEARS_VIEW + 1 + i), service.time_zone)!);
    const first = periods[0]!;
    const last = periods[periods.length - 1]!;
    const rows = await this.repository.yearTotals(service.seq, first.start, last.end);
    const byYear = new Map(rows.map((r) => [r.year, r]));
    const whole: Period = { unit: 'year', key: `${first.key}-${last.key}`, start: first.start, end: last.end };
    return tree(whole, periods.map((p) => ({ period: p, total: byYear.get(p.key) })), PRODUCTION.has(service.type));
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
    const service = await this.repository.serviceForMember(organisation.id, userId, locationId, serviceId);
    if (!service) throw new AppError('NOT_FOUND');
    return service;
  }
}

/** A period's node: its children as leaves; its own total from its roll-up, else their exact sum. */
function tree(period: Period, children: Array<{ period: Period; total: Total | undefined }>, production: boolean, own?: Total): MeasurementNode {
  return {
    dateKey: period.key,
    date: period.start.toISOString(),
    value: valueOf(own ?? sumTotals(children.map((c) => c.total)), production),
    children: children.map((c) => ({ dateKey: c.period.key, date: c.period.start.toISOString(), value: valueOf(c.total, production), children: [] })),
  };
}
