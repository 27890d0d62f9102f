import { z } from 'zod';
import { contrast, DARK_TEXT, isHexColour, TEXT_CONTRAST, UI_CONTRAST } from './colors.ts';

/**
 * The theme of spec 002 §3 "Theme" (issue 18, decision 0055): buttons, favorites, graph colours,
 * pulsing icons, labels, menu, selector and tabs, text variants, surfaces, views and the legacy
 * components. Each part has a default derived from the brand colours (`deriveTheme`), so a release
 * stored before a part existed still parses; `ReleaseTheme` in settings.ts carries them.
 *
 * Wherever a text colour is drawn on a background colour of the theme, the pair must reach WCAG
 * AA (4.5:1, `THEME_TEXT_CONTRAST`); icons and the border of an outlined button 3:1 against their
 * background (WCAG 1.4.11, `THEME_UI_CONTRAST`). Disabled buttons are exempt (WCAG 1.4.3 exempts
 * inactive components). The rules are `themeContrastIssues`, run on a release's whole theme and
 * on the pairs a draft holds whole.
 */

export const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'HEX_COLOR');
/** The theme's corner radius (spec 002 §9: NONE to LARGE; MAX, a pill, for buttons). */
export const BorderRadius = z.enum(['NONE', 'SMALL', 'MEDIUM', 'LARGE', 'MAX']);
export type BorderRadius = z.infer<typeof BorderRadius>;
export const borderRadii = BorderRadius.options;

/**
 * An image as an asset of the organisation on its own origin (`/v3/assets/{id}`, decision 0048),
 * an https address, or a `data:image/…` URL.
 */
export const ImageUrl = z
  .string()
  .max(100_000)
  .regex(/^(https:\/\/|data:image\/(svg\+xml|png|x-icon|vnd\.microsoft\.icon);|\/v3\/assets\/[0-9a-f]{24}(\?[A-Za-z0-9=&]{0,100})?$)/, 'IMAGE_URL');

/** Spec 002 §5, §9: each graph colour list holds 6 to 12 colours. */
export const GRAPH_COLORS_MIN = 6;
export const GRAPH_COLORS_MAX = 12;

/* Colour helpers for deriving a theme from two brand colours. */

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}
function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}
/** `colour` mixed with `other` by `amount` (0: colour, 1: other). */
export function mix(colour: string, other: string, amount: number): string {
  const a = channels(colour);
  const b = channels(other);
  return toHex(a.map((c, i) => c + (b[i]! - c) * amount));
}
/** White, dark grey or black: the first that reaches text contrast on `background`. */
export function readableOn(background: string): string {
  for (const candidate of ['#ffffff', DARK_TEXT]) if (contrast(candidate, background) >= TEXT_CONTRAST) return candidate;
  return contrast('#000000', background) >= contrast('#ffffff', background) ? '#000000' : '#ffffff';
}
/** `colour`, darkened (or lightened on a dark background) step by step until it reaches `min` against `background`. */
export function withContrast(colour: string, background: string, min: number): string {
  const towards = contrast('#000000', background) >= contrast('#ffffff', background) ? '#000000' : '#ffffff';
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(colour, towards, step / 20);
    if (contrast(candidate, background) >= min) return candidate;
  }
  return towards;
}

/* The parts. */

/** Text on a background. */
const TextPair = z.object({ background: HexColor, text: HexColor });
/** Text and an icon on a background. */
const IconPair = z.object({ background: HexColor, text: HexColor, icon: HexColor });
const Bordered = z.object({ background: HexColor, text: HexColor, border: HexColor });

export const buttonVariants = ['filled', 'outlined', 'disabled'] as const;
export const ThemeButtons = z.object({
  borderRadius: BorderRadius,
  variants: z.object({ filled: Bordered, outlined: Bordered, disabled: Bordered }),
});

export const favoriteVariants = ['neutral', 'good', 'bad', 'active'] as const;
export const ThemeFavorites = z.object({
  variants: z.object({ neutral: IconPair, good: IconPair, bad: IconPair, active: IconPair }),
});

const GraphColorList = HexColor.array().min(GRAPH_COLORS_MIN, 'GRAPH_COLORS_COUNT').max(GRAPH_COLORS_MAX, 'GRAPH_COLORS_COUNT');
export const ThemeGraph = z.object({ shared: z.object({ cartesian: GraphColorList, radial: GraphColorList }) });

const required = (key: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? key : undefined) });

export const pulsingIconVariants = ['idle', 'heating', 'cooling', 'solar-producing', 'solar-idle'] as const;
const PulsingIcon = (key?: string) => z.object({ color: HexColor, pulse: HexColor }, key ? required(key) : undefined);
export const ThemePulsingIcon = z.object({
  variants: z.object({
    idle: PulsingIcon('PULSING_ICON_VARIANT_REQUIRED'),
    heating: PulsingIcon('PULSING_ICON_VARIANT_REQUIRED'),
    cooling: PulsingIcon('PULSING_ICON_VARIANT_REQUIRED'),
    'solar-producing': PulsingIcon().optional(),
    'solar-idle': PulsingIcon().optional(),
  }),
});

export const ThemeLabel = z.object({ primary: TextPair, secondary: TextPair });

export const navigationStates = ['active', 'inactive'] as const;
export const navigationPlacements = ['onSurface', 'offSurface'] as const;
const States = z.object({ active: TextPair, inactive: TextPair });
/** The menu, the selector and the tabs: drawn on a surface (`onSurface`) or on the view (`offSurface`). */
export const ThemeNavigation = z.object({ onSurface: States, offSurface: States });

export const textVariants = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'large', 'medium', 'small', 'mini'] as const;
export const textWeights = ['semiBold', 'regular'] as const;
const TextVariant = z.object({
  fontSize: z.number().int().min(8).max(96),
  lineHeight: z.number().int().min(8).max(128),
  weight: z.enum(textWeights),
});
export const ThemeText = z.object({
  /** The font weight each named weight draws with. */
  weights: z.object({ semiBold: z.number().int().min(100).max(900), regular: z.number().int().min(100).max(900) }),
  variants: z.object(Object.fromEntries(textVariants.map((v) => [v, TextVariant])) as Record<(typeof textVariants)[number], typeof TextVariant>),
});

export const surfaceVariants = ['primary', 'secondary', 'info', 'attention'] as const;
export const ThemeSurfaces = z.object({
  variants: z.object({ primary: Bordered, secondary: Bordered, info: Bordered, attention: Bordered }),
});

export const viewVariants = ['primary', 'secondary', 'home'] as const;
export const viewBackgroundTypes = ['color', 'image'] as const;
export const viewBehaviors = ['scroll', 'sticky'] as const;
const View = (key?: string) =>
  z.object(
    {
      /** A colour, or an image over the colour (the colour shows while it loads, and is what text is checked against). */
      background: z.object({ type: z.enum(viewBackgroundTypes), color: HexColor, image: ImageUrl.nullable() }),
      behavior: z.enum(viewBehaviors),
      text: HexColor,
    },
    key ? required(key) : undefined,
  );
export const ThemeViews = z.object({
  variants: z.object({ primary: View('VIEW_VARIANT_REQUIRED'), secondary: View('VIEW_VARIANT_REQUIRED'), home: View().optional() }),
});

export const legacyComponentNames = ['SmallListCard', 'LeftAlignedInfoBox', 'CenteredInfoBox'] as const;
export const ThemeLegacyComponents = z.object({ SmallListCard: IconPair, LeftAlignedInfoBox: IconPair, CenteredInfoBox: IconPair });

export type ThemeParts = {
  buttons: z.infer<typeof ThemeButtons>;
  favorites: z.infer<typeof ThemeFavorites>;
  graph: z.infer<typeof ThemeGraph>;
  pulsingIcon: z.infer<typeof ThemePulsingIcon>;
  label: z.infer<typeof ThemeLabel>;
  menu: z.infer<typeof ThemeNavigation>;
  selector: z.infer<typeof ThemeNavigation>;
  tabs: z.infer<typeof ThemeNavigation>;
  text: z.infer<typeof ThemeText>;
  surfaces: z.infer<typeof ThemeSurfaces>;
  views: z.infer<typeof ThemeViews>;
  legacyComponents: z.infer<typeof ThemeLegacyComponents>;
};
export const themePartNames = ['buttons', 'favorites', 'graph', 'pulsingIcon', 'label', 'menu', 'selector', 'tabs', 'text', 'surfaces', 'views', 'legacyComponents'] as const satisfies ReadonlyArray<keyof ThemeParts>;

const GRAPH_PALETTE = ['#2563eb', '#16a34a', '#dc2626', '#9333ea', '#ea580c', '#0891b2', '#65a30d', '#db2777', '#475569', '#ca8a04'];

/**
 * Every part of the theme derived from the brand's primary and secondary colours: the primary
 * colour fills buttons, active states and labels, the secondary tints the secondary surfaces; every
 * text and icon colour is chosen (or darkened) to pass AA on what it is drawn on.
 */
export function deriveTheme(primaryColor: string, secondaryColor: string, options: { borderRadius?: BorderRadius; home?: boolean } = {}): ThemeParts {
  const primary = isHexColour(primaryColor) && primaryColor.length === 7 ? primaryColor.toLowerCase() : '#1f5fa8';
  const secondary = isHexColour(secondaryColor) && secondaryColor.length === 7 ? secondaryColor.toLowerCase() : '#f2b705';
  const white = '#ffffff';
  const onPrimary = readableOn(primary);
  const primaryText = withContrast(primary, white, TEXT_CONTRAST);
  const primaryTint = mix(primary, white, 0.9);
  const secondaryTint = mix(secondary, white, 0.8);
  const pair = (background: string) => ({ background, text: readableOn(background) });
  const states = { onSurface: { active: pair(primary), inactive: { background: white, text: '#374151' } }, offSurface: { active: { background: white, text: primaryText }, inactive: pair(primaryTint) } };
  const text = (fontSize: number, lineHeight: number, weight: 'semiBold' | 'regular') => ({ fontSize, lineHeight, weight });
  const graph = [primary, secondary, ...GRAPH_PALETTE.filter((c) => c !== primary && c !== secondary)].slice(0, 8);
  const radial = [secondary, primary, ...GRAPH_PALETTE.filter((c) => c !== primary && c !== secondary).reverse()].slice(0, 8);
  return {
    buttons: {
      borderRadius: options.borderRadius ?? 'MEDIUM',
      variants: {
        filled: { background: primary, text: onPrimary, border: primary },
        outlined: { background: white, text: primaryText, border: withContrast(primary, white, UI_CONTRAST) },
        disabled: { background: '#e5e7eb', text: '#6b7280', border: '#e5e7eb' },
      },
    },
    favorites: {
      variants: {
        neutral: { background: '#f3f4f6', text: DARK_TEXT, icon: '#4b5563' },
        good: { background: '#e7f6ec', text: '#14532d', icon: '#15803d' },
        bad: { background: '#fdecec', text: '#7f1d1d', icon: '#b91c1c' },
        active: { background: primary, text: onPrimary, icon: onPrimary },
      },
    },
    graph: { shared: { cartesian: graph, radial } },
    pulsingIcon: {
      variants: {
        idle: { color: '#6b7280', pulse: '#e5e7eb' },
        heating: { color: '#dc2626', pulse: '#fecaca' },
        cooling: { color: '#2563eb', pulse: '#bfdbfe' },
        'solar-producing': { color: '#ca8a04', pulse: '#fef08a' },
        'solar-idle': { color: '#a16207', pulse: '#fef3c7' },
      },
    },
    label: { primary: pair(primary), secondary: pair(secondary) },
    menu: structuredClone(states),
    selector: structuredClone(states),
    tabs: structuredClone(states),
    text: {
      weights: { semiBold: 600, regular: 400 },
      variants: {
        h1: text(32, 40, 'semiBold'),
        h2: text(28, 36, 'semiBold'),
        h3: text(24, 32, 'semiBold'),
        h4: text(20, 28, 'semiBold'),
        h5: text(18, 24, 'semiBold'),
        h6: text(16, 22, 'semiBold'),
        large: text(18, 26, 'regular'),
        medium: text(16, 24, 'regular'),
        small: text(14, 20, 'regular'),
        mini: text(12, 16, 'regular'),
      },
    },
    surfaces: {
      variants: {
        primary: { background: white, text: DARK_TEXT, border: '#e5e7eb' },
        secondary: { background: secondaryTint, text: readableOn(secondaryTint), border: mix(secondary, white, 0.5) },
        info: { background: '#eff6ff', text: '#1e3a8a', border: '#bfdbfe' },
        attention: { background: '#fff7ed', text: '#7c2d12', border: '#fdba74' },
      },
    },
    views: {
      variants: {
        primary: { background: { type: 'color', color: '#f3f4f6', image: null }, behavior: 'scroll', text: DARK_TEXT },
        secondary: { background: { type: 'color', color: white, image: null }, behavior: 'scroll', text: DARK_TEXT },
        ...(options.home ? { home: { background: { type: 'color' as const, color: primary, image: null }, behavior: 'sticky' as const, text: onPrimary } } : {}),
      },
    },
    legacyComponents: {
      SmallListCard: { background: white, text: DARK_TEXT, icon: withContrast(primary, white, UI_CONTRAST) },
      LeftAlignedInfoBox: { background: primaryTint, text: readableOn(primaryTint), icon: withContrast(primary, primaryTint, UI_CONTRAST) },
      CenteredInfoBox: { background: secondaryTint, text: readableOn(secondaryTint), icon: withContrast(secondary, secondaryTint, UI_CONTRAST) },
    },
  };
}

/** The parts of the built-in neutral theme: the `.default()` of each part. */
export const defaultThemeParts = deriveTheme('#1f5fa8', '#f2b705');

/**
 * The theme's new parts as `ReleaseTheme` fields, each with its default, so releases stored
 * before a part existed still parse (where the release is read as a whole, `fillThemeParts`
 * derives the missing parts from its own brand colours first).
 */
export const themePartFields = {
  buttons: ThemeButtons.default(defaultThemeParts.buttons),
  favorites: ThemeFavorites.default(defaultThemeParts.favorites),
  graph: ThemeGraph.default(defaultThemeParts.graph),
  pulsingIcon: ThemePulsingIcon.default(defaultThemeParts.pulsingIcon),
  label: ThemeLabel.default(defaultThemeParts.label),
  menu: ThemeNavigation.default(defaultThemeParts.menu),
  selector: ThemeNavigation.default(defaultThemeParts.selector),
  tabs: ThemeNavigation.default(defaultThemeParts.tabs),
  text: ThemeText.default(defaultThemeParts.text),
  surfaces: ThemeSurfaces.default(defaultThemeParts.surfaces),
  views: ThemeViews.default(defaultThemeParts.views as z.infer<typeof ThemeViews>),
  legacyComponents: ThemeLegacyComponents.default(defaultThemeParts.legacyComponents),
};

/** A stored theme with the parts it lacks derived from its own primary and secondary colours (and its border radius for the buttons). */
export function fillThemeParts(theme: unknown): unknown {
  if (typeof theme !== 'object' || theme === null || Array.isArray(theme)) return theme;
  const record = theme as Record<string, unknown>;
  if (themePartNames.every((name) => record[name] !== undefined)) return theme;
  const radius = BorderRadius.safeParse(record['borderRadius']);
  const derived = deriveTheme(String(record['primaryColor'] ?? ''), String(record['secondaryColor'] ?? ''), radius.success ? { borderRadius: radius.data } : {});
  const filled: Record<string, unknown> = { ...record };
  for (const name of themePartNames) if (filled[name] === undefined) filled[name] = derived[name];
  return filled;
}

/* The contrast rules. */

export interface ContrastPair {
  /** Path of the foreground colour inside the theme (the field an editor marks). */
  path: string[];
  /** Path of the colour it is drawn on. */
  background: string[];
  /** 4.5 for text, 3 for icons and borders. */
  min: number;
  kind: 'text' | 'ui';
}

const each = <T extends string>(names: readonly T[], build: (name: T) => ContrastPair[]): ContrastPair[] => names.flatMap(build);
const textOn = (base: string[], text = 'text', background: string[] = [...base, 'background']): ContrastPair => ({ path: [...base, text], background, min: TEXT_CONTRAST, kind: 'text' });
const uiOn = (base: string[], field: string): ContrastPair => ({ path: [...base, field], background: [...base, 'background'], min: UI_CONTRAST, kind: 'ui' });

/** Every place the theme draws a text, an icon or a border on one of its own background colours. */
export const contrastPairs: readonly ContrastPair[] = [
  textOn(['buttons', 'variants', 'filled']),
  textOn(['buttons', 'variants', 'outlined']),
  uiOn(['buttons', 'variants', 'outlined'], 'border'),
  ...each(favoriteVariants, (v) => [textOn(['favorites', 'variants', v]), uiOn(['favorites', 'variants', v], 'icon')]),
  textOn(['label', 'primary']),
  textOn(['label', 'secondary']),
  ...(['menu', 'selector', 'tabs'] as const).flatMap((part) => navigationPlacements.flatMap((placement) => navigationStates.map((state) => textOn([part, placement, state])))),
  ...each(surfaceVariants, (v) => [textOn(['surfaces', 'variants', v])]),
  ...each(viewVariants, (v) => [textOn(['views', 'variants', v], 'text', ['views', 'variants', v, 'background', 'color'])]),
  ...each(legacyComponentNames, (c) => [textOn(['legacyComponents', c]), uiOn(['legacyComponents', c], 'icon')]),
];

function at(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const isColour = (value: unknown): value is string => typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);

export interface ContrastIssue {
  path: string[];
  message: string;
  ratio: number;
}

/** The error message of a pair below its minimum: the key, then the colours and the ratio. */
export function contrastMessage(pair: Pick<ContrastPair, 'min' | 'kind'>, foreground: string, background: string, ratio: number): string {
  return pair.kind === 'text'
    ? `THEME_TEXT_CONTRAST: text ${foreground} on ${background} has a contrast of ${ratio.toFixed(2)}:1; text needs at least ${pair.min}:1 (WCAG AA)`
    : `THEME_UI_CONTRAST: ${foreground} on ${background} has a contrast of ${ratio.toFixed(2)}:1; icons and borders need at least ${pair.min}:1 (WCAG 1.4.11)`;
}

/** The pairs of a (whole or partial) theme that fall below their minimum; pairs with a colour missing are left out. */
export function themeContrastIssues(theme: unknown): ContrastIssue[] {
  const issues: ContrastIssue[] = [];
  for (const pair of contrastPairs) {
    const foreground = at(theme, pair.path);
    const background = at(theme, pair.background);
    if (!isColour(foreground) || !isColour(background)) continue;
    const ratio = contrast(foreground, background);
    if (ratio < pair.min) issues.push({ path: pair.path, message: contrastMessage(pair, foreground, background, ratio), ratio });
  }
  return issues;
}

/** The refinement that runs the contrast rules and the view rule on a theme (a release's, or the pairs a draft holds). */
export function checkTheme(theme: unknown, ctx: z.RefinementCtx): void {
  for (const issue of themeContrastIssues(theme)) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: at(theme, issue.path) });
  for (const variant of viewVariants) {
    const background = at(theme, ['views', 'variants', variant, 'background']) as { type?: unknown; image?: unknown } | undefined;
    if (background && background.type === 'image' && background.image === null) {
      ctx.addIssue({ code: 'custom', message: 'VIEW_BACKGROUND_IMAGE_REQUIRED', path: ['views', 'variants', variant, 'background', 'image'], input: null });
    }
  }
}
