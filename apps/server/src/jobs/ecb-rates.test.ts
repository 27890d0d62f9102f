import { describe, expect, it } from 'vitest';
import { EcbClient } from '../integrations/ecb/client.ts';
import { EcbHttpError } from '../integrations/ecb/errors.ts';
import type { MarketDataService } from '../modules/market/service.ts';
import { runEcbRates } from './ecb-rates.ts';

// Friday 2026-11-20 at 17:00 in Frankfurt.
const NOW = new Date('2026-11-20T16:00:00Z');

function market(): { service: MarketDataService; written: unknown[] } {
  const written: unknown[] = [];
  const service = {
    latestExchangeRateDay: () => Promise.resolve('2026-11-19'),
    writeExchangeRates: (rates: unknown[]) => {
      written.push(...rates);
      return Promise.resolve({ changed: rates.length });
    },
  } as Partial<MarketDataService> as MarketDataService;
  return { service, written };
}

const ecbAnswering = (status: number, body: string) =>
  new EcbClient({ baseUrl: 'https://data-api.ecb.europa.eu/service', fetch: () => Promise.resolve(new Response(body, { status })) });

describe('ecb-rates', () => {
  it('fails, with an error logged, when the ECB answers a 404 that is not "No results found" (an outage page)', async () => {
    const { service, written } = market();
    const errors: string[] = [];
    const outage = '<html><body><h1>Service temporarily unavailable</h1><p>The ECB Data Portal is under maintenance.</p></body></html>';
    const run = runEcbRates({ market: service, ecb: ecbAnswering(404, outage), now: () => NOW, log: { info() {}, warn() {}, error: (m) => errors.push(m) } });
    await expect(run).rejects.toThrow(EcbHttpError);
    expect(written).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^ecb-rates: 2026-11-\d\d–2026-11-20: EcbHttpError: ECB Data Portal answered HTTP 404: Service temporarily unavailable/);
  });

  it('completes with nothing received for a 200 with an empty body (no observations in the range)', async () => {
    const { service } = market();
    const errors: string[] = [];
    const result = await runEcbRates({ market: service, ecb: ecbAnswering(200, ''), now: () => NOW, log: { info() {}, warn() {}, error: (m) => errors.push(m) } });
    expect(result).toMatchObject({ toDay: '2026-11-20', received: 0, changed: 0 });
    expect(errors).toEqual([]);
  });
});
