import type { SiteType } from '@gridline/contracts/enums';
import type { Service } from '@gridline/contracts/locations';
import {
  analysisTabs,
  chooseComparison,
  chooseParameter,
  comparisonOptions,
  initialPeriod,
  isAnalysisTab,
  isComparison,
  isHistoryPeriod,
  isParameter,
  parameterOptions,
  periodAfterTabChange,
  pillsFor,
  readingOf,
  usesOverview,
  type AnalysisTab,
  type Comparison,
  type HistoryPeriod,
  type Parameter,
  type Reading,
} from './analysis-rules.ts';
import { defaultKey, isShowableKey, keyForPeriodChange } from './period-keys.ts';

/**
 * The analysis view lives in the address (`/analysis?tab=CONSUMPTION&parameter=cost&period=month
 * &date=2026-11&compare=temperature`), so a view can be bookmarked and shared and the back button
 * walks back through the choices. `resolveView` turns whatever the address holds into a view the
 * rules allow (an unknown or no longer possible value falls back to its default); the `with…`
 * functions give the address of the next view, applying the reset rules of spec 000 §4.5.
 */

export interface AnalysisQuery {
  tab: string | null;
  parameter: string | null;
  period: string | null;
  date: string | null;
  compare: string | null;
}

export interface ViewContext {
  /** The selected location's services. */
  services: readonly Service[];
  hiddenTypes: readonly SiteType[];
  hideCost: boolean;
  hideEnvironment: boolean;
  hasProduction: boolean;
  hiddenByPeriod: Partial<Record<HistoryPeriod, readonly Parameter[]>>;
  now: Date;
  /** The location's time zone: periods are its local years, months, weeks and days. */
  timeZone: string;
  /** Days before readings arrive (the organisation's MEASUREMENTS_DELAY_DAYS): the latest period shown is that of now less this. */
  delayDays: number;
}

export interface AnalysisView {
  tabs: AnalysisTab[];
  tab: AnalysisTab | null;
  /** The tab's service (the location's first of that type). */
  service: Service | null;
  reading: Reading;
  /** NONE: the overview instead of the history. */
  overview: boolean;
  pills: HistoryPeriod[];
  period: HistoryPeriod;
  /** The period's key; null for the total view (the last five years). */
  date: string | null;
  parameters: Parameter[];
  parameter: Parameter;
  comparisons: Comparison[];
  comparison: Comparison | null;
}

export const QUERY_NAMES = ['tab', 'parameter', 'period', 'date', 'compare'] as const;

export function readQuery(params: URLSearchParams): AnalysisQuery {
  return {
    tab: params.get('tab'),
    parameter: params.get('parameter'),
    period: params.get('period'),
    date: params.get('date'),
    compare: params.get('compare'),
  };
}

const serviceOf = (services: readonly Service[], tab: AnalysisTab | null): Service | null => (tab ? (services.find((s) => s.type === tab) ?? null) : null);

export function resolveView(query: AnalysisQuery, context: ViewContext): AnalysisView {
  const tabs = analysisTabs(
    context.services.map((s) => s.type),
    context.hiddenTypes,
  );
  const tab = isAnalysisTab(query.tab) && tabs.includes(query.tab) ? query.tab : (tabs[0] ?? null);
  const service = serviceOf(context.services, tab);
  const reading = readingOf(service?.readingPeriod);
  const pills = pillsFor(reading);
  const period = isHistoryPeriod(query.period) && pills.includes(query.period) ? query.period : initialPeriod(reading);
  let date: string | null = null;
  if (period !== 'total') {
    date =
      query.date && isShowableKey(period, query.date, context.now, context.timeZone, context.delayDays)
        ? query.date
        : defaultKey(period, context.now, context.timeZone, context.delayDays);
  }
  const parameters = parameterOptions({
    tab: tab ?? 'CONSUMPTION',
    period,
    hideCost: context.hideCost,
    hideEnvironment: context.hideEnvironment,
    hasProduction: context.hasProduction,
    hiddenByPeriod: context.hiddenByPeriod,
  });
  const parameter = chooseParameter(isParameter(query.parameter) ? query.parameter : null, parameters, context.hideCost);
  const comparisons = comparisonOptions(tab ?? 'CONSUMPTION', period, context.hideEnvironment);
  const comparison = chooseComparison(isComparison(query.compare) ? query.compare : null, comparisons);
  return { tabs, tab, service, reading, overview: usesOverview(reading), pills, period, date, parameters, parameter, comparisons, comparison };
}

/** The address's query of a view: every choice, so that a copied address shows the same view. */
export function queryOf(view: Pick<AnalysisView, 'tab' | 'parameter' | 'period' | 'date' | 'comparison'>): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab) params.set('tab', view.tab);
  params.set('parameter', view.parameter);
  params.set('period', view.period);
  if (view.date) params.set('date', view.date);
  if (view.comparison) params.set('compare', view.comparison);
  return params;
}

const toQuery = (view: AnalysisView): AnalysisQuery => ({ tab: view.tab, parameter: view.parameter, period: view.period, date: view.date, compare: view.comparison });

/**
 * Another tab: a different reading period resets the period (year for monthly, weekly, daily,
 * hourly; total otherwise) and with it the date; the parameter and comparison stay where the new
 * tab allows them (heating has no price comparison, so it is reset).
 */
export function withTab(view: AnalysisView, tab: AnalysisTab, context: ViewContext): AnalysisQuery {
  const reading = readingOf(serviceOf(context.services, tab)?.readingPeriod);
  const period = periodAfterTabChange(view.reading, reading, view.period);
  return { ...toQuery(view), tab, period, date: period === view.period ? view.date : null };
}

/** Another period pill: the date follows (see `keyForPeriodChange`). */
export function withPeriod(view: AnalysisView, period: HistoryPeriod, context: ViewContext): AnalysisQuery {
  const from = view.period !== 'total' && view.date ? { period: view.period, key: view.date } : null;
  const date = period === 'total' ? null : keyForPeriodChange(from, period, context.now, context.timeZone, context.delayDays);
  return { ...toQuery(view), period, date };
}

/** A bar opened: its own period and key (a month of a year, a day of a month). */
export const withDrillDown = (view: AnalysisView, period: HistoryPeriod, date: string): AnalysisQuery => ({ ...toQuery(view), period, date });

export const withDate = (view: AnalysisView, date: string): AnalysisQuery => ({ ...toQuery(view), date });
export const withParameter = (view: AnalysisView, parameter: Parameter): AnalysisQuery => ({ ...toQuery(view), parameter });
export const withComparison = (view: AnalysisView, comparison: Comparison | null): AnalysisQuery => ({ ...toQuery(view), compare: comparison });

/** The address query of a query (values left out when null). */
export function paramsOf(query: AnalysisQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of QUERY_NAMES) {
    const value = query[name];
    if (value) params.set(name, value);
  }
  return params;
}
