import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, subUnitName } from '@gridline/locale/amounts';
import { formatNumber } from '@gridline/locale/numbers';
import { formatUnit, scaleUnit, unitLabel } from '@gridline/locale/units';
import { useOrganisation } from '../../shared/api/organisation.ts';
import { useLanguage } from '../../shared/i18n/language-context.ts';
import type { Comparison, Parameter } from './analysis-rules.ts';
import type { AxisUnit } from './chart-values.ts';

const DASH = '–';

/**
 * Every figure of the analysis page through packages/locale, in the interface language and the
 * organisation's currency: kWh (m³ for water), money (sub-units under 1), gCO2 (kg above 1000),
 * °C, prices per kWh and CO2 per kWh.
 */
export function useFormatters() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const organisation = useOrganisation();
  const currency = organisation.currency;
  const currencySign = t(`units.currency.${organisation.currency}`, { ns: 'shared' });

  return useMemo(() => {
    const co2 = (grams: number, perKwh = false) => {
      if (perKwh) return `${formatUnit(grams, 'gCO2', language, { scale: false })}/kWh`;
      const text = formatUnit(grams, 'gCO2', language);
      return scaleUnit(grams, 'gCO2').unit === 'kg' ? `${text} CO₂` : text;
    };
    const money = (amount: number) => formatAmount(amount, currency, language);
    const price = (perKwh: number) => `${formatAmount(perKwh, currency, language, { decimals: Math.abs(perKwh) < 1 ? 4 : 2 })}/kWh`;
    const value = (parameter: Parameter, amount: number | null, water: boolean): string => {
      if (amount === null) return DASH;
      switch (parameter) {
        case 'consumption':
        case 'production':
          return formatUnit(amount, water ? 'm3' : 'kWh', language);
        case 'cost':
          return money(amount);
        case 'co2cost':
          return co2(amount);
      }
    };

    return {
      language,
      /** A value of a main parameter in the API's unit. */
      value,
      /** A compared value: °C, a price per kWh, gCO2 per kWh, or last year's value of the parameter. */
      compared(comparison: Comparison, amount: number | null, parameter: Parameter, water: boolean): string {
        if (amount === null) return DASH;
        switch (comparison) {
          case 'temperature':
            return formatUnit(amount, '°C', language);
          case 'price':
            return price(amount);
          case 'co2':
            return co2(amount, true);
          case 'lastYear':
            return value(parameter, amount, water);
        }
      },
      /** The unit written at the top of the main axis. */
      axisUnit(unit: AxisUnit): string {
        switch (unit) {
          case 'kWh':
          case 'm3':
          case 'gCO2':
            return unitLabel(unit);
          case 'kg':
            return `${unitLabel('kg')} CO₂`;
          case 'currency':
            return currencySign;
          case 'subUnit':
            return subUnitName(currency, language);
        }
      },
      /** The unit of a compared series' axis. */
      compareUnit(comparison: Exclude<Comparison, 'lastYear'>): string {
        return comparison === 'temperature' ? '°C' : comparison === 'price' ? `${currencySign}/kWh` : `${unitLabel('gCO2')}/kWh`;
      },
      /** An axis tick: the number alone, in the language's format. */
      tick(value: number): string {
        return formatNumber(value, language, { maximumFractionDigits: 2 });
      },
      percent(share: number): string {
        return formatUnit(share * 100, '%', language, { maximumFractionDigits: 0 });
      },
    };
  }, [language, currency, currencySign]);
}

export type Formatters = ReturnType<typeof useFormatters>;
