import { describe, expect, it } from 'vitest';
import { matchesSegment, type SegmentAttributes, type SegmentRuleSet } from '@gridline/contracts/segments';
import { ModulesPart } from '@gridline/contracts/settings-modules';
import { issuesUnder, move, newId, newItem, newModule, outsideOf, paramsOf } from './model.ts';

describe('the modules editor model', () => {
  it('makes ids the server accepts, and new modules that pass the release rules once filled in', () => {
    expect(newId()).toMatch(/^[0-9a-f]{24}$/);
    const offers = newModule('Offers', 'home', 'en', 'Offers');
    const withItem = { ...offers, items: [newItem('en', 'A heat pump')] };
    const favorites = newModule('Favorites', 'home', 'sv', 'Favoriter');
    const news = { ...newModule('News', 'analysis', 'en', 'News'), url: 'https://example.com/rss' };
    expect(ModulesPart.safeParse({ items: [withItem, favorites, news] }).success).toBe(true);
    // a new news module still needs its address
    expect(ModulesPart.safeParse({ items: [newModule('News', 'home', 'en', 'News')] }).success).toBe(false);
  });

  it('moves an entry within the list', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('finds the issues of a module or an item by path', () => {
    const issues = [
      { path: 'body.items.1.items.0.navigation.url', message: 'MODULE_NAVIGATION_URL: needs https' },
      { path: 'items.10.url', message: 'MODULE_NEWS_URL' },
    ];
    expect(issuesUnder(issues, 'items.1')).toEqual([{ path: 'items.1.items.0.navigation.url', key: 'MODULE_NAVIGATION_URL' }]);
    expect(issuesUnder(issues, 'items.10')).toEqual([{ path: 'items.10.url', key: 'MODULE_NEWS_URL' }]);
  });

  describe('outsideOf', () => {
    const people: SegmentAttributes[] = [
      { heatingTypes: ['direct'], propertySize: 120, propertyType: 'HOUSE' },
      { heatingTypes: ['district', 'direct'], propertySize: 60 },
      { heatingTypes: ['district'] },
      {},
      { heatingTypes: ['geothermal'], propertySize: 200, propertyType: 'APARTMENT' },
    ];
    const sets: SegmentRuleSet[] = [
      { match: 'AND', rules: [{ name: 'heatingTypes', operator: 'anyOf', value: ['direct'] }] },
      { match: 'AND', rules: [{ name: 'heatingTypes', operator: 'allOf', value: ['direct', 'district'] }, { name: 'propertySize', operator: 'greater', value: 50 }] },
      { match: 'OR', rules: [{ name: 'propertyType', operator: 'equals', value: 'HOUSE' }, { name: 'propertySize', operator: 'lessOrEqual', value: 100 }] },
      { match: 'OR', rules: [{ name: 'heatingTypes', operator: 'allOf', value: ['direct', 'district'] }] },
    ];
    it.each(sets.map((s, i) => [i, s] as const))('set %i: no location is both inside and outside', (_, set) => {
      const outside = outsideOf(set)!;
      for (const person of people) expect(matchesSegment(set, person) && matchesSegment(outside, person)).toBe(false);
      expect(people.some((p) => matchesSegment(outside, p))).toBe(true);
    });
    it('has no outside for everyone', () => {
      expect(outsideOf({ match: 'AND', rules: [] })).toBeNull();
    });
  });
});

describe("the news feed's extra parameters", () => {
  it('reads name=value lines, leaving out blank and broken ones', () => {
    expect(paramsOf('lang=sv\n\n utm_source = app \nbroken\n=nameless\ntoken=a=b')).toEqual({ lang: 'sv', utm_source: 'app', token: 'a=b' });
  });
});
