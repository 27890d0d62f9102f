import type { Country } from '@gridline/contracts/enums';
import { noiseSeed, smoothNoise } from './noise.ts';

/**
 * Hourly weather per area for the demo: temperature from the local climate (seasonal mean, a
 * daily cycle that clear skies deepen) plus weather systems that last a few days and are shared
 * by the areas of one country, and cloud cover (cloudier winters). Pure functions of the area and
 * the hour, so readings (heating, solar) and the `weather` rows always agree.
 */

/** Heating is needed below this outdoor temperature (the Nordic degree-day base). */
export const HEATING_BASE_C = 17;

interface Climate {
  januaryMean: number;
  julyMean: number;
}

// Monthly means of the warmest and coldest month, roughly as the national weather services give
// them for the demo cities; further north (and inland in Finland) is colder.
function climateOf(country: Country, latitude: number): Climate {
  switch (country) {
    case 'SE':
      return { januaryMean: -3 - (latitude - 59.6) * 1.8, julyMean: 17.2 - (latitude - 59.6) * 0.6 };
    case 'NO':
      return { januaryMean: -3.8 - (latitude - 59.9) * 2, julyMean: 16.8 - (latitude - 59.9) * 0.8 };
    case 'FI':
      return { januaryMean: -6.5 - (latitude - 61) * 1.5, julyMean: 17.2 - (latitude - 61) * 0.5 };
    case 'AT':
      return { januaryMean: -1.2 - (latitude - 47.3) * 0.5, julyMean: 19.2 };
  }
}

/** 1 on 20 January (the coldest day), −1 in late July: the phase of the year at an hour. */
export function winterness(hour: number): number {
  // 1970-01-20 is day 19 after the epoch; 365.2422 keeps the phase on the calendar over decades.
  return Math.cos((2 * Math.PI * (hour / 24 - 19)) / 365.2422);
}

export class AreaWeather {
  readonly area: string;
  private readonly climate: Climate;
  private readonly longitudeHours: number;
  private readonly regional: number;
  private readonly local: number;
  private normalDegreeHours: number | undefined;

  constructor(area: string, country: Country, latitude: number, longitude: number) {
    this.area = area;
    this.climate = climateOf(country, latitude);
    this.longitudeHours = longitude / 15;
    this.regional = noiseSeed(`weather:${country}`);
    this.local = noiseSeed(`weather:${country}:${area}`);
  }

  /**
   * Heating degree-hours of an average month from the climate alone (seasonal mean, no weather):
   * the yardstick that tells a cold month from a mild one.
   */
  normalMonthlyDegreeHours(): number {
    if (this.normalDegreeHours === undefined) {
      const { januaryMean, julyMean } = this.climate;
      let sum = 0;
      for (let day = 0; day < 365; day += 1) {
        const mean = (januaryMean + julyMean) / 2 + ((januaryMean - julyMean) / 2) * Math.cos((2 * Math.PI * (day - 19)) / 365.2422);
        sum += Math.max(0, HEATING_BASE_C - mean) * 24;
      }
      this.normalDegreeHours = sum / 12;
    }
    return this.normalDegreeHours;
  }

  /** Cloud cover 0–1 in the hour starting `hour` hours after the epoch. */
  cloudCover(hour: number): number {
    const base = 0.6 + 0.14 * winterness(hour);
    const value = base + 0.5 * smoothNoise(this.regional + 2, hour / 30) + 0.22 * smoothNoise(this.local + 3, hour / 5);
    return Math.min(1, Math.max(0, value));
  }

  /** °C in the hour starting `hour` hours after the epoch. */
  temperature(hour: number): number {
    const { januaryMean, julyMean } = this.climate;
    const winter = winterness(hour);
    const mean = (januaryMean + julyMean) / 2 + ((januaryMean - julyMean) / 2) * winter;
    // Local solar time: the coldest hour is about 03–05, the warmest about 15.
    const solarHour = (((hour % 24) + 24) % 24) + this.longitudeHours;
    const cycle = Math.cos((2 * Math.PI * (solarHour - 15)) / 24);
    const summer = (1 - winter) / 2; // 0 in January, 1 in July
    const clear = 0.6 - this.cloudCover(hour);
    const daily = (1.6 + 3.6 * summer) * cycle * (1 + 0.9 * clear);
    // Weather systems: winter swings are larger (a cold high can bring −20 °C in Västerås).
    const swing = 3 + 3.2 * (1 - summer);
    const anomaly = swing * smoothNoise(this.regional, hour / 84) + 1.6 * smoothNoise(this.regional + 1, hour / 20) + 0.6 * smoothNoise(this.local, hour / 9);
    // Clear winter nights are colder.
    const radiative = clear > 0 ? -clear * 4 * (1 - summer) : 0;
    return mean + daily + anomaly + radiative;
  }
}
