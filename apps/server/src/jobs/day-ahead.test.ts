import { describe, expect, it } from 'vitest';
import type { PriceZone } from '@gridline/contracts/enums';
import { EntsoeClient } from '../integrations/entsoe/client.ts';
import { acknowledgementDocument } from '../integrations/entsoe/simulator.ts';
import { EIC_BY_ZONE } from '../integrations/entsoe/zones.ts';
import type { MarketDataService } from '../modules/market/service.ts';
import { DayAheadRejectedError, runDayAhead, type DayAheadOutcome } from './day-ahead.ts';

/** 13:05 in Brussels: tomorrow's auction results are due, so "no data" means "try again later". */
const NOW = new Date('2026-01-13T12:05:00Z');
const DAY = '2026-01-14';

const acknowledgement = (text: string) => acknowledgementDocument(new Date('2026-01-13T12:05:02Z'), text);

/** ENTSO-E as seen from outside: HTTP 200 for both, a refusal for SE3's area, no data yet for NO1. */
const entsoe = new EntsoeClient({
  baseUrl: 'https://web-api.tp.entsoe.eu/api',
  securityToken: 'token',
  fetch: (input) => {
    const area = new URL(String(input)).searchParams.get('in_Domain');
    const text =
      area === EIC_BY_ZONE.SE3
        ? `Delivered Area EIC Code ${area} is not valid.`
        : `No matching data found for Data item ENERGY_PRICES [12.1.D] (${area}, ${area}) and interval 2026-01-13T23:00:00.000Z/2026-01-14T23:00:00.000Z.`;
    return Promise.resolve(new Response(acknowledgement(text), { status: 200, headers: { 'content-type': 'text/xml' } }));
  },
});

function market(): { service: MarketDataService; missing: string[] } {
  const missing: string[] = [];
  const service = {
    priceZonesInUse: () => Promise.resolve<PriceZone[]>(['NO1', 'SE3']),
    dayStates: () => Promise.resolve(new Map()),
    writeDayAheadPrices: () => Promise.reject(new Error('no prices expected')),
    markDayMissing: (zone: PriceZone, day: string) => {
      missing.push(`${zone} ${day}`);
      return Promise.resolve(true);
    },
  } as Partial<MarketDataService> as MarketDataService;
  return { service, missing };
}

describe('entsoe-day-ahead when ENTSO-E refuses a request', () => {
  it('fails the job and logs an error for the refusal, and still retries the zone that only has no data yet', async () => {
    const logged = { warn: [] as string[], error: [] as string[] };
    const retries: string[] = [];
    const { service, missing } = market();
    const run = runDayAhead(
      {
        market: service,
        entsoe,
        now: () => NOW,
        log: { info() {}, warn: (m) => logged.warn.push(m), error: (m) => logged.error.push(m) },
        scheduleRetry: (zone, day, at) => {
          retries.push(`${zone} ${day} ${at.toISOString()}`);
          return Promise.resolve();
        },
      },
      { day: DAY, zones: ['NO1', 'SE3'] },
    );
    const error = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DayAheadRejectedError);
    expect((error as Error).message).toContain(`SE3 ${DAY}: Delivered Area EIC Code ${EIC_BY_ZONE.SE3} is not valid.`);
    expect((error as DayAheadRejectedError).outcomes.map((o: DayAheadOutcome) => [o.zone, o.outcome])).toEqual([
      ['NO1', 'retry'],
      ['SE3', 'rejected'],
    ]);
    expect(logged.error).toEqual([`entsoe-day-ahead: SE3 ${DAY}: ENTSO-E refused the request, not retried: EntsoeAcknowledgementError: ENTSO-E rejected the request (reason 999): Delivered Area EIC Code ${EIC_BY_ZONE.SE3} is not valid.`]);
    // The refusal is not dressed up as "prices not out yet": no retry, and not recorded as missing.
    expect(retries).toEqual([`NO1 ${DAY} 2026-01-13T12:15:00.000Z`]);
    expect(missing).toEqual([]);
  });
});
