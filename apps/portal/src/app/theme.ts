import type { PublicOrganisation } from '@gridline/contracts/organisations';

type Theme = PublicOrganisation['theme'];

const radius: Record<Theme['borderRadius'], string> = {
  NONE: '0px',
  SMALL: '4px',
  MEDIUM: '8px',
  LARGE: '16px',
};

const hexColour = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function channels(hex: string): [number, number, number] {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of a '#rgb' or '#rrggbb' colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or near-black, whichever reads better on the given background colour. */
export function textColourOn(background: string): string {
  if (!hexColour.test(background)) return '#ffffff';
  const l = luminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance('#111827') + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#111827';
}

/** Contrast ratio of two hex colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * CSS variables from the organisation's theme. `--color-primary-text` is the primary colour when
 * it is readable as text on white (4.5:1), else a dark grey, so that links and the logo stay
 * legible whatever the brand colour. Colours that are not hex colours are left out,
 * so the stylesheet's defaults apply.
 */
export function themeVariables(theme: Theme): Record<string, string> {
  const variables: Record<string, string> = { '--radius': radius[theme.borderRadius] ?? radius.MEDIUM };
  if (hexColour.test(theme.primaryColor)) {
    variables['--color-primary'] = theme.primaryColor;
    variables['--color-on-primary'] = textColourOn(theme.primaryColor);
    variables['--color-primary-text'] = contrast(theme.primaryColor, '#ffffff') >= 4.5 ? theme.primaryColor : '#1f2937';
  }
  if (hexColour.test(theme.secondaryColor)) {
    variables['--color-secondary'] = theme.secondaryColor;
    variables['--color-on-secondary'] = textColourOn(theme.secondaryColor);
  }
  return variables;
}

export function applyTheme(theme: Theme, element: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(theme))) {
    element.style.setProperty(name, value);
  }
}
