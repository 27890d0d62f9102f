import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportUrl } from '@gridline/contracts/exports';
import { call, demoHome, signIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { MeasurementsRepository } from '../measurements/repository.ts';
import { series } from '../measurements/test-support.ts';

let t: TestApp;
let clockOffset = 0;
let token: string;
let locationId: string;
let serviceId: string;
let address: string;

/** Helsinki's 25-hour day: 2025-10-25T21:00Z to 2025-10-26T22:00Z, 100 quarters. */
const DST_DAY_START = '2025-10-25T21:00:00Z';
const quarterValue = (i: number) => (0.25 * ((i % 4) + 1)).toFixed(4);

beforeAll(async () => {
  t = await startTestApp({ clock: () => Date.now() + clockOffset });
  const demo = await demoHome(t, 'koivu');
  ({ token, locationId, serviceId } = demo);
  address = demo.home.address;
  const { seq } = demo;
  // October 2025 in Helsinki, every quarter 0.25 kWh; on the 25-hour day 0.25, 0.5, 0.75, 1 kWh
  // in turn, quarter 10 uncertain (0.5) and quarter 20 estimated (status 6).
  const rows = [
    ...series(seq, '2025-09-30T21:00:00Z', DST_DAY_START, 15, () => '0.2500'),
    ...series(seq, DST_DAY_START, '2025-10-26T22:00:00Z', 15, quarterValue, (i) => (i === 10 ? 0.5 : 1)),
    ...series(seq, '2025-10-26T22:00:00Z', '2025-10-31T22:00:00Z', 15, () => '0.2500'),
  ];
  const estimated = rows.find((r) => r.intervalStart.getTime() === Date.parse(DST_DAY_START) + 20 * 900_000)!;
  estimated.status = 6;
  await new MeasurementsRepository(t.db).upsert(rows);
});
afterAll(async () => {
  await t.close();
});

const base = () => `/v4/koivu/locations/${locationId}/data`;

async function exportUrl(query: string, withToken = token) {
  const res = await call(t.app, { method: 'GET', url: `${base()}/export-url?${query}`, token: withToken });
  return res;
}

/** Asks for a URL and opens it; answers the raw response. */
async function download(query: string) {
  const res = await exportUrl(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { url } = ExportUrl.parse(res.body.data);
  const parsed = new URL(url);
  expect(parsed.pathname).toBe(`${base()}/export`);
  return (await call(t.app, { method: 'GET', url: parsed.pathname + parsed.search })).response;
}

async function setLanguage(language: string) {
  const res = await call(t.app, { method: 'PUT', url: '/v4/koivu/users/me/language', token, payload: { language } });
  expect(res.status).toBe(200);
}

/** A CSV as rows of fields (no field of these files is quoted), after checking the BOM and CRLF lines. */
function parseCsv(text: string, separator: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(1, -2)
    .split('\r\n')
    .map((line) => line.split(separator));
}

async function readXlsx(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

const localText = (cell: unknown) => (cell as Date).toISOString().slice(0, 16).replace('T', ' ');

describe('export URL', () => {
  it('is built on the configured portal origins, never on a host a request header names', async () => {
    const forged = [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }, { host: 'koivu.localhost:3000', 'x-forwarded-host': 'evil.example' }];
    for (const headers of forged) {
      const res = await call(t.app, { method: 'GET', url: `${base()}/export-url?dateKey=2025-10-26`, token, headers });
      expect(res.status).toBe(200);
      const url = new URL(ExportUrl.parse(res.body.data).url);
      expect(url.origin, JSON.stringify(headers)).toBe('http://koivu.localhost:3000');
    }
    // A request to one of the organisation's own origins keeps it.
    const plain = await call(t.app, { method: 'GET', url: `${base()}/export-url?dateKey=2025-10-26`, token, headers: { host: 'localhost:3000' } });
    expect(new URL(ExportUrl.parse(plain.body.data).url).origin).toBe('http://localhost:3000');
  });

  it('answers a URL with a document token and the resolved options', async () => {
    const res = await exportUrl('dateKey=2025-10-26&format=csv');
    expect(res.status).toBe(200);
    const url = new URL(ExportUrl.parse(res.body.data).url);
    // The organisation's own portal origin under PUBLIC_URL (the test's Host names none of its origins).
    expect(url.origin).toBe('http://koivu.localhost:3000');
    expect(Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'accessToken'))).toEqual({
      serviceId,
      dateKey: '2025-10-26',
      period: 'day',
      resolution: '15min',
      format: 'csv',
    });
    expect(url.searchParams.get('accessToken')).toMatch(/^ey/);
  });

  it('refuses the total period, keys that are not periods, and resolutions that do not fit', async () => {
    const cases: Array<[string, string]> = [
      ['dateKey=2025&period=total', 'INVALID_EXPORT_PERIOD'],
      ['dateKey=2025-13', 'INVALID_DATE_KEY'],
      ['dateKey=2025-10&period=day', 'INVALID_DATE_KEY'],
      ['dateKey=2025-10-26T03', 'INVALID_DATE_KEY'],
      ['dateKey=2025-10&resolution=month', 'INVALID_EXPORT_RESOLUTION'],
      ['dateKey=2025-10-26&resolution=minute', 'INVALID_EXPORT_RESOLUTION'],
    ];
    for (const [query, key] of cases) {
      const res = await exportUrl(query);
      expect(res.status, query).toBe(400);
      expect(res.body.key, query).toBe(key);
    }
    expect((await exportUrl('dateKey=2025-10&format=pdf')).body.key).toBe('VALIDATION_FAILED');
  });

  it('refuses 15-minute rows for a service read hourly', async () => {
    // Norway's demo homes are metered per hour
    const [fjellkraft] = await signIn(t.app, 'fjellkraft', 'demo');
    const me = await call(t.app, { method: 'GET', url: '/v4/fjellkraft/users/me', token: fjellkraft!.accessToken });
    const home = me.body.data.locations.find((l: { status: string }) => l.status === 'ACTIVE');
    const res = await call(t.app, {
      method: 'GET',
      url: `/v4/fjellkraft/locations/${home._id}/data/export-url?dateKey=2025-10-26&resolution=15min`,
      token: fjellkraft!.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ key: 'INVALID_EXPORT_RESOLUTION', data: { readingPeriod: 'hourly' } });
  });

  it('needs a signed-in member of the location: 401 without a token, 404 for others', async () => {
    expect((await call(t.app, { method: 'GET', url: `${base()}/export-url?dateKey=2025-10` })).status).toBe(401);
    const [business] = await signIn(t.app, 'koivu', 'business');
    expect((await exportUrl('dateKey=2025-10', business!.accessToken)).status).toBe(404);
    const [foreign] = await signIn(t.app, 'fjellkraft', 'demo');
    const res = await call(t.app, {
      method: 'GET',
      url: `/v4/fjellkraft/locations/${locationId}/data/export-url?dateKey=2025-10`,
      token: foreign!.accessToken,
    });
    expect(res.status).toBe(404);
  });
});

describe('CSV', () => {
  it('exports the 25-hour day as 100 quarter rows in Finnish: semicolons, decimal commas, local times', async () => {
    await setLanguage('fi');
    const response = await download('dateKey=2025-10-26&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`${address} 2025-10-26.csv`)}`);
    const [header, ...rows] = parseCsv(response.body, ';');
    expect(header).toEqual(['Alkuaika', 'Kulutus (kWh)', 'Kustannus (EUR)', 'Varmuus (%)', 'Tila']);
    expect(rows).toHaveLength(100);
    expect(rows[0]).toEqual(['2025-10-26 00:00', '0,25', '', '100', 'Normaali']);
    expect(rows[3]).toEqual(['2025-10-26 00:45', '1', '', '100', 'Normaali']);
    expect(rows[10]).toEqual(['2025-10-26 02:30', '0,75', '', '50', 'Normaali']);
    expect(rows[20]![4]).toBe('Arvioitu');
    // The hour 03 happens twice when the clocks go back.
    expect(rows.filter((r) => r[0]!.startsWith('2025-10-26 03:'))).toHaveLength(8);
    expect(rows[99]![0]).toBe('2025-10-26 23:45');
    const total = rows.reduce((sum, r) => sum + Number(r[1]!.replace(',', '.')), 0);
    expect(total).toBe(62.5);
  });

  it('exports a month per day in English with commas and dots', async () => {
    await setLanguage('en');
    const response = await download('dateKey=2025-10&format=csv');
    const [header, ...rows] = parseCsv(response.body, ',');
    expect(header).toEqual(['Start time', 'Consumption (kWh)', 'Cost (EUR)', 'Certainty (%)']);
    expect(rows).toHaveLength(31);
    expect(rows[0]).toEqual(['2025-10-01 00:00', '24', '', '100']);
    expect(rows[25]).toEqual(['2025-10-26 00:00', '62.5', '', '50']);
    expect(rows[30]![0]).toBe('2025-10-31 00:00');
  });

  it('exports a month per hour from the hour roll-ups, gaps as empty cells', async () => {
    const response = await download('dateKey=2025-11&resolution=hour&format=csv');
    const [, ...rows] = parseCsv(response.body, ',');
    expect(rows).toHaveLength(30 * 24);
    expect(rows[0]).toEqual(['2025-11-01 00:00', '', '', '']);
    const october = parseCsv((await download('dateKey=2025-10&resolution=hour&format=csv')).body, ',').slice(1);
    expect(october).toHaveLength(31 * 24 + 1);
    expect(october[0]).toEqual(['2025-10-01 00:00', '1', '', '100']);
  });
});

describe('XLSX', () => {
  it('exports a month per day as a workbook with date and number cells', async () => {
    await setLanguage('sv');
    const response = await download('dateKey=2025-10&format=xlsx');
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('2025-10.xlsx');
    const { sheet, rows } = await readXlsx(response.rawPayload);
    expect(sheet.name).toBe('Förbrukning');
    expect(rows[0]).toEqual(['Starttid', 'Förbrukning (kWh)', 'Kostnad (EUR)', 'Säkerhet (%)']);
    expect(rows).toHaveLength(32);
    expect(localText(rows[1]![0])).toBe('2025-10-01 00:00');
    expect(rows[1]!.slice(1)).toEqual([24, undefined, 100]);
    expect(localText(rows[26]![0])).toBe('2025-10-26 00:00');
    expect(rows[26]![1]).toBe(62.5);
  });

  it('exports the 25-hour day as 100 quarter rows with their statuses', async () => {
    await setLanguage('en');
    const { rows } = await readXlsx((await download('dateKey=2025-10-26&format=xlsx')).rawPayload);
    expect(rows[0]).toEqual(['Start time', 'Consumption (kWh)', 'Cost (EUR)', 'Certainty (%)', 'Status']);
    expect(rows).toHaveLength(101);
    expect(localText(rows[1]![0])).toBe('2025-10-26 00:00');
    expect(rows[1]!.slice(1)).toEqual([0.25, undefined, 100, 'Normal']);
    expect(rows[21]![4]).toBe('Estimated');
    expect(rows.slice(1).filter((r) => localText(r[0]).startsWith('2025-10-26 03:'))).toHaveLength(8);
    expect(localText(rows[100]![0])).toBe('2025-10-26 23:45');
    expect(rows.slice(1).reduce((sum: number, r) => sum + (r[1] as number), 0)).toBe(62.5);
  });
});

describe('document tokens', () => {
  async function urlOf(query: string) {
    const url = new URL(ExportUrl.parse((await exportUrl(query)).body.data).url);
    return url;
  }

  it('is 404 MISSING_TOKEN without a token and 401 for a token of the wrong use or a broken one', async () => {
    const url = await urlOf('dateKey=2025-10');
    url.searchParams.delete('accessToken');
    expect((await call(t.app, { method: 'GET', url: url.pathname + url.search })).body).toMatchObject({ status: 404, key: 'MISSING_TOKEN' });
    url.searchParams.set('accessToken', token);
    expect((await call(t.app, { method: 'GET', url: url.pathname + url.search })).body).toMatchObject({ status: 401, key: 'INVALID_TOKEN' });
    url.searchParams.set('accessToken', 'not.a.token');
    expect((await call(t.app, { method: 'GET', url: url.pathname + url.search })).body).toMatchObject({ status: 401, key: 'INVALID_TOKEN' });
  });

  it('is 401 under another organisation', async () => {
    const url = await urlOf('dateKey=2025-10');
    const res = await call(t.app, { method: 'GET', url: url.pathname.replace('/v4/koivu/', '/v4/solvik/') + url.search });
    expect(res.body).toMatchObject({ status: 401, key: 'INVALID_TOKEN' });
  });

  it('expires after 60 seconds', async () => {
    const url = await urlOf('dateKey=2025-10');
    clockOffset += 59_000;
    expect((await call(t.app, { method: 'GET', url: url.pathname + url.search })).response.statusCode).toBe(200);
    clockOffset += 2_000;
    try {
      expect((await call(t.app, { method: 'GET', url: url.pathname + url.search })).body).toMatchObject({ status: 401, key: 'TOKEN_EXPIRED' });
    } finally {
      clockOffset = 0;
    }
  });
});
