import { contrast, isHexColour, TEXT_CONTRAST, textColourOn, UI_CONTRAST } from '@gridline/contracts/colors';
import type { ReleaseTheme } from '@gridline/contracts/settings';
import { isThemePreview } from '../shared/preview/theme-preview-mode.ts';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends ReadonlyArray<infer U> ? ReadonlyArray<U | undefined> : T[K] extends object ? DeepPartial<T[K]> : T[K] };
type Parts = Pick<ReleaseTheme, 'buttons' | 'graph' | 'label' | 'menu' | 'selector' | 'tabs' | 'text' | 'surfaces' | 'views'>;

/**
 * The brand fields every theme has, and the parts of spec 002's theme the portal draws with
 * (optional and partial: a draft in the back office's preview may lack any of them).
 */
type Theme = Pick<ReleaseTheme, 'primaryColor' | 'secondaryColor' | 'borderRadius'> & { [K in keyof Parts]?: DeepPartial<Parts[K]> };

export { isThemePreview, textColourOn };

const radius: Record<ReleaseTheme['borderRadius'], string> = {
  NONE: '0px',
  SMALL: '4px',
  MEDIUM: '8px',
  LARGE: '16px',
  MAX: '9999px',
};

/** The portal's secondary text colour where it reads on every background it is drawn on; else the text colour itself. */
const MUTED = '#4b5563';
const WHITE = '#ffffff';

const hex = (value: unknown): value is string => typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);

/** `colour` mixed towards black (or white on a dark background) until it reaches `min` against `background`. */
function legibleOn(colour: string, background: string, min: number): string {
  const towards = contrast('#000000', background) >= contrast(WHITE, background) ? [0, 0, 0] : [255, 255, 255];
  const rgb = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
  for (let step = 0; step <= 20; step++) {
    const candidate = `#${rgb
      .map((c, i) =>
        Math.round(c + (towards[i]! - c) * (step / 20))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (contrast(candidate, background) >= min) return candidate;
  }
  return towards[0] === 0 ? '#000000' : WHITE;
}

/**
 * A view's background image as a CSS `url()`: only the addresses a release may hold (an asset of
 * the organisation, https, a data image), quoted with quotes, backslashes and line breaks escaped,
 * so a value from the preview's message cannot leave the `url()`.
 */
export function cssImage(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 100_000) return null;
  if (!/^(https:\/\/|\/v3\/assets\/[0-9a-f]{24}|data:image\/(svg\+xml|png|jpeg|webp|gif)[;,])/.test(value)) return null;
  return `url("${value.replace(/[\\"]/g, '\\$&').replace(/\p{Cc}/gu, '')}")`;
}

const textVariants = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'large', 'medium', 'small', 'mini'] as const;
const rem = (px: number) => `${px / 16}rem`;

/**
 * The one mapping from the organisation's theme (a release's, or the back office's draft in the
 * preview) to the portal's CSS variables (decisions 0055, 0062). The brand colours give
 * `--color-primary` and its text colours (`--color-primary-text` is the primary colour where it
 * reads as text on white, else a dark grey); the parts of spec 002's theme give what the portal
 * has an element for:
 * - buttons: filled and outlined colours, their corner radius;
 * - surfaces: primary (cards, header, dialogs: `--color-surface`, `--color-text`, its border),
 *   secondary (`--surface-secondary-*`), info and attention (the disruption banners);
 * - views: the primary view is the page (`--color-page`, `--view-text`, an image over the colour
 *   where its type is image, fixed while the page scrolls where its behaviour is sticky);
 * - text: every variant's size (in rem, so the browser's text size still scales it), line height
 *   (as a ratio of the size) and weight (`--text-h1-size` …); the stylesheet chooses which variant draws which element;
 * - menu, selector and tabs: their on-surface states (the sidebar, the analysis page's period
 *   pills, the tab rows); labels: the count pills and selected choices;
 * - graph: the first cartesian colour draws the bars, the first four radial colours the parts of
 *   the day, each darkened where needed to 3:1 against the card (WCAG 1.4.11); a radial colour
 *   that then looks like one already chosen is skipped for the next.
 * The portal's secondary text (`--color-muted-on-surface`, `--view-muted`, `--menu-muted`) is its grey where
 * that reads at 4.5:1 on the background it is drawn on, else moved towards the readable side.
 * Anything that is not a hex colour (or a known value) is left out, so the stylesheet's default
 * applies.
 */
export function themeVariables(theme: Theme): Record<string, string> {
  const variables: Record<string, string> = { '--radius': radius[theme.borderRadius] ?? radius.MEDIUM };
  if (isHexColour(theme.primaryColor)) {
    variables['--color-primary'] = theme.primaryColor;
    variables['--color-on-primary'] = textColourOn(theme.primaryColor);
    variables['--color-primary-text'] = contrast(theme.primaryColor, '#ffffff') >= TEXT_CONTRAST ? theme.primaryColor : '#1f2937';
  }
  if (isHexColour(theme.secondaryColor)) {
    variables['--color-secondary'] = theme.secondaryColor;
    variables['--color-on-secondary'] = textColourOn(theme.secondaryColor);
  }
  const colour = (name: string, value: unknown) => {
    if (hex(value)) variables[name] = value;
  };

  const buttons = theme.buttons;
  if (buttons?.borderRadius && buttons.borderRadius in radius) variables['--button-radius'] = radius[buttons.borderRadius];
  colour('--button-filled-background', buttons?.variants?.filled?.background);
  colour('--button-filled-text', buttons?.variants?.filled?.text);
  colour('--button-outlined-background', buttons?.variants?.outlined?.background);
  colour('--button-outlined-text', buttons?.variants?.outlined?.text);
  colour('--button-outlined-border', buttons?.variants?.outlined?.border);

  const surfaces = theme.surfaces?.variants;
  colour('--color-surface', surfaces?.primary?.background);
  colour('--color-text', surfaces?.primary?.text);
  colour('--color-surface-border', surfaces?.primary?.border);
  for (const variant of ['secondary', 'info', 'attention'] as const) {
    colour(`--surface-${variant}-background`, surfaces?.[variant]?.background);
    colour(`--surface-${variant}-text`, surfaces?.[variant]?.text);
    colour(`--surface-${variant}-border`, surfaces?.[variant]?.border);
  }
  const surface = hex(surfaces?.primary?.background) ? surfaces.primary.background : WHITE;
  const surfaceText = hex(surfaces?.primary?.text) ? surfaces.primary.text : null;
  if (hex(surfaces?.primary?.background)) variables['--color-muted-on-surface'] = legibleOn(MUTED, surface, TEXT_CONTRAST);

  const view = theme.views?.variants?.primary;
  const page = view?.background?.color;
  if (hex(page)) {
    variables['--color-page'] = page;
    variables['--view-muted'] = legibleOn(MUTED, page, TEXT_CONTRAST);
    // The tint inside cards (period totals, hover): the page colour where the card's text reads on it, else the card's own colour.
    const readable =
      (surfaceText === null || contrast(surfaceText, page) >= TEXT_CONTRAST) && contrast(variables['--color-muted-on-surface'] ?? MUTED, page) >= TEXT_CONTRAST;
    variables['--color-background'] = readable ? page : surface;
  }
  colour('--view-text', view?.text);
  if (view?.background?.type === 'image') {
    const image = cssImage(view.background.image);
    if (image) variables['--view-image'] = image;
  }
  if (view?.behavior === 'sticky') variables['--view-attachment'] = 'fixed';
  else if (view?.behavior === 'scroll') variables['--view-attachment'] = 'scroll';

  for (const part of ['menu', 'selector', 'tabs'] as const) {
    const states = theme[part]?.onSurface;
    colour(`--${part}-background`, states?.inactive?.background);
    colour(`--${part}-text`, states?.inactive?.text);
    colour(`--${part}-active-background`, states?.active?.background);
    colour(`--${part}-active-text`, states?.active?.text);
  }
  // The bar beside the active menu item and under the active tab: its background where that stands out from the surface (3:1), else its text colour.
  for (const part of ['menu', 'tabs'] as const) {
    const active = theme[part]?.onSurface?.active;
    const on = part === 'menu' && hex(theme.menu?.onSurface?.inactive?.background) ? theme.menu.onSurface.inactive.background : surface;
    if (hex(active?.background))
      variables[`--${part}-indicator`] = contrast(active.background, on) >= UI_CONTRAST || !hex(active.text) ? active.background : active.text;
  }
  const menuBackground = theme.menu?.onSurface?.inactive?.background;
  if (hex(menuBackground)) variables['--menu-muted'] = legibleOn(MUTED, menuBackground, TEXT_CONTRAST);

  for (const variant of ['primary', 'secondary'] as const) {
    colour(`--label-${variant}-background`, theme.label?.[variant]?.background);
    colour(`--label-${variant}-text`, theme.label?.[variant]?.text);
  }

  const weights = theme.text?.weights;
  for (const name of textVariants) {
    const variant = theme.text?.variants?.[name];
    const size = variant?.fontSize;
    if (typeof size !== 'number' || size < 8 || size > 96) continue;
    variables[`--text-${name}-size`] = rem(size);
    // A ratio, so that the text inside an element of this variant that changes its size keeps its spacing.
    if (typeof variant?.lineHeight === 'number' && variant.lineHeight >= 8 && variant.lineHeight <= 128)
      variables[`--text-${name}-line-height`] = String(Math.round((variant.lineHeight / size) * 1000) / 1000);
    const weight = variant?.weight ? weights?.[variant.weight] : undefined;
    if (typeof weight === 'number' && weight >= 100 && weight <= 900) variables[`--text-${name}-weight`] = String(Math.round(weight));
  }

  const cartesian = theme.graph?.shared?.cartesian;
  const radial = theme.graph?.shared?.radial;
  const bar = cartesian?.[0];
  if (hex(bar)) variables['--graph-bar'] = legibleOn(bar, surface, UI_CONTRAST);
  distinctParts(radial ?? [], surface).forEach((value, index) => {
    variables[`--graph-part-${index + 1}`] = value;
  });
  return variables;
}

const rgb = (colour: string) => [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
/** How far apart two colours look, roughly (the "redmean" weighted distance in RGB, 0 to about 765). */
function distance(a: string, b: string): number {
  const [r1, g1, b1] = rgb(a) as [number, number, number];
  const [r2, g2, b2] = rgb(b) as [number, number, number];
  const mean = (r1 + r2) / 2;
  return Math.sqrt((2 + mean / 256) * (r1 - r2) ** 2 + 4 * (g1 - g2) ** 2 + (2 + (255 - mean) / 256) * (b1 - b2) ** 2);
}

/**
 * The four parts of the day's colours from the radial graph colours: each at 3:1 against the card,
 * in the theme's order, skipping one that (once darkened) looks like a part's already chosen (a
 * yellow secondary darkened beside the palette's dark yellow); the skipped ones fill up if fewer than four differ.
 */
function distinctParts(radial: ReadonlyArray<string | undefined>, surface: string): string[] {
  const candidates = radial.filter(hex).map((value) => legibleOn(value, surface, UI_CONTRAST));
  const chosen: string[] = [];
  for (const candidate of candidates) if (chosen.length < 4 && chosen.every((other) => distance(other, candidate) >= 120)) chosen.push(candidate);
  for (const candidate of candidates) if (chosen.length < 4 && !chosen.includes(candidate)) chosen.push(candidate);
  return chosen;
}

/** The variables each element was given last, so that one the next theme leaves out (the preview's image taken away) goes back to the stylesheet's default. */
const given = new WeakMap<HTMLElement, string[]>();

function setVariables(theme: Theme, element: HTMLElement): void {
  const variables = themeVariables(theme);
  for (const name of given.get(element) ?? []) if (!(name in variables)) element.style.removeProperty(name);
  for (const [name, value] of Object.entries(variables)) element.style.setProperty(name, value);
  given.set(element, Object.keys(variables));
}

/** The draft theme the back office's preview sent, which wins over the release while it lasts. */
let previewTheme: Theme | null = null;

export function applyTheme(theme: ReleaseTheme, element: HTMLElement = document.documentElement): void {
  setVariables(previewTheme ?? theme, element);
  if (theme.favicon && !previewTheme) {
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]') ?? document.head.appendChild(document.createElement('link'));
    icon.rel = 'icon';
    icon.href = theme.favicon;
  }
}

export const THEME_PREVIEW_MESSAGE = 'gridline:theme-preview';

/**
 * In the preview only: takes the draft theme from the back office's messages (its own origin,
 * its own window, nothing else) and applies its colours; answers each with an acknowledgement.
 */
export function listenForThemePreview(win: Window = window): void {
  if (!isThemePreview(win)) return;
  win.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== win.location.origin || event.source !== win.parent) return;
    const data = event.data as { type?: unknown; theme?: unknown } | null;
    if (!data || data.type !== THEME_PREVIEW_MESSAGE || typeof data.theme !== 'object' || data.theme === null) return;
    previewTheme = data.theme as Theme;
    setVariables(previewTheme, win.document.documentElement);
    win.parent.postMessage({ type: `${THEME_PREVIEW_MESSAGE}:applied` }, win.location.origin);
  });
  win.parent.postMessage({ type: `${THEME_PREVIEW_MESSAGE}:ready` }, win.location.origin);
}
