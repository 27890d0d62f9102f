import type { Language } from './languages.ts';
import { NBSP, formatNumber, resolveFractionDigits, type NumberFormatOptions } from './numbers.ts';

/** Units the portal shows (spec section 9). */
export const units = ['gCO2', 'kWh', 'kr', '°C', '%', 'm3', 'W', 'kg'] as const;
export type Unit = (typeof units)[number];
/** A unit after scaling: the spec units plus 'kW' (scaled from W). */
export type ScaledUnit = Unit | 'kW';

export interface UnitFormatOptions extends NumberFormatOptions {
  /** Apply `scaleUnit` (gCO2 → kg, W → kW) first. Default true. */
  scale?: boolean;
}

const labels: Record<ScaledUnit, string> = {
  gCO2: 'g CO₂',
  kWh: 'kWh',
  kr: 'kr',
  '°C': '°C',
  '%': '%',
  m3: 'm³',
  W: 'W',
  kW: 'kW',
  kg: 'kg',
};

/** Display text of a unit: 'gCO2' → 'g CO₂', 'm3' → 'm³'; the others unchanged. */
export function unitLabel(unit: ScaledUnit): string {
  return labels[unit];
}

/**
 * Scale to a larger unit when the value is over 1000 (absolute, strictly greater):
 * gCO2 → kg (÷1000) and W → kW (÷1000). Everything else is returned unchanged.
 * Shared with the charts so axis and tooltip units agree with the formatted text.
 */
export function scaleUnit(value: number, unit: ScaledUnit): { value: number; unit: ScaledUnit } {
  if (Math.abs(value) > 1000) {
    if (unit === 'gCO2') return { value: value / 1000, unit: 'kg' };
    if (unit === 'W') return { value: value / 1000, unit: 'kW' };
  }
  return { value, unit };
}

/**
 * Default fraction digits per unit (minimum is always 0):
 *  - gCO2, W: whole numbers (0 decimals); grams and watts are small units.
 *  - kWh, kg, kW, m3: up to 2 decimals below 10 (absolute), otherwise up to 1.
 *  - %: up to 2 decimals. The value is the percentage itself: 12.5 → '12,5 %'.
 *  - °C: up to 1 decimal.
 *  - kr: up to 2 decimals (prices such as '1,25 kr'; use `formatAmount` for money totals).
 */
function defaultMaximumFractionDigits(value: number, unit: ScaledUnit): number {
  switch (unit) {
    case 'gCO2':
    case 'W':
      return 0;
    case 'kWh':
    case 'kg':
    case 'kW':
    case 'm3':
      return Math.abs(value) < 10 ? 2 : 1;
    case '%':
    case 'kr':
      return 2;
    case '°C':
      return 1;
  }
}

/**
 * Format a measured value with its unit, separated by U+00A0: '1 234,5 kWh', '1,5 kg', '50 %'.
 * gCO2 over 1000 is shown in kg and W over 1000 in kW (see `scaleUnit`), unless `scale: false`.
 */
export function formatUnit(
  value: number,
  unit: ScaledUnit,
  language: Language,
  options: UnitFormatOptions = {},
): string {
  const scaled = options.scale === false ? { value, unit } : scaleUnit(value, unit);
  const digits = resolveFractionDigits(
    options,
    0,
    defaultMaximumFractionDigits(scaled.value, scaled.unit),
  );
  return `${formatNumber(scaled.value, language, digits)}${NBSP}${unitLabel(scaled.unit)}`;
}

/**
 * A file's size in SI steps with the language's separators: '397 B', '12,3 kB', '1.25 MB'
 * (Intl's own 'byte' unit writes '397 byte' in English, and differently in every ICU).
 */
export function formatFileSize(bytes: number, language: Language): string {
  if (bytes < 1000) return `${formatNumber(bytes, language, { maximumFractionDigits: 0 })}${NBSP}B`;
  if (bytes < 1_000_000) return `${formatNumber(bytes / 1000, language, { maximumFractionDigits: 1 })}${NBSP}kB`;
  return `${formatNumber(bytes / 1_000_000, language, { maximumFractionDigits: 2 })}${NBSP}MB`;
}
