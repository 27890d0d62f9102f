import type { ChartColours } from './chart-options.ts';

/** Colours of the compared series, each at least 4.5:1 against white (WCAG 1.4.11 asks 3:1). */
export const COMPARE_COLOURS = {
  temperature: '#c2410c',
  price: '#8a5a00',
  co2: '#15803d',
  lastYear: '#6b7280',
} as const;

/** The four parts of the day in the distribution doughnut, told apart by hue and lightness (where the theme gives no radial graph colours). */
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

const rootStyle = () => (typeof document === 'undefined' ? null : getComputedStyle(document.documentElement));

/**
 * The bar colours from the organisation's theme, read when a chart is drawn: the first cartesian
 * graph colour (`--graph-bar`, set by theme.ts at 3:1 or more against the card), else the primary colour.
 */
export function themeColours(compare: string): ChartColours {
  const style = rootStyle();
  const bar = style?.getPropertyValue('--graph-bar').trim() || style?.getPropertyValue('--color-primary').trim() || '#0b5cad';
  return { bar, barActive: darken(bar, 0.25), compare, text: '#4b5563', grid: '#e5e7eb', axis: '#9ca3af' };
}

/** The parts of the day's colours: the theme's first four radial graph colours (`--graph-part-1` … `-4`), else `PART_COLOURS`. */
export function partColours(): Record<keyof typeof PART_COLOURS, string> {
  const style = rootStyle();
  const names = Object.keys(PART_COLOURS) as Array<keyof typeof PART_COLOURS>;
  return Object.fromEntries(names.map((name, index) => [name, style?.getPropertyValue(`--graph-part-${index + 1}`).trim() || PART_COLOURS[name]])) as Record<
    keyof typeof PART_COLOURS,
    string
  >;
}
