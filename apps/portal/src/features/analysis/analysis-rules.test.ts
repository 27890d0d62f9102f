import { describe, expect, it } from 'vitest';
import {
  analysisTabs,
  chooseComparison,
  chooseParameter,
  comparisonOptions,
  defaultParameter,
  distributionFor,
  drillDownPeriod,
  initialPeriod,
  parameterOptions,
  periodAfterTabChange,
  pillsFor,
  readingOf,
  resetPeriod,
  showDistribution,
  showParameterDropdown,
  showTabRow,
  usesOverview,
  type ParameterContext,
} from './analysis-rules.ts';

describe('tabs', () => {
  it('orders the service types ALL, CONSUMPTION, CONSUMPTION_NET, …, HEATING, WATER, BROADBAND, each once', () => {
    expect(analysisTabs(['BROADBAND', 'WATER', 'CONSUMPTION_NET', 'HEATING', 'CONSUMPTION', 'ALL', 'CONSUMPTION'], [])).toEqual([
      'ALL',
      'CONSUMPTION',
      'CONSUMPTION_NET',
      'HEATING',
      'WATER',
      'BROADBAND',
    ]);
  });

  it('leaves out production types, hidden types and types with nothing to analyse', () => {
    expect(analysisTabs(['PRODUCTION', 'PRODUCTION_NET', 'CONSUMPTION', 'TV', 'WASTE'], [])).toEqual(['CONSUMPTION']);
    expect(analysisTabs(['CONSUMPTION', 'CONSUMPTION_NET', 'BROADBAND'], ['BROADBAND', 'CONSUMPTION_NET'])).toEqual(['CONSUMPTION']);
    expect(analysisTabs([], [])).toEqual([]);
  });

  it('shows the row only with more than one tab', () => {
    expect(showTabRow(['CONSUMPTION'])).toBe(false);
    expect(showTabRow(['CONSUMPTION', 'HEATING'])).toBe(true);
    expect(showTabRow([])).toBe(false);
  });
});

describe('reading periods and pills', () => {
  it('reads the service reading periods of the platform', () => {
    expect(['15M', 'hourly', 'daily', 'monthly', 'yearly', 'none', undefined].map((p) => readingOf(p))).toEqual(['m15', 'hourly', 'daily', 'monthly', 'yearly', 'NONE', 'NONE']);
  });

  it('gives pills by reading period', () => {
    expect(pillsFor('m15')).toEqual(['total', 'year', 'month', 'week', 'day']);
    expect(pillsFor('hourly')).toEqual(['total', 'year', 'month', 'week', 'day']);
    expect(pillsFor('daily')).toEqual(['total', 'year', 'month', 'week']);
    expect(pillsFor('monthly')).toEqual(['total', 'year']);
    expect(pillsFor('yearly')).toEqual(['total']);
    expect(pillsFor('NONE')).toEqual([]);
    expect(usesOverview('NONE')).toBe(true);
    expect(usesOverview('daily')).toBe(false);
  });

  it('resets the period to year for monthly, weekly, daily and hourly, otherwise to total', () => {
    expect(resetPeriod('monthly')).toBe('year');
    expect(resetPeriod('weekly')).toBe('year');
    expect(resetPeriod('daily')).toBe('year');
    expect(resetPeriod('hourly')).toBe('year');
    expect(resetPeriod('m15')).toBe('total');
    expect(resetPeriod('NONE')).toBe('total');
    expect(resetPeriod('yearly')).toBe('total');
  });

  it('starts at year where there is one, and resets only on a change of reading period', () => {
    expect(initialPeriod('m15')).toBe('year');
    expect(initialPeriod('yearly')).toBe('total');
    expect(periodAfterTabChange('hourly', 'hourly', 'day')).toBe('day');
    expect(periodAfterTabChange('hourly', 'm15', 'day')).toBe('total');
    expect(periodAfterTabChange('m15', 'daily', 'month')).toBe('year');
    expect(periodAfterTabChange('m15', 'monthly', 'day')).toBe('year');
  });

  it('opens a bar one period down where the pills allow it', () => {
    const all = pillsFor('m15');
    expect(drillDownPeriod('total', all)).toBe('year');
    expect(drillDownPeriod('year', all)).toBe('month');
    expect(drillDownPeriod('month', all)).toBe('day');
    expect(drillDownPeriod('week', all)).toBe('day');
    expect(drillDownPeriod('day', all)).toBeNull();
    expect(drillDownPeriod('year', pillsFor('monthly'))).toBeNull();
    expect(drillDownPeriod('month', pillsFor('daily'))).toBe(null);
  });
});

describe('main parameter', () => {
  const context: ParameterContext = { tab: 'CONSUMPTION', period: 'month', hideCost: false, hideEnvironment: false, hasProduction: false, hiddenByPeriod: {} };

  it('offers consumption, cost, production and co2cost as the location and flags allow', () => {
    expect(parameterOptions(context)).toEqual(['consumption', 'cost', 'co2cost']);
    expect(parameterOptions({ ...context, hasProduction: true })).toEqual(['consumption', 'cost', 'production', 'co2cost']);
    expect(parameterOptions({ ...context, hasProduction: true, tab: 'HEATING' })).toEqual(['consumption', 'cost', 'co2cost']);
    expect(parameterOptions({ ...context, hideCost: true })).toEqual(['consumption', 'co2cost']);
    expect(parameterOptions({ ...context, hideEnvironment: true })).toEqual(['consumption', 'cost']);
    expect(parameterOptions({ ...context, tab: 'WATER' })).toEqual(['consumption', 'cost']);
  });

  it('removes the options the hidden-dropdown configuration names for the period', () => {
    const hiddenByPeriod = { day: ['cost', 'co2cost'] as const, year: ['co2cost'] as const };
    expect(parameterOptions({ ...context, period: 'day', hiddenByPeriod })).toEqual(['consumption']);
    expect(parameterOptions({ ...context, period: 'year', hiddenByPeriod })).toEqual(['consumption', 'cost']);
    expect(parameterOptions({ ...context, period: 'month', hiddenByPeriod })).toEqual(['consumption', 'cost', 'co2cost']);
    expect(parameterOptions({ ...context, period: 'day', hiddenByPeriod: { day: ['consumption', 'cost', 'co2cost'] } })).toEqual(['consumption']);
  });

  it('shows the dropdown only with more than one option', () => {
    expect(showParameterDropdown(['consumption'])).toBe(false);
    expect(showParameterDropdown(['consumption', 'cost'])).toBe(true);
  });

  it('defaults to cost, or consumption when cost is hidden', () => {
    expect(defaultParameter(false)).toBe('cost');
    expect(defaultParameter(true)).toBe('consumption');
    expect(chooseParameter(null, ['consumption', 'cost', 'co2cost'], false)).toBe('cost');
    expect(chooseParameter(null, ['consumption', 'co2cost'], true)).toBe('consumption');
    expect(chooseParameter('co2cost', ['consumption', 'cost', 'co2cost'], false)).toBe('co2cost');
    // an option the view no longer offers falls back to the default
    expect(chooseParameter('production', ['consumption', 'cost'], false)).toBe('cost');
    expect(chooseParameter('cost', ['consumption'], false)).toBe('consumption');
  });

  it('sets the distribution: co2cost environment, production cost (or production without cost)', () => {
    expect(distributionFor('co2cost', false)).toBe('environment');
    expect(distributionFor('production', false)).toBe('cost');
    expect(distributionFor('production', true)).toBe('production');
    expect(distributionFor('cost', false)).toBe('cost');
    expect(distributionFor('consumption', true)).toBe('consumption');
  });

  it('shows the distribution for consumption types unless hidden', () => {
    expect(showDistribution('CONSUMPTION', false)).toBe(true);
    expect(showDistribution('CONSUMPTION_NET', false)).toBe(true);
    expect(showDistribution('CONSUMPTION', true)).toBe(false);
    expect(showDistribution('HEATING', false)).toBe(false);
    expect(showDistribution('WATER', false)).toBe(false);
  });
});

describe('compare with', () => {
  it('offers temperature, spot price, CO2 and last year', () => {
    expect(comparisonOptions('CONSUMPTION', 'month', false)).toEqual(['temperature', 'price', 'co2', 'lastYear']);
    expect(comparisonOptions('CONSUMPTION', 'total', false)).toEqual(['temperature', 'price', 'co2']);
    expect(comparisonOptions('CONSUMPTION', 'day', true)).toEqual(['temperature', 'price', 'lastYear']);
    expect(comparisonOptions('WATER', 'day', false)).toEqual(['temperature', 'lastYear']);
  });

  it('resets a price comparison on heating, which cannot compare with price', () => {
    const heating = comparisonOptions('HEATING', 'month', false);
    expect(heating).not.toContain('price');
    expect(chooseComparison('price', heating)).toBeNull();
    expect(chooseComparison('temperature', heating)).toBe('temperature');
    expect(chooseComparison('lastYear', comparisonOptions('HEATING', 'total', false))).toBeNull();
  });
});
