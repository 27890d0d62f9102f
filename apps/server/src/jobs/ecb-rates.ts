import type { EcbClient } from '../integrations/ecb/client.ts';
import { deliveryDayOf } from '../integrations/entsoe/delivery-day.ts';
import type { MarketDataService, RateCurrency } from '../modules/market/service.ts';
import { describeError, type JobLog } from './log.ts';
import { ecbFetchFrom } from './rules.ts';

export const RATE_CURRENCIES: readonly RateCurrency[] = ['NOK', 'SEK'];

export interface EcbRatesJobData {
  fromDay?: string;
  toDay?: string;
}

export interface EcbRatesDeps {
  market: MarketDataService;
  ecb: EcbClient;
  now: () => Date;
  log: JobLog;
}

/**
 * The `ecb-rates` job: EUR→SEK and EUR→NOK reference rates of the last seven days (further back
 * when the newest stored rate is older), written through the market service. A failure is
 * logged as an error and fails the job, and pg-boss tries again; it never becomes "no rates".
 */
export async function runEcbRates(
  deps: EcbRatesDeps,
  data: EcbRatesJobData = {},
): Promise<{ fromDay: string; toDay: string; received: number; changed: number }> {
  const today = deliveryDayOf(deps.now());
  const toDay = data.toDay ?? today;
  const fromDay = data.fromDay ?? ecbFetchFrom(today, await deps.market.latestExchangeRateDay(RATE_CURRENCIES));
  if (fromDay > toDay) return { fromDay, toDay, received: 0, changed: 0 };
  let rates;
  try {
    rates = await deps.ecb.referenceRates(RATE_CURRENCIES, fromDay, toDay);
  } catch (error) {
    deps.log.error(`ecb-rates: ${fromDay}–${toDay}: ${describeError(error)}`);
    throw error;
  }
  const { changed } = await deps.market.writeExchangeRates(rates.map((r) => ({ day: r.day, currency: r.currency as RateCurrency, eurRate: r.eurRate })));
  return { fromDay, toDay, received: rates.length, changed };
}
