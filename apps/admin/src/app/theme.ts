import { createTheme, darken, defaultVariantColorsResolver, DEFAULT_THEME, parseThemeColor, type CSSVariablesResolver, type VariantColorsResolver } from '@mantine/core';

/**
 * The back office's look: Mantine's defaults made to pass WCAG AA contrast (axe runs on every
 * page): the primary colour at teal 9 (white on it 4.9:1, it on white the same), dimmed text at
 * gray 7 instead of gray 6 (3.3:1 on white), and the light variants' text (active menu entry,
 * badges, alerts) at shade 9, darker for green, lime, orange and yellow.
 */
/** How much darker than shade 9 a light variant's text must be to reach 4.5:1 on shade 0. */
const LIGHT_TEXT_DARKER: Partial<Record<string, number>> = { green: 0.2, lime: 0.2, orange: 0.2, yellow: 0.25 };

/** Light variants (badges, light buttons, alerts): text at shade 9 (darker where needed) on shade 0; filled ones hover darker. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  // Filled at shade 9 hovers one shade lighter by default (white on teal 8 is 3.9:1): darker instead.
  if (input.variant === 'filled' && parsed.isThemeColor) return { ...colors, hover: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 80%, black)` };
  if (input.variant !== 'light') return colors;
  // Shade 9 on shade 0 is at least 4.6:1 for the palette's colours but four, which are darkened
  // until they are (green 4.1 → 5.9, lime 3.5 → 5.1, orange 4.0 → 5.7, yellow 2.8 → 4.7).
  if (!parsed.isThemeColor || parsed.color === 'dark' || parsed.color === 'gray') return colors;
  const darker = LIGHT_TEXT_DARKER[parsed.color];
  const shade9 = input.theme.colors[parsed.color]?.[9];
  const text = darker && shade9 ? darken(shade9, darker) : `var(--mantine-color-${parsed.color}-9)`;
  return { ...colors, background: `var(--mantine-color-${parsed.color}-0)`, hover: `var(--mantine-color-${parsed.color}-1)`, color: text };
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'teal',
  primaryShade: 9,
  focusRing: 'auto',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // The active menu entry filled: white on teal 9 (5:1); the light variant's tint under the
  // NavLink's own text colour stayed below 4.5:1.
  components: {
    NavLink: { defaultProps: { variant: 'filled' } },
    // A badge says a status in a word: in a narrow table column it keeps its whole word rather than an ellipsis.
    Badge: { styles: { root: { minWidth: 'max-content' }, label: { overflow: 'visible' } } },
  },
});

const { gray, red, teal } = DEFAULT_THEME.colors;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': gray[7],
    '--mantine-color-placeholder': gray[7],
    '--mantine-color-anchor': teal[9],
    // A field's error text (and an invalid field's text) at red 9: red 8 is 4.4:1 on white, below AA.
    '--mantine-color-error': red[9],
  },
  dark: {},
});
