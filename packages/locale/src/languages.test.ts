import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  currencyFor,
  isCountry,
  isLanguage,
  languages,
  localeFor,
  timeZoneFor,
} from './languages.ts';

describe('languages', () => {
  it('lists the six portal languages', () => {
    expect(languages).toEqual(['en', 'sv', 'nb', 'nn', 'fi', 'de']);
  });

  it('maps languages to locales', () => {
    expect(languages.map(localeFor)).toEqual(['en-GB', 'sv-SE', 'nb-NO', 'nn-NO', 'fi-FI', 'de-AT']);
  });

  it('recognises languages and countries', () => {
    expect(isLanguage('nn')).toBe(true);
    expect(isLanguage('da')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
    expect(isCountry('AT')).toBe(true);
    expect(isCountry('DE')).toBe(false);
  });
});

describe('timeZoneFor', () => {
  it('maps countries and prefixed locations', () => {
    expect(timeZoneFor('SE')).toBe('Europe/Stockholm');
    expect(timeZoneFor('SE3')).toBe('Europe/Stockholm');
    expect(timeZoneFor('NO')).toBe('Europe/Oslo');
    expect(timeZoneFor('NO5')).toBe('Europe/Oslo');
    expect(timeZoneFor('FI')).toBe('Europe/Helsinki');
    expect(timeZoneFor('AT')).toBe('Europe/Vienna');
  });

  it('throws for anything else', () => {
    expect(() => timeZoneFor('DK1')).toThrow(new Error('LocationToTimeZone not supported for DK1'));
    expect(() => timeZoneFor('')).toThrow('LocationToTimeZone not supported for ');
    expect(() => timeZoneFor('se')).toThrow();
  });

  it('defaults to Stockholm', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Stockholm');
  });
});

describe('currencyFor', () => {
  it('maps countries to currencies', () => {
    expect(currencyFor('SE')).toBe('SEK');
    expect(currencyFor('NO')).toBe('NOK');
    expect(currencyFor('FI')).toBe('EUR');
    expect(currencyFor('AT')).toBe('EUR');
  });
});
