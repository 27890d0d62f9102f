import { describe, expect, it } from 'vitest';
import type { AgreementInfoEntry } from '@gridline/contracts/agreements';
import { displayInfoValue, toNumber, type InfoTexts } from './agreement-values.ts';

const swedish: InfoTexts = {
  language: 'sv',
  currency: 'SEK',
  timeZone: 'Europe/Stockholm',
  currencySign: 'kr',
  status: (value) => ({ active: 'Aktivt', terminated: 'Uppsagt' })[value] ?? null,
  template: (name, { value, currency, subUnit }) =>
    name === 'subUnitPerKwh' ? `${value} ${subUnit}/kWh` : name === 'currencyPerMonth' ? `${value} ${currency}/mån` : null,
};
const english: InfoTexts = { ...swedish, language: 'en', currency: 'EUR', currencySign: '€', timeZone: 'Europe/Vienna' };
const row = (key: string, value: AgreementInfoEntry['value'], template?: string): AgreementInfoEntry => ({ key, title: key, value, ...(template ? { template } : {}) });
const text = (entry: AgreementInfoEntry, texts = swedish) => {
  const shown = displayInfoValue(entry, texts);
  return shown.kind === 'text' ? shown.text : shown;
};

describe('displayInfoValue', () => {
  it('translates the status, whatever its case, and keeps an unknown one as it is', () => {
    expect(text(row('status', 'active'))).toBe('Aktivt');
    expect(text(row('status', 'TERMINATED'))).toBe('Uppsagt');
    expect(text(row('status', 'onHold'))).toBe('onHold');
  });

  it('formats start and end dates, and other ISO dates, in the language', () => {
    expect(text(row('startDate', '2024-03-01'))).toBe('2024-03-01');
    expect(text(row('endDate', '2026-12-31'), english)).toBe('31/12/2026');
    expect(text(row('signedAt', '2025-10-25T22:30:00Z'))).toBe('2025-10-26');
  });

  it('shows the raw value with the contact-support fallback when a date cannot be read', () => {
    expect(displayInfoValue(row('endDate', 'until further notice'), swedish)).toEqual({ kind: 'contactSupport', raw: 'until further notice' });
    expect(displayInfoValue(row('startDate', '2025-02-30'), swedish)).toEqual({ kind: 'contactSupport', raw: '2025-02-30' });
    expect(displayInfoValue(row('startDate', null), swedish)).toEqual({ kind: 'contactSupport', raw: null });
    expect(displayInfoValue(row('priceZone', ''), swedish)).toEqual({ kind: 'contactSupport', raw: null });
  });

  it('formats the five money keys as numbers, then applies a named template', () => {
    expect(text(row('surcharge', 4.9, 'subUnitPerKwh'))).toBe('4,9 öre/kWh');
    expect(text(row('monthlyFee', 1234.5, 'currencyPerMonth'))).toBe('1\u00a0234,5 kr/mån');
    expect(text(row('energyTax', '43,9'))).toBe('43,9');
    expect(text(row('consumptionPrice', 28, 'subUnitPerKwh'), english)).toBe('28 c/kWh');
    expect(text(row('price', 'see offer'))).toBe('see offer');
  });

  it('applies a literal template with {{value}}, and ignores one without', () => {
    expect(text(row('price', 89.5, '{{value}} {{subUnit}} per kWh'))).toBe('89,5 öre per kWh');
    expect(text(row('priceZone', 'SE3', 'Area {{value}}'))).toBe('Area SE3');
    expect(text(row('priceZone', 'SE3', 'unknownTemplate'))).toBe('SE3');
  });
});

describe('toNumber', () => {
  it('reads numbers and decimal texts, and nothing else', () => {
    expect([toNumber(4.9), toNumber('4.9'), toNumber('4,9'), toNumber('1 234,50'), toNumber('-2')]).toEqual([4.9, 4.9, 4.9, 1234.5, -2]);
    expect([toNumber('4.9 öre'), toNumber(''), toNumber(null), toNumber(Number.NaN)]).toEqual([null, null, null, null]);
  });
});
