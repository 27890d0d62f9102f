import type { ChartColours } from './chart-options.ts';

/** Colours of the compared series, each at least 4.5:1 against white (WCAG 1.4.11 asks 3:1). */
export const COMPARE_COLOURS = {
  temperature: '#c2410c',
  price: '#8a5a00',
  co2: '#15803d',
  lastYear: '#6b7280',
} as const;

/** The four parts of the day in the distribution doughnut, told apart by hue and lightness. */
export const PART_COLOURS = {
  night: '#1e3a8a',
  morning: '#b45309',
  day: '#0f766e',
  evening: '#9d174d',
} as const;

const HEX = /^#([0-9a-f]{6})$/i;

/** A colour mixed with black: 0.2 gives a fifth darker. Anything but #rrggbb comes back unchanged. */
export function darken(colour: string, amount: number): string {
  const match = HEX.exec(colour.trim());
  if (!match) return colour;
  const value = Number.parseInt(match[1] ?? '0', 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 0xff) * (1 - amount));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

/** The bar colours from the organisation's theme (`--color-primary`), read when a chart is drawn. */
export function themeColours(compare: string): ChartColours {
  const style = typeof document === 'undefined' ? null : getComputedStyle(document.documentElement);
  const primary = style?.getPropertyValue('--color-primary').trim() || '#0b5cad';
  return { bar: primary, barActive: darken(primary, 0.25), compare, text: '#4b5563', grid: '#e5e7eb', axis: '#9ca3af' };
}
