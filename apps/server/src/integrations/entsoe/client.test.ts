import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntsoeClient, formatPeriodInstant, parseRetryAfter } from './client.ts';
import { deliveryDayPeriod } from './delivery-day.ts';
import { EntsoeAcknowledgementError, EntsoeAuthError, EntsoeFormatError, EntsoeHttpError, EntsoeNetworkError, EntsoeRateLimitError, EntsoeTimeoutError } from './errors.ts';
import type { DayAheadResult, DayAheadSeries } from './parser.ts';
import { createEntsoeSimulator, formatPrice, simulatedDayAheadPrice, type EntsoeSimulator, type SimulatedPrice } from './simulator.ts';

const TOKEN = 'a1b2c3d4-0000-4000-8000-123456789abc';
const NOW = new Date('2026-01-20T12:00:00Z'); // 13:00 in Brussels: tomorrow's prices are out
const QUARTER_DAY = '2025-11-12';
const quarterDayStart = deliveryDayPeriod(QUARTER_DAY).start.getTime();

/** SE3 on QUARTER_DAY: steps of 1.01 every third quarter-hour from −5, so negatives, repeats and float noise. */
const handPickedPrice: SimulatedPrice = (zone, start, resolutionMinutes) => {
  const quarter = (start.getTime() - quarterDayStart) / 900_000;
  if (zone !== 'SE3' || quarter < 0 || quarter >= 96) return simulatedDayAheadPrice(zone, start, resolutionMinutes);
  return Math.floor(quarter / 3) * 1.01 - 5;
};

function onlySeries(result: DayAheadResult): DayAheadSeries {
  if (result.kind !== 'prices') throw new Error(`expected prices, got ${JSON.stringify(result)}`);
  expect(result.series).toHaveLength(1);
  return result.series[0] as DayAheadSeries;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('EntsoeClient against the simulator', () => {
  let simulator: EntsoeSimulator;
  let client: EntsoeClient;

  beforeAll(async () => {
    simulator = await createEntsoeSimulator({ port: 0, validToken: TOKEN, now: () => NOW, prices: handPickedPrice });
    client = new EntsoeClient({ baseUrl: simulator.url, securityToken: TOKEN });
  });
  afterAll(() => simulator.close());

  it('gets 96 quarter-hours for an SE3 day, with exact decimals', async () => {
    const { start, end } = deliveryDayPeriod(QUARTER_DAY);
    const series = onlySeries(await client.dayAheadPrices('SE3', start, end));
    expect(series).toMatchObject({ zone: 'SE3', currency: 'EUR', unit: 'MWH', resolutionMinutes: 15 });
    expect(series.start.toISOString()).toBe('2025-11-11T23:00:00.000Z');
    expect(series.end.toISOString()).toBe('2025-11-12T23:00:00.000Z');
    expect(series.points).toHaveLength(96);
    expect(series.points.map((p) => p.priceEurPerMwh).slice(0, 7)).toEqual(['-5', '-5', '-5', '-3.99', '-3.99', '-3.99', '-2.98']);
    expect(series.points[15]?.priceEurPerMwh).toBe('0.05');
    expect(series.points[95]).toEqual({ start: new Date('2025-11-12T22:45:00Z'), priceEurPerMwh: '26.31' });
    series.points.forEach((point, quarter) => {
      expect(point.start.getTime()).toBe(quarterDayStart + quarter * 900_000);
      expect(point.priceEurPerMwh).toBe(String(Math.round((Math.floor(quarter / 3) * 1.01 - 5) * 100) / 100));
    });
  });

  it('gets 24 hourly prices for 2025-09-15, before the 15-minute market', async () => {
    const { start, end } = deliveryDayPeriod('2025-09-15');
    const series = onlySeries(await client.dayAheadPrices('SE3', start, end));
    expect(series.resolutionMinutes).toBe(60);
    expect(series.points).toHaveLength(24);
    expect(series.points[0]?.start.toISOString()).toBe('2025-09-14T22:00:00.000Z');
    expect(series.points[23]?.start.toISOString()).toBe('2025-09-15T21:00:00.000Z');
    for (const point of series.points) expect(point.priceEurPerMwh).toBe(formatPrice(simulatedDayAheadPrice('SE3', point.start, 60)));
  });

  it('gets 100 quarter-hours on the autumn DST day and 92 on the spring one', async () => {
    const autumn = deliveryDayPeriod('2025-10-26');
    expect(onlySeries(await client.dayAheadPrices('NO1', autumn.start, autumn.end)).points).toHaveLength(100);
    const spring = deliveryDayPeriod('2026-03-29');
    const springSimulator = await createEntsoeSimulator({ validToken: TOKEN, now: () => new Date('2026-03-28T12:00:00Z') });
    try {
      const series = onlySeries(await new EntsoeClient({ baseUrl: springSimulator.url, securityToken: TOKEN }).dayAheadPrices('FI', spring.start, spring.end));
      expect(series.points).toHaveLength(92);
      for (const point of series.points) expect(point.priceEurPerMwh).toBe(formatPrice(simulatedDayAheadPrice('FI', point.start, 15)));
      // With the clock of the main simulator, 2026-03-29 is further off than tomorrow.
      expect((await client.dayAheadPrices('FI', spring.start, spring.end)).kind).toBe('no-data');
    } finally {
      await springSimulator.close();
    }
  });

  it('gets the SDAC series (sequence 1) for Austria', async () => {
    const { start, end } = deliveryDayPeriod('2026-01-10');
    const series = onlySeries(await client.dayAheadPrices('AT', start, end));
    expect(series).toMatchObject({ zone: 'AT', classificationSequence: 1, resolutionMinutes: 15 });
    for (const point of series.points) expect(point.priceEurPerMwh).toBe(formatPrice(simulatedDayAheadPrice('AT', point.start, 15)));
  });

  it('gets one series per delivery day across the switch to quarter-hours', async () => {
    const result = await client.dayAheadPrices('SE4', deliveryDayPeriod('2025-09-29').start, deliveryDayPeriod('2025-10-01').end);
    if (result.kind !== 'prices') throw new Error('expected prices');
    expect(result.series.map((s) => [s.start.toISOString(), s.resolutionMinutes, s.points.length])).toEqual([
      ['2025-09-28T22:00:00.000Z', 60, 24],
      ['2025-09-29T22:00:00.000Z', 60, 24],
      ['2025-09-30T22:00:00.000Z', 15, 96],
    ]);
  });

  it('answers no-data for the day after tomorrow', async () => {
    const { start, end } = deliveryDayPeriod('2026-01-22');
    const result = await client.dayAheadPrices('SE3', start, end);
    expect(result).toEqual({ kind: 'no-data', reason: expect.stringMatching(/^No matching data found/) as unknown });
    const tomorrow = deliveryDayPeriod('2026-01-21');
    expect(onlySeries(await client.dayAheadPrices('SE3', tomorrow.start, tomorrow.end)).points).toHaveLength(96);
  });

  it('throws EntsoeAuthError for a wrong token, without the token in the message', async () => {
    const wrong = new EntsoeClient({ baseUrl: simulator.url, securityToken: 'wrong-token-0000' });
    const { start, end } = deliveryDayPeriod(QUARTER_DAY);
    const error = await rejection(wrong.dayAheadPrices('SE3', start, end));
    expect(error).toBeInstanceOf(EntsoeAuthError);
    expect(error).toMatchObject({ status: 401, bodyExcerpt: 'Unauthorized' });
    expect(String(error)).not.toContain('wrong-token-0000');
  });

  it('throws EntsoeHttpError with ENTSO-E’s reason for a request it refuses', async () => {
    const error = await rejection(client.dayAheadPrices('SE3', new Date('2024-01-01T00:00Z'), new Date('2025-06-01T00:00Z')));
    expect(error).toBeInstanceOf(EntsoeHttpError);
    expect(error).toMatchObject({ status: 400, bodyExcerpt: 'The amount of requested data exceeds the allowed limit of one year.' });
  });

  it('throws EntsoeRateLimitError past the simulator’s rate limit', async () => {
    const strict = await createEntsoeSimulator({ validToken: TOKEN, now: () => NOW, requestsPerMinute: 2 });
    try {
      const limited = new EntsoeClient({ baseUrl: strict.url, securityToken: TOKEN });
      const { start, end } = deliveryDayPeriod(QUARTER_DAY);
      await limited.dayAheadPrices('SE3', start, end);
      await limited.dayAheadPrices('SE3', start, end);
      const error = await rejection(limited.dayAheadPrices('SE3', start, end));
      expect(error).toBeInstanceOf(EntsoeRateLimitError);
      expect(error).toMatchObject({ status: 429, retryAfterSeconds: 600 });
    } finally {
      await strict.close();
    }
  });
});

describe('EntsoeClient with a fake fetch', () => {
  const day = deliveryDayPeriod(QUARTER_DAY);
  const answer =
    (status: number, body: string, headers: Record<string, string> = {}): typeof fetch =>
    () =>
      Promise.resolve(new Response(body, { status, headers }));

  it('builds the URL the API wants', async () => {
    const urls: string[] = [];
    const client = new EntsoeClient({
      baseUrl: 'https://web-api.tp.entsoe.eu/api',
      securityToken: TOKEN,
      fetch: (input) => {
        urls.push(String(input));
        return Promise.resolve(
          new Response(
            '<Acknowledgement_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0"><Reason><code>999</code><text>No matching data found</text></Reason></Acknowledgement_MarketDocument>',
          ),
        );
      },
    });
    await client.dayAheadPrices('NO1', day.start, day.end);
    expect(urls).toEqual([
      `https://web-api.tp.entsoe.eu/api?securityToken=${TOKEN}&documentType=A44&in_Domain=10YNO-1--------2&out_Domain=10YNO-1--------2&periodStart=202511112300&periodEnd=202511122300`,
    ]);
  });

  it.each([
    ['delta seconds', { 'retry-after': '120' }, 120],
    ['no header', {}, null],
  ])('maps 429 to EntsoeRateLimitError (%s)', async (_what, headers, seconds) => {
    const client = new EntsoeClient({ baseUrl: 'https://web-api.tp.entsoe.eu/api', securityToken: TOKEN, fetch: answer(429, 'Too Many Requests', headers) });
    const error = await rejection(client.dayAheadPrices('SE3', day.start, day.end));
    expect(error).toBeInstanceOf(EntsoeRateLimitError);
    expect(error).toBeInstanceOf(EntsoeHttpError);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: seconds });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-20T12:00:00Z');
    expect(parseRetryAfter('600', now)).toBe(600);
    expect(parseRetryAfter('Tue, 20 Jan 2026 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Tue, 20 Jan 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
  });

  it('reads a 400 "No matching data found" acknowledgement as no data', async () => {
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<Acknowledgement_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0">
  <Reason><code>999</code><text>No matching data found for Data item ENERGY_PRICES [12.1.D]</text></Reason>
</Acknowledgement_MarketDocument>`;
    const client = new EntsoeClient({ baseUrl: 'https://web-api.tp.entsoe.eu/api', securityToken: TOKEN, fetch: answer(400, body) });
    expect(await client.dayAheadPrices('SE3', day.start, day.end)).toEqual({
      kind: 'no-data',
      reason: 'No matching data found for Data item ENERGY_PRICES [12.1.D]',
    });
  });

  it('throws EntsoeAcknowledgementError for a refusal answered with HTTP 200, without the token', async () => {
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<Acknowledgement_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0">
  <mRID>5b1a6c1e-8d2f-4</mRID>
  <createdDateTime>2026-01-13T14:58:02Z</createdDateTime>
  <Reason><code>999</code><text>Delivered Area EIC Code 10Y1001A1001A46X is not valid. securityToken=${TOKEN}</text></Reason>
</Acknowledgement_MarketDocument>`;
    const client = new EntsoeClient({ baseUrl: 'https://web-api.tp.entsoe.eu/api', securityToken: TOKEN, fetch: answer(200, body) });
    const error = await rejection(client.dayAheadPrices('SE3', day.start, day.end));
    expect(error).toBeInstanceOf(EntsoeAcknowledgementError);
    expect(error).toMatchObject({ code: '999', reason: 'Delivered Area EIC Code 10Y1001A1001A46X is not valid. securityToken=[redacted]' });
    expect((error as Error).message).not.toContain(TOKEN);
  });

  it('throws EntsoeHttpError with a short body excerpt that never shows the token', async () => {
    const body = `<html><body><h1>Service Unavailable</h1><p>GET /api?securityToken=${TOKEN}</p>${'x'.repeat(1000)}</body></html>`;
    const client = new EntsoeClient({ baseUrl: 'https://web-api.tp.entsoe.eu/api', securityToken: TOKEN, fetch: answer(503, body) });
    const error = await rejection(client.dayAheadPrices('SE3', day.start, day.end));
    expect(error).toBeInstanceOf(EntsoeHttpError);
    expect(error).not.toBeInstanceOf(EntsoeRateLimitError);
    const { status, bodyExcerpt, message } = error as EntsoeHttpError;
    expect(status).toBe(503);
    expect(bodyExcerpt.startsWith('Service Unavailable GET /api?securityToken=[redacted] xxx')).toBe(true);
    expect(bodyExcerpt.length).toBeLessThanOrEqual(300);
    expect(message).not.toContain(TOKEN);
  });

  it('throws EntsoeFormatError for a 200 that is not a price document', async () => {
    const client = new EntsoeClient({ baseUrl: 'https://web-api.tp.entsoe.eu/api', securityToken: TOKEN, fetch: answer(200, '<html>maintenance</html>') });
    await expect(client.dayAheadPrices('SE3', day.start, day.end)).rejects.toThrow(EntsoeFormatError);
  });

  it('throws EntsoeTimeoutError when no answer comes in time', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
    const client = new EntsoeClient({ baseUrl: 'https://web-api.tp.entsoe.eu/api', securityToken: TOKEN, fetch: hanging, timeoutMs: 20 });
    const error = await rejection(client.dayAheadPrices('SE3', day.start, day.end));
    expect(error).toBeInstanceOf(EntsoeTimeoutError);
    expect((error as Error).message).toBe('ENTSO-E did not answer within 20 ms (SE3 202511112300–202511122300)');
  });

  it('throws EntsoeNetworkError when the request fails', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    const client = new EntsoeClient({ baseUrl: 'https://web-api.tp.entsoe.eu/api', securityToken: TOKEN, fetch: failing });
    await expect(client.dayAheadPrices('SE3', day.start, day.end)).rejects.toThrow(EntsoeNetworkError);
  });

  it('refuses periods it cannot express, before any request', async () => {
    const client = new EntsoeClient({
      baseUrl: 'https://web-api.tp.entsoe.eu/api',
      securityToken: TOKEN,
      fetch: () => Promise.reject(new Error('no request expected')),
    });
    await expect(client.dayAheadPrices('SE3', day.end, day.start)).rejects.toThrow(RangeError);
    await expect(client.dayAheadPrices('SE3', new Date('2025-11-11T23:00:30Z'), day.end)).rejects.toThrow(/not on a whole minute/);
    await expect(client.dayAheadPrices('SE3', new Date('nope'), day.end)).rejects.toThrow(RangeError);
  });

  it('does not show the token when the client is logged', () => {
    const client = new EntsoeClient({ baseUrl: 'https://web-api.tp.entsoe.eu/api', securityToken: TOKEN });
    expect(inspect(client, { depth: 5, showHidden: true })).not.toContain(TOKEN);
    expect(JSON.stringify(client)).not.toContain(TOKEN);
  });

  it('formats periods as yyyyMMddHHmm in UTC', () => {
    expect(formatPeriodInstant(new Date('2025-10-25T22:00:00Z'))).toBe('202510252200');
    expect(formatPeriodInstant(new Date('2026-03-29T01:05:00+02:00'))).toBe('202603282305');
  });
});
