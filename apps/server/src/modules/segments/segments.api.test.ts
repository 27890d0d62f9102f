import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';

let t: TestApp;
const tokens = { marketing: '', admin: '', developer: '', support: '', user: '', koivuMarketing: '', platform: '', customer: '' };
let solvikId: string;
let zone: string;

type Rule = { name: string; operator: string; value: unknown };
const audience = (organisation: string, rules: { match: string; rules: Rule[] } | unknown, token = tokens.marketing) =>
  call(t.app, { method: 'POST', url: `/v4/${organisation}/settings/audience`, token, payload: { rules } });
const and = (...rules: Rule[]) => ({ match: 'AND', rules });
const count = async (where: ReturnType<typeof sql>) =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(*) AS n FROM locations l
        WHERE l.organisation_id = ${solvikId} AND l.status IN ('ACTIVE', 'ACTIVE_PROCESS', 'PENDING') AND ${where}`.execute(t.db)
    ).rows[0]!.n,
  );

beforeAll(async () => {
  t = await startTestApp();
  const email = (scope: Parameters<typeof demoStaffEmail>[1]) => demoStaffEmail('solvik', scope);
  tokens.marketing = (await staffSignIn(t.app, 'solvik', email('ORG_MARKETING'))).accessToken;
  tokens.admin = (await staffSignIn(t.app, 'solvik', email('ORG_ADMIN'))).accessToken;
  tokens.developer = (await staffSignIn(t.app, 'solvik', email('ORG_DEVELOPER'))).accessToken;
  tokens.support = (await staffSignIn(t.app, 'solvik', email('ORG_SUPPORT'))).accessToken;
  tokens.user = (await staffSignIn(t.app, 'solvik', email('ORG_USER'))).accessToken;
  tokens.koivuMarketing = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_MARKETING'))).accessToken;
  tokens.platform = (await staffSignIn(t.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
  tokens.customer = (await signIn(t.app, 'solvik', 'demo'))[0]!.accessToken;
  expect(tokens.customer).toBeTruthy();
  solvikId = (await t.db.selectFrom('organisations').select('id').where('slug', '=', 'solvik').executeTakeFirstOrThrow()).id;
  zone = (await sql<{ z: string }>`SELECT DISTINCT price_zone AS z FROM locations WHERE organisation_id = ${solvikId} AND price_zone IS NOT NULL`.execute(t.db)).rows[0]!.z;
});
afterAll(async () => {
  await t?.close();
});

describe('who may see an audience', () => {
  it('answers the organisation’s admins, marketers and developers, and platform staff in every organisation', async () => {
    for (const token of [tokens.marketing, tokens.admin, tokens.developer, tokens.platform]) {
      const res = await audience('solvik', and(), token);
      expect(res.status).toBe(200);
    }
    const koivu = await audience('koivu', and(), tokens.platform);
    expect(koivu.status).toBe(200);
    expect(koivu.body.data.total).toBeGreaterThan(0);
  });
  it('refuses customer support, read-only staff and customers (403), another organisation’s staff (404) and no token (401)', async () => {
    expect((await audience('solvik', and(), tokens.support)).status).toBe(403);
    expect((await audience('solvik', and(), tokens.user)).status).toBe(403);
    expect((await audience('solvik', and(), tokens.customer)).status).toBe(403);
    expect((await audience('koivu', and(), tokens.marketing)).status).toBe(404);
    expect((await audience('solvik', and(), tokens.koivuMarketing)).status).toBe(404);
    expect((await call(t.app, { method: 'POST', url: '/v4/solvik/settings/audience', payload: { rules: and() } })).status).toBe(401);
  });
  it('is a read: no audit entry', async () => {
    const before = await t.db.selectFrom('audit_logs').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    await audience('solvik', and({ name: 'hasCost', operator: 'equals', value: true }));
    const after = await t.db.selectFrom('audit_logs').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('counts that agree with the data', () => {
  it('an empty rule set is every location a customer sees; a rule on the organisation’s price zone matches them all', async () => {
    const total = await count(sql`true`);
    expect(total).toBeGreaterThan(10);
    const everyone = (await audience('solvik', and())).body.data;
    expect(everyone).toMatchObject({ matched: total, total });
    expect(everyone.examples).toHaveLength(5);
    const inZone = (await audience('solvik', and({ name: 'priceZones', operator: 'anyOf', value: [zone] }))).body.data;
    expect(inZone.matched).toBe(total);
    const flag = `in${zone}`;
    expect((await audience('solvik', and({ name: flag, operator: 'equals', value: true }))).body.data.matched).toBe(total);
    const other = zone === 'SE1' ? 'SE2' : 'SE1';
    expect((await audience('solvik', and({ name: 'priceZones', operator: 'noneOf', value: [other] }))).body.data.matched).toBe(total);
    expect((await audience('solvik', and({ name: 'priceZones', operator: 'anyOf', value: [other] }))).body.data).toMatchObject({ matched: 0, examples: [] });
  });

  it('propertyType, its negation and a size bound match exactly what SQL counts', async () => {
    const houses = await count(sql`l.extras ->> 'propertyType' = 'HOUSE'`);
    expect(houses).toBeGreaterThan(0);
    const res = (await audience('solvik', and({ name: 'propertyType', operator: 'equals', value: 'HOUSE' }))).body.data;
    expect(res.matched).toBe(houses);
    const total = res.total;
    // notEquals also matches locations without a property type (a missing attribute: decision 0052)
    expect((await audience('solvik', and({ name: 'propertyType', operator: 'notEquals', value: 'HOUSE' }))).body.data.matched).toBe(total - houses);
    const big = await count(sql`l.extras ->> 'propertyType' = 'HOUSE' AND (l.extras ->> 'size')::numeric >= 150`);
    const both = (
      await audience('solvik', and({ name: 'propertyType', operator: 'equals', value: 'HOUSE' }, { name: 'propertySize', operator: 'greaterOrEqual', value: 150 }))
    ).body.data;
    expect(both.matched).toBe(big);
    // the examples are customers of the matched locations
    const ids = both.examples.map((e: { locationId: string }) => e.locationId);
    if (ids.length > 0) {
      const rows = await t.db.selectFrom('locations').select(['id', 'extras']).where('id', 'in', ids).execute();
      for (const row of rows) expect((row.extras as Record<string, unknown>).propertyType).toBe('HOUSE');
    }
  });

  it('OR adds the apartments to the houses; agreement and service types come from the agreements and services', async () => {
    const houses = await count(sql`l.extras ->> 'propertyType' = 'HOUSE'`);
    const apartments = await count(sql`l.extras ->> 'propertyType' = 'APPARTMENT'`);
    const either = await audience('solvik', {
      match: 'OR',
      rules: [
        { name: 'propertyType', operator: 'equals', value: 'HOUSE' },
        { name: 'propertyType', operator: 'equals', value: 'APPARTMENT' },
      ],
    });
    expect(either.body.data.matched).toBe(houses + apartments);
    const fixed = await count(sql`EXISTS (SELECT 1 FROM agreements ag WHERE ag.location_id = l.id AND ag.type = 'fixed' AND (ag.start_date IS NULL OR ag.start_date <= current_date) AND (ag.end_date IS NULL OR ag.end_date >= current_date))`);
    expect((await audience('solvik', and({ name: 'agreementTypes', operator: 'anyOf', value: ['fixed'] }))).body.data.matched).toBe(fixed);
    const grid = await count(sql`EXISTS (SELECT 1 FROM location_services s WHERE s.location_id = l.id AND s.type = 'consumption_grid' AND s.status IN ('active', 'pending'))`);
    expect((await audience('solvik', and({ name: 'serviceTypes', operator: 'allOf', value: ['consumption_grid'] }))).body.data.matched).toBe(grid);
  });

  it('load tariffs: every Swedish site on a grid tariff has a power fee; deviations have no source and match no one', async () => {
    const onGrid = await count(sql`EXISTS (SELECT 1 FROM location_services s JOIN service_tariffs st ON st.service_seq = s.seq WHERE s.location_id = l.id AND st.grid_tariff_id IS NOT NULL)`);
    expect((await audience('solvik', and({ name: 'hasLoadTariffs', operator: 'equals', value: true }))).body.data.matched).toBe(onGrid);
    const deviations = (await audience('solvik', and({ name: 'hasDeviationsEnabled', operator: 'equals', value: true }))).body.data;
    expect(deviations.matched).toBe(0);
    expect((await audience('solvik', and({ name: 'hasDeviationsEnabled', operator: 'notEquals', value: true }))).body.data.matched).toBe(deviations.total);
  });
});

describe('validation: each refusal is a 400 with its key, never a 500', () => {
  const one = (name: string, operator: string, value: unknown) => and({ name, operator, value });
  it.each<[string, unknown, string]>([
    ['too many rules', { match: 'OR', rules: Array.from({ length: 51 }, () => ({ name: 'hasCost', operator: 'equals', value: true })) }, 'SEGMENT_TOO_MANY_RULES'],
    ['an unknown attribute', one('shoeSize', 'equals', '42'), 'SEGMENT_UNKNOWN_ATTRIBUTE'],
    ['an operator that does not fit', one('propertyType', 'greater', 'HOUSE'), 'SEGMENT_OPERATOR_NOT_ALLOWED'],
    ['an unknown operator', one('carCount', 'between', 1), 'SEGMENT_OPERATOR_NOT_ALLOWED'],
    ['a value of the wrong type', one('carCount', 'greater', 'two'), 'SEGMENT_VALUE_WRONG_TYPE'],
    ['an object as the value', one('carCount', 'greater', { n: 2 }), 'SEGMENT_VALUE_WRONG_TYPE'],
    ['an empty list', one('appliances', 'anyOf', []), 'SEGMENT_VALUE_REQUIRED'],
    ['a long text', one('city', 'equals', 'x'.repeat(101)), 'SEGMENT_VALUE_TOO_LONG'],
    ['an unknown value', one('heatingTypes', 'anyOf', ['nuclear']), 'SEGMENT_UNKNOWN_VALUE'],
    ['an unknown match', { match: 'XOR', rules: [] }, 'VALIDATION_FAILED'],
    ['no rule set', null, 'VALIDATION_FAILED'],
  ])('%s', async (_label, rules, key) => {
    const res = await audience('solvik', rules);
    expect([res.status, res.body.key]).toEqual([400, key]);
  });
});
