import { z } from 'zod';
import { contrast, TEXT_CONTRAST } from './colors.ts';
import { Id } from './common.ts';
import { languages, type Language } from './enums.ts';
import { matchesSegment, SegmentRuleSet, type SegmentAttributes } from './segments.ts';

/*
 * Home modules (spec 002 §2 "Content navigation targets", "Home screen modules", §3 "Home module";
 * issue 18, decision 0058): what the app's home and analysis screens show, in order. A module has
 * an id, a name (which of the seven modules it is), enabled and a scope; the content modules hold
 * items with their own theme, audience (segment rules), copy per language, navigation, icon,
 * schedule and variant. The favorites module lists the favorites a customer may pick from.
 *
 * Every rule's message is an error key (UPPER_SNAKE), optionally followed by `: detail`.
 */

/** Pages a home item can open (spec 002 §2), spelled exactly as the spec lists them. */
export const contentNavigationTargets = [
  'SPOTPRICE', 'ANALYSIS', 'IOT', 'IOT_PROVIDER', 'INVOICE', 'RECYCLING_CENTRAL', 'WASTE', 'HOME', 'ACCOUNT_PROFILE', 'SITE_PROFILE',
  'NOTIFICATIONS', 'MONTHLY_REPORT', 'EXTERNAL_URL', 'DISRUPTIONS', 'REALTIME', 'AGREEMENTS', 'MESSAGE_FEED', 'MESSAGE', 'NONE', 'FAQ',
  'CONTACT_US', 'SOLAR_PRODUCTION', 'ELIS_TIPS', 'ANALYSIS_DETAILS', 'ANALYSIS_COMPARISON', 'ANALYSIS_HISTORY', 'ANALYSIS_DETAILS_COST',
  'ANALYSIS_DETAILS_CONSUMPTION', 'LOAD_MEASUREMENTS', 'FAMILY_SHARE', 'DEVIATIONS', 'IOT_PROVIDER_BRAND_MODEL_LIST', 'SETTINGS',
  'IOT_HOMESIDE_DEVICE_SCREEN', 'CONTROL_WEBVIEW', 'MONTHLY_REPORT_SCREEN', 'PICOFROST_ONBOARDING',
] as const;
export type ContentNavigationTarget = (typeof contentNavigationTargets)[number];

/** The home screen's modules (spec 002 §2). */
export const homeModuleNames = ['News', 'Shortcuts', 'Favorites', 'Help', 'FromUs', 'Offers', 'ImageFooter'] as const;
export type HomeModuleName = (typeof homeModuleNames)[number];
/** The modules that hold items (cards). */
export const itemModuleNames = ['Shortcuts', 'Help', 'FromUs', 'Offers'] as const;
export const moduleScopes = ['home', 'analysis'] as const;
export type ModuleScope = (typeof moduleScopes)[number];

export const itemVariants = ['smallListCard', 'mediumListCard', 'largeListCard', 'landscapeCarousel', 'portraitCarousel', 'rssCarousel'] as const;
export type ItemVariant = (typeof itemVariants)[number];
export const newsVariants = ['portrait', 'landscape'] as const;
export const imageFooterVariants = ['landscape', 'logo'] as const;

/** The favorites of spec 002 §3, spelled exactly. */
export const favoriteNames = [
  'InvoiceFavorite', 'WasteRemovalFavorite', 'RecyclingCentralFavorite', 'LoadPeaksFavorite', 'SpotPriceNowFavorite', 'SpotPriceNextHourFavorite',
  'SpotPriceRangeFavorite', 'SpotPriceGraphFavorite', 'SpotPriceListFavorite', 'SpotPriceComparisonFavorite', 'MonthlyInfoFavorite',
  'MonthlyHeatingFavorite', 'WeatherFavorite', 'WindPowerFavorite', 'Co2ImpactFavorite', 'RealtimeProviderFavorite',
] as const;
export type FavoriteName = (typeof favoriteNames)[number];
/** Always offered and never turned off (spec 002 §3 "Required favorite: invoice"). */
export const REQUIRED_FAVORITE: FavoriteName = 'InvoiceFavorite';
/**
 * Offered only where the organisation has the service (spec 002 §3 "Conditional favorites"). The
 * schema cannot know the organisation; the server checks these when a draft is saved and when
 * a release is made (decision 0058), and the editor offers only the available ones.
 */
export const conditionalFavorites = ['WasteRemovalFavorite', 'RecyclingCentralFavorite', 'LoadPeaksFavorite', 'RealtimeProviderFavorite'] as const satisfies readonly FavoriteName[];
export type ConditionalFavorite = (typeof conditionalFavorites)[number];
export const isConditionalFavorite = (name: string): name is ConditionalFavorite => (conditionalFavorites as readonly string[]).includes(name);

export const MODULE_MAX = 30;
export const MODULE_MAX_ITEMS = 30;
export const MODULE_TITLE_MAX = 80;
export const MODULE_BODY_MAX = 500;
export const MODULE_LABEL_MAX = 40;

/** The error keys of the modules' rules (each has its text in six languages). */
export const moduleErrorKeys = [
  'MODULE_UNKNOWN',
  'MODULE_DUPLICATE_ID',
  'MODULE_COPY_REQUIRED',
  'MODULE_TITLE_REQUIRED',
  'MODULE_TEXT_TOO_LONG',
  'MODULE_NAVIGATION_TARGET',
  'MODULE_NAVIGATION_URL',
  'MODULE_NAVIGATION_URL_ONLY_EXTERNAL',
  'MODULE_ITEM_CONTRAST',
  'MODULE_SCHEDULE_ORDER',
  'MODULE_VARIANT',
  'MODULE_NEWS_URL',
  'MODULE_IMAGE_REQUIRED',
  'INVOICE_FAVORITE_REQUIRED',
  'FAVORITE_UNKNOWN',
  'FAVORITE_DUPLICATE',
  'FAVORITE_NOT_AVAILABLE',
] as const;
export type ModuleErrorKey = (typeof moduleErrorKeys)[number];

const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'HEX_COLOR');
const HttpsUrl = (key: ModuleErrorKey) => z.url({ protocol: /^https$/, message: key }).max(2000, key);
/** An image as the organisation's asset (`/v3/assets/{id}`, decision 0048) or an https address. */
const ImageUrl = z.string().max(2000).regex(/^(https:\/\/\S+|\/v3\/assets\/[0-9a-f]{24}(\?[A-Za-z0-9=&]{0,100})?)$/, 'IMAGE_URL');
const Instant = z.iso.datetime({ offset: true, message: 'INVALID_DATE' });

const text = (max: number) => z.string().trim().max(max, `MODULE_TEXT_TOO_LONG: at most ${max} characters`);

/** A text in some of the six languages; at least one language has a non-blank title. */
function perLanguage<T extends z.ZodRawShape>(shape: T) {
  return z
    .partialRecord(z.enum(languages), z.strictObject(shape))
    .refine((copy) => Object.values(copy).some((c) => typeof (c as { title?: unknown } | undefined)?.title === 'string' && ((c as { title: string }).title.trim() !== '')), {
      message: 'MODULE_COPY_REQUIRED: a title in at least one language',
    });
}

/** An item's texts in one language (spec 002 §3: title, body, label). */
export const ItemCopy = z.strictObject({
  title: text(MODULE_TITLE_MAX).min(1, 'MODULE_TITLE_REQUIRED'),
  body: text(MODULE_BODY_MAX).default(''),
  label: text(MODULE_LABEL_MAX).default(''),
});
export type ItemCopy = z.infer<typeof ItemCopy>;

/** Colours of an item in one appearance; text (foreground) reads at 4.5:1 on every background, the label (accent) on its own background too. */
export const ItemColours = z
  .strictObject({
    /** One colour, or up to three for a gradient. */
    backgroundColors: z.array(HexColor).min(1, 'HEX_COLOR').max(3),
    foregroundColor: HexColor,
    accentColor: HexColor,
    accentBackgroundColor: HexColor,
  })
  .superRefine((c, ctx) => {
    c.backgroundColors.forEach((bg, i) => {
      const ratio = contrast(c.foregroundColor, bg);
      if (ratio < TEXT_CONTRAST) ctx.addIssue({ code: 'custom', path: ['foregroundColor'], message: `MODULE_ITEM_CONTRAST: ${c.foregroundColor} on ${bg} (background ${i + 1}) is ${ratio.toFixed(2)}:1; text needs ${TEXT_CONTRAST}:1` });
    });
    const accent = contrast(c.accentColor, c.accentBackgroundColor);
    if (accent < TEXT_CONTRAST) ctx.addIssue({ code: 'custom', path: ['accentColor'], message: `MODULE_ITEM_CONTRAST: ${c.accentColor} on ${c.accentBackgroundColor} is ${accent.toFixed(2)}:1; text needs ${TEXT_CONTRAST}:1` });
  });
export type ItemColours = z.infer<typeof ItemColours>;

export const ItemTheme = z.strictObject({ light: ItemColours, dark: ItemColours.optional() });
export type ItemTheme = z.infer<typeof ItemTheme>;

/**
 * Where an item leads: a page of the app, or (`EXTERNAL_URL`) an https address with how to open it
 * (spec 002 §3 "Navigation").
 */
export const Navigation = z
  .strictObject({
    page: z.enum(contentNavigationTargets, { message: 'MODULE_NAVIGATION_TARGET' }),
    url: HttpsUrl('MODULE_NAVIGATION_URL').optional(),
    /** Add the customer's identifiers to the address. */
    enrichUrl: z.boolean().default(false),
    openInBrowser: z.boolean().default(false),
    enrichHarkUrl: z.boolean().default(false),
    isBrightKitUrl: z.boolean().default(false),
  })
  .superRefine((n, ctx) => {
    if (n.page === 'EXTERNAL_URL' && !n.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'MODULE_NAVIGATION_URL: an external link needs an https address' });
    if (n.page !== 'EXTERNAL_URL' && n.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'MODULE_NAVIGATION_URL_ONLY_EXTERNAL: only EXTERNAL_URL takes an address' });
  });
export type Navigation = z.infer<typeof Navigation>;

export const ModuleIcon = z.strictObject({ type: z.string().trim().min(1).max(40), name: z.string().trim().min(1).max(100) });

/** Shown from `startDate` until `endDate` (open-ended without one). */
export const Schedule = z
  .strictObject({ startDate: Instant, endDate: Instant.optional() })
  .refine((s) => !s.endDate || Date.parse(s.endDate) > Date.parse(s.startDate), { path: ['endDate'], message: 'MODULE_SCHEDULE_ORDER: the end is not after the start' });
export type Schedule = z.infer<typeof Schedule>;

const noAudience: SegmentRuleSet = { match: 'AND', rules: [] };

/** One card of a content module. */
export const ModuleItem = z.strictObject({
  id: Id,
  enabled: z.boolean().default(true),
  /** Overrides the module's variant. */
  variant: z.enum(itemVariants, { message: 'MODULE_VARIANT' }).optional(),
  /** The app's own look when none. */
  theme: ItemTheme.optional(),
  /** Who sees it (every customer with no rules). */
  segments: SegmentRuleSet.default(noAudience),
  copy: perLanguage(ItemCopy.shape),
  navigation: Navigation,
  icon: ModuleIcon.optional(),
  schedule: Schedule.optional(),
});
export type ModuleItem = z.infer<typeof ModuleItem>;

const moduleBase = {
  id: Id,
  enabled: z.boolean().default(true),
  scope: z.enum(moduleScopes).default('home'),
  schedule: Schedule.optional(),
};

const items = z
  .array(ModuleItem)
  .max(MODULE_MAX_ITEMS)
  .default([])
  .superRefine((list, ctx) => duplicateIds(list, ctx, 'MODULE_DUPLICATE_ID'));

function duplicateIds(list: ReadonlyArray<{ id: string }>, ctx: z.RefinementCtx, key: ModuleErrorKey): void {
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    if (seen.has(entry.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `${key}: ${entry.id} appears twice` });
    seen.add(entry.id);
  });
}

/** A module's heading per language. */
const ModuleCopy = perLanguage({ title: text(MODULE_TITLE_MAX).min(1, 'MODULE_TITLE_REQUIRED') });

export const NewsModule = z.strictObject({
  ...moduleBase,
  name: z.literal('News'),
  copy: ModuleCopy.optional(),
  /** The feed's address (RSS). */
  url: HttpsUrl('MODULE_NEWS_URL'),
  /** Query parameters added to the feed's address. */
  extraParams: z.record(z.string().min(1).max(40), z.string().max(200)).default({}),
  variant: z.enum(newsVariants, { message: 'MODULE_VARIANT' }).default('landscape'),
});

export const ShortcutsModule = z.strictObject({
  ...moduleBase,
  name: z.literal('Shortcuts'),
  copy: ModuleCopy.optional(),
  variant: z.literal('smallListCard', { message: 'MODULE_VARIANT' }).default('smallListCard'),
  items,
});

const contentModule = <N extends 'Help' | 'FromUs' | 'Offers'>(name: N) =>
  z.strictObject({
    ...moduleBase,
    name: z.literal(name),
    copy: ModuleCopy.optional(),
    variant: z.enum(itemVariants, { message: 'MODULE_VARIANT' }).default('mediumListCard'),
    items,
  });
export const HelpModule = contentModule('Help');
export const FromUsModule = contentModule('FromUs');
export const OffersModule = contentModule('Offers');

export const ImageFooterModule = z.strictObject({
  ...moduleBase,
  name: z.literal('ImageFooter'),
  variant: z.enum(imageFooterVariants, { message: 'MODULE_VARIANT' }).default('landscape'),
  image: z.strictObject({ url: ImageUrl, alt: z.string().trim().max(200).default('') }, { message: 'MODULE_IMAGE_REQUIRED' }),
  navigation: Navigation.optional(),
});

export const FavoriteEntry = z.strictObject({
  name: z.enum(favoriteNames, { message: 'FAVORITE_UNKNOWN' }),
  enabled: z.boolean().default(true),
  copy: z.partialRecord(z.enum(languages), z.strictObject({ title: text(MODULE_TITLE_MAX), description: text(MODULE_BODY_MAX).default('') })).default({}),
});
export type FavoriteEntry = z.infer<typeof FavoriteEntry>;

export const FavoritesModule = z.strictObject({
  ...moduleBase,
  name: z.literal('Favorites'),
  copy: perLanguage({
    title: text(MODULE_TITLE_MAX).min(1, 'MODULE_TITLE_REQUIRED'),
    selectorTitle: text(MODULE_TITLE_MAX).default(''),
    selectorDescription: text(MODULE_BODY_MAX).default(''),
  }),
  favorites: z
    .array(FavoriteEntry)
    .max(favoriteNames.length)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((f, i) => {
        if (seen.has(f.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `FAVORITE_DUPLICATE: ${f.name} appears twice` });
        seen.add(f.name);
      });
      if (!list.some((f) => f.name === REQUIRED_FAVORITE && f.enabled)) ctx.addIssue({ code: 'custom', message: `INVOICE_FAVORITE_REQUIRED: ${REQUIRED_FAVORITE} must be listed and enabled` });
    }),
});

export const HomeModule = z.discriminatedUnion('name', [NewsModule, ShortcutsModule, FavoritesModule, HelpModule, FromUsModule, OffersModule, ImageFooterModule], {
  error: (issue) => (issue.code === 'invalid_union' ? `MODULE_UNKNOWN: a module's name is one of ${homeModuleNames.join(', ')}` : undefined),
});
export type HomeModule = z.infer<typeof HomeModule>;
export type ItemModule = Extract<HomeModule, { name: (typeof itemModuleNames)[number] }>;
export type FavoritesModule = z.infer<typeof FavoritesModule>;

/**
 * The modules part of a release: the modules in the order the app shows them (per scope). Stored
 * releases hold `{ items: [] }`, which parses.
 */
export const ModulesPart = z.object({
  items: z
    .array(HomeModule)
    .max(MODULE_MAX)
    .default([])
    .superRefine((list, ctx) => duplicateIds(list, ctx, 'MODULE_DUPLICATE_ID')),
});
export type ModulesPart = z.infer<typeof ModulesPart>;

/* Helpers the server (the organisation's favorites) and the previews share. */

/** Which conditional favorites an organisation can show (it has the service). */
export type FavoriteAvailability = Record<ConditionalFavorite, boolean>;

/** The enabled conditional favorites the organisation cannot show, with their paths in the modules part. */
export function unavailableFavorites(part: unknown, available: FavoriteAvailability): Array<{ path: string; message: string }> {
  const modules = (part as { items?: unknown } | null | undefined)?.items;
  if (!Array.isArray(modules)) return [];
  const issues: Array<{ path: string; message: string }> = [];
  modules.forEach((module: unknown, m) => {
    const mod = module as { name?: unknown; favorites?: unknown } | null;
    if (mod?.name !== 'Favorites' || !Array.isArray(mod.favorites)) return;
    mod.favorites.forEach((favorite: unknown, f) => {
      const fav = favorite as { name?: unknown; enabled?: unknown } | null;
      if (typeof fav?.name === 'string' && isConditionalFavorite(fav.name) && fav.enabled !== false && !available[fav.name]) {
        issues.push({ path: `items.${m}.favorites.${f}.name`, message: `FAVORITE_NOT_AVAILABLE: the organisation has no service for ${fav.name}` });
      }
    });
  });
  return issues;
}

/** Whether a schedule window holds at an instant (no schedule: always). */
export function scheduledAt(schedule: Schedule | undefined, at: Date): boolean {
  if (!schedule) return true;
  if (Date.parse(schedule.startDate) > at.getTime()) return false;
  return !schedule.endDate || Date.parse(schedule.endDate) > at.getTime();
}

/** Why an item is not shown to a customer at an instant, or null when it is. */
export function itemHiddenBecause(module: HomeModule, item: ModuleItem, attributes: SegmentAttributes | null, at: Date): 'moduleDisabled' | 'disabled' | 'schedule' | 'segment' | null {
  if (!module.enabled) return 'moduleDisabled';
  if (!item.enabled) return 'disabled';
  if (!scheduledAt(module.schedule, at) || !scheduledAt(item.schedule, at)) return 'schedule';
  if (attributes && !matchesSegment(item.segments, attributes)) return 'segment';
  return null;
}

/** The copy in a language, else the first language that has it. */
export function copyIn<T>(copy: Partial<Record<Language, T>> | undefined, language: Language, fallbacks: readonly Language[] = languages): T | undefined {
  if (!copy) return undefined;
  return copy[language] ?? fallbacks.map((l) => copy[l]).find((c) => c !== undefined);
}
