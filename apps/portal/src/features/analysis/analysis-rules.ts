import type { ReadingPeriod, SiteType } from '@gridline/contracts/enums';

/**
 * The rules of the analysis page (spec 000 §2.9 and §4.5) as plain functions: which tabs, which
 * main parameters, which history periods (pills), which comparisons, and what resets when one of
 * them changes. The page only wires them to the address and the data.
 */

/** The tab row's order; the list is also the set of service types the page can analyse. */
export const TAB_ORDER = ['ALL', 'CONSUMPTION', 'CONSUMPTION_NET', 'PRODUCTION', 'PRODUCTION_NET', 'HEATING', 'WATER', 'BROADBAND'] as const;
export type AnalysisTab = (typeof TAB_ORDER)[number];

const PRODUCTION_TYPES: readonly string[] = ['PRODUCTION', 'PRODUCTION_NET'];
/** Tabs that show electricity consumption: they have the distribution and the production parameter. */
const CONSUMPTION_TABS: readonly AnalysisTab[] = ['ALL', 'CONSUMPTION', 'CONSUMPTION_NET'];

export const isAnalysisTab = (value: unknown): value is AnalysisTab => typeof value === 'string' && (TAB_ORDER as readonly string[]).includes(value);

/**
 * The tabs of a location: its services' types in the order ALL, CONSUMPTION, CONSUMPTION_NET,
 * PRODUCTION, PRODUCTION_NET, HEATING, WATER, BROADBAND, each once, without the production types
 * and without the organisation's hidden types (`HIDDEN_SERVICE_TYPES`). Types outside that list
 * (TV, WASTE, …) have nothing to analyse and are left out too.
 */
export function analysisTabs(serviceTypes: readonly SiteType[], hiddenTypes: readonly SiteType[]): AnalysisTab[] {
  const present = new Set<string>(serviceTypes);
  return TAB_ORDER.filter((tab) => present.has(tab) && !PRODUCTION_TYPES.includes(tab) && !hiddenTypes.includes(tab));
}

/** The tab row shows only when there is more than one tab. */
export const showTabRow = (tabs: readonly AnalysisTab[]): boolean => tabs.length > 1;

/** The reading periods of the analysis view (spec 000 §4.5), plus `yearly` which only has a total. */
export type Reading = 'm15' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'NONE';

/** A service's reading period (spec 001 §3 spelling) in the analysis view's terms. */
export function readingOf(readingPeriod: ReadingPeriod | string | null | undefined): Reading {
  switch (readingPeriod) {
    case '15M':
    case 'm15':
      return 'm15';
    case 'hourly':
      return 'hourly';
    case 'daily':
      return 'daily';
    case 'weekly':
      return 'weekly';
    case 'monthly':
      return 'monthly';
    case 'yearly':
      return 'yearly';
    default:
      return 'NONE';
  }
}

export const HISTORY_PERIODS = ['total', 'year', 'month', 'week', 'day'] as const;
export type HistoryPeriod = (typeof HISTORY_PERIODS)[number];
export type KeyedPeriod = Exclude<HistoryPeriod, 'total'>;
export const isHistoryPeriod = (value: unknown): value is HistoryPeriod =>
  typeof value === 'string' && (HISTORY_PERIODS as readonly string[]).includes(value);

/**
 * The period pills by reading period: m15 and hourly give total, year, month, week, day; daily
 * total, year, month, week; monthly (and weekly) total, year; yearly only total; NONE none (it
 * shows the overview instead of the history).
 */
export function pillsFor(reading: Reading): HistoryPeriod[] {
  switch (reading) {
    case 'm15':
    case 'hourly':
      return ['total', 'year', 'month', 'week', 'day'];
    case 'daily':
      return ['total', 'year', 'month', 'week'];
    case 'weekly':
    case 'monthly':
      return ['total', 'year'];
    case 'yearly':
      return ['total'];
    case 'NONE':
      return [];
  }
}

/** NONE uses the analysis overview instead of the detailed history. */
export const usesOverview = (reading: Reading): boolean => reading === 'NONE';

/** On a change of reading period the period resets to year for monthly, weekly, daily or hourly, otherwise to total. */
export function resetPeriod(reading: Reading): HistoryPeriod {
  return reading === 'monthly' || reading === 'weekly' || reading === 'daily' || reading === 'hourly' ? 'year' : 'total';
}

/** The period shown first: year where the reading period has it, otherwise what a reset gives. */
export function initialPeriod(reading: Reading): HistoryPeriod {
  return pillsFor(reading).includes('year') ? 'year' : resetPeriod(reading);
}

/**
 * The period after a change of tab: a different reading period resets it (`resetPeriod`); the
 * same keeps it. A period the reading period has no pill for is reset as well.
 */
export function periodAfterTabChange(previous: Reading, next: Reading, period: HistoryPeriod): HistoryPeriod {
  if (previous !== next || !pillsFor(next).includes(period)) return resetPeriod(next);
  return period;
}

export const PARAMETERS = ['consumption', 'cost', 'production', 'co2cost'] as const;
export type Parameter = (typeof PARAMETERS)[number];
export const isParameter = (value: unknown): value is Parameter => typeof value === 'string' && (PARAMETERS as readonly string[]).includes(value);

export interface ParameterContext {
  tab: AnalysisTab;
  period: HistoryPeriod;
  /** HIDE_COST */
  hideCost: boolean;
  /** HIDE_USAGE_ENVIRONMENT_IMPACT */
  hideEnvironment: boolean;
  /** The location has a production service (its own, or a production site at the same address). */
  hasProduction: boolean;
  /** The hidden-dropdown configuration: parameters left out per period (`ANALYSIS_HIDDEN_PARAMETERS`). */
  hiddenByPeriod: Partial<Record<HistoryPeriod, readonly Parameter[]>>;
}

/**
 * The main parameters offered: consumption; cost unless hidden; production on electricity tabs
 * of a location that produces; co2cost unless the environmental impact is hidden (and not for
 * water, which has none); less what the hidden-dropdown configuration removes for the period.
 * Consumption stays when the configuration would remove everything.
 */
export function parameterOptions(context: ParameterContext): Parameter[] {
  const { tab, period, hideCost, hideEnvironment, hasProduction, hiddenByPeriod } = context;
  const all: Parameter[] = ['consumption'];
  if (!hideCost) all.push('cost');
  if (hasProduction && CONSUMPTION_TABS.includes(tab)) all.push('production');
  if (!hideEnvironment && tab !== 'WATER') all.push('co2cost');
  const hidden = hiddenByPeriod[period] ?? [];
  const left = all.filter((parameter) => !hidden.includes(parameter));
  return left.length > 0 ? left : ['consumption'];
}

/** The dropdown shows only when there is more than one option. */
export const showParameterDropdown = (options: readonly Parameter[]): boolean => options.length > 1;

/** Default main parameter: cost, or consumption when cost is hidden. */
export const defaultParameter = (hideCost: boolean): Parameter => (hideCost ? 'consumption' : 'cost');

/** The parameter asked for when it is offered, else the default when offered, else the first option. */
export function chooseParameter(requested: Parameter | null, options: readonly Parameter[], hideCost: boolean): Parameter {
  if (requested && options.includes(requested)) return requested;
  const fallback = defaultParameter(hideCost);
  return options.includes(fallback) ? fallback : (options[0] ?? 'consumption');
}

/** What the monthly distribution shows. `production` is the production service's kWh by part of day. */
export type DistributionKind = 'consumption' | 'cost' | 'environment' | 'production';

/**
 * The distribution that follows the main parameter: co2cost sets it to environment; production
 * to cost, or production when cost is hidden; cost to cost; consumption to consumption.
 */
export function distributionFor(parameter: Parameter, hideCost: boolean): DistributionKind {
  switch (parameter) {
    case 'co2cost':
      return 'environment';
    case 'production':
      return hideCost ? 'production' : 'cost';
    case 'cost':
      return 'cost';
    case 'consumption':
      return 'consumption';
  }
}

/** The monthly distribution is for consumption types, unless the organisation hides it. */
export const showDistribution = (tab: AnalysisTab, hideMonthlyDistribution: boolean): boolean =>
  !hideMonthlyDistribution && CONSUMPTION_TABS.includes(tab);

export const COMPARISONS = ['temperature', 'price', 'co2', 'lastYear'] as const;
export type Comparison = (typeof COMPARISONS)[number];
export const isComparison = (value: unknown): value is Comparison => typeof value === 'string' && (COMPARISONS as readonly string[]).includes(value);

/**
 * What the chart can be compared with: temperature; the spot price, except for heating and water
 * (district heat and water are not bought at the spot price); CO2 per kWh unless the
 * environmental impact is hidden (not for water); the same period last year, except in the total
 * view (which already shows every year).
 */
export function comparisonOptions(tab: AnalysisTab, period: HistoryPeriod, hideEnvironment: boolean): Comparison[] {
  const options: Comparison[] = ['temperature'];
  if (tab !== 'HEATING' && tab !== 'WATER') options.push('price');
  if (!hideEnvironment && tab !== 'WATER') options.push('co2');
  if (period !== 'total') options.push('lastYear');
  return options;
}

/** The comparison asked for when it is still possible, else none (heating resets a price comparison). */
export function chooseComparison(requested: Comparison | null, options: readonly Comparison[]): Comparison | null {
  return requested && options.includes(requested) ? requested : null;
}

/** The period a bar opens when chosen: a year's month, a month's or week's day; a day's hours open nothing. */
export function drillDownPeriod(period: HistoryPeriod, pills: readonly HistoryPeriod[]): KeyedPeriod | null {
  const next: KeyedPeriod | null = period === 'total' ? 'year' : period === 'year' ? 'month' : period === 'month' || period === 'week' ? 'day' : null;
  return next && pills.includes(next) ? next : null;
}
