import { describe, expect, it } from 'vitest';
import type { Service } from '@gridline/contracts/locations';
import { paramsOf, readQuery, resolveView, withComparison, withParameter, withPeriod, withTab, type AnalysisQuery, type ViewContext } from './analysis-view.ts';

const service = (id: string, type: Service['type'], readingPeriod: Service['readingPeriod']): Service => ({
  _id: id.repeat(24),
  type,
  serviceType: 'consumption_trade',
  status: 'active',
  readingPeriod,
  startDate: null,
  endDate: null,
  provider: { siteId: '1' },
});

const context: ViewContext = {
  services: [service('a', 'CONSUMPTION_NET', 'hourly'), service('b', 'CONSUMPTION', '15M'), service('c', 'HEATING', 'daily'), service('d', 'PRODUCTION', '15M')],
  hiddenTypes: [],
  hideCost: false,
  hideEnvironment: false,
  hasProduction: false,
  hiddenByPeriod: {},
  now: new Date('2026-11-22T05:30:00Z'),
  timeZone: 'Europe/Stockholm',
  delayDays: 2,
};
const empty: AnalysisQuery = { tab: null, parameter: null, period: null, date: null, compare: null };

describe('the view from the address', () => {
  it('starts on the first tab, in the year of the latest readings, with cost', () => {
    const view = resolveView(empty, context);
    expect(view.tabs).toEqual(['CONSUMPTION', 'CONSUMPTION_NET', 'HEATING']);
    expect(view).toMatchObject({ tab: 'CONSUMPTION', reading: 'm15', period: 'year', date: '2026', parameter: 'cost', comparison: null });
    expect(view.service?._id).toBe('b'.repeat(24));
    expect(paramsOf({ tab: view.tab, parameter: view.parameter, period: view.period, date: view.date, compare: view.comparison }).toString()).toBe(
      'tab=CONSUMPTION&parameter=cost&period=year&date=2026',
    );
  });

  it('shows what a copied address holds', () => {
    const query = readQuery(new URLSearchParams('tab=CONSUMPTION&parameter=co2cost&period=day&date=2026-11-18&compare=temperature'));
    expect(resolveView(query, context)).toMatchObject({ tab: 'CONSUMPTION', parameter: 'co2cost', period: 'day', date: '2026-11-18', comparison: 'temperature' });
  });

  it('falls back to defaults for values the rules do not allow', () => {
    const view = resolveView({ tab: 'PRODUCTION', parameter: 'production', period: 'day', date: '2027-01-01', compare: 'price' }, { ...context, hideCost: true });
    // PRODUCTION is never a tab; the future date gives the latest day; no production without a producing site
    expect(view).toMatchObject({ tab: 'CONSUMPTION', period: 'day', date: '2026-11-20', parameter: 'consumption', comparison: 'price' });
    expect(resolveView({ ...empty, tab: 'HEATING', period: 'day', compare: 'price' }, context)).toMatchObject({ period: 'year', comparison: null });
    expect(resolveView({ ...empty, period: 'month', date: '2026-11-03' }, context)).toMatchObject({ period: 'month', date: '2026-11' });
  });

  it("opens on the day of the latest readings by the organisation's delay, and never on a later one", () => {
    // readings of 21 November arrive on the 23rd: the address's day gives way to the latest, the 20th
    expect(resolveView({ ...empty, period: 'day', date: '2026-11-21' }, context)).toMatchObject({ period: 'day', date: '2026-11-20' });
    expect(resolveView({ ...empty, period: 'day' }, { ...context, delayDays: 4 })).toMatchObject({ date: '2026-11-18' });
    expect(resolveView({ ...empty, period: 'day', date: '2026-11-21' }, { ...context, delayDays: 0 })).toMatchObject({ date: '2026-11-21' });
  });

  it('uses the overview for a service without readings', () => {
    const view = resolveView(empty, { ...context, services: [service('e', 'WATER', 'none')] });
    expect(view).toMatchObject({ tab: 'WATER', overview: true, pills: [], period: 'total', date: null, parameters: ['consumption', 'cost'] });
  });
});

describe('changes of the view', () => {
  const view = resolveView({ ...empty, period: 'day', date: '2026-11-18', compare: 'price' }, context);

  it('resets the period on a tab with another reading period, and the price comparison on heating', () => {
    expect(withTab(view, 'HEATING', context)).toEqual({ tab: 'HEATING', parameter: 'cost', period: 'year', date: null, compare: 'price' });
    const heating = resolveView(withTab(view, 'HEATING', context), context);
    expect(heating).toMatchObject({ tab: 'HEATING', reading: 'daily', period: 'year', date: '2026', comparison: null });
    // the grid service is read per hour, the supply per quarter-hour: another reading period
    expect(withTab(view, 'CONSUMPTION_NET', context)).toMatchObject({ period: 'year', date: null });
    const sameReading = { ...context, services: [service('a', 'CONSUMPTION_NET', '15M'), service('b', 'CONSUMPTION', '15M')] };
    expect(withTab(resolveView({ ...empty, period: 'day', date: '2026-11-18' }, sameReading), 'CONSUMPTION_NET', sameReading)).toMatchObject({
      period: 'day',
      date: '2026-11-18',
    });
  });

  it('keeps the place on a change of period, and drops the date for the total', () => {
    expect(withPeriod(view, 'month', context)).toMatchObject({ period: 'month', date: '2026-11' });
    expect(withPeriod(view, 'total', context)).toMatchObject({ period: 'total', date: null });
    const total = resolveView(withPeriod(view, 'total', context), context);
    expect(total.comparisons).not.toContain('lastYear');
  });

  it('changes the parameter and the comparison alone', () => {
    expect(withParameter(view, 'co2cost')).toMatchObject({ parameter: 'co2cost', period: 'day', date: '2026-11-18' });
    expect(withComparison(view, null)).toMatchObject({ compare: null, period: 'day' });
    expect(paramsOf(withComparison(view, null)).has('compare')).toBe(false);
  });

  it('removes parameters per period by the hidden-dropdown configuration', () => {
    const hidden = { ...context, hiddenByPeriod: { day: ['cost'] as const } };
    expect(resolveView({ ...empty, period: 'day' }, hidden)).toMatchObject({ parameters: ['consumption', 'co2cost'], parameter: 'consumption' });
    expect(resolveView({ ...empty, period: 'month' }, hidden)).toMatchObject({ parameter: 'cost' });
  });
});
