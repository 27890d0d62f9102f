import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceZone } from '@gridline/contracts/enums';
import { deliveryDayPeriod } from './delivery-day.ts';
import { parseDayAheadDocument } from './parser.ts';
import { createEntsoeSimulator, formatPrice, simulatedDayAheadPrice, type EntsoeSimulator } from './simulator.ts';

const TOKEN = 'simulator-test-token';
const SE3 = '10Y1001A1001A46L';
const AT = '10YAT-APG------L';

describe('the ENTSO-E simulator over HTTP', () => {
  let simulator: EntsoeSimulator;
  const get = (query: Record<string, string>, path = '/api', init?: RequestInit) =>
    fetch(`${simulator.url.replace(/\/api$/, path)}?${new URLSearchParams(query).toString()}`, init);
  const request = (overrides: Record<string, string> = {}) =>
    get({ securityToken: TOKEN, documentType: 'A44', in_Domain: SE3, out_Domain: SE3, periodStart: '202511112300', periodEnd: '202511122300', ...overrides });

  beforeAll(async () => {
    simulator = await createEntsoeSimulator({ validToken: TOKEN, now: () => new Date('2026-01-20T12:00:00Z') });
  });
  afterAll(() => simulator.close());

  it('listens on a random port and gives the API URL', () => {
    expect(simulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
  });

  it('answers an A03 curve that leaves out repeated prices', async () => {
    const response = await request();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml');
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?>\n<Publication_MarketDocument xmlns="urn:iec62325\.351:tc57wg16:451-3:publicationdocument:7:3">/,
    );
    expect(xml).toContain('<curveType>A03</curveType>');
    expect(xml).toContain('<resolution>PT15M</resolution>');
    const written = xml.match(/<Point>/g)?.length ?? 0;
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(96);
    const result = parseDayAheadDocument(xml);
    if (result.kind !== 'prices') throw new Error('expected prices');
    expect(result.series[0]?.points).toHaveLength(96);
  });

  it('gives the same prices every time', async () => {
    expect(parseDayAheadDocument(await (await request()).text())).toEqual(parseDayAheadDocument(await (await request()).text()));
  });

  it('publishes two auctions for Austria, sequence 2 first', async () => {
    const xml = await (await request({ in_Domain: AT, out_Domain: AT })).text();
    const sequences = [...xml.matchAll(/<classificationSequence_AttributeInstanceComponent\.position>(\d)</g)].map((match) => match[1]);
    expect(sequences).toEqual(['2', '1']);
  });

  it('answers whole delivery days, up to tomorrow', async () => {
    // 2026-01-21 is tomorrow at the simulator's 13:00 CET; 2026-01-22 does not exist yet.
    const xml = await (await request({ periodStart: '202601201200', periodEnd: '202601222300' })).text();
    const result = parseDayAheadDocument(xml);
    if (result.kind !== 'prices') throw new Error('expected prices');
    expect(result.series.map((s) => `${s.start.toISOString()}/${s.end.toISOString()}`)).toEqual([
      '2026-01-19T23:00:00.000Z/2026-01-20T23:00:00.000Z',
      '2026-01-20T23:00:00.000Z/2026-01-21T23:00:00.000Z',
    ]);
  });

  it('acknowledges with reason 999 when there is no data', async () => {
    const response = await request({ periodStart: '202601212300', periodEnd: '202601222300' });
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain('<Acknowledgement_MarketDocument\n\txmlns="urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0">');
    expect(parseDayAheadDocument(xml)).toEqual({
      kind: 'no-data',
      reason: `No matching data found for Data item ENERGY_PRICES [12.1.D] (${SE3}, ${SE3}) and interval 2026-01-21T23:00:00.000Z/2026-01-22T23:00:00.000Z.`,
    });
  });

  it.each([
    ['a wrong token', { securityToken: 'nope' }, 401, /Unauthorized/],
    ['no token', { securityToken: '' }, 401, /Unauthorized/],
    ['another document type', { documentType: 'A65' }, 400, /documentType A65 is not served/],
    ['an unknown EIC code', { in_Domain: '10YXX-NOWHERE--1', out_Domain: '10YXX-NOWHERE--1' }, 400, /in_Domain "10YXX-NOWHERE--1" is not a known/],
    ['different in and out domains', { out_Domain: AT }, 400, /out_Domain must equal in_Domain/],
    ['a malformed period', { periodStart: '2025-11-11' }, 400, /yyyyMMddHHmm/],
    ['an impossible period', { periodStart: '202502302300' }, 400, /yyyyMMddHHmm/],
    ['an empty period', { periodEnd: '202511112300' }, 400, /periodEnd must be after periodStart/],
  ])('refuses %s', async (_what, overrides, status, message) => {
    const response = await request(overrides);
    expect(response.status).toBe(status);
    expect(await response.text()).toMatch(message);
  });

  it('escapes what it echoes into an acknowledgement', async () => {
    const xml = await (await request({ documentType: '<A&B>' })).text();
    expect(xml).toContain('documentType &lt;A&amp;B&gt; is not served');
  });

  it('serves only GET /api', async () => {
    expect((await get({}, '/other')).status).toBe(404);
    const post = await fetch(simulator.url, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });
});

describe('the simulator’s default prices', () => {
  const zoneAverage = (zone: PriceZone, day: string) => {
    const { start, end } = deliveryDayPeriod(day);
    let sum = 0;
    let count = 0;
    for (let t = start.getTime(); t < end.getTime(); t += 3_600_000, count++) sum += simulatedDayAheadPrice(zone, new Date(t), 60);
    return sum / count;
  };
  const winterWeek = ['2025-01-13', '2025-01-14', '2025-01-15', '2025-01-16', '2025-01-17', '2025-01-18', '2025-01-19'];
  const weekAverage = (zone: PriceZone, days: string[]) => days.reduce((sum, day) => sum + zoneAverage(zone, day), 0) / days.length;

  it('is dearer in the south than in the north', () => {
    for (const cheap of ['SE1', 'SE2', 'NO4'] as const) {
      for (const dear of ['SE4', 'AT', 'FI'] as const) expect(weekAverage(cheap, winterWeek)).toBeLessThan(weekAverage(dear, winterWeek));
    }
  });

  it('is dearer in winter than in summer', () => {
    const summerWeek = winterWeek.map((day) => day.replace('2025-01', '2025-07'));
    expect(weekAverage('SE3', winterWeek)).toBeGreaterThan(1.3 * weekAverage('SE3', summerWeek));
  });

  it('has cheap nights and an evening peak', () => {
    const at = (hour: number) => simulatedDayAheadPrice('SE3', new Date(Date.UTC(2025, 0, 15, hour - 1)), 60);
    expect(at(3)).toBeLessThan(0.6 * at(18));
    expect(at(8)).toBeGreaterThan(at(3));
    expect(at(18)).toBeGreaterThan(at(12));
  });

  it('has a few negative hours in a summer, none in winter', () => {
    let summerNegative = 0;
    let winterNegative = 0;
    for (let t = Date.UTC(2025, 4, 1); t < Date.UTC(2025, 8, 1); t += 3_600_000) if (simulatedDayAheadPrice('SE3', new Date(t), 60) < 0) summerNegative++;
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2025, 2, 1); t += 3_600_000) if (simulatedDayAheadPrice('SE3', new Date(t), 60) < 0) winterNegative++;
    expect(summerNegative).toBeGreaterThan(8);
    expect(summerNegative).toBeLessThan(200);
    expect(winterNegative).toBe(0);
  });

  it('writes prices the way ENTSO-E does', () => {
    expect([87.44, 87.4, 87, -0.01, -0.004, 0.1 + 0.2, 1234.565, -12.5].map(formatPrice)).toEqual([
      '87.44',
      '87.4',
      '87',
      '-0.01',
      '0',
      '0.3',
      '1234.57',
      '-12.5',
    ]);
    expect(() => formatPrice(Number.NaN)).toThrow(RangeError);
  });
});
