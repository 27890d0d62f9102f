import { describe, expect, it } from 'vitest';
import {
  addEntry,
  canAddEntry,
  countOf,
  HOME_LIST_LIMIT,
  HomeExtrasUpdate,
  homeExtrasForSave,
  homeFormFromExtras,
  isCarefulnessStep,
  NO_GADGETS,
  NO_SECONDARY_HEATING,
  NO_VEHICLE,
  removeEntry,
  toggleChoice,
  type Car,
  type Gadget,
  type SecondaryHeating,
} from './home.ts';

describe('vehicles and gadgets: repeated entries are counts (spec 000 §4.7)', () => {
  it('plus adds one more, minus takes one away, and the count follows', () => {
    let cars: Car[] = [];
    cars = addEntry(cars, 'electric', NO_VEHICLE);
    cars = addEntry(cars, 'electric', NO_VEHICLE);
    cars = addEntry(cars, 'hybrid', NO_VEHICLE);
    expect(cars).toEqual(['electric', 'electric', 'hybrid']);
    expect(countOf(cars, 'electric')).toBe(2);
    expect(countOf(cars, 'petrol_diesel')).toBe(0);
    cars = removeEntry(cars, 'electric');
    expect(cars).toEqual(['electric', 'hybrid']);
    // Minus on a kind that is not there changes nothing.
    expect(removeEntry(cars, 'petrol_diesel')).toEqual(['electric', 'hybrid']);
  });

  it('"none" clears the other choices, and any other choice removes "none"', () => {
    const gadgets: Gadget[] = ['sauna', 'sauna', 'pool'];
    const none = addEntry(gadgets, NO_GADGETS, NO_GADGETS);
    expect(none).toEqual([NO_GADGETS]);
    expect(addEntry(none, 'dryer', NO_GADGETS)).toEqual(['dryer']);
    expect(addEntry([NO_VEHICLE] as Car[], 'hybrid', NO_VEHICLE)).toEqual(['hybrid']);
    // Choosing "none" again keeps it alone.
    expect(addEntry(none, NO_GADGETS, NO_GADGETS)).toEqual([NO_GADGETS]);
  });

  it('grows only while it has fewer than 50 entries', () => {
    expect(HOME_LIST_LIMIT).toBe(50);
    let gadgets: Gadget[] = [];
    for (let i = 0; i < 60; i += 1) gadgets = addEntry(gadgets, i % 2 === 0 ? 'dryer' : 'spa', NO_GADGETS);
    expect(gadgets).toHaveLength(50);
    expect(canAddEntry(gadgets, NO_GADGETS)).toBe(false);
    expect(addEntry(gadgets, 'pool', NO_GADGETS)).toEqual(gadgets);
    expect(canAddEntry(removeEntry(gadgets, 'spa'), NO_GADGETS)).toBe(true);
    // "none" still replaces a full list.
    expect(addEntry(gadgets, NO_GADGETS, NO_GADGETS)).toEqual([NO_GADGETS]);
    expect(canAddEntry([NO_GADGETS] as Gadget[], NO_GADGETS)).toBe(true);
  });

  it('never changes the list it was given', () => {
    const cars: Car[] = ['electric'];
    addEntry(cars, 'hybrid', NO_VEHICLE);
    removeEntry(cars, 'electric');
    addEntry(cars, NO_VEHICLE, NO_VEHICLE);
    expect(cars).toEqual(['electric']);
  });
});

describe('secondary heating: a choice each, with an exclusive "none"', () => {
  it('toggles a choice on and off; "none" and the others exclude each other', () => {
    let list: SecondaryHeating[] = [];
    list = toggleChoice(list, 'stove', NO_SECONDARY_HEATING);
    list = toggleChoice(list, 'air', NO_SECONDARY_HEATING);
    expect(list).toEqual(['stove', 'air']);
    list = toggleChoice(list, 'stove', NO_SECONDARY_HEATING);
    expect(list).toEqual(['air']);
    list = toggleChoice(list, NO_SECONDARY_HEATING, NO_SECONDARY_HEATING);
    expect(list).toEqual(['none']);
    expect(toggleChoice(list, 'pellets', NO_SECONDARY_HEATING)).toEqual(['pellets']);
    expect(toggleChoice(list, NO_SECONDARY_HEATING, NO_SECONDARY_HEATING)).toEqual([]);
  });
});

describe('the form from the stored extras, and what it saves', () => {
  it('fills from the extras, and from the defaults where they say nothing (75 m², 1 resident, carefulness 1)', () => {
    expect(homeFormFromExtras({})).toEqual({
      propertyType: null,
      size: 75,
      numberOfResidens: 1,
      wasteful: 1,
      cars: [],
      heating: null,
      heatingSecondary: [],
      gadgets: [],
    });
    expect(homeFormFromExtras(null).size).toBe(75);
    expect(
      homeFormFromExtras({ propertyType: 'ROWHOUSE', size: 112, numberOfResidens: 4, wasteful: 0.9, cars: ['electric', 'electric'], heating: 'district', heatingSecondary: ['stove'], gadgets: ['sauna'], houseAge: '1970-1979' }),
    ).toEqual({ propertyType: 'ROWHOUSE', size: 112, numberOfResidens: 4, wasteful: 0.9, cars: ['electric', 'electric'], heating: 'district', heatingSecondary: ['stove'], gadgets: ['sauna'] });
  });

  it('brings a stored carefulness onto the slider\'s scale', () => {
    expect(homeFormFromExtras({ wasteful: 2 }).wasteful).toBe(1.3);
    expect(homeFormFromExtras({ wasteful: 0.1 }).wasteful).toBe(0.7);
    expect(homeFormFromExtras({ wasteful: 0.94 }).wasteful).toBe(0.9);
  });

  it('leaves out values that are not options of the form', () => {
    const form = homeFormFromExtras({ propertyType: 'UNKNOWN', heating: 'HEAT_PUMP', cars: ['ELECTRIC', 'hybrid'], gadgets: 'sauna', size: '80', wasteful: Number.NaN });
    expect(form).toMatchObject({ propertyType: null, heating: null, cars: ['hybrid'], gadgets: [], size: 75, wasteful: 1 });
  });

  it('saves an empty vehicle list as no_vehicle and an empty gadget list as no_gadgets', () => {
    const saved = homeExtrasForSave({ ...homeFormFromExtras({}), propertyType: 'HOUSE', heating: 'direct' });
    expect(saved).toEqual({ propertyType: 'HOUSE', size: 75, numberOfResidens: 1, wasteful: 1, cars: ['no_vehicle'], heating: 'direct', heatingSecondary: [], gadgets: ['no_gadgets'] });
    const withLists = homeExtrasForSave({ ...homeFormFromExtras({}), cars: ['hybrid'], gadgets: ['pool', 'pool'] });
    expect(withLists).toMatchObject({ cars: ['hybrid'], gadgets: ['pool', 'pool'] });
    expect(withLists).not.toHaveProperty('propertyType');
    expect(withLists).not.toHaveProperty('heating');
    // 0.1 steps from a slider may arrive as 0.7999999999999999; what is saved is on the grid.
    expect(homeExtrasForSave({ ...homeFormFromExtras({}), wasteful: 0.7999999999999999 }).wasteful).toBe(0.8);
    expect(HomeExtrasUpdate.safeParse(saved).success).toBe(true);
  });
});

describe('the shared bounds the server enforces (spec 000 §5, §9)', () => {
  const ok = (extras: unknown) => HomeExtrasUpdate.safeParse(extras).success;

  it('size 20–300 m², residents 1–20, whole numbers', () => {
    expect([ok({ size: 20 }), ok({ size: 300 }), ok({ size: 19 }), ok({ size: 301 }), ok({ size: 80.5 })]).toEqual([true, true, false, false, false]);
    expect([ok({ numberOfResidens: 1 }), ok({ numberOfResidens: 20 }), ok({ numberOfResidens: 0 }), ok({ numberOfResidens: 21 }), ok({ numberOfResidens: 2.5 })]).toEqual([true, true, false, false, false]);
  });

  it('carefulness 0.7–1.3 in steps of 0.1', () => {
    expect(isCarefulnessStep(0.7) && isCarefulnessStep(1.3) && isCarefulnessStep(0.1 + 0.2) && isCarefulnessStep(1)).toBe(true);
    expect(isCarefulnessStep(0.75)).toBe(false);
    expect([0.7, 0.8, 0.9, 1, 1.1, 1.2, 1.3].every((wasteful) => ok({ wasteful }))).toBe(true);
    expect([0.6, 0.65, 1.05, 1.4].some((wasteful) => ok({ wasteful }))).toBe(false);
  });

  it('lists: known values, at most 50, "none" alone, secondary heating without repeats', () => {
    expect(ok({ cars: Array.from({ length: 50 }, () => 'electric') })).toBe(true);
    expect(ok({ cars: Array.from({ length: 51 }, () => 'electric') })).toBe(false);
    expect(ok({ cars: ['no_vehicle'] })).toBe(true);
    expect(ok({ cars: ['no_vehicle', 'electric'] })).toBe(false);
    expect(ok({ cars: ['no_vehicle', 'no_vehicle'] })).toBe(false);
    expect(ok({ gadgets: ['sauna', 'sauna'] })).toBe(true);
    expect(ok({ gadgets: ['no_gadgets', 'sauna'] })).toBe(false);
    expect(ok({ gadgets: ['toaster'] })).toBe(false);
    expect(ok({ heatingSecondary: ['none'] })).toBe(true);
    expect(ok({ heatingSecondary: ['none', 'stove'] })).toBe(false);
    expect(ok({ heatingSecondary: ['stove', 'stove'] })).toBe(false);
    expect(ok({ heating: 'none' })).toBe(false);
  });

  it('refuses fields the form does not edit', () => {
    expect(ok({ houseAge: '1970-1979' })).toBe(false);
    expect(ok({ ageMix: 'young' })).toBe(false);
  });
});
