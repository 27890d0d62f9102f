import type { Language } from '@gridline/contracts/enums';

/**
 * How exported files are written: CSV conventions per language, cells, local times and the file
 * name. Pure functions, so the rules are tested without a server.
 */

/**
 * The CSV convention of a language, the one a spreadsheet there opens without an import dialog:
 * English uses `,` between fields and `.` in numbers; Swedish, Norwegian, Finnish and German use
 * `,` in numbers and so `;` between fields (their list separator).
 */
export function csvConvention(language: Language): { separator: ',' | ';'; decimal: '.' | ',' } {
  return language === 'en' ? { separator: ',', decimal: '.' } : { separator: ';', decimal: ',' };
}

/** A field, quoted when it holds the separator, a quote or a line break (RFC 4180). */
export function csvField(value: string, separator: string): string {
  return value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line with CRLF, as RFC 4180 and spreadsheets expect. */
export function csvLine(fields: readonly string[], separator: string): string {
  return `${fields.map((f) => csvField(f, separator)).join(separator)}\r\n`;
}

/** The byte-order mark that tells spreadsheets the file is UTF-8. */
export const UTF8_BOM = '\uFEFF';

/**
 * A decimal as text (`'1.2500'` from `numeric`) without trailing zeros, with the language's
 * decimal sign: exact, never through floating point. Empty for an unknown value.
 */
export function decimalText(value: string | null, decimal: '.' | ','): string {
  if (value === null) return '';
  let text = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
  if (text === '-0') text = '0';
  return decimal === '.' ? text : text.replace('.', ',');
}

const HOUR_MS = 3_600_000;

/**
 * Wall-clock times in one time zone for instants in time order. The offset can change only on a
 * whole hour (every DST rule in use does), so it is looked up once per hour rather than per row.
 */
export class LocalClock {
  private readonly format: Intl.DateTimeFormat;
  private hour = Number.NaN;
  private offset = 0;

  constructor(timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
  }

  /** The local wall time of an instant, as the UTC fields of a timestamp. */
  wall(instant: Date): number {
    const t = instant.getTime();
    const hour = Math.floor(t / HOUR_MS) * HOUR_MS;
    if (hour !== this.hour) {
      const v: Record<string, number> = {};
      for (const part of this.format.formatToParts(hour)) if (part.type !== 'literal') v[part.type] = Number(part.value);
      this.offset = Date.UTC(v.year!, v.month! - 1, v.day!, v.hour!, v.minute!) - hour;
      this.hour = hour;
    }
    return t + this.offset;
  }

  /** `YYYY-MM-DD HH:mm` in the zone; the repeated autumn hour shows its time twice, as clocks did. */
  text(instant: Date): string {
    return new Date(this.wall(instant)).toISOString().slice(0, 16).replace('T', ' ');
  }
}

/** A file name from the location's address and the date key, without characters file systems refuse. */
export function exportFilename(address: string, dateKey: string, extension: string): string {
  const base = `${address} ${dateKey}`
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base || dateKey}.${extension}`;
}

/**
 * `attachment` with the name twice: an ASCII fallback (accents dropped, other characters `_`)
 * and the exact name as RFC 5987 UTF-8, which every current browser prefers.
 */
export function contentDisposition(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Fills `{{name}}` placeholders of a copy text. */
export function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
