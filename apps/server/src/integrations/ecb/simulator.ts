import type { IncomingMessage } from 'node:http';
import { noiseSeed, smoothNoise } from '../../demo/noise.ts';
import { EXR_CSV_COLUMNS } from './parser.ts';
import { isTargetBusinessDay } from './target-calendar.ts';
import { answeringServer, listenLocally, plain, type Answer } from '../simulator-server.ts';

/** Units of `currency` for one euro on `day`; the simulator writes it with four decimals. */
export type SimulatedRate = (currency: string, day: string) => number;

export type EcbSimulatorOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  rates?: SimulatedRate;
  /** The simulator's clock: a day's rates appear at 16:00 in Frankfurt, as the ECB's do. */
  now?: () => Date;
};

export type EcbSimulator = {
  /** Use as the client's baseUrl, like `https://data-api.ecb.europa.eu/service`. */
  url: string;
  close(): Promise<void>;
};

/** The currencies the simulator publishes (the ECB publishes about thirty). */
export const SIMULATED_CURRENCIES = ['NOK', 'SEK'] as const;
const FIRST_DAY = '1999-01-04';
const PUBLICATION_HOUR = 16;
const MAX_DAYS = 366 * 30;
const CURRENCY_NAMES: Readonly<Record<string, string>> = { NOK: 'Norwegian krone', SEK: 'Swedish krona' };

/**
 * A local stand-in for the ECB Data Portal's SDMX REST API, the daily euro reference rates
 * (`GET /service/data/EXR/D.SEK+NOK.EUR.SP00.A?startPeriod&endPeriod&format=csvdata`) and
 * nothing else. Like the ECB it has rates on TARGET business days only, publishes a day's rates
 * at 16:00 CET, answers SDMX-CSV with the full column set, 404 "No results found." when a query
 * matches no observation, 400 for a malformed query and 406 for a format it does not speak.
 */
export async function createEcbSimulator(options: EcbSimulatorOptions = {}): Promise<EcbSimulator> {
  const rate = options.rates ?? simulatedEurRate;
  const now = options.now ?? (() => new Date());

  const respond = (request: IncomingMessage): Answer => {
    const url = new URL(request.url ?? '/', 'http://simulator');
    if (request.method !== 'GET') return plain(405, 'Method Not Allowed');
    // Like the ECB: an unknown route is a plain 404 page; a data query for other flows finds nothing.
    if (!url.pathname.startsWith('/service/data/')) return plain(404, 'Not Found');
    const match = /^\/service\/data\/(?:ECB,)?EXR(?:,[\d.]+)?\/([^/]+)$/.exec(url.pathname);
    if (!match) return plain(404, 'No results found.');
    const format = url.searchParams.get('format');
    const accept = request.headers.accept ?? '';
    if (format !== null ? format !== 'csvdata' : !/text\/csv/.test(accept)) {
      return plain(406, 'Not Acceptable: this simulator answers SDMX-CSV only (format=csvdata or Accept: text/csv).');
    }
    const dimensions = decodeURIComponent(match[1] ?? '').split('.');
    if (dimensions.length !== 5)
      return plain(400, `Syntax error: the EXR key has 5 dimensions (FREQ.CURRENCY.CURRENCY_DENOM.EXR_TYPE.EXR_SUFFIX), got "${match[1]}".`);
    const [freq, currencies, denominator, type, suffix] = dimensions.map((d) => (d === '' ? null : d.split('+')));
    const allows = (values: string[] | null | undefined, value: string) => values === null || values === undefined || values.includes(value);

    const start = url.searchParams.get('startPeriod') ?? FIRST_DAY;
    const end = url.searchParams.get('endPeriod') ?? dayOf(now());
    if (!isDay(start) || !isDay(end)) return plain(400, 'Syntax error: startPeriod and endPeriod must be YYYY-MM-DD for daily data.');
    if (end < start) return plain(400, 'Syntax error: endPeriod is before startPeriod.');

    const published = lastPublishedDay(now());
    const from = start < FIRST_DAY ? FIRST_DAY : start;
    const to = end < published ? end : published;
    const lines: string[] = [];
    if (allows(freq, 'D') && allows(denominator, 'EUR') && allows(type, 'SP00') && allows(suffix, 'A')) {
      for (const currency of SIMULATED_CURRENCIES) {
        if (!allows(currencies, currency)) continue;
        let count = 0;
        for (let day = from; day <= to && count < MAX_DAYS; day = addDays(day, 1), count += 1) {
          if (!isTargetBusinessDay(day)) continue;
          lines.push(csvRow(currency, day, rate(currency, day)));
        }
      }
    }
    if (lines.length === 0) return plain(404, 'No results found.');
    return { status: 200, contentType: 'text/csv; charset=utf-8', body: `${EXR_CSV_COLUMNS.join(',')}\n${lines.join('\n')}\n` };
  };

  const server = await listenLocally(answeringServer(respond), options);
  return { url: `${server.origin}/service`, close: server.close };
}

/** One SDMX-CSV row as the ECB writes it (attributes of a published daily reference rate). */
function csvRow(currency: string, day: string, value: number): string {
  const name = CURRENCY_NAMES[currency] ?? currency;
  const fields: Record<string, string> = {
    KEY: `EXR.D.${currency}.EUR.SP00.A`,
    FREQ: 'D',
    CURRENCY: currency,
    CURRENCY_DENOM: 'EUR',
    EXR_TYPE: 'SP00',
    EXR_SUFFIX: 'A',
    TIME_PERIOD: day,
    OBS_VALUE: value.toFixed(4),
    OBS_STATUS: 'A',
    OBS_CONF: 'F',
    TIME_FORMAT: 'P1D',
    COLLECTION: 'A',
    UNIT_INDEX_BASE: '99Q1=100',
    DECIMALS: '4',
    SOURCE_AGENCY: '4F0',
    TITLE: `${name}/Euro`,
    TITLE_COMPL: `"ECB reference exchange rate, ${name}/Euro, 2:15 pm (C.E.T.)"`,
    UNIT: currency,
    UNIT_MULT: '0',
  };
  return EXR_CSV_COLUMNS.map((column) => fields[column] ?? '').join(',');
}

const frankfurtClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
});

function dayOf(instant: Date): string {
  const parts = Object.fromEntries(frankfurtClock.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Today in Frankfurt once the day's rates are out (16:00 CET/CEST), yesterday before. */
export function lastPublishedDay(instant: Date): string {
  const parts = Object.fromEntries(frankfurtClock.formatToParts(instant).map((p) => [p.type, p.value]));
  const today = `${parts.year}-${parts.month}-${parts.day}`;
  return Number(parts.hour) >= PUBLICATION_HOUR ? today : addDays(today, -1);
}

function isDay(value: string): boolean {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const RATE_MODEL: Readonly<Record<string, { centre: number; low: number; high: number }>> = {
  SEK: { centre: 11.4, low: 11.0, high: 11.8 },
  NOK: { centre: 11.65, low: 11.3, high: 12.0 },
};

/**
 * The simulator's default rates, and the demo data's (so that the two agree): EUR→SEK and EUR→NOK
 * as a smooth walk over weeks with a little daily jitter, within the ranges of 2024–2026 (SEK
 * 11.0–11.8, NOK 11.3–12.0). A pure function of the currency and the day.
 */
export function simulatedEurRate(currency: string, day: string): number {
  const model = RATE_MODEL[currency] ?? { centre: 10, low: 9, high: 11 };
  const index = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse('2000-01-01T00:00:00Z')) / 86_400_000);
  const seed = noiseSeed(`rate:${currency}`);
  const rate = model.centre + 0.26 * smoothNoise(seed, index / 40) + 0.07 * smoothNoise(seed + 1, index / 6) + 0.015 * smoothNoise(seed + 2, index);
  return Math.min(model.high, Math.max(model.low, rate));
}
