/** Languages, locales, countries, currencies and time zones (product spec section 9). */
import { countries, currencies, languages, type Country, type Currency, type Language } from '@gridline/contracts/enums';

export { countries, currencies, languages, type Country, type Currency, type Language };

export type TimeZone = 'Europe/Stockholm' | 'Europe/Oslo' | 'Europe/Helsinki' | 'Europe/Vienna';

/** The portal's default time zone when no location is known. */
export const DEFAULT_TIME_ZONE: TimeZone = 'Europe/Stockholm';

const locales: Record<Language, string> = {
  en: 'en-GB',
  sv: 'sv-SE',
  nb: 'nb-NO',
  nn: 'nn-NO',
  fi: 'fi-FI',
  de: 'de-AT',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function isCountry(value: unknown): value is Country {
  return typeof value === 'string' && (countries as readonly string[]).includes(value);
}

/** BCP 47 locale used with `Intl` for a portal language: sv → 'sv-SE', de → 'de-AT', … */
export function localeFor(language: Language): string {
  return locales[language];
}

const timeZones: Record<Country, TimeZone> = {
  SE: 'Europe/Stockholm',
  NO: 'Europe/Oslo',
  FI: 'Europe/Helsinki',
  AT: 'Europe/Vienna',
};

/**
 * Time zone of a country or of anything prefixed by one (a price zone 'SE3', 'NO1', …).
 * The prefix match is case-sensitive. Anything else throws.
 */
export function timeZoneFor(location: string): TimeZone {
  for (const country of countries) {
    if (location.startsWith(country)) return timeZones[country];
  }
  throw new Error(`LocationToTimeZone not supported for ${location}`);
}

const currencyByCountry: Record<Country, Currency> = {
  SE: 'SEK',
  NO: 'NOK',
  FI: 'EUR',
  AT: 'EUR',
};

export function currencyFor(country: Country): Currency {
  return currencyByCountry[country];
}
