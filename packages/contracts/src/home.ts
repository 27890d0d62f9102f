import { z } from 'zod';
import { BoundedText } from './common.ts';
import { PropertyType } from './enums.ts';

/**
 * "My home": the details of a home a customer describes so that consumption can be estimated
 * (spec 000 §2.11, §3 "Home extras", §4.7, §5, §9; spec 001 §3 "Location properties"). One set
 * of options, bounds and list rules, used by the portal's form and by the server, which accepts
 * a change of a location's extras only through `HomeExtrasUpdate`.
 */

export const HOME_SIZE = { min: 20, max: 300, default: 75 } as const;
export const HOME_RESIDENTS = { min: 1, max: 20, default: 1 } as const;
/** "Carefulness with electricity" (`wasteful`): a factor, 0.7 (very careful) to 1.3, in steps of 0.1. */
export const HOME_CAREFULNESS = { min: 0.7, max: 1.3, step: 0.1, default: 1 } as const;
/** A list (vehicles, gadgets, secondary heating) may grow only while it has fewer entries than this. */
export const HOME_LIST_LIMIT = 50;

/** The types of home the form offers (UNKNOWN is a stored value, never a choice). */
export const homePropertyTypes = ['APPARTMENT', 'ROWHOUSE', 'HOUSE', 'SUMMERHOUSE'] as const;
export type HomePropertyType = (typeof homePropertyTypes)[number];

export const heatingOptions = [
  'direct', 'district', 'geothermal', 'exhaustAir', 'air', 'airwater', 'electricBoiler',
  'naturalGas', 'pellets', 'stove', 'other',
] as const;
export const Heating = z.enum(heatingOptions);
export type Heating = z.infer<typeof Heating>;

export const NO_SECONDARY_HEATING = 'none';
export const secondaryHeatingOptions = [...heatingOptions, NO_SECONDARY_HEATING] as const;
export const SecondaryHeating = z.enum(secondaryHeatingOptions);
export type SecondaryHeating = z.infer<typeof SecondaryHeating>;

export const NO_VEHICLE = 'no_vehicle';
export const carOptions = ['electric', 'hybrid', 'petrol_diesel', NO_VEHICLE] as const;
export const Car = z.enum(carOptions);
export type Car = z.infer<typeof Car>;

export const NO_GADGETS = 'no_gadgets';
export const gadgetOptions = [
  'solarPanel', 'washingMashine', 'dishMashine', 'dryer', 'sauna', 'floorHeating', 'spa', 'pool',
  'electricBike', 'evCarCharger', NO_GADGETS,
] as const;
export const Gadget = z.enum(gadgetOptions);
export type Gadget = z.infer<typeof Gadget>;

/** Whether a factor is on the 0.1 grid (0.7, 0.8, … 1.3), allowing for binary fractions. */
export function isCarefulnessStep(value: number): boolean {
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
}

/** Rules every list follows: at most 50 entries, and its "none" only on its own. */
function homeList<T extends string>(item: z.ZodType<T>, none: T, options: { repeats: boolean }) {
  return z
    .array(item)
    .max(HOME_LIST_LIMIT, `AT_MOST_${HOME_LIST_LIMIT}_ENTRIES`)
    .refine((list) => !list.includes(none) || list.length === 1, `${none.toUpperCase()}_IS_EXCLUSIVE`)
    .refine((list) => options.repeats || new Set(list).size === list.length, 'NO_REPEATED_ENTRIES');
}

/**
 * A change of a location's home details (`PATCH …/locations/accounts/{accountId}/location`):
 * each field optional, each within its bounds; other fields (ageMix, houseAge) are not edited
 * here and are refused. Vehicles and gadgets repeat an entry to count it (two electric cars).
 */
export const HomeExtrasUpdate = z.strictObject({
  propertyType: PropertyType.optional(),
  numberOfResidens: z.number().int().min(HOME_RESIDENTS.min).max(HOME_RESIDENTS.max).optional(),
  size: z.number().int().min(HOME_SIZE.min).max(HOME_SIZE.max).optional(),
  wasteful: z.number().min(HOME_CAREFULNESS.min).max(HOME_CAREFULNESS.max).refine(isCarefulnessStep, 'STEP_OF_0.1').optional(),
  cars: homeList(Car, NO_VEHICLE, { repeats: true }).optional(),
  heating: Heating.optional(),
  heatingSecondary: homeList(SecondaryHeating, NO_SECONDARY_HEATING, { repeats: false }).optional(),
  gadgets: homeList(Gadget, NO_GADGETS, { repeats: true }).optional(),
});
export type HomeExtrasUpdate = z.infer<typeof HomeExtrasUpdate>;

/** `PATCH /v4/{organisation}/locations/accounts/{accountId}/location?id`: the fields to change. */
export const UpdateLocationRequest = z.strictObject({ extras: HomeExtrasUpdate });
export type UpdateLocationRequest = z.infer<typeof UpdateLocationRequest>;

export const LocationQuery = z.object({ id: BoundedText(64) });

// --- The form's list rules (spec 000 §4.7) ---

/** How many times a value is in a list (a count of vehicles or gadgets of a kind). */
export function countOf<T extends string>(list: readonly T[], value: T): number {
  return list.filter((entry) => entry === value).length;
}

/** Whether one more entry may be added: the list has fewer than 50 entries besides its "none". */
export function canAddEntry<T extends string>(list: readonly T[], none: T): boolean {
  return list.filter((entry) => entry !== none).length < HOME_LIST_LIMIT;
}

/**
 * Plus: one more of `value`; choosing it removes the list's "none". Choosing "none" clears the
 * others. A full list stays as it is.
 */
export function addEntry<T extends string>(list: readonly T[], value: T, none: T): T[] {
  if (value === none) return [none];
  if (!canAddEntry(list, none)) return [...list];
  return [...list.filter((entry) => entry !== none), value];
}

/** Minus: one fewer of `value` (the last one added), if there is one. */
export function removeEntry<T extends string>(list: readonly T[], value: T): T[] {
  const index = list.lastIndexOf(value);
  return index < 0 ? [...list] : [...list.slice(0, index), ...list.slice(index + 1)];
}

/** A choice without repeats (secondary heating): on or off; "none" and the others exclude each other. */
export function toggleChoice<T extends string>(list: readonly T[], value: T, none: T): T[] {
  if (list.includes(value)) return list.filter((entry) => entry !== value);
  if (value === none) return [none];
  if (!canAddEntry(list, none)) return [...list];
  return [...list.filter((entry) => entry !== none), value];
}

/** The values of a stored list that are options of the form, in their order (unknown ones are left out). */
function known<T extends string>(stored: unknown, options: readonly T[]): T[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter((value): value is T => typeof value === 'string' && (options as readonly string[]).includes(value));
}

export interface HomeForm {
  propertyType: HomePropertyType | null;
  size: number;
  numberOfResidens: number;
  wasteful: number;
  cars: Car[];
  heating: Heating | null;
  heatingSecondary: SecondaryHeating[];
  gadgets: Gadget[];
}

/** The nearest carefulness on the scale (0.7 … 1.3, steps of 0.1). */
export function onCarefulnessScale(value: number): number {
  const clamped = Math.min(HOME_CAREFULNESS.max, Math.max(HOME_CAREFULNESS.min, value));
  return Math.round(clamped * 10) / 10;
}

/** The form as the location's extras say, or the defaults where they say nothing (spec 000 §4.7, §5). */
export function homeFormFromExtras(extras: Readonly<Record<string, unknown>> | null | undefined): HomeForm {
  const e = extras ?? {};
  const number = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
  const propertyType = (homePropertyTypes as readonly unknown[]).includes(e.propertyType) ? (e.propertyType as HomePropertyType) : null;
  const heating = (heatingOptions as readonly unknown[]).includes(e.heating) ? (e.heating as Heating) : null;
  return {
    propertyType,
    size: number(e.size, HOME_SIZE.default),
    numberOfResidens: number(e.numberOfResidens, HOME_RESIDENTS.default),
    // A slider cannot show a value off its scale, so a stored one is brought onto it.
    wasteful: onCarefulnessScale(number(e.wasteful, HOME_CAREFULNESS.default)),
    cars: known(e.cars, carOptions),
    heating,
    heatingSecondary: known(e.heatingSecondary, secondaryHeatingOptions),
    gadgets: known(e.gadgets, gadgetOptions),
  };
}

/**
 * What the form saves: every field it shows, with an empty vehicle list as `no_vehicle` and an
 * empty gadget list as `no_gadgets` (spec 000 §4.7); a type of home or heating not chosen is left
 * out.
 */
export function homeExtrasForSave(form: HomeForm): HomeExtrasUpdate {
  return {
    ...(form.propertyType ? { propertyType: form.propertyType } : {}),
    size: form.size,
    numberOfResidens: form.numberOfResidens,
    wasteful: onCarefulnessScale(form.wasteful),
    cars: form.cars.length === 0 ? [NO_VEHICLE] : [...form.cars],
    ...(form.heating ? { heating: form.heating } : {}),
    heatingSecondary: [...form.heatingSecondary],
    gadgets: form.gadgets.length === 0 ? [NO_GADGETS] : [...form.gadgets],
  };
}
