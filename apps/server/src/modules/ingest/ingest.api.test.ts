import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/app.ts';
import { ApiTokensRepository } from '../tokens/repository.ts';
import { ApiTokensService, type TokenScope } from '../tokens/service.ts';
import { BATCH_SIZE } from './service.ts';

let t: TestApp;
let tokens: ApiTokensService;
let syncToken: string;
let service: { id: string; seq: number; provider_site_id: string };
let foreignServiceId: string;

const orgId = async (slug: string) => (await t.db.selectFrom('organisations').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
const firstService = (slug: string) =>
  t.db
    .selectFrom('location_services as s')
    .innerJoin('locations as l', 'l.id', 's.location_id')
    .innerJoin('organisations as o', 'o.id', 'l.organisation_id')
    .select(['s.id', 's.seq', 's.provider_site_id'])
    .where('o.slug', '=', slug)
    .where('s.type', '=', 'consumption_trade')
    .orderBy('s.seq')
    .limit(1)
    .executeTakeFirstOrThrow();
const newToken = async (slug: string, scopes: TokenScope[]) => (await tokens.create({ organisationId: await orgId(slug), name: 'test feed', scopes, issuedBy: 'test', expiresAt: null })).token;

beforeAll(async () => {
  t = await startTestApp();
  tokens = new ApiTokensService(new ApiTokensRepository(t.db));
  syncToken = await newToken('solvik', ['syncAccount']);
  service = await firstService('solvik');
  foreignServiceId = (await firstService('fjellkraft')).id;
});
afterAll(async () => {
  await t.close();
});

const send = (body: string, contentType: string, token = syncToken, slug = 'solvik') =>
  call(t.app, { method: 'POST', url: `/v4/${slug}/ingest/readings`, payload: body, headers: { 'content-type': contentType, authorization: `Bearer ${token}` } });

describe('bulk readings', () => {
  it('writes valid lines, reports rejected ones by line number, and changes nothing the second time', async () => {
    const lines = [
      { serviceId: service.id, start: '2025-04-01T00:00:00+02:00', minutes: 60, value: '1.25' },
      { serviceId: service.id, start: '2025-04-01T01:00:00+02:00', resolution: 'PT60M', value: 2, certainty: 0.5, status: 5 },
      { serviceId: service.id, start: '2025-04-01T02:00:00', minutes: 60, value: '1' }, // no offset
      { serviceId: service.id, start: '2025-04-01T02:10:00Z', minutes: 15, value: '1' }, // misaligned
      { serviceId: foreignServiceId, start: '2025-04-01T02:00:00Z', minutes: 60, value: '1' }, // another organisation's
      { serviceId: service.id, start: '2025-04-01T03:00:00+02:00', minutes: 60, value: '1.23456' }, // 5 decimals
    ];
    const body = [...lines.map((l) => JSON.stringify(l)), '{"broken": ', '[1,2]'].join('\n');
    const first = await send(body, 'application/x-ndjson');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ received: 8, accepted: 2, changed: 2, rejected: 6 });
    expect(first.body.data.errors.map((e: { line: number; reason: string }) => [e.line, e.reason.split(':')[0]])).toEqual([
      [3, 'INVALID_START'],
      [4, 'MISALIGNED_START'],
      [5, 'UNKNOWN_SERVICE'],
      [6, 'INVALID_VALUE'],
      [7, 'MALFORMED_JSON'],
      [8, 'NOT_AN_OBJECT'],
    ]);
    const stored = await t.db.selectFrom('readings').select(['value', 'certainty', 'status']).where('service_seq', '=', service.seq).where('interval_start', '>=', new Date('2025-03-31T22:00:00Z')).where('interval_start', '<', new Date('2025-04-01T02:00:00Z')).orderBy('interval_start').execute();
    expect(stored).toEqual([{ value: '1.2500', certainty: 1, status: 2 }, { value: '2.0000', certainty: 0.5, status: 5 }]);
    const day = await t.db.selectFrom('reading_rollups').select(['value', 'certainty']).where('service_seq', '=', service.seq).where('period', '=', 'day').where('period_key', '=', '2025-04-01').executeTakeFirstOrThrow();
    expect(day).toEqual({ value: '3.2500', certainty: 0.5 });

    const again = await send(body, 'application/x-ndjson');
    expect(again.body.data).toMatchObject({ received: 8, accepted: 2, changed: 0, rejected: 6 });
  });

  it('takes CSV with a header, and metering points instead of ids', async () => {
    const csv = ['meteringPointId,serviceType,start,minutes,value', `${service.provider_site_id},consumption_trade,2025-04-02T00:00:00Z,15,0.3`, `${service.provider_site_id},consumption_trade,2025-04-02T00:15:00Z,15,"0.4"`, 'only,two'].join('\r\n');
    const res = await send(csv, 'text/csv');
    expect(res.body.data).toMatchObject({ received: 3, accepted: 2, changed: 2, rejected: 1 });
    expect(res.body.data.errors[0]).toEqual({ line: 4, reason: expect.stringMatching(/^WRONG_CELL_COUNT/) });
  });

  it('lets a later line replace an earlier one for the same interval', async () => {
    const body = [
      JSON.stringify({ serviceId: service.id, start: '2025-04-03T00:00:00Z', minutes: 60, value: '1' }),
      JSON.stringify({ serviceId: service.id, start: '2025-04-03T00:00:00Z', minutes: 60, value: '9' }),
    ].join('\n');
    expect((await send(body, 'application/x-ndjson')).body.data).toMatchObject({ accepted: 2, changed: 1 });
    const row = await t.db.selectFrom('readings').select('value').where('service_seq', '=', service.seq).where('interval_start', '=', new Date('2025-04-03T00:00:00Z')).executeTakeFirstOrThrow();
    expect(row.value).toBe('9.0000');
  });

  it('writes a file of several batches over two services, then only what a correction changes', async () => {
    const other = await t.db
      .selectFrom('location_services as s')
      .innerJoin('locations as l', 'l.id', 's.location_id')
      .innerJoin('organisations as o', 'o.id', 'l.organisation_id')
      .select(['s.id', 's.seq'])
      .where('o.slug', '=', 'solvik')
      .where('s.type', '=', 'consumption_trade')
      .where('s.seq', '!=', service.seq)
      .orderBy('s.seq')
      .limit(1)
      .executeTakeFirstOrThrow();
    // more than a batch of quarter-hours per service from 2030 on (after every demo reading; to mid-2031)
    const perService = BATCH_SIZE + 2_000;
    const start = Date.parse('2030-01-01T00:00:00Z');
    const rows = [service, other].flatMap((s) =>
      Array.from({ length: perService }, (_, i) => JSON.stringify({ serviceId: s.id, start: new Date(start + i * 900_000).toISOString(), minutes: 15, value: ((i % 10) / 10).toFixed(1) })),
    );
    const first = await send(rows.join('\n'), 'application/x-ndjson');
    expect(first.body.data).toMatchObject({ received: 2 * perService, accepted: 2 * perService, changed: 2 * perService, rejected: 0 });
    expect((await send(rows.join('\n'), 'application/x-ndjson')).body.data).toMatchObject({ accepted: 2 * perService, changed: 0 });

    const hour = (seq: number) =>
      t.db.selectFrom('reading_rollups').select(['value', 'readings']).where('service_seq', '=', seq).where('period', '=', 'hour').where('period_start', '=', new Date('2030-01-02T05:00:00Z')).executeTakeFirstOrThrow();
    expect(await hour(other.seq)).toEqual({ value: '3.0000', readings: 4 }); // quarters 116–119: 0.6 + 0.7 + 0.8 + 0.9
    const correction = JSON.stringify({ serviceId: other.id, start: '2030-01-02T05:15:00Z', minutes: 15, value: '2.7' });
    expect((await send(correction, 'application/x-ndjson')).body.data).toMatchObject({ accepted: 1, changed: 1 });
    expect(await hour(other.seq)).toEqual({ value: '5.0000', readings: 4 }); // 0.7 became 2.7
    const month = await t.db.selectFrom('reading_rollups').select('value').where('service_seq', '=', other.seq).where('period', '=', 'month').where('period_key', '=', '2030-01').executeTakeFirstOrThrow();
    // January in Stockholm: the file's quarters up to 2030-01-31T23:00Z, plus the correction's 2.0
    const januaryQuarters = (Date.parse('2030-01-31T23:00:00Z') - start) / 900_000;
    const expected = Array.from({ length: januaryQuarters }, (_, i) => (i % 10) / 10).reduce((a, b) => a + b, 0) + 2;
    expect(Number(month.value)).toBeCloseTo(expected, 4);
  });

  it('lets two files for the same service arrive at once', async () => {
    const file = (from: string, values: string) =>
      Array.from({ length: 96 }, (_, i) => JSON.stringify({ serviceId: service.id, start: new Date(Date.parse(from) + i * 900_000).toISOString(), minutes: 15, value: values })).join('\n');
    const [a, b] = await Promise.all([send(file('2033-01-01T00:00:00Z', '1'), 'application/x-ndjson'), send(file('2033-01-01T12:00:00Z', '2'), 'application/x-ndjson')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const stored = await t.db.selectFrom('readings').select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('value').as('sum')]).where('service_seq', '=', service.seq).where('interval_start', '>=', new Date('2033-01-01T00:00:00Z')).executeTakeFirstOrThrow();
    // 144 distinct quarters; the overlapping 48 hold whichever file came last
    expect(Number(stored.n)).toBe(144);
    expect([48 * 1 + 96 * 2, 96 * 1 + 48 * 2]).toContain(Number(stored.sum));
  });

  it('needs a live token of the organisation with the syncAccount scope', async () => {
    const line = JSON.stringify({ serviceId: service.id, start: '2025-04-04T00:00:00Z', minutes: 60, value: '1' });
    const noScope = await send(line, 'application/x-ndjson', await newToken('solvik', ['getLocations']));
    expect(noScope.status).toBe(403);
    expect(noScope.body.key).toBe('FORBIDDEN');
    const otherOrganisation = await send(line, 'application/x-ndjson', await newToken('fjellkraft', ['syncAccount']));
    expect(otherOrganisation.status).toBe(401);
    expect((await send(line, 'application/x-ndjson', 'glt_made-up')).status).toBe(401);
    const noToken = await call(t.app, { method: 'POST', url: '/v4/solvik/ingest/readings', payload: line, headers: { 'content-type': 'application/x-ndjson' } });
    expect(noToken.status).toBe(401);
    const wrongType = await call(t.app, { method: 'POST', url: '/v4/solvik/ingest/readings', payload: { a: 1 }, headers: { authorization: `Bearer ${syncToken}` } });
    expect(wrongType.status).toBe(400);
  });
});
