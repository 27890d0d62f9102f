import { describe, expect, it } from 'vitest';
import { changeInWords, fieldWords, humanise, shownValue, titleOf, type Translate } from './change-words.ts';

/** The English texts these keys have (a test double of i18next: the key's text, else the default value). */
const texts: Record<string, string> = {
  'releases.words.item': 'Item {{n}}',
  'releases.words.customFavorite': 'Custom favorite {{n}}',
  'releases.words.module': 'Module {{n}}',
  'releases.words.card': 'Card {{n}}',
  'releases.words.backOfficePage': 'Page {{name}}',
  'releases.words.primaryColor': 'Primary colour',
  'releases.words.copy': 'Texts',
  'releases.words.title': 'Title',
  'releases.words.whole': 'Everything',
  'releases.partNames.themes': 'Theme',
  'releases.values.on': 'On',
  'releases.values.off': 'Off',
  'releases.values.emptyList': 'None chosen',
  'releases.values.items': '{{count}} items',
  'featureFlags.names.HIDE_FAQ': 'Hide the FAQ',
  'languages.sv': 'Svenska',
  'theme.sections.legacyComponents': 'Older components',
  'theme.legacyComponentNames.SmallListCard': 'Small list card',
  'theme.fields.background': 'Background',
  'modules.favoriteNames.WeatherFavorite': 'Weather',
  'featureConfigurations.configurations.wasteIntegration.label': 'Waste collection',
  'appPages.names.SPOTPRICE': 'Spot price',
  'releases.words.appNavigation': 'App page',
  'featureConfigurations.fields.wasteIntegration.testBaseUrl.label': 'Test address',
};
const t: Translate = (key, options = {}) =>
  (texts[key] ?? String(options.defaultValue ?? key)).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));

describe('a change in words a marketer understands', () => {
  it('names the fields of each part', () => {
    expect(fieldWords(t, 'themes', 'primaryColor')).toBe('Primary colour');
    expect(fieldWords(t, 'feature-flags', 'flags.HIDE_FAQ')).toBe('Hide the FAQ');
    expect(fieldWords(t, 'feature-flags', 'backOfficePages.Signs')).toBe('Page Signs');
    expect(fieldWords(t, 'modules', 'items.2.copy.sv.title')).toBe('Module 3 › Texts › Svenska › Title');
    expect(fieldWords(t, 'modules', 'items.3.items.1.segments.rules.0.value')).toBe('Module 4 › Card 2 › Segments › Rules › Item 1 › Value');
    expect(fieldWords(t, 'custom-favorites', 'items.0.pollingFrequency')).toBe('Custom favorite 1 › Polling frequency');
  });

  it("names a field as the part's editor does (decision 0061)", () => {
    expect(fieldWords(t, 'themes', 'legacyComponents.SmallListCard.background')).toBe('Older components › Small list card › Background');
    expect(fieldWords(t, 'modules', 'favorites.WeatherFavorite')).toBe('Favorites › Weather');
    expect(fieldWords(t, 'feature-configurations', 'protected.wasteIntegration.testBaseUrl')).toBe('Protected › Waste collection › Test address');
  });

  it("shows an app page by its name (decision 0061)", () => {
    expect(changeInWords(t, { part: 'custom-favorites', path: 'items.0.navigation.appNavigation', kind: 'changed', before: 'SPOTPRICE', after: 'NEW_PAGE' })).toMatchObject({
      field: 'Custom favorite 1 › Navigation › App page',
      before: { kind: 'text', text: 'Spot price' },
      after: { kind: 'text', text: 'NEW_PAGE' },
    });
  });

  it('reads a path without a label as its words', () => {
    expect(fieldWords(t, 'feature-configurations', 'protected.otherIntegration.testBaseUrl')).toBe('Protected › Other integration › Test base url');
    expect(humanise('SOME_NEW_FLAG')).toBe('Some new flag');
  });

  it('shows colours as swatches, booleans as on and off, lists joined', () => {
    expect(shownValue(t, '#0B5FFF')).toEqual({ kind: 'colour', hex: '#0b5fff' });
    expect(shownValue(t, true)).toEqual({ kind: 'text', text: 'On' });
    expect(shownValue(t, ['sv', 'en'])).toEqual({ kind: 'text', text: 'sv, en' });
    expect(shownValue(t, [])).toEqual({ kind: 'text', text: 'None chosen' });
    expect(shownValue(t, [{ a: 1 }, { b: 2 }])).toEqual({ kind: 'text', text: '2 items' });
    expect(shownValue(t, null)).toEqual({ kind: 'none' });
    expect(changeInWords(t, { part: 'themes', path: 'primaryColor', kind: 'changed', before: '#111111', after: '#222222' })).toMatchObject({
      part: 'Theme',
      field: 'Primary colour',
    });
  });

  it('names an added or removed entry by its title, not by its fields', () => {
    const card = { id: 'x1', copy: { sv: { title: 'Värmepump till rabatt', body: '' }, en: { title: 'Heat pumps at a discount', label: 'Offer' } }, enabled: true };
    expect(shownValue(t, card, 'en-GB')).toEqual({ kind: 'text', text: 'Heat pumps at a discount' });
    expect(shownValue(t, card, 'de')).toEqual({ kind: 'text', text: 'Värmepump till rabatt' });
    expect(changeInWords(t, { part: 'modules', path: 'items.3.items.1', kind: 'added', before: null, after: card }, 'sv')).toMatchObject({
      field: 'Module 4 › Card 2',
      before: { kind: 'none' },
      after: { kind: 'text', text: 'Värmepump till rabatt' },
    });
    expect(titleOf({ title: 'Heat pump', remoteId: 'heat-pump' })).toBe('Heat pump');
    expect(titleOf({ name: 'Offers', copy: { sv: { title: '' } } })).toBe('Offers');
    expect(shownValue(t, { copy: { sv: { title: '' } } })).toEqual({ kind: 'text', text: '{"copy":{"sv":{"title":""}}}' });
  });
});
