import type { AgreementInfoEntry } from '@gridline/contracts/agreements';
import type { Currency, Language } from '@gridline/contracts/enums';
import { subUnitName } from '@gridline/locale/amounts';
import { formatDate, isValidDate } from '@gridline/locale/dates';
import { formatNumber } from '@gridline/locale/numbers';

/** Info keys whose value is a date (spec 000 §2.8). */
export const dateKeys: ReadonlySet<string> = new Set(['startDate', 'endDate']);
/** Info keys whose value is a number to format: surcharge, monthly fee, price, energy tax, consumption price. */
export const numberKeys: ReadonlySet<string> = new Set(['surcharge', 'monthlyFee', 'price', 'energyTax', 'consumptionPrice']);

/** An ISO date or date-time string (other values that look like one are shown as dates too). */
const isoDate = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** What a row shows: a text, or the raw value (if any) with the contact-support fallback. */
export type InfoDisplay = { kind: 'text'; text: string } | { kind: 'contactSupport'; raw: string | null };

/** The translated pieces `displayInfoValue` needs; the page builds them from the copy texts. */
export interface InfoTexts {
  language: Language;
  currency: Currency;
  timeZone: string;
  /** The currency's sign as the texts write it (kr, €). */
  currencySign: string;
  /** A status value translated (active → Aktivt), null when unknown. */
  status(value: string): string | null;
  /** A named template of the copy texts filled in, null when there is no such name. */
  template(name: string, values: { value: string; currency: string; subUnit: string }): string | null;
}

/** A number from a number or a decimal text (`4.9`, `4,9`, `1 234,50`); null when it is not one. */
export function toNumber(value: AgreementInfoEntry['value']): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/**
 * The value of an agreement's info row as the portal shows it (spec 000 §2.8): statuses
 * translated, start and end dates (and any other ISO date) formatted, the five money keys
 * number-formatted, then the row's template applied (a named one from the copy texts, or a text
 * with `{{value}}`). A date that cannot be read, or an empty value, shows the raw value (if any)
 * with the contact-support fallback.
 */
export function displayInfoValue(entry: AgreementInfoEntry, texts: InfoTexts): InfoDisplay {
  const raw = entry.value === null ? '' : String(entry.value).trim();
  let value: string;
  if (entry.key === 'status') {
    value = raw === '' ? '' : (texts.status(raw.toLowerCase()) ?? raw);
  } else if (dateKeys.has(entry.key) || (typeof entry.value === 'string' && isoDate.test(raw))) {
    if (!isValidDate(raw)) return { kind: 'contactSupport', raw: raw === '' ? null : raw };
    value = formatDate(raw, texts.language, texts.timeZone);
  } else if (numberKeys.has(entry.key)) {
    const number = toNumber(entry.value);
    value = number === null ? raw : formatNumber(number, texts.language, { maximumFractionDigits: 2 });
  } else {
    value = raw;
  }
  if (value === '') return { kind: 'contactSupport', raw: null };
  return { kind: 'text', text: applyTemplate(entry.template, value, texts) };
}

function applyTemplate(template: string | undefined, value: string, texts: InfoTexts): string {
  if (!template) return value;
  const values = { value, currency: texts.currencySign, subUnit: subUnitName(texts.currency, texts.language) };
  const named = texts.template(template, values);
  if (named !== null) return named;
  if (!template.includes('{{value}}')) return value;
  return template.replaceAll('{{value}}', values.value).replaceAll('{{currency}}', values.currency).replaceAll('{{subUnit}}', values.subUnit);
}
