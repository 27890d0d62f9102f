import { describe, expect, it } from 'vitest';
import { draftPartSchemas, releasePartSchemas } from './settings-parts.ts';
import {
  contentNavigationTargets,
  favoriteNames,
  HomeModule,
  itemHiddenBecause,
  ModulesPart,
  moduleErrorKeys,
  scheduledAt,
  unavailableFavorites,
  type HomeModule as HomeModuleType,
  type ModuleItem,
} from './settings-modules.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');

const item = (over: Record<string, unknown> = {}) => ({
  id: id(100),
  enabled: true,
  theme: { light: { backgroundColors: ['#0b5d3b'], foregroundColor: '#ffffff', accentColor: '#0b5d3b', accentBackgroundColor: '#ffffff' } },
  segments: { match: 'AND', rules: [{ name: 'heatingTypes', operator: 'anyOf', value: ['direct'] }] },
  copy: { en: { title: 'Save with a heat pump', body: 'Direct electric heating costs more.', label: 'Offer' } },
  navigation: { page: 'EXTERNAL_URL', url: 'https://example.com/heat-pumps', openInBrowser: true },
  ...over,
});

const offers = (items: unknown[]) => ({ id: id(1), name: 'Offers', enabled: true, scope: 'home', items });
const favorites = (list: unknown[]) => ({ id: id(2), name: 'Favorites', copy: { en: { title: 'Favorites', selectorTitle: 'Choose', selectorDescription: 'Pick up to four' } }, favorites: list });

/** The error keys of a modules part, in order. */
function keysOf(value: unknown): string[] {
  const parsed = ModulesPart.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message.split(':')[0]!);
}

describe('the modules part', () => {
  it('still parses the stored releases ({ items: [] }) and an empty part', () => {
    expect(releasePartSchemas.modules.parse({ items: [] })).toEqual({ items: [] });
    expect(releasePartSchemas.modules.parse({})).toEqual({ items: [] });
  });

  it('accepts every module with defaults filled in', () => {
    const part = ModulesPart.parse({
      items: [
        { id: id(10), name: 'News', url: 'https://example.com/feed.xml', variant: 'portrait' },
        { id: id(11), name: 'Shortcuts', items: [item({ id: id(101), navigation: { page: 'SPOTPRICE' }, segments: undefined, theme: undefined })] },
        favorites([{ name: 'InvoiceFavorite' }, { name: 'SpotPriceNowFavorite', enabled: false }]),
        { id: id(12), name: 'Help', items: [] },
        { id: id(13), name: 'FromUs', scope: 'analysis', variant: 'landscapeCarousel', items: [] },
        offers([item()]),
        { id: id(14), name: 'ImageFooter', variant: 'logo', image: { url: '/v3/assets/0123456789abcdef01234567' } },
      ],
    });
    expect(part.items.map((m) => m.name)).toEqual(['News', 'Shortcuts', 'Favorites', 'Help', 'FromUs', 'Offers', 'ImageFooter']);
    const shortcuts = part.items[1] as Extract<HomeModuleType, { name: 'Shortcuts' }>;
    expect(shortcuts).toMatchObject({ enabled: true, scope: 'home', variant: 'smallListCard' });
    expect(shortcuts.items[0]!.segments).toEqual({ match: 'AND', rules: [] });
    expect(shortcuts.items[0]!.navigation).toEqual({ page: 'SPOTPRICE', enrichUrl: false, openInBrowser: false, enrichHarkUrl: false, isBrightKitUrl: false });
  });

  it('knows the spec lists exactly', () => {
    expect(contentNavigationTargets).toHaveLength(37);
    expect(favoriteNames).toHaveLength(16);
  });

  it.each<[string, unknown, string]>([
    ['an unknown module', { items: [{ id: id(1), name: 'Weather' }] }, 'MODULE_UNKNOWN'],
    ['two modules with one id', { items: [offers([]), offers([])] }, 'MODULE_DUPLICATE_ID'],
    ['two items with one id', { items: [offers([item(), item()])] }, 'MODULE_DUPLICATE_ID'],
    ['an item without copy', { items: [offers([item({ copy: {} })])] }, 'MODULE_COPY_REQUIRED'],
    ['a blank title', { items: [offers([item({ copy: { en: { title: '  ' }, sv: { title: 'Spara' } } })])] }, 'MODULE_TITLE_REQUIRED'],
    ['a title too long', { items: [offers([item({ copy: { en: { title: 'x'.repeat(81) } } })])] }, 'MODULE_TEXT_TOO_LONG'],
    ['a body too long', { items: [offers([item({ copy: { en: { title: 'x', body: 'x'.repeat(501) } } })])] }, 'MODULE_TEXT_TOO_LONG'],
    ['a target the spec does not list', { items: [offers([item({ navigation: { page: 'SHOP' } })])] }, 'MODULE_NAVIGATION_TARGET'],
    ['an external link without an address', { items: [offers([item({ navigation: { page: 'EXTERNAL_URL' } })])] }, 'MODULE_NAVIGATION_URL'],
    ['an external link over http', { items: [offers([item({ navigation: { page: 'EXTERNAL_URL', url: 'http://example.com' } })])] }, 'MODULE_NAVIGATION_URL'],
    ['an address on a page', { items: [offers([item({ navigation: { page: 'INVOICE', url: 'https://example.com' } })])] }, 'MODULE_NAVIGATION_URL_ONLY_EXTERNAL'],
    ['pale text', { items: [offers([item({ theme: { light: { backgroundColors: ['#ffffff'], foregroundColor: '#cccccc', accentColor: '#000000', accentBackgroundColor: '#ffffff' } } })])] }, 'MODULE_ITEM_CONTRAST'],
    ['a pale label in dark mode', { items: [offers([item({ theme: { light: item().theme.light, dark: { backgroundColors: ['#111111'], foregroundColor: '#ffffff', accentColor: '#333333', accentBackgroundColor: '#111111' } } })])] }, 'MODULE_ITEM_CONTRAST'],
    ['a schedule ending before it starts', { items: [offers([item({ schedule: { startDate: '2026-05-01T00:00:00Z', endDate: '2026-04-01T00:00:00Z' } })])] }, 'MODULE_SCHEDULE_ORDER'],
    ['a variant the spec does not list', { items: [offers([item({ variant: 'hugeCard' })])] }, 'MODULE_VARIANT'],
    ['shortcuts as a carousel', { items: [{ id: id(1), name: 'Shortcuts', variant: 'landscapeCarousel', items: [] }] }, 'MODULE_VARIANT'],
    ['news over http', { items: [{ id: id(1), name: 'News', url: 'http://example.com/feed' }] }, 'MODULE_NEWS_URL'],
    ['an image footer without an image', { items: [{ id: id(1), name: 'ImageFooter' }] }, 'MODULE_IMAGE_REQUIRED'],
    ['favorites without the invoice', { items: [favorites([{ name: 'WeatherFavorite' }])] }, 'INVOICE_FAVORITE_REQUIRED'],
    ['the invoice favorite turned off', { items: [favorites([{ name: 'InvoiceFavorite', enabled: false }])] }, 'INVOICE_FAVORITE_REQUIRED'],
    ['a favorite twice', { items: [favorites([{ name: 'InvoiceFavorite' }, { name: 'InvoiceFavorite' }])] }, 'FAVORITE_DUPLICATE'],
    ['an unknown favorite', { items: [favorites([{ name: 'InvoiceFavorite' }, { name: 'TeaFavorite' }])] }, 'FAVORITE_UNKNOWN'],
    ['a segment rule of an unknown attribute', { items: [offers([item({ segments: { match: 'AND', rules: [{ name: 'shoeSize', operator: 'equals', value: 'x' }] } })])] }, 'SEGMENT_UNKNOWN_ATTRIBUTE'],
  ])('refuses %s (%s)', (_, value, key) => {
    expect(keysOf(value)).toContain(key);
    if (!key.startsWith('SEGMENT_')) expect(moduleErrorKeys as readonly string[]).toContain(key);
  });

  it('checks a draft by the same rules (items are whole in a draft)', () => {
    expect(draftPartSchemas.modules.safeParse({ items: [offers([item()])] }).success).toBe(true);
    expect(draftPartSchemas.modules.safeParse({}).success).toBe(true);
    expect(draftPartSchemas.modules.safeParse({ items: [offers([item({ navigation: { page: 'SHOP' } })])] }).success).toBe(false);
  });
});

describe('unavailableFavorites', () => {
  const part = { items: [favorites([{ name: 'InvoiceFavorite' }, { name: 'LoadPeaksFavorite' }, { name: 'WasteRemovalFavorite', enabled: false }, { name: 'RealtimeProviderFavorite' }])] };
  it('names each enabled conditional favorite the organisation has no service for', () => {
    const issues = unavailableFavorites(part, { WasteRemovalFavorite: false, RecyclingCentralFavorite: false, LoadPeaksFavorite: true, RealtimeProviderFavorite: false });
    expect(issues).toEqual([{ path: 'items.0.favorites.3.name', message: expect.stringMatching(/^FAVORITE_NOT_AVAILABLE: .*RealtimeProviderFavorite/) }]);
    expect(unavailableFavorites({ items: [] }, { WasteRemovalFavorite: false, RecyclingCentralFavorite: false, LoadPeaksFavorite: false, RealtimeProviderFavorite: false })).toEqual([]);
    expect(unavailableFavorites(null, { WasteRemovalFavorite: false, RecyclingCentralFavorite: false, LoadPeaksFavorite: false, RealtimeProviderFavorite: false })).toEqual([]);
  });
});

describe('what a customer sees', () => {
  const module = HomeModule.parse(offers([item()]));
  const card = (module as { items: ModuleItem[] }).items[0]!;
  const at = new Date('2026-06-01T12:00:00Z');
  it('shows an item to a customer in its segment, in its schedule, and says why not otherwise', () => {
    expect(itemHiddenBecause(module, card, { heatingTypes: ['direct'] }, at)).toBeNull();
    expect(itemHiddenBecause(module, card, { heatingTypes: ['district'] }, at)).toBe('segment');
    expect(itemHiddenBecause(module, card, {}, at)).toBe('segment');
    expect(itemHiddenBecause(module, card, null, at)).toBeNull();
    expect(itemHiddenBecause(module, { ...card, enabled: false }, { heatingTypes: ['direct'] }, at)).toBe('disabled');
    expect(itemHiddenBecause({ ...module, enabled: false }, card, { heatingTypes: ['direct'] }, at)).toBe('moduleDisabled');
    expect(itemHiddenBecause(module, { ...card, schedule: { startDate: '2026-07-01T00:00:00Z' } }, { heatingTypes: ['direct'] }, at)).toBe('schedule');
  });
  it('holds a schedule from its start until (not including) its end', () => {
    const window = { startDate: '2026-06-01T00:00:00Z', endDate: '2026-06-02T00:00:00Z' };
    expect(scheduledAt(window, new Date('2026-06-01T00:00:00Z'))).toBe(true);
    expect(scheduledAt(window, new Date('2026-06-02T00:00:00Z'))).toBe(false);
    expect(scheduledAt(undefined, at)).toBe(true);
  });
});
