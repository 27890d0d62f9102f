import { describe, expect, it } from 'vitest';
import { isAllUsers, tipLanguage, tipMatches, TipRequest, type TipFacts, type TipSegments } from './tips.ts';

/** A home with nothing special: direct electric heating, no gadgets, grid and trade, a guest. */
const base: TipFacts = { heating: 'direct', heatingSecondary: [], gadgets: [], serviceTypes: ['consumption_grid', 'consumption_trade'], accountOwner: false };
const facts = (over: Partial<TipFacts>): TipFacts => ({ ...base, ...over });

describe('tipMatches: the segments of spec 001 §3 against a location', () => {
  const table: Array<[string, TipSegments, TipFacts, boolean]> = [
    ['all users: no condition', {}, base, true],
    ['all users: empty lists are no condition', { heatingTypes: [], services: [] }, base, true],
    ['primary heating is one of the types', { heatingTypes: ['district', 'direct'] }, base, true],
    ['primary heating is none of the types', { heatingTypes: ['district'] }, base, false],
    ['primary heating unknown never matches a type', { heatingTypes: ['direct'] }, facts({ heating: null }), false],
    ['a secondary heating is not the primary', { heatingTypes: ['air'] }, facts({ heatingSecondary: ['air'] }), false],
    ['floor heating among the gadgets', { hasFloorHeating: true }, facts({ gadgets: ['sauna', 'floorHeating'] }), true],
    ['no floor heating', { hasFloorHeating: true }, facts({ gadgets: ['sauna'] }), false],
    ['floor heating wanted absent, and absent', { hasFloorHeating: false }, base, true],
    ['floor heating wanted absent, but present', { hasFloorHeating: false }, facts({ gadgets: ['floorHeating'] }), false],
    ['water heater: electric boiler as primary heating', { hasWaterHeater: true }, facts({ heating: 'electricBoiler' }), true],
    ['water heater: electric boiler as secondary heating', { hasWaterHeater: true }, facts({ heating: 'district', heatingSecondary: ['stove', 'electricBoiler'] }), true],
    ['no water heater', { hasWaterHeater: true }, base, false],
    ['water heater wanted absent, but present', { hasWaterHeater: false }, facts({ heatingSecondary: ['electricBoiler'] }), false],
    ['has grid', { services: ['consumption_grid'] }, base, true],
    ['has grid and trade', { services: ['consumption_grid', 'consumption_trade'] }, base, true],
    ['has waste: no', { services: ['waste'] }, base, false],
    ['every service listed must be there', { services: ['consumption_grid', 'broadband'] }, base, false],
    ['has gas trade', { services: ['gas_trade'] }, facts({ serviceTypes: ['gas_trade'] }), true],
    ['account owner', { accountOwner: true }, facts({ accountOwner: true }), true],
    ['not the account owner', { accountOwner: true }, base, false],
    ['only for those who are not the owner', { accountOwner: false }, base, true],
    ['every condition must hold', { heatingTypes: ['direct'], services: ['consumption_grid'], accountOwner: true }, facts({ accountOwner: true }), true],
    ['one condition failing is enough', { heatingTypes: ['direct'], services: ['consumption_grid'], accountOwner: true }, base, false],
  ];
  it.each(table)('%s', (_, segments, location, expected) => {
    expect(tipMatches(segments, location)).toBe(expected);
  });

  it('names the segment "all users"', () => {
    expect(isAllUsers({})).toBe(true);
    expect(isAllUsers({ services: [] })).toBe(true);
    expect(isAllUsers({ accountOwner: false })).toBe(false);
  });
});

describe('TipRequest', () => {
  const message = (input: unknown) => TipRequest.safeParse(input).error?.issues.map((i) => i.message);
  it('takes a tip in one language and fills the defaults', () => {
    expect(TipRequest.parse({ texts: { sv: { title: 'T', body: 'B' } } })).toEqual({ texts: { sv: { title: 'T', body: 'B' } }, segments: {}, enabled: false, sortOrder: 0 });
  });
  it('answers each rule with its key', () => {
    expect(message({ texts: {} })).toContain('TIP_TEXT_REQUIRED');
    expect(message({ texts: { en: { title: '  ', body: ' ' } } })).toContain('TIP_TEXT_REQUIRED');
    expect(message({ texts: { en: { title: 'T', body: 'B' }, sv: { title: 'Bara rubrik', body: '' } } })).toContain('TIP_TEXT_INCOMPLETE');
    expect(message({ texts: { en: { title: 'x'.repeat(101), body: 'B' } } })).toContain('TIP_TITLE_TOO_LONG');
    expect(message({ texts: { en: { title: 'T', body: 'x'.repeat(1001) } } })).toContain('TIP_BODY_TOO_LONG');
    expect(TipRequest.safeParse({ texts: { en: { title: 'x'.repeat(100), body: 'x'.repeat(1000) } } }).success).toBe(true);
    expect(TipRequest.safeParse({ texts: { en: { title: 'T', body: 'B' } }, extra: 1 }).success).toBe(false);
    expect(TipRequest.safeParse({ texts: { en: { title: 'T', body: 'B' } }, segments: { heatingTypes: ['lava'] } }).success).toBe(false);
    expect(TipRequest.safeParse({ texts: { xx: { title: 'T', body: 'B' } } }).success).toBe(false);
  });
});

describe('tipLanguage', () => {
  const texts = { sv: { title: 'S', body: 'S' }, en: { title: 'E', body: 'E' }, fi: { title: '', body: '' } };
  it('takes the language asked for, then the organisation default, then English, then any', () => {
    expect(tipLanguage(texts, 'sv', 'nb')).toBe('sv');
    expect(tipLanguage(texts, 'fi', 'sv')).toBe('sv');
    expect(tipLanguage(texts, 'de', 'nb')).toBe('en');
    expect(tipLanguage({ nn: { title: 'N', body: 'N' } }, 'de', 'sv')).toBe('nn');
    expect(tipLanguage({}, 'de', 'sv')).toBeNull();
  });
});
