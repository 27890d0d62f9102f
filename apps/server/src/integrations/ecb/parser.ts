import { EcbFormatError } from './errors.ts';

/** One euro reference rate: units of `currency` for one euro on `day`, as the decimal text published. */
export type EcbRate = {
  day: string;
  currency: string;
  eurRate: string;
};

/**
 * Columns the ECB Data Portal's `format=csvdata` answer has for the EXR dataflow (SDMX-CSV, one
 * row per series and observation). Only the first eight matter to us; the attribute columns that
 * follow (OBS_STATUS … UNIT_MULT) vary with `detail` and are ignored.
 */
export const EXR_CSV_COLUMNS = [
  'KEY',
  'FREQ',
  'CURRENCY',
  'CURRENCY_DENOM',
  'EXR_TYPE',
  'EXR_SUFFIX',
  'TIME_PERIOD',
  'OBS_VALUE',
  'OBS_STATUS',
  'OBS_CONF',
  'OBS_PRE_BREAK',
  'OBS_COM',
  'TIME_FORMAT',
  'BREAKS',
  'COLLECTION',
  'COMPILING_ORG',
  'DISS_ORG',
  'DOM_SER_IDS',
  'PUBL_ECB',
  'PUBL_MU',
  'PUBL_PUBLIC',
  'UNIT_INDEX_BASE',
  'COMPILATION',
  'COVERAGE',
  'DECIMALS',
  'NAT_TITLE',
  'SOURCE_AGENCY',
  'SOURCE_PUB',
  'TITLE',
  'TITLE_COMPL',
  'UNIT',
  'UNIT_MULT',
] as const;

const REQUIRED = ['CURRENCY', 'CURRENCY_DENOM', 'TIME_PERIOD', 'OBS_VALUE'] as const;
/** Dimensions that, when present, must name daily spot reference rates against the euro. */
const EXPECTED: Readonly<Record<string, string>> = { FREQ: 'D', CURRENCY_DENOM: 'EUR', EXR_TYPE: 'SP00', EXR_SUFFIX: 'A' };
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const RATE = /^\d{1,6}(?:\.\d{1,10})?$/;
const CURRENCY = /^[A-Z]{3}$/;

/**
 * Reads the ECB Data Portal's SDMX-CSV answer for daily euro reference rates
 * (`/service/data/EXR/D.SEK+NOK.EUR.SP00.A?format=csvdata`). A row without an observation (an
 * empty or `NaN` OBS_VALUE) is no rate that day and is left out; anything else it does not fully
 * understand is an `EcbFormatError`, because a misread rate is worse than none.
 */
export function parseExchangeRatesCsv(text: string): EcbRate[] {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const header = rows.shift();
  if (!header || header.length === 0 || (header.length === 1 && header[0] === '')) throw new EcbFormatError('Empty answer: no CSV header');
  const index = new Map(header.map((name, position) => [name.trim(), position]));
  const missing = REQUIRED.filter((name) => !index.has(name));
  if (missing.length > 0) {
    throw new EcbFormatError(
      `Not an SDMX-CSV answer of the EXR dataflow: no ${missing.join(', ')} column (header starts "${header.slice(0, 4).join(',').slice(0, 80)}")`,
    );
  }
  const column = (row: string[], name: string) => (index.has(name) ? (row[index.get(name) as number] ?? '') : undefined);

  const rates: EcbRate[] = [];
  const seen = new Map<string, string>();
  rows.forEach((row, offset) => {
    const line = offset + 2;
    if (row.length === 1 && row[0] === '') return; // a blank line (the answer ends with one)
    if (row.length !== header.length) throw new EcbFormatError(`Line ${line} has ${row.length} fields, the header ${header.length}`);
    for (const [name, expected] of Object.entries(EXPECTED)) {
      const value = column(row, name);
      if (value !== undefined && value !== expected) throw new EcbFormatError(`Line ${line}: ${name} is "${value}", expected "${expected}"`);
    }
    const currency = column(row, 'CURRENCY') ?? '';
    if (!CURRENCY.test(currency)) throw new EcbFormatError(`Line ${line}: CURRENCY "${currency}" is not a currency code`);
    const day = column(row, 'TIME_PERIOD') ?? '';
    if (!isCalendarDay(day)) throw new EcbFormatError(`Line ${line}: TIME_PERIOD "${day}" is not a calendar day`);
    const value = (column(row, 'OBS_VALUE') ?? '').trim();
    if (value === '' || value === 'NaN') return;
    if (!RATE.test(value) || Number(value) <= 0) throw new EcbFormatError(`Line ${line}: OBS_VALUE "${value}" is not a positive rate`);
    const key = `${currency}|${day}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      if (earlier === value) return;
      throw new EcbFormatError(`Line ${line}: a second, different rate for ${currency} on ${day} (${earlier} and ${value})`);
    }
    seen.set(key, value);
    rates.push({ day, currency, eurRate: value });
  });
  return rates.sort((a, b) => (a.day === b.day ? (a.currency < b.currency ? -1 : 1) : a.day < b.day ? -1 : 1));
}

function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * RFC 4180 CSV: fields separated by commas, rows by CRLF or LF; a field in double quotes may hold
 * commas, line breaks and doubled quotes (the ECB quotes TITLE_COMPL, which contains commas).
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
          throw new EcbFormatError(`Malformed CSV: text after a closing quote at row ${rows.length + 1}`);
        continue;
      }
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      i += 1;
    } else if (ch === ',') {
      row.push(field);
      field = '';
      i += 1;
    } else if (ch === '\n' || ch === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      i += 1;
    }
  }
  if (quoted) throw new EcbFormatError('Malformed CSV: a quoted field is not closed');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
