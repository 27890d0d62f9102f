import { DAY_MS, HOUR_MS } from './local-time.ts';
import type { AreaWeather } from './weather-model.ts';

/**
 * Output of a rooftop solar plant: the sun's position (declination and hour angle), clear-sky
 * irradiance on a south-facing panel at 35°, cut by cloud cover. Gives about 850–950 kWh per kWp
 * and year in the Nordic demo cities and 1 050–1 150 in Tyrol, as real plants do.
 */

const DEG = Math.PI / 180;
const TILT = 35 * DEG;
const SOLAR_CONSTANT = 1361;
/** Inverter, wiring, heat, dirt, shade and winter snow. */
const PERFORMANCE_RATIO = 0.72;

export interface SolarSite {
  latitude: number;
  longitude: number;
  capacityKw: number;
  weather: AreaWeather;
}

/** kW produced at an instant. */
export function solarOutputKw(site: SolarSite, instant: number): number {
  const days = instant / DAY_MS;
  // Declination: 0 at the March equinox (about day 78.5 of the year counted from the epoch's 1 January).
  const declination = 23.44 * DEG * Math.sin((2 * Math.PI * (days - 78.5)) / 365.2422);
  const solarHour = (((instant % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS + site.longitude / 15;
  const hourAngle = 15 * DEG * (solarHour - 12);
  const latitude = site.latitude * DEG;
  const sinElevation = Math.sin(latitude) * Math.sin(declination) + Math.cos(latitude) * Math.cos(declination) * Math.cos(hourAngle);
  if (sinElevation <= 0.01) return 0;

  const elevationDeg = Math.asin(sinElevation) / DEG;
  // Kasten–Young air mass, then a clear atmosphere's beam transmittance.
  const airMass = 1 / (sinElevation + 0.50572 * (elevationDeg + 6.07995) ** -1.6364);
  const beam = SOLAR_CONSTANT * 0.7 ** (airMass ** 0.678);
  const diffuse = 0.12 * beam + 20 * sinElevation;
  const incidence = Math.sin(declination) * Math.sin(latitude - TILT) + Math.cos(declination) * Math.cos(hourAngle) * Math.cos(latitude - TILT);
  const onPanel = beam * Math.max(0, incidence) + diffuse * ((1 + Math.cos(TILT)) / 2);

  const cloud = site.weather.cloudCover(Math.floor(instant / HOUR_MS));
  // Overcast leaves about a fifth of the clear-sky light; thin clouds take little.
  const clouds = 1 - 0.8 * cloud ** 2;
  return (site.capacityKw * PERFORMANCE_RATIO * onPanel * clouds) / 1000;
}
