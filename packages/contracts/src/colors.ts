/** Colour arithmetic of WCAG 2.2, shared by the release validation and the portal's theming. */

const hexColour = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColour(value: string): boolean {
  return hexColour.test(value);
}

function channels(hex: string): [number, number, number] {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance of a '#rgb' or '#rrggbb' colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two hex colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const DARK_TEXT = '#111827';

/** White or near-black, whichever reads better on the given background colour. */
export function textColourOn(background: string): string {
  if (!isHexColour(background)) return '#ffffff';
  return contrast(background, '#ffffff') >= contrast(background, DARK_TEXT) ? '#ffffff' : DARK_TEXT;
}

/** Non-text contrast (WCAG 1.4.11): borders, focus rings and icons need 3:1 against their background. */
export const UI_CONTRAST = 3;
/** Text contrast (WCAG 1.4.3) for normal-size text. */
export const TEXT_CONTRAST = 4.5;
