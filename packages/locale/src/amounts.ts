import type { Currency, Language } from './languages.ts';
import { NBSP, formatNumber } from './numbers.ts';

export interface AmountFormatOptions {
  /**
   * Fraction digits of the major unit (kr, €). Defaults: SEK 0, NOK 0, EUR 2.
   * In sub-units (öre, øre, cent) the amount shows `decimals - 2` fraction digits (never
   * fewer than 0), so `decimals: 4` on 0.4567 SEK gives '45,67 öre'.
   */
  decimals?: number;
  /** Show amounts strictly between -1 and 1 (and not 0) in sub-units. Default true. */
  subUnits?: boolean;
}

const defaultDecimals: Record<Currency, number> = { SEK: 0, NOK: 0, EUR: 2 };

const euroSubUnit: Record<Language, string> = {
  en: 'c',
  sv: 'cent',
  nb: 'cent',
  nn: 'cent',
  fi: 'snt',
  de: 'Cent',
};

/** Name of the currency's hundredth: SEK 'öre', NOK 'øre', EUR 'c'/'cent'/'snt'/'Cent'. */
export function subUnitName(currency: Currency, language: Language): string {
  switch (currency) {
    case 'SEK':
      return 'öre';
    case 'NOK':
      return 'øre';
    case 'EUR':
      return euroSubUnit[language];
  }
}

function withSymbol(number: string, currency: Currency, language: Language): string {
  if (currency !== 'EUR') return `${number}${NBSP}kr`;
  if (language !== 'en') return `${number}${NBSP}€`;
  // English puts the euro sign first and after the sign: '-€12.34'.
  return number.startsWith('-') ? `-€${number.slice(1)}` : `€${number}`;
}

/**
 * Format a money amount.
 *
 *  - SEK/NOK: '1 234 kr' (0 decimals by default), EUR: '12,34 €' or, in English, '€12.34'.
 *  - Amounts whose absolute value is below 1 (but not 0) are shown in sub-units:
 *    0.45 SEK → '45 öre', 0.45 NOK → '45 øre', 0.45 EUR → '45 snt' (fi) / '45 c' (en).
 *    If the sub-unit amount rounds to 100 (0.999 €) the major unit is used instead.
 *  - Separators follow `formatNumber`; the space before 'kr', '€' and the sub-unit is U+00A0.
 *
 * The number is built by `formatNumber` rather than Intl's currency style, because Intl's
 * currency patterns differ from its plain-number ones (de-AT groups currency with '.',
 * '-€ 1.234,50', while plain numbers use a no-break space).
 */
export function formatAmount(
  value: number,
  currency: Currency,
  language: Language,
  options: AmountFormatOptions = {},
): string {
  const decimals = options.decimals ?? defaultDecimals[currency];
  const useSubUnits = options.subUnits ?? true;
  if (useSubUnits && value !== 0 && Math.abs(value) < 1) {
    const subDecimals = Math.max(0, decimals - 2);
    const sub = value * 100;
    const factor = 10 ** subDecimals;
    if (Math.round(Math.abs(sub) * factor) < 100 * factor) {
      const number = formatNumber(sub, language, {
        minimumFractionDigits: subDecimals,
        maximumFractionDigits: subDecimals,
      });
      return `${number}${NBSP}${subUnitName(currency, language)}`;
    }
  }
  const number = formatNumber(value, language, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return withSymbol(number, currency, language);
}
