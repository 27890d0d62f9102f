import { EcbFormatError, EcbHttpError, EcbNetworkError, EcbTimeoutError } from './errors.ts';
import { parseExchangeRatesCsv, type EcbRate } from './parser.ts';

/** The currencies the platform converts spot prices into. */
export type EcbCurrency = 'SEK' | 'NOK';

export type EcbClientOptions = {
  /** The web service entry point, `https://data-api.ecb.europa.eu/service` in production. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** For the whole exchange, body included. Default 30 s. */
  timeoutMs?: number;
};

export const ECB_DATA_API = 'https://data-api.ecb.europa.eu/service';
const DEFAULT_TIMEOUT_MS = 30_000;
const EXCERPT_LENGTH = 300;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The SDMX "no results" answer (404, `No results found.`), as opposed to any other 404. */
const NO_RESULTS = /\bNo results found\b/i;

/**
 * Client of the ECB Data Portal's SDMX REST API for the euro foreign exchange reference rates
 * (dataflow EXR, daily spot rates `D.<currency>.EUR.SP00.A`). The ECB needs no key. It talks to
 * whatever `baseUrl` says; the simulator is chosen by configuration, not here.
 */
export class EcbClient {
  readonly #baseUrl: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;

  constructor(options: EcbClientOptions) {
    this.#baseUrl = new URL(options.baseUrl).toString().replace(/\/+$/, '');
    const fetchFunction = options.fetch ?? globalThis.fetch;
    this.#fetch = (input, init) => fetchFunction(input, init);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(Number.isInteger(timeoutMs) && timeoutMs > 0)) throw new RangeError(`timeoutMs must be a positive integer, got ${timeoutMs}`);
    this.#timeoutMs = timeoutMs;
  }

  /**
   * The reference rates of `currencies` for the days `fromDay` to `toDay` (inclusive). Weekends
   * and TARGET holidays have none, and today's appear at about 16:00 CET; a range without any
   * rate is an empty list, not an error. The ECB says so in two ways: 404 with "No results
   * found", or 200 with an empty body. Any other 404 (a wrong route, an outage page) is an
   * `EcbHttpError`: taken for "no rates", it would store nothing and look fine.
   */
  async referenceRates(currencies: readonly EcbCurrency[], fromDay: string, toDay: string): Promise<EcbRate[]> {
    if (currencies.length === 0) throw new RangeError('referenceRates needs at least one currency');
    if (!DAY.test(fromDay) || !DAY.test(toDay)) throw new RangeError(`Days must be YYYY-MM-DD, got ${fromDay} and ${toDay}`);
    if (toDay < fromDay) throw new RangeError(`toDay ${toDay} is before fromDay ${fromDay}`);
    const wanted = [...new Set(currencies)].sort();
    const url = new URL(`${this.#baseUrl}/data/EXR/D.${wanted.join('+')}.EUR.SP00.A`);
    url.searchParams.set('startPeriod', fromDay);
    url.searchParams.set('endPeriod', toDay);
    url.searchParams.set('format', 'csvdata');

    const what = `${wanted.join('+')} ${fromDay}–${toDay}`;
    const { status, body } = await this.#get(url, what);
    if (status === 404 && NO_RESULTS.test(body)) return [];
    if (status !== 200)
      throw new EcbHttpError(
        status,
        body
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, EXCERPT_LENGTH),
      );
    if (body.replace(/^\uFEFF/, '').trim() === '') return [];
    let rates: EcbRate[];
    try {
      rates = parseExchangeRatesCsv(body);
    } catch (error) {
      if (error instanceof EcbFormatError) throw new EcbFormatError(`${error.message} (${what})`, { cause: error });
      throw error;
    }
    const inRange = rates.filter((rate) => rate.day >= fromDay && rate.day <= toDay && (wanted as string[]).includes(rate.currency));
    return inRange;
  }

  async #get(url: URL, what: string): Promise<{ status: number; body: string }> {
    const signal = AbortSignal.timeout(this.#timeoutMs);
    try {
      const response = await this.#fetch(url, { method: 'GET', headers: { accept: 'text/csv' }, signal });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      if (signal.aborted) throw new EcbTimeoutError(`The ECB Data Portal did not answer within ${this.#timeoutMs} ms (${what})`, { cause: error });
      throw new EcbNetworkError(`The ECB Data Portal could not be reached (${what}): ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }
}
