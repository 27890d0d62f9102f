import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EcbClient } from './client.ts';
import { EcbFormatError, EcbHttpError, EcbNetworkError, EcbTimeoutError } from './errors.ts';
import { createEcbSimulator, lastPublishedDay, simulatedEurRate, type EcbSimulator } from './simulator.ts';

// Friday 2026-11-20, 15:00 in Frankfurt: today's rates are not out yet (they come at 16:00).
const NOW = new Date('2026-11-20T14:00:00Z');

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** A one-off HTTP server answering every request the same way. */
async function answering(status: number, body: string, delayMs = 0): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_, response) => {
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(body);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/service`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('EcbClient against the simulator', () => {
  let simulator: EcbSimulator;
  let client: EcbClient;

  beforeAll(async () => {
    simulator = await createEcbSimulator({ now: () => NOW });
    client = new EcbClient({ baseUrl: simulator.url });
  });
  afterAll(() => simulator.close());

  it('gets SEK and NOK for the business days of a week, none at the weekend', async () => {
    const rates = await client.referenceRates(['SEK', 'NOK'], '2026-11-09', '2026-11-15');
    expect(new Set(rates.map((r) => r.day))).toEqual(new Set(['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13']));
    expect(rates).toHaveLength(10);
    for (const rate of rates) {
      expect(rate.eurRate).toBe(simulatedEurRate(rate.currency, rate.day).toFixed(4));
      expect(Number(rate.eurRate)).toBeGreaterThanOrEqual(rate.currency === 'SEK' ? 11 : 11.3);
      expect(Number(rate.eurRate)).toBeLessThanOrEqual(rate.currency === 'SEK' ? 11.8 : 12);
    }
  });

  it('has no rates on TARGET holidays (Good Friday and Easter Monday 2026)', async () => {
    const rates = await client.referenceRates(['SEK'], '2026-04-02', '2026-04-07');
    expect(rates.map((r) => r.day)).toEqual(['2026-04-02', '2026-04-07']);
  });

  it('answers an empty list for a range without rates (the ECB answers 404)', async () => {
    expect(await client.referenceRates(['SEK', 'NOK'], '2026-11-14', '2026-11-15')).toEqual([]);
  });

  it('has today’s rates only from 16:00 in Frankfurt', async () => {
    expect(await client.referenceRates(['NOK'], '2026-11-19', '2026-11-20')).toEqual([
      { day: '2026-11-19', currency: 'NOK', eurRate: simulatedEurRate('NOK', '2026-11-19').toFixed(4) },
    ]);
    const later = await createEcbSimulator({ now: () => new Date('2026-11-20T15:00:00Z') });
    try {
      const rates = await new EcbClient({ baseUrl: later.url }).referenceRates(['NOK'], '2026-11-19', '2026-11-20');
      expect(rates.map((r) => r.day)).toEqual(['2026-11-19', '2026-11-20']);
    } finally {
      await later.close();
    }
    expect(lastPublishedDay(new Date('2026-07-01T13:59:00Z'))).toBe('2026-06-30'); // 15:59 CEST
    expect(lastPublishedDay(new Date('2026-07-01T14:00:00Z'))).toBe('2026-07-01');
  });

  it('asks the way the ECB Data Portal documents it', async () => {
    const seen: string[] = [];
    const recording = new EcbClient({
      baseUrl: `${simulator.url}/`,
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    await recording.referenceRates(['SEK', 'NOK'], '2026-11-16', '2026-11-18');
    expect(seen).toEqual([`${simulator.url}/data/EXR/D.NOK+SEK.EUR.SP00.A?startPeriod=2026-11-16&endPeriod=2026-11-18&format=csvdata`]);
  });

  it('is answered 406 without format=csvdata, 400 for a malformed key, 404 for other series', async () => {
    const base = `${simulator.url}/data/EXR`;
    expect((await fetch(`${base}/D.SEK.EUR.SP00.A?startPeriod=2026-11-16`)).status).toBe(406);
    expect((await fetch(`${base}/D.SEK.EUR?format=csvdata`)).status).toBe(400);
    expect((await fetch(`${base}/D.SEK.EUR.SP00.A?startPeriod=2026-13-01&format=csvdata`)).status).toBe(400);
    expect((await fetch(`${base}/M.SEK.EUR.SP00.A?format=csvdata`)).status).toBe(404);
    const wildcard = await fetch(`${base}/D..EUR.SP00.A?startPeriod=2026-11-16&endPeriod=2026-11-16&format=csvdata`);
    expect(wildcard.status).toBe(200);
    expect(
      (await wildcard.text())
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(',')[0]),
    ).toEqual(['KEY', 'EXR.D.NOK.EUR.SP00.A', 'EXR.D.SEK.EUR.SP00.A']);
  });

  it('refuses days that are not YYYY-MM-DD and a range that ends before it starts', async () => {
    await expect(client.referenceRates(['SEK'], '2026-11-20', '2026-11-19')).rejects.toThrow(RangeError);
    await expect(client.referenceRates(['SEK'], '20261120', '2026-11-21')).rejects.toThrow(RangeError);
    await expect(client.referenceRates([], '2026-11-20', '2026-11-21')).rejects.toThrow(RangeError);
  });
});

describe('EcbClient failures', () => {
  it('answers an empty list for a 200 with an empty body (a range without observations)', async () => {
    for (const body of ['', '\n', '\uFEFF']) {
      const server = await answering(200, body);
      try {
        expect(await new EcbClient({ baseUrl: server.url }).referenceRates(['SEK', 'NOK'], '2026-11-14', '2026-11-15')).toEqual([]);
      } finally {
        await server.close();
      }
    }
  });

  it('answers an empty list for a 404 only when it says "No results found"', async () => {
    const server = await answering(404, 'No results found.');
    try {
      expect(await new EcbClient({ baseUrl: server.url }).referenceRates(['SEK'], '2026-11-14', '2026-11-15')).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['a wrong route', 'Not Found'],
    ['an outage page', '<html><head><title>Maintenance</title></head><body><h1>The ECB Data Portal is temporarily unavailable</h1></body></html>'],
    ['an empty 404', ''],
  ])('throws EcbHttpError for any other 404: %s', async (_what, body) => {
    const server = await answering(404, body);
    try {
      const error = await rejection(new EcbClient({ baseUrl: server.url }).referenceRates(['SEK'], '2026-11-16', '2026-11-18'));
      expect(error).toBeInstanceOf(EcbHttpError);
      expect((error as EcbHttpError).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('throws EcbHttpError when the configured address is not the data API (the simulator’s own 404 page)', async () => {
    const simulator = await createEcbSimulator({ now: () => NOW });
    try {
      const wrongBase = simulator.url.replace(/\/service$/, '/servce');
      await expect(new EcbClient({ baseUrl: wrongBase }).referenceRates(['SEK'], '2026-11-16', '2026-11-18')).rejects.toThrow(EcbHttpError);
    } finally {
      await simulator.close();
    }
  });

  it('throws EcbHttpError with a short excerpt for 500 and 503', async () => {
    for (const status of [500, 503]) {
      const server = await answering(status, `<html><body><p>Service ${'unavailable '.repeat(60)}</p></body></html>`);
      try {
        const error = await rejection(new EcbClient({ baseUrl: server.url }).referenceRates(['SEK'], '2026-11-16', '2026-11-18'));
        expect(error).toBeInstanceOf(EcbHttpError);
        expect((error as EcbHttpError).status).toBe(status);
        expect((error as EcbHttpError).bodyExcerpt.length).toBeLessThanOrEqual(300);
        expect((error as EcbHttpError).bodyExcerpt).not.toContain('<');
      } finally {
        await server.close();
      }
    }
  });

  it('throws EcbFormatError naming the request when a 200 is not the CSV asked for', async () => {
    const server = await answering(200, '<?xml version="1.0"?><message:GenericData/>');
    try {
      const error = await rejection(new EcbClient({ baseUrl: server.url }).referenceRates(['SEK'], '2026-11-16', '2026-11-18'));
      expect(error).toBeInstanceOf(EcbFormatError);
      expect(String(error)).toContain('SEK 2026-11-16–2026-11-18');
    } finally {
      await server.close();
    }
  });

  it('throws EcbTimeoutError when the answer takes longer than the timeout', async () => {
    const server = await answering(200, 'late', 2_000);
    try {
      const error = await rejection(new EcbClient({ baseUrl: server.url, timeoutMs: 100 }).referenceRates(['SEK'], '2026-11-16', '2026-11-18'));
      expect(error).toBeInstanceOf(EcbTimeoutError);
    } finally {
      await server.close();
    }
  });

  it('throws EcbNetworkError when nothing listens', async () => {
    const server = await answering(200, '');
    await server.close();
    const error = await rejection(new EcbClient({ baseUrl: server.url }).referenceRates(['SEK'], '2026-11-16', '2026-11-18'));
    expect(error).toBeInstanceOf(EcbNetworkError);
  });
});
