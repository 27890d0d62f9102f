import { describe, expect, it } from 'vitest';
import { Pagination } from '@gridline/contracts/common';
import type { Endpoint } from '@gridline/contracts/endpoint';
import { Distribution, MeasurementNode, ServicesData } from '@gridline/contracts/measurements';
import { createPreviewFetch, distribution, invoices, PREVIEW_IDS, previewAnswer, previewRoutes, servicesData, type PreviewContext } from './preview-api.ts';

const contexts: PreviewContext[] = [
  { currency: 'SEK', timeZone: 'Europe/Stockholm', now: new Date('2026-11-28T10:40:00Z') },
  { currency: 'NOK', timeZone: 'Europe/Oslo', now: new Date('2026-01-01T00:30:00Z') },
  { currency: 'EUR', timeZone: 'Europe/Helsinki', now: new Date('2026-07-15T12:00:00Z') },
];
const at = (path: string) => new URL(path, 'http://solvik.localhost');

const dataSchema = (endpoint: Endpoint) => {
  const response = endpoint.response as { data?: { safeParse(v: unknown): { success: boolean; error?: unknown } }; paged?: boolean };
  return { data: response.data!, paged: response.paged === true };
};

describe('the theme preview answers (decision 0063)', () => {
  for (const context of contexts) {
    for (const route of previewRoutes) {
      for (const example of route.examples) {
        it(`${route.endpoint.operationId} ${example} parses under its contract (${context.timeZone}, ${context.now.toISOString()})`, () => {
          const answer = previewAnswer('GET', at(example), context);
          expect(answer).not.toBe('server');
          if (answer === 'server') return;
          expect(answer.status).toBe(200);
          const body = answer.body as { status: number; data: unknown; pagination?: unknown };
          expect(body.status).toBe(200);
          const { data, paged } = dataSchema(route.endpoint);
          const parsed = data.safeParse(body.data);
          expect(parsed.error).toBeUndefined();
          expect(parsed.success).toBe(true);
          if (paged) expect(Pagination.safeParse(body.pagination).success).toBe(true);
        });
      }
    }
  }

  it('answers the pages with a household: one home, a few invoices, tips', () => {
    const [context] = contexts as [PreviewContext];
    const user = previewAnswer('GET', at('/v4/solvik/users/me'), context);
    expect(user).toMatchObject({ status: 200, body: { data: { firstName: 'Alex', locations: [{ _id: PREVIEW_IDS.location }] } } });
    const list = invoices(context);
    expect(list).toHaveLength(4);
    expect(list[0]?.invoiceStatus).toBe('UNPAID');
    const tips = previewAnswer('GET', at(`/v3/tips/${PREVIEW_IDS.location}?language=sv`), context);
    expect(tips).toMatchObject({ status: 200, body: { data: [{ language: 'sv' }, {}, {}] } });
  });

  it('draws Nordic seasons: winter above summer in use, price and CO2; 12 months of history', () => {
    const context = contexts[0]!;
    const year = previewAnswer('GET', at(`/v4/solvik/locations/${PREVIEW_IDS.location}/data/year/2025`), context);
    if (year === 'server') throw new Error('not answered');
    const node = MeasurementNode.parse((year.body as { data: unknown }).data);
    expect(node.children).toHaveLength(12);
    const [january, july] = [node.children[0]!.value, node.children[6]!.value];
    expect(january.consumption.total!).toBeGreaterThan(3 * july.consumption.total!);
    expect(january.price.avgHour!).toBeGreaterThan(july.price.avgHour!);
    expect(january.co2.avgHour!).toBeGreaterThan(july.co2.avgHour!);
    expect(january.temperature.avgHour!).toBeLessThan(july.temperature.avgHour!);
    expect(node.value.consumption.total!).toBeGreaterThan(10_000);
    const services = ServicesData.parse(servicesData(context));
    expect(services.services[0]?.history).toHaveLength(12);
    const parts = Distribution.parse(distribution('2025-01', 'consumption', context)).parts;
    expect(parts.map((p) => p.type)).toEqual(['night', 'morning', 'day', 'evening']);
    expect(parts.reduce((sum, p) => sum + p.share, 0)).toBeCloseTo(1, 2);
  });

  it('leaves the future empty', () => {
    const context = contexts[0]!;
    const answer = previewAnswer('GET', at(`/v4/solvik/locations/${PREVIEW_IDS.location}/data/year/2027`), context);
    if (answer === 'server') throw new Error('not answered');
    const node = MeasurementNode.parse((answer.body as { data: unknown }).data);
    expect(node.value.consumption.total).toBeNull();
  });

  it('passes the public release and copy texts to the server, refuses writes and answers 404 for anything else', () => {
    const context = contexts[0]!;
    expect(previewAnswer('GET', at('/v3/settings/releases/solvik'), context)).toBe('server');
    expect(previewAnswer('GET', at('/v3/copy/aggregated?language=sv&types=shared'), context)).toBe('server');
    expect(previewAnswer('PATCH', at(`/v3/tips/${PREVIEW_IDS.location}/000000000000000000000c01/completed`), context)).toMatchObject({
      status: 403,
      body: { key: 'READ_ONLY_SESSION' },
    });
    expect(previewAnswer('POST', at('/v3/auth/'), context)).toMatchObject({ status: 403 });
    expect(previewAnswer('PUT', at('/v4/solvik/users/me/active-account'), context)).toMatchObject({ status: 403 });
    expect(previewAnswer('GET', at('/v4/solvik/agreements/x'), context)).toMatchObject({ status: 404, body: { key: 'NOT_FOUND' } });
    expect(previewAnswer('GET', at('/v4/solvik/locations/64b7f0c2a1d3e4f5a6b7c8e1/services-data'), context)).toMatchObject({ status: 404 });
    expect(previewAnswer('GET', at('/v3/auth/token/short'), context)).toMatchObject({ status: 404 });
  });

  it('calls the server only for the public reads, and takes the currency and time zone from the release', async () => {
    const calls: string[] = [];
    const server: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ status: 200, data: { organisation: { currency: 'NOK', timeZone: 'Europe/Oslo' } } }), { status: 200 });
    };
    const previewFetch = createPreviewFetch(server, () => new Date('2026-11-28T10:00:00Z'), undefined);
    await previewFetch('/v3/settings/releases/solvik');
    const answer = await previewFetch(`/v4/solvik/invoices/accounts/${PREVIEW_IDS.account}/invoices?limit=3&page=1`);
    const body = (await answer.json()) as { data: { currency: string }[] };
    expect(body.data[0]?.currency).toBe('NOK');
    await previewFetch('/v4/solvik/users/me');
    const refused = await previewFetch('/v3/auth/', { method: 'POST', body: '{}' });
    expect(refused.status).toBe(403);
    expect(calls).toEqual(['/v3/settings/releases/solvik']);
  });

  it('takes the currency from the release the page carries', async () => {
    const previewFetch = createPreviewFetch(
      async () => new Response('{}'),
      () => new Date('2026-11-28T10:00:00Z'),
      { currency: 'EUR', timeZone: 'Europe/Helsinki' },
    );
    const answer = await previewFetch(`/v4/solvik/invoices/accounts/${PREVIEW_IDS.account}/invoices?limit=3&page=1`);
    expect(((await answer.json()) as { data: { currency: string }[] }).data[0]?.currency).toBe('EUR');
  });
});
