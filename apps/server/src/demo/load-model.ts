import type { Country } from '@gridline/contracts/enums';
import type { ConsumerKind } from './billing.ts';
import { TimestampText } from '../lib/timestamp-text.ts';
import { addMonths, firstDayOfMonth, monthOf, type Month } from './dates.ts';
import { DAY_MS, HOUR_MS, LocalClock, localMidnight } from './local-time.ts';
import type { Random } from './random.ts';
import { solarOutputKw } from './solar.ts';
import { HEATING_BASE_C, type AreaWeather } from './weather-model.ts';

/**
 * Readings of one demo service as COPY lines, a local month at a time. Consumption is built from
 * weights — a household (or business, or summer-house) day shape, appliance spikes and heating by
 * degree-hours of the area's weather — scaled so that the month adds up to its target (the
 * invoiced kWh where there is an invoice), plus absolute loads: an electric car charging at night
 * and a sauna on Saturday evenings. Production follows the sun and the clouds.
 */

export type ReadingKind = 'consumption' | 'production' | 'heating' | 'water';

export interface ServicePlan {
  seq: number;
  kind: ReadingKind;
  consumer: ConsumerKind;
  country: Country;
  minutes: 15 | 60;
  /** Readings cover [from, to). */
  from: number;
  to: number;
  /** From this instant on, readings are estimates (status 6, certainty 0.6). */
  estimatedFrom: number;
  weather: AreaWeather;
  latitude: number;
  longitude: number;
  /** Share of a normal month's consumption that is heating (0–1). */
  heatShare: number;
  /** Electric cars charged at home. */
  electricCars: number;
  sauna: boolean;
  /** Peak power of the solar plant (production). */
  capacityKw: number;
  /** kWh (m3 for water) of a whole local month. */
  monthTarget(month: Month): number;
  random: Random;
}

const STATUS_NORMAL = '2';
const STATUS_ESTIMATED = '6';
const SOURCE_DEMO = '1';

// Relative load by local hour. Weekdays: people leave in the morning and cook in the evening;
// weekends: a late breakfast and a fuller day at home.
const HOUSEHOLD_WEEKDAY = [
  0.55, 0.5, 0.48, 0.47, 0.49, 0.6, 0.92, 1.3, 1.16, 0.86, 0.76, 0.76, 0.82, 0.76, 0.73, 0.8, 1.04, 1.44, 1.66, 1.56, 1.4, 1.2, 0.95, 0.7,
];
const HOUSEHOLD_WEEKEND = [
  0.62, 0.55, 0.5, 0.48, 0.47, 0.49, 0.56, 0.74, 1.04, 1.3, 1.32, 1.22, 1.18, 1.06, 1.0, 1.0, 1.14, 1.44, 1.6, 1.5, 1.35, 1.2, 1.0, 0.78,
];
// A business (the demo's are a bakery, a joinery and the like): early starts, closed at weekends.
const BUSINESS_WEEKDAY = [0.35, 0.35, 0.36, 0.4, 0.7, 1.3, 1.75, 1.85, 1.85, 1.8, 1.8, 1.75, 1.7, 1.7, 1.65, 1.5, 1.2, 0.8, 0.55, 0.45, 0.4, 0.38, 0.36, 0.35];
const BUSINESS_WEEKEND = [
  0.33, 0.33, 0.33, 0.33, 0.33, 0.35, 0.45, 0.55, 0.6, 0.6, 0.6, 0.55, 0.5, 0.45, 0.4, 0.38, 0.36, 0.35, 0.35, 0.34, 0.34, 0.33, 0.33, 0.33,
];

/** The shape at a local fractional hour, interpolated so that quarter-hours change smoothly. */
function shapeAt(shape: readonly number[], hour: number): number {
  const index = Math.floor(hour);
  const within = hour - index;
  const a = shape[index % 24] ?? 1;
  return within === 0 ? a : a + ((shape[(index + 1) % 24] ?? 1) - a) * within;
}

/** Whether a summer house is in use: weekends from Friday afternoon, July, and Christmas to New Year. */
function summerHouseInUse(month: number, dayOfMonth: number, weekday: number, hour: number): boolean {
  if (month === 7 || (month === 12 && dayOfMonth >= 23) || (month === 1 && dayOfMonth === 1)) return true;
  return (weekday === 5 && hour >= 17) || weekday === 6 || (weekday === 0 && hour < 18);
}

/** Reusable per-month buffers: one service at a time, so memory stays at a month of intervals. */
class MonthBuffers {
  base = new Float64Array(0);
  heat = new Float64Array(0);
  fixed = new Float64Array(0);
  ensure(length: number): void {
    if (this.base.length < length) {
      this.base = new Float64Array(length);
      this.heat = new Float64Array(length);
      this.fixed = new Float64Array(length);
    }
  }
}

/** The COPY lines (service_seq, interval_start, minutes, value, certainty, status, source) of one service. */
export function* readingLines(plan: ServicePlan): Generator<string> {
  const { random, minutes, country } = plan;
  const step = minutes * 60_000;
  const stepHours = minutes / 60;
  const clock = new LocalClock(country);
  const text = new TimestampText();
  const buffers = new MonthBuffers();
  const prefix = `${plan.seq}\t`;
  const middle = `\t${minutes}\t`;
  const normal = `\t1\t${STATUS_NORMAL}\t${SOURCE_DEMO}\n`;
  const estimated = `\t0.6\t${STATUS_ESTIMATED}\t${SOURCE_DEMO}\n`;
  const decimals = plan.kind === 'water' ? 4 : 3;
  // Noise per interval, wider for quarter-hours (a kettle shows in a quarter, not in an hour).
  const spread = minutes === 15 ? 0.5 : 0.3;
  const ev = {
    remaining: new Array<number>(plan.electricCars).fill(0),
    start: new Array<number>(plan.electricCars).fill(99),
    need: new Array<number>(plan.electricCars).fill(0),
  };

  const lastMonth = monthOf(new Date(clock.local(plan.to - 1)).toISOString().slice(0, 10));
  for (let month = monthOf(new Date(clock.local(plan.from)).toISOString().slice(0, 10)); ; month = addMonths(month, 1)) {
    const start = localMidnight(country, firstDayOfMonth(month));
    const end = localMidnight(country, firstDayOfMonth(addMonths(month, 1)));
    const count = Math.round((end - start) / step);
    buffers.ensure(count);
    const { base, heat, fixed } = buffers;

    if (plan.kind === 'production') {
      for (let i = 0; i < count; i += 1) base[i] = solarOutputKw(plan, start + i * step + step / 2) * stepHours;
    } else {
      fillWeights(plan, month, start, count, step, clock, buffers, ev);
    }

    // A month's total is met exactly by the weights; the noise below moves it by a percent or so.
    let scaleBase = 1;
    let scaleHeat = 0;
    if (plan.kind !== 'production') {
      let sumBase = 0;
      let sumHeat = 0;
      let sumFixed = 0;
      for (let i = 0; i < count; i += 1) {
        sumBase += base[i] ?? 0;
        sumHeat += heat[i] ?? 0;
        sumFixed += fixed[i] ?? 0;
      }
      const target = plan.monthTarget(month);
      // Degree-hours against a normal month: a cold month heats more than its share, July hardly at all.
      const relative = sumHeat / plan.weather.normalMonthlyDegreeHours();
      const share = plan.heatShare;
      // The car and the sauna come out of the target first (unless they would take nearly all of it).
      const rest = Math.max(target * 0.3, target - sumFixed);
      const heatKwh = sumHeat > 0 ? (rest * share * relative) / (1 - share + share * relative) : 0;
      const baseKwh = rest - heatKwh;
      scaleBase = sumBase > 0 ? baseKwh / sumBase : 0;
      scaleHeat = sumHeat > 0 ? heatKwh / sumHeat : 0;
    }

    // A meter that misses a few hours now and then: about one month in 25 has a gap.
    let gapFrom = -1;
    let gapTo = -1;
    if (random.chance(0.04)) {
      gapFrom = random.int(0, count - 1);
      gapTo = gapFrom + Math.round((random.int(2, 10) * 60) / minutes);
    }

    for (let i = 0; i < count; i += 1) {
      const t = start + i * step;
      if (t < plan.from || t >= plan.to || (i >= gapFrom && i < gapTo)) continue;
      const jitter = plan.kind === 'production' ? 1 + (spread / 4) * (random.next() - 0.5) : 1 + spread * (random.next() + random.next() - 1);
      const value = ((base[i] ?? 0) * scaleBase + (heat[i] ?? 0) * scaleHeat) * jitter + (fixed[i] ?? 0);
      yield prefix + text.format(t) + middle + value.toFixed(decimals) + (t >= plan.estimatedFrom ? estimated : normal);
    }
    if (month.year === lastMonth.year && month.month === lastMonth.month) break;
  }
}

interface EvState {
  remaining: number[];
  start: number[];
  need: number[];
}

const EV_CHARGER_KW = 7.4;
const SAUNA_KW = 6;

/** Fills the month's weights: base shape with appliance spikes, heating degree-hours, and absolute loads (EV, sauna). */
function fillWeights(plan: ServicePlan, month: Month, start: number, count: number, step: number, clock: LocalClock, buffers: MonthBuffers, ev: EvState): void {
  const { random } = plan;
  const { base, heat, fixed } = buffers;
  const stepHours = step / HOUR_MS;
  const business = plan.consumer === 'BUSINESS';
  const summerHouse = plan.consumer === 'SUMMERHOUSE';
  let currentDay = -1;
  let dayOfMonth = 1;
  let saunaTonight = false;
  for (let i = 0; i < count; i += 1) {
    const t = start + i * step;
    const local = clock.local(t);
    const localDay = Math.floor(local / DAY_MS);
    const hour = (local - localDay * DAY_MS) / HOUR_MS;
    const weekday = (localDay + 4) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
    if (localDay !== currentDay) {
      currentDay = localDay;
      dayOfMonth = new Date(localDay * DAY_MS).getUTCDate();
      const weekend = weekday === 0 || weekday === 6;
      // Plugged in on most evenings; smart charging starts late, when power is cheap.
      for (let car = 0; car < plan.electricCars; car += 1) {
        const plugged = random.chance(weekend ? 0.45 : 0.72);
        ev.start[car] = plugged ? 22 + random.int(0, 7) * 0.25 : 99;
        ev.need[car] = plugged ? random.float(6, 24) : 0;
      }
      saunaTonight = plan.sauna && (weekday === 6 || (weekday === 3 && random.chance(0.3)));
    }

    const inUse = !summerHouse || summerHouseInUse(month.month, dayOfMonth, weekday, hour);
    const weekend = weekday === 0 || weekday === 6;
    let weight = business
      ? shapeAt(weekend ? BUSINESS_WEEKEND : BUSINESS_WEEKDAY, hour)
      : inUse
        ? shapeAt(weekend ? HOUSEHOLD_WEEKEND : HOUSEHOLD_WEEKDAY, hour)
        : 0.22; // fridge, router and frost guard
    // Oven, washing machine, dryer: short spikes on top of the shape.
    if (inUse && random.chance(0.035 * stepHours * 4)) weight *= random.float(1.8, 3.2);
    base[i] = weight * stepHours;

    const temperature = plan.weather.temperature(Math.floor(t / HOUR_MS));
    // An empty summer house is only kept above freezing.
    const indoorBase = inUse ? HEATING_BASE_C : 8;
    heat[i] = Math.max(0, indoorBase - temperature) * stepHours;

    let absolute = 0;
    for (let car = 0; car < plan.electricCars; car += 1) {
      if (hour >= (ev.start[car] ?? 99)) {
        ev.remaining[car] = (ev.remaining[car] ?? 0) + (ev.need[car] ?? 0);
        ev.start[car] = 99;
      }
      const remaining = ev.remaining[car] ?? 0;
      if (remaining > 0) {
        const energy = Math.min(remaining, EV_CHARGER_KW * stepHours);
        ev.remaining[car] = remaining - energy;
        absolute += energy;
      }
    }
    if (saunaTonight && hour >= 18 && hour < 19.5) absolute += SAUNA_KW * stepHours;
    fixed[i] = absolute;
  }
}
