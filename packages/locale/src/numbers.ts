import { localeFor, type Language } from './languages.ts';

export interface NumberFormatOptions {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

interface Separators {
  group: string;
  decimal: string;
}

/** U+00A0 NO-BREAK SPACE: the thousands separator for every language but English. */
export const NBSP = '\u00a0';

const nordic: Separators = { group: NBSP, decimal: ',' };
const separators: Record<Language, Separators> = {
  en: { group: ',', decimal: '.' },
  sv: nordic,
  nb: nordic,
  nn: nordic,
  fi: nordic,
  de: nordic,
};

/**
 * Resolve fraction digits against defaults without ever handing `Intl` a minimum above the
 * maximum (which throws a RangeError).
 */
export function resolveFractionDigits(
  options: NumberFormatOptions,
  defaultMinimum: number,
  defaultMaximum: number,
): { minimumFractionDigits: number; maximumFractionDigits: number } {
  const { minimumFractionDigits: min, maximumFractionDigits: max } = options;
  if (min !== undefined && max !== undefined) {
    return { minimumFractionDigits: Math.min(min, max), maximumFractionDigits: max };
  }
  if (min !== undefined) {
    return { minimumFractionDigits: min, maximumFractionDigits: Math.max(min, defaultMaximum) };
  }
  if (max !== undefined) {
    return { minimumFractionDigits: Math.min(defaultMinimum, max), maximumFractionDigits: max };
  }
  return { minimumFractionDigits: defaultMinimum, maximumFractionDigits: defaultMaximum };
}

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(language: Language, min: number, max: number): Intl.NumberFormat {
  const key = `${language}|${min}|${max}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeFor(language), {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      // 'always' groups 4-digit numbers too (some locales only group from 5 digits).
      useGrouping: 'always',
      // Never show '-0' for small negatives that round to zero.
      signDisplay: 'negative',
    });
    cache.set(key, format);
  }
  return format;
}

/**
 * Format a number with the portal's separators: grouping in threes; English uses ',' and '.',
 * every other language uses U+00A0 and ','. The minus sign is always ASCII '-'.
 *
 * Intl is only trusted for rounding and digit grouping: its separators vary between locales and
 * ICU versions (U+202F narrow no-break space, '.' in de-DE, U+2212 minus in sv/nb/nn/fi), so
 * separators and the sign are replaced part by part.
 *
 * Defaults: 0 to 2 fraction digits. NaN and ±Infinity keep Intl's text ('NaN', '∞').
 */
export function formatNumber(
  value: number,
  language: Language,
  options: NumberFormatOptions = {},
): string {
  const { minimumFractionDigits, maximumFractionDigits } = resolveFractionDigits(options, 0, 2);
  const { group, decimal } = separators[language];
  return numberFormat(language, minimumFractionDigits, maximumFractionDigits)
    .formatToParts(value)
    .map((part) => {
      switch (part.type) {
        case 'group':
          return group;
        case 'decimal':
          return decimal;
        case 'minusSign':
          return '-';
        default:
          return part.value;
      }
    })
    .join('');
}
