import type { ReadingInput } from '../measurements/service.ts';

/**
 * One row of a readings file, as a provider sends it: NDJSON objects, or CSV with a header row
 * naming the same fields. A service is named by our id, or by its metering point and type.
 * The row is also the reading that is written (one object per row, not two): `serviceSeq` is
 * set once the service is found, and `source` is the ingestion API's.
 */
export interface ReadingRow extends ReadingInput {
  serviceId: string | undefined;
  meteringPointId: string | undefined;
  serviceType: string;
}

/** `readings.source` of rows from the ingestion API. */
export const SOURCE_INGEST_API = 0;

/** The row, or why it is rejected. */
export type ParsedRow = ReadingRow | string;

const SERVICE_TYPES = new Set(['consumption_trade', 'consumption_grid', 'production_trade', 'production_grid', 'heating', 'cooling', 'gas_trade', 'gas_grid', 'water']);
/** An instant must carry its offset: a local time is ambiguous on DST days. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
/** What numeric(14,4) holds. */
const DECIMAL = /^-?\d{1,10}(\.\d{1,4})?$/;
const SERVICE_ID = /^[0-9a-f]{24}$/;

const digit = (text: string, at: number) => text.charCodeAt(at) - 48;
const two = (text: string, at: number) => digit(text, at) * 10 + digit(text, at + 1);
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** The last date seen and its midnight (UTC): a file's rows mostly share their date. */
let cachedDate = '';
let cachedMidnight = 0;

/**
 * The instant of a text that matches INSTANT, in ms; undefined when it names no real time (the
 * 30th of February, 24:00, minute 60), which `Date` would quietly carry over into the next day
 * or hour. Read digit by digit, with the date's midnight kept from the row before: a Date parse
 * per row cost more than the rest of the row's checks.
 */
export function instantOf(text: string): number | undefined {
  if (!text.startsWith(cachedDate) || cachedDate === '') {
    const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + two(text, 2);
    const month = two(text, 5);
    const day = two(text, 8);
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    if (month < 1 || month > 12 || day < 1 || day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!)) return undefined;
    cachedDate = text.slice(0, 10);
    // parsed rather than Date.UTC, which reads years below 100 as 1900 and on
    cachedMidnight = Date.parse(`${cachedDate}T00:00:00Z`);
  }
  const hour = two(text, 11);
  const minute = two(text, 14);
  let second = 0;
  let millisecond = 0;
  let at = 16;
  if (text.charCodeAt(at) === 58 /* : */) {
    second = two(text, 17);
    at = 19;
    if (text.charCodeAt(at) === 46 /* . */) {
      let scale = 100;
      for (at = 20; text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57; at++, scale /= 10) millisecond += digit(text, at) * scale;
    }
  }
  let offsetMinutes = 0;
  if (text.charCodeAt(at) !== 90 /* Z */) {
    const offsetHour = two(text, at + 1);
    const offsetMinute = two(text, at + 4);
    if (offsetHour > 23 || offsetMinute > 59) return undefined;
    offsetMinutes = (text.charCodeAt(at) === 45 /* - */ ? -1 : 1) * (offsetHour * 60 + offsetMinute);
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return cachedMidnight + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 + millisecond;
}

/** A field as trimmed text; undefined when absent or empty. */
function text(v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  return typeof v === 'string' ? v.trim() || undefined : String(v).trim();
}

/**
 * The last well-formed service id. A file's rows come in runs of one service: the id is checked
 * once a run, and the run's rows share this one string.
 */
let lastServiceId = '';

/** Validates one row's fields; every problem is named so that the sender can fix the file. */
export function validateRow(fields: Record<string, unknown>): ParsedRow {
  let serviceId = text(fields.serviceId);
  const meteringPointId = text(fields.meteringPointId);
  if (!serviceId && !meteringPointId) return 'MISSING_SERVICE: give serviceId, or meteringPointId and serviceType';
  if (serviceId === lastServiceId) {
    // the run's string, so that the row's own copy dies young (rows wait in a batch)
    serviceId = lastServiceId;
  } else if (serviceId) {
    if (!SERVICE_ID.test(serviceId)) return 'MALFORMED_SERVICE_ID: serviceId is 24 hexadecimal characters';
    lastServiceId = serviceId;
  }
  const serviceType = text(fields.serviceType) ?? 'consumption_trade';
  if (!SERVICE_TYPES.has(serviceType)) return `UNKNOWN_SERVICE_TYPE: ${serviceType}`;

  const startText = text(fields.start);
  if (!startText || !INSTANT.test(startText)) return 'INVALID_START: start must be an ISO 8601 time with Z or an offset, e.g. 2025-03-30T01:00:00+01:00';
  const instant = instantOf(startText);
  if (instant === undefined) return 'INVALID_START: not a real time';

  const minutesField = fields.minutes;
  let minutes: 15 | 60;
  // the common case without a string: a number 15 or 60
  if (minutesField === 15 || minutesField === 60) minutes = minutesField;
  else {
    const resolution = text(fields.resolution);
    const minutesText = text(minutesField) ?? (resolution === 'PT15M' ? '15' : resolution === 'PT60M' || resolution === 'PT1H' ? '60' : undefined);
    if (minutesText !== '15' && minutesText !== '60') return 'INVALID_RESOLUTION: minutes is 15 or 60 (or resolution PT15M or PT60M)';
    minutes = minutesText === '15' ? 15 : 60;
  }
  if (instant % (minutes * 60_000) !== 0) return `MISALIGNED_START: a ${minutes}-minute interval starts on a multiple of ${minutes} minutes`;

  const value = text(fields.value);
  if (!value || !DECIMAL.test(value)) return 'INVALID_VALUE: value is a decimal number with at most 4 decimals';

  const certaintyText = text(fields.certainty);
  const certainty = certaintyText === undefined ? 1 : Number(certaintyText);
  if (!Number.isFinite(certainty) || certainty < 0 || certainty > 1) return 'INVALID_CERTAINTY: certainty is between 0 and 1';

  const statusText = text(fields.status);
  const status = statusText === undefined ? 2 : Number(statusText);
  if (!Number.isInteger(status) || status < 0 || status > 9) return 'INVALID_STATUS: status is a reading status 0 to 9';

  return { serviceSeq: 0, intervalStart: new Date(instant), minutes, value, certainty, status, source: SOURCE_INGEST_API, serviceId, meteringPointId, serviceType };
}

/** An NDJSON line → fields. */
export function ndjsonFields(line: string): Record<string, unknown> | string {
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : 'NOT_AN_OBJECT: each line is one JSON object';
  } catch {
    return 'MALFORMED_JSON: the line is not valid JSON';
  }
}

/** A CSV line split by commas, with double-quoted fields ("a,b" and "" for a quote). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}
