import type { PriceZone } from '@gridline/contracts/enums';
import { EntsoeAcknowledgementError, EntsoeAuthError, EntsoeHttpError, EntsoeNetworkError, EntsoeRateLimitError, EntsoeTimeoutError } from './errors.ts';
import { parseDayAheadDocument, type DayAheadResult } from './parser.ts';
import { EIC_BY_ZONE } from './zones.ts';

export type EntsoeClientOptions = {
  /** The API endpoint, `https://web-api.tp.entsoe.eu/api` in production. */
  baseUrl: string;
  securityToken: string;
  fetch?: typeof fetch;
  /** For the whole exchange, body included. Default 30 s. */
  timeoutMs?: number;
};

const DAY_AHEAD_PRICES = 'A44';
const EXCERPT_LENGTH = 300;
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Client of the ENTSO-E Transparency Platform RESTful API, for day-ahead prices. It talks to
 * whatever `baseUrl` says; the simulator is chosen by configuration, not here.
 */
export class EntsoeClient {
  // Private fields, so that the token never shows in a logged or inspected client.
  readonly #baseUrl: URL;
  readonly #securityToken: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;

  constructor(options: EntsoeClientOptions) {
    this.#baseUrl = new URL(options.baseUrl);
    if (!options.securityToken) throw new TypeError('EntsoeClient needs a securityToken');
    this.#securityToken = options.securityToken;
    // Called unbound: some fetch implementations refuse a foreign `this`.
    const fetchFunction = options.fetch ?? globalThis.fetch;
    this.#fetch = (input, init) => fetchFunction(input, init);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(Number.isInteger(timeoutMs) && timeoutMs > 0)) throw new RangeError(`timeoutMs must be a positive integer, got ${timeoutMs}`);
    this.#timeoutMs = timeoutMs;
  }

  /**
   * Day-ahead prices of a zone for [periodStart, periodEnd). ENTSO-E answers whole delivery days
   * (CET/CEST), so ask from a delivery day's start to get exactly that day. No data yet (or any
   * more) is a `no-data` result, not an error; a request ENTSO-E refuses is an
   * `EntsoeAcknowledgementError` (or `EntsoeHttpError` when answered with an error status).
   */
  async dayAheadPrices(zone: PriceZone, periodStart: Date, periodEnd: Date): Promise<DayAheadResult> {
    const eic = EIC_BY_ZONE[zone] as string | undefined;
    if (eic === undefined) throw new RangeError(`Unknown price zone ${String(zone)}`);
    const start = formatPeriodInstant(periodStart);
    const end = formatPeriodInstant(periodEnd);
    if (periodEnd.getTime() <= periodStart.getTime()) throw new RangeError(`periodEnd ${end} is not after periodStart ${start}`);

    const url = new URL(this.#baseUrl);
    url.searchParams.set('securityToken', this.#securityToken);
    url.searchParams.set('documentType', DAY_AHEAD_PRICES);
    url.searchParams.set('in_Domain', eic);
    url.searchParams.set('out_Domain', eic);
    url.searchParams.set('periodStart', start);
    url.searchParams.set('periodEnd', end);

    const { status, headers, body } = await this.#get(url, `${zone} ${start}–${end}`);
    if (status === 200) {
      try {
        return parseDayAheadDocument(body);
      } catch (error) {
        // A refusal answered with 200 (ENTSO-E does that): its text goes into logs, so without the token.
        if (error instanceof EntsoeAcknowledgementError) throw new EntsoeAcknowledgementError(error.code, this.#redact(error.reason));
        throw error;
      }
    }

    const described = this.#describe(body);
    if (status === 429) throw new EntsoeRateLimitError(parseRetryAfter(headers.get('retry-after'), Date.now()), described.excerpt);
    if (status === 401 || status === 403) throw new EntsoeAuthError(status, described.excerpt);
    // ENTSO-E has answered "no matching data" both as 200 and as 400 over the years; only that
    // reason is harmless, any other 400 is a request we built wrong.
    if (status === 400 && described.noData) return { kind: 'no-data', reason: described.noData };
    throw new EntsoeHttpError(status, described.excerpt);
  }

  async #get(url: URL, what: string): Promise<{ status: number; headers: Headers; body: string }> {
    const signal = AbortSignal.timeout(this.#timeoutMs);
    try {
      const response = await this.#fetch(url, { method: 'GET', headers: { accept: 'application/xml, text/xml' }, signal });
      return { status: response.status, headers: response.headers, body: await response.text() };
    } catch (error) {
      // Messages name the zone and period, never the URL: it carries the token.
      if (signal.aborted) throw new EntsoeTimeoutError(`ENTSO-E did not answer within ${this.#timeoutMs} ms (${what})`, { cause: error });
      throw new EntsoeNetworkError(`ENTSO-E could not be reached (${what}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  /** A short, token-free account of an error body, with the Acknowledgement's reason when there is one. */
  #describe(body: string): { excerpt: string; noData: string | null } {
    let reason: string | null = null;
    let noData: string | null = null;
    try {
      const result = parseDayAheadDocument(body);
      if (result.kind === 'no-data') {
        reason = result.reason;
        noData = result.reason;
      }
    } catch (error) {
      if (error instanceof EntsoeAcknowledgementError) reason = error.reason;
    }
    const text = reason ?? body.replace(/<[^>]*>/g, ' ');
    return { excerpt: this.#redact(text).replace(/\s+/g, ' ').trim().slice(0, EXCERPT_LENGTH), noData };
  }

  #redact(text: string): string {
    return text.split(this.#securityToken).join('[redacted]');
  }
}

/** `yyyyMMddHHmm` in UTC, the only form ENTSO-E takes for periodStart/periodEnd. */
export function formatPeriodInstant(instant: Date): string {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid date');
  // The format has no seconds: refuse rather than silently ask for another period.
  if (ms % 60_000 !== 0) throw new RangeError(`${instant.toISOString()} is not on a whole minute`);
  const iso = instant.toISOString();
  return iso.slice(0, 4) + iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(11, 13) + iso.slice(14, 16);
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - nowMs) / 1000));
}
