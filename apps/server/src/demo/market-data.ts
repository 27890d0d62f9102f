import type { Country, PriceZone } from '@gridline/contracts/enums';
import { deliveryDayPeriod, resolutionOfDeliveryDay } from '../integrations/entsoe/delivery-day.ts';
import { simulatedDayAheadPrice } from '../integrations/entsoe/simulator.ts';
import { simulatedEurRate } from '../integrations/ecb/simulator.ts';
import { TimestampText } from '../lib/timestamp-text.ts';
import { addDays } from './dates.ts';
import { HOUR_MS, LocalClock } from './local-time.ts';
import { noiseSeed, smoothNoise } from './noise.ts';
import type { AreaWeather } from './weather-model.ts';
import { winterness } from './weather-model.ts';

/**
 * The market data behind the demo's readings, as lines for COPY: day-ahead prices (from the
 * ENTSO-E simulator's price model, so the demo and the simulator agree), the state of each
 * delivery day, EUR exchange rates, CO2 intensity and weather. Everything is a function of the
 * instant, never of where the span starts.
 */

const countryOfZone = (zone: PriceZone): Country => (zone.startsWith('SE') ? 'SE' : zone.startsWith('NO') ? 'NO' : (zone as Country));

/** Spot prices for the delivery days `firstDay` to `lastDay` (inclusive): hourly before 2025-10-01, quarter-hourly from then. */
export function* spotPriceLines(zones: readonly PriceZone[], firstDay: string, lastDay: string): Generator<string> {
  const text = new TimestampText();
  for (const zone of zones) {
    for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
      const minutes = resolutionOfDeliveryDay(day);
      const { start, end } = deliveryDayPeriod(day);
      for (let t = start.getTime(); t < end.getTime(); t += minutes * 60_000) {
        const price = simulatedDayAheadPrice(zone, new Date(t), minutes);
        yield `${zone}\t${text.format(t)}\t${minutes}\t${price.toFixed(2)}\n`;
      }
    }
  }
}

/** Past and today's delivery days are final; tomorrow's auction result is still preliminary. */
export function* spotPriceDayLines(zones: readonly PriceZone[], firstDay: string, today: string): Generator<string> {
  const tomorrow = addDays(today, 1);
  for (const zone of zones) {
    for (let day = firstDay; day <= tomorrow; day = addDays(day, 1)) {
      // Published after the noon auction the day before (12:45 CET is about 11:45 UTC).
      yield `${zone}\t${day}\t${day === tomorrow ? 'preliminary' : 'final'}\t${addDays(day, -1)} 11:45:00+00\n`;
    }
  }
}

/**
 * EUR→SEK and EUR→NOK per day, every day (the ECB itself publishes on TARGET business days only):
 * the ECB simulator's rate model, so that the demo and the simulator agree.
 */
export function* exchangeRateLines(firstDay: string, lastDay: string): Generator<string> {
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
    for (const currency of ['SEK', 'NOK'] as const) yield `${day}\t${currency}\t${simulatedEurRate(currency, day).toFixed(4)}\n`;
  }
}

interface Co2Profile {
  /** Yearly mean, gCO2/kWh. */
  mean: number;
  /** How much dearer winter is than the mean (0.3 = +30 % in January, −30 % in July). */
  seasonal: number;
  /** Relative swing over the day (peaks at 08 and 18 local). */
  daily: number;
  /** Midday dip from solar in summer. */
  solar: number;
}

// Hydro and nuclear keep the Nordic zones low and flat; Finland burns more in winter; Austria's
// gas plants follow demand and solar cuts summer middays.
const CO2: Readonly<Record<string, Co2Profile>> = {
  SE: { mean: 25, seasonal: 0.3, daily: 0.12, solar: 0.05 },
  NO: { mean: 26, seasonal: 0.25, daily: 0.08, solar: 0.03 },
  FI: { mean: 72, seasonal: 0.38, daily: 0.14, solar: 0.08 },
  AT: { mean: 160, seasonal: 0.28, daily: 0.16, solar: 0.3 },
};

/** CO2 intensity per zone and hour, for the hours in [from, to). */
export function* co2Lines(zones: readonly PriceZone[], from: number, to: number): Generator<string> {
  const text = new TimestampText();
  for (const zone of zones) {
    const country = countryOfZone(zone);
    const profile = CO2[country] ?? { mean: 100, seasonal: 0.2, daily: 0.1, solar: 0.1 };
    const clock = new LocalClock(country);
    const seed = noiseSeed(`co2:${zone}`);
    for (let t = from; t < to; t += HOUR_MS) {
      const hour = t / HOUR_MS;
      const localHour = Math.floor((clock.local(t) % 86_400_000) / HOUR_MS);
      const winter = winterness(hour);
      const peaks = Math.exp(-((localHour - 8) ** 2) / 6) + Math.exp(-((localHour - 18) ** 2) / 8) - 0.45;
      const midday = Math.max(0, Math.sin((Math.PI * (localHour - 7)) / 12)) * Math.max(0, -winter);
      const weather = 0.28 * smoothNoise(seed, hour / 40) + 0.08 * smoothNoise(seed + 1, hour / 5);
      const grams = profile.mean * (1 + profile.seasonal * winter) * (1 + profile.daily * peaks - profile.solar * midday) * (1 + weather);
      yield `${zone}\t${text.format(t)}\t${Math.max(2, grams).toFixed(2)}\n`;
    }
  }
}

/** Temperature and cloud cover per area and hour, for the hours in [from, to). */
export function* weatherLines(areas: readonly AreaWeather[], from: number, to: number): Generator<string> {
  const text = new TimestampText();
  for (const weather of areas) {
    // COPY's text format escapes backslash, tab and newline; area names have none of them.
    const area = weather.area.replace(/[\\\t\n\r]/g, ' ');
    for (let t = from; t < to; t += HOUR_MS) {
      const hour = t / HOUR_MS;
      yield `${area}\t${text.format(t)}\t${weather.temperature(hour).toFixed(2)}\t${weather.cloudCover(hour).toFixed(3)}\n`;
    }
  }
}
