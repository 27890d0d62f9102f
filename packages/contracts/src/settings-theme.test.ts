import { describe, expect, it } from 'vitest';
import { contrast } from './colors.ts';
import { draftPartSchemas, releasePartSchemas } from './settings-parts.ts';
import { ReleaseContent } from './settings.ts';
import { contrastPairs, deriveTheme, fillThemeParts, themeContrastIssues, themePartNames } from './settings-theme.ts';

const brand = { primaryColor: '#0b5d4b', secondaryColor: '#f2b705', borderRadius: 'MEDIUM', logo: null, logoText: 'Solvik', favicon: null } as const;
const whole = (overrides: Record<string, unknown> = {}) => ({ ...brand, ...deriveTheme(brand.primaryColor, brand.secondaryColor, { home: true }), ...overrides });
const messages = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('deriveTheme', () => {
  it.each([
    ['#0b5d4b', '#f2b705'],
    ['#1f3a5f', '#e4572e'],
    ['#b71c1c', '#37474f'],
    ['#3a5a40', '#e9c46a'],
    ['#767676', '#ffffff'],
    ['#1f5fa8', '#000000'],
  ])('derives a theme from %s and %s in which every pair passes AA', (primary, secondary) => {
    const theme = { ...brand, primaryColor: primary, secondaryColor: secondary, ...deriveTheme(primary, secondary, { home: true }) };
    expect(themeContrastIssues(theme)).toEqual([]);
    expect(releasePartSchemas.themes.safeParse(theme).success).toBe(true);
  });

  it('checks every pair it names (none is left without both colours)', () => {
    const theme = whole();
    for (const pair of contrastPairs) {
      let value: unknown = theme;
      for (const key of [...pair.path]) value = (value as Record<string, unknown>)[key];
      expect(value, pair.path.join('.')).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});

describe('the theme rules', () => {
  it('refuses a text colour below 4.5:1 on its background, with the key and the ratio', () => {
    const theme = whole();
    theme.buttons.variants.filled = { background: '#0b5d4b', text: '#3a8f7c', border: '#0b5d4b' };
    const result = releasePartSchemas.themes.safeParse(theme);
    expect(result.success).toBe(false);
    const ratio = contrast('#3a8f7c', '#0b5d4b').toFixed(2);
    expect(messages(result)).toEqual([`buttons.variants.filled.text: THEME_TEXT_CONTRAST: text #3a8f7c on #0b5d4b has a contrast of ${ratio}:1; text needs at least 4.5:1 (WCAG AA)`]);
  });

  it.each([
    [['surfaces', 'variants', 'info'], 'text'],
    [['label', 'secondary'], 'text'],
    [['menu', 'onSurface', 'active'], 'text'],
    [['tabs', 'offSurface', 'inactive'], 'text'],
    [['selector', 'onSurface', 'inactive'], 'text'],
    [['favorites', 'variants', 'good'], 'text'],
    [['legacyComponents', 'CenteredInfoBox'], 'text'],
  ])('refuses a pale text at %s', (base, field) => {
    const theme = whole() as Record<string, unknown>;
    let target = theme;
    for (const key of base) target = target[key] as Record<string, unknown>;
    target['background'] = '#ffffff';
    target[field] = '#cccccc';
    expect(messages(releasePartSchemas.themes.safeParse(theme))).toEqual([expect.stringMatching(new RegExp(`^${[...base, field].join('\\.')}: THEME_TEXT_CONTRAST: text #cccccc on #ffffff has a contrast of 1\\.61:1`))]);
  });

  it('checks view text against the colour under the background image, and an image view needs its image', () => {
    const theme = whole();
    theme.views.variants.primary = { background: { type: 'image', color: '#ffffff', image: null }, behavior: 'sticky', text: '#999999' };
    expect(messages(releasePartSchemas.themes.safeParse(theme))).toEqual([
      expect.stringMatching(/^views\.variants\.primary\.text: THEME_TEXT_CONTRAST: text #999999 on #ffffff has a contrast of 2\.85:1/),
      'views.variants.primary.background.image: VIEW_BACKGROUND_IMAGE_REQUIRED',
    ]);
  });

  it('asks 3:1 of icons and of the outlined button border, and nothing of a disabled button', () => {
    const theme = whole();
    theme.favorites.variants.bad.icon = '#f5b5b5';
    theme.buttons.variants.disabled = { background: '#eeeeee', text: '#dddddd', border: '#eeeeee' };
    expect(messages(releasePartSchemas.themes.safeParse(theme))).toEqual([expect.stringMatching(/^favorites\.variants\.bad\.icon: THEME_UI_CONTRAST: #f5b5b5 on #fdecec has a contrast of 1\.\d\d:1; icons and borders need at least 3:1/)]);
  });

  it('keeps graph colour lists to 6 to 12 colours', () => {
    const five = ['#111111', '#222222', '#333333', '#444444', '#555555'];
    const theme = whole({ graph: { shared: { cartesian: five, radial: [...five, ...five, ...five] } } });
    expect(messages(releasePartSchemas.themes.safeParse(theme))).toEqual(['graph.shared.cartesian: GRAPH_COLORS_COUNT', 'graph.shared.radial: GRAPH_COLORS_COUNT']);
    expect(draftPartSchemas.themes.safeParse({ graph: { shared: { radial: five } } }).success).toBe(false);
  });

  it('requires the primary and secondary views and the idle, heating and cooling icons; home and the solar icons are optional', () => {
    const theme = whole();
    const { home: _home, ...views } = theme.views.variants;
    const { 'solar-idle': _idle, 'solar-producing': _producing, ...icons } = theme.pulsingIcon.variants;
    expect(releasePartSchemas.themes.safeParse({ ...theme, views: { variants: views }, pulsingIcon: { variants: icons } }).success).toBe(true);
    const { secondary: _secondary, ...noSecondary } = views;
    const { cooling: _cooling, ...noCooling } = icons;
    expect(messages(releasePartSchemas.themes.safeParse({ ...theme, views: { variants: noSecondary }, pulsingIcon: { variants: noCooling } }))).toEqual([
      'pulsingIcon.variants.cooling: PULSING_ICON_VARIANT_REQUIRED',
      'views.variants.secondary: VIEW_VARIANT_REQUIRED',
    ]);
  });

  it('takes only the spec border radii and text weights', () => {
    const theme = whole();
    expect(releasePartSchemas.themes.safeParse({ ...theme, buttons: { ...theme.buttons, borderRadius: 'HUGE' } }).success).toBe(false);
    expect(releasePartSchemas.themes.safeParse({ ...theme, buttons: { ...theme.buttons, borderRadius: 'MAX' } }).success).toBe(true);
    theme.text.variants.h3.weight = 'bold' as 'regular';
    expect(releasePartSchemas.themes.safeParse(theme).success).toBe(false);
  });

  it('checks a pair a draft holds whole, and leaves a pair with one colour to the release', () => {
    expect(messages(draftPartSchemas.themes.safeParse({ label: { primary: { background: '#ffffff', text: '#eeeeee' } } }))).toEqual([
      expect.stringMatching(/^label\.primary\.text: THEME_TEXT_CONTRAST: text #eeeeee on #ffffff has a contrast of 1\.16:1/),
    ]);
    expect(draftPartSchemas.themes.safeParse({ label: { primary: { text: '#eeeeee' } } }).success).toBe(true);
  });
});

describe('releases stored before the parts existed', () => {
  it('parse, with every part derived from their own brand colours', () => {
    const id = '0123456789abcdef01234567';
    const content = ReleaseContent.parse({
      theme: { id, ...brand },
      featureFlags: { id, flags: {} },
      featureConfigurations: { id, public: {} },
      modules: { id },
      customFavorites: { id },
    });
    expect(content.theme.buttons.variants.filled.background).toBe('#0b5d4b');
    expect(content.theme.graph.shared.cartesian).toHaveLength(8);
    for (const name of themePartNames) expect(content.theme[name]).toBeDefined();
    expect(fillThemeParts({ ...brand, buttons: whole().buttons })).toMatchObject({ buttons: whole().buttons });
  });
});
