import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Location } from '@gridline/contracts/locations';
import { call, signIn, startTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
let demo: Awaited<ReturnType<typeof signIn>>[number];
let business: Awaited<ReturnType<typeof signIn>>[number];
let fjellkraft: Awaited<ReturnType<typeof signIn>>[number];
let home: Location;
let summerHouse: Location;

const url = (accountId: string, locationId: string, organisation = 'solvik') =>
  `/v4/${organisation}/locations/accounts/${accountId}/location?id=${encodeURIComponent(locationId)}`;
const patch = (accountId: string, locationId: string, payload: unknown, options: { token?: string; organisation?: string } = {}) =>
  call(t.app, { method: 'PATCH', url: url(accountId, locationId, options.organisation), payload: payload as object, token: options.token ?? demo.accessToken });
const storedExtras = async (locationId: string) =>
  (await t.db.selectFrom('locations').select('extras').where('id', '=', locationId).executeTakeFirstOrThrow()).extras;

async function locationsOf(organisation: string, token: string): Promise<Location[]> {
  const me = await call(t.app, { method: 'GET', url: `/v4/${organisation}/users/me`, token });
  return Location.array().parse(me.body.data.locations);
}

beforeAll(async () => {
  t = await startTestApp();
  [demo] = (await signIn(t.app, 'solvik', 'demo')) as [typeof demo];
  [business] = (await signIn(t.app, 'solvik', 'business')) as [typeof business];
  [fjellkraft] = (await signIn(t.app, 'fjellkraft', 'demo')) as [typeof fjellkraft];
  const locations = await locationsOf('solvik', demo.accessToken);
  home = locations.find((l) => l.status === 'ACTIVE' && l.type === 'CONSUMPTION' && l.accountId === demo.accountId)!;
  summerHouse = locations.find((l) => l.accountId !== demo.accountId)!;
  expect(home.extras).toMatchObject({ propertyType: 'HOUSE', heating: 'airwater', cars: ['electric'] });
  expect(summerHouse.extras.propertyType).toBe('SUMMERHOUSE');
});
afterAll(async () => {
  await t.close();
});

const valid = {
  propertyType: 'HOUSE',
  size: 150,
  numberOfResidens: 3,
  wasteful: 0.8,
  cars: ['electric', 'electric', 'hybrid'],
  heating: 'geothermal',
  heatingSecondary: ['stove', 'air'],
  gadgets: ['sauna', 'evCarCharger', 'evCarCharger'],
};

describe('GET /v4/{organisation}/locations/accounts/{accountId}/location?id', () => {
  it('answers one visible location of the account', async () => {
    const res = await call(t.app, { method: 'GET', url: url(home.accountId!, home._id), token: demo.accessToken });
    expect(res.status).toBe(200);
    expect(Location.parse(res.body.data)).toEqual(home);
  });
});

describe('PATCH /v4/{organisation}/locations/accounts/{accountId}/location?id', () => {
  it("replaces the given home details, keeps the others, and answers the updated location", async () => {
    const houseAge = (await storedExtras(home._id)).houseAge;
    expect(houseAge).toBe('1970-1979');

    const res = await patch(home.accountId!, home._id, { extras: valid });
    expect(res.status).toBe(200);
    const location = Location.parse(res.body.data);
    expect(location._id).toBe(home._id);
    expect(location.extras).toEqual({ ...valid, houseAge });
    expect(await storedExtras(home._id)).toEqual({ ...valid, houseAge });
    // The user's locations carry it too (the portal reads its form from there).
    expect((await locationsOf('solvik', demo.accessToken)).find((l) => l._id === home._id)?.extras).toEqual({ ...valid, houseAge });

    // The bounds themselves, the "none" choices alone, and a list of exactly 50 entries.
    const edges = {
      size: 20,
      numberOfResidens: 20,
      wasteful: 1.3,
      cars: ['no_vehicle'],
      heatingSecondary: ['none'],
      gadgets: Array.from({ length: 50 }, () => 'dryer'),
    };
    const edge = await patch(home.accountId!, home._id, { extras: edges });
    expect(edge.status).toBe(200);
    expect(edge.body.data.extras).toEqual({ ...valid, ...edges, houseAge });
    for (const extras of [{ size: 300, numberOfResidens: 1, wasteful: 0.7 }, { wasteful: 1 }, { gadgets: ['no_gadgets'], propertyType: 'APPARTMENT' }]) {
      expect((await patch(home.accountId!, home._id, { extras })).status, JSON.stringify(extras)).toBe(200);
    }
  });

  it('refuses values outside the bounds with a 400 naming the field, and changes nothing', async () => {
    const before = await storedExtras(home._id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ size: 19 }, 'body.extras.size'],
      [{ size: 301 }, 'body.extras.size'],
      [{ size: 75.5 }, 'body.extras.size'],
      [{ size: '75' }, 'body.extras.size'],
      [{ numberOfResidens: 0 }, 'body.extras.numberOfResidens'],
      [{ numberOfResidens: 21 }, 'body.extras.numberOfResidens'],
      [{ wasteful: 0.6 }, 'body.extras.wasteful'],
      [{ wasteful: 1.4 }, 'body.extras.wasteful'],
      [{ wasteful: 0.75 }, 'body.extras.wasteful'],
      [{ cars: ['no_vehicle', 'electric'] }, 'body.extras.cars'],
      [{ cars: ['tesla'] }, 'body.extras.cars.0'],
      [{ cars: Array.from({ length: 51 }, () => 'electric') }, 'body.extras.cars'],
      [{ gadgets: ['sauna', 'no_gadgets'] }, 'body.extras.gadgets'],
      [{ gadgets: Array.from({ length: 51 }, () => 'sauna') }, 'body.extras.gadgets'],
      [{ heating: 'none' }, 'body.extras.heating'],
      [{ heating: 'HEAT_PUMP' }, 'body.extras.heating'],
      [{ heatingSecondary: ['none', 'stove'] }, 'body.extras.heatingSecondary'],
      [{ heatingSecondary: ['stove', 'stove'] }, 'body.extras.heatingSecondary'],
      [{ propertyType: 'CASTLE' }, 'body.extras.propertyType'],
      [{ houseAge: '2000-2009' }, 'body.extras'],
    ];
    for (const [extras, path] of cases) {
      // A valid field beside the bad one is not saved either.
      const res = await patch(home.accountId!, home._id, { extras: { numberOfResidens: 7, ...extras } });
      expect(res.status, JSON.stringify(extras)).toBe(400);
      expect(res.body.key).toBe('VALIDATION_FAILED');
      expect(res.body.data.issues.map((i: { path: string }) => i.path), JSON.stringify(extras)).toContain(path);
    }
    const rules = async (extras: Record<string, unknown>) => (await patch(home.accountId!, home._id, { extras })).body.data.issues[0].message;
    expect(await rules({ cars: ['no_vehicle', 'hybrid'] })).toBe('NO_VEHICLE_IS_EXCLUSIVE');
    expect(await rules({ gadgets: ['no_gadgets', 'pool'] })).toBe('NO_GADGETS_IS_EXCLUSIVE');
    expect(await rules({ heatingSecondary: ['pellets', 'none'] })).toBe('NONE_IS_EXCLUSIVE');
    expect(await rules({ cars: Array.from({ length: 51 }, () => 'hybrid') })).toBe('AT_MOST_50_ENTRIES');
    expect(await rules({ wasteful: 0.95 })).toBe('STEP_OF_0.1');

    for (const payload of [{}, { extras: null }, { extras: { size: 80 }, status: 'ACTIVE' }, { address: 'Elsewhere 1' }]) {
      const res = await patch(home.accountId!, home._id, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.key).toBe('VALIDATION_FAILED');
    }
    const noId = await call(t.app, { method: 'PATCH', url: `/v4/solvik/locations/accounts/${home.accountId}/location`, payload: { extras: { size: 80 } }, token: demo.accessToken });
    expect(noId.status).toBe(400);
    expect(noId.body.data.issues[0].path).toBe('querystring.id');
    expect(await storedExtras(home._id)).toEqual(before);
  });

  it("is 404 for a location the user may not change: not a member, another account's, another organisation's, not visible", async () => {
    const before = await storedExtras(home._id);
    const change = { extras: { size: 99 } };
    const [fjellkraftHome] = await locationsOf('fjellkraft', fjellkraft.accessToken);
    const terminated = await t.db
      .selectFrom('locations')
      .select('id')
      .where('account_id', '=', home.accountId!)
      .where('status', '=', 'TERMINATED')
      .executeTakeFirstOrThrow();
    const attempts: Array<[string, Promise<Awaited<ReturnType<typeof patch>>>]> = [
      // 'business' of the same organisation is no member of the demo customer's account.
      ['non-member', patch(home.accountId!, home._id, change, { token: business.accessToken })],
      ['non-member, own account id', patch(business.accountId, home._id, change, { token: business.accessToken })],
      // The location under another account of the user.
      ['wrong account', patch(summerHouse.accountId!, home._id, change)],
      ["another organisation's location", patch(fjellkraftHome!.accountId!, fjellkraftHome!._id, change)],
      ["another organisation's location, own account", patch(home.accountId!, fjellkraftHome!._id, change)],
      ['not visible (TERMINATED)', patch(home.accountId!, terminated.id, change)],
      ['unknown id', patch(home.accountId!, 'ffffffffffffffffffffffff', change)],
      ['malformed ids', patch('nope', 'nope', change)],
    ];
    for (const [what, attempt] of attempts) {
      const res = await attempt;
      expect(res.status, what).toBe(404);
      expect(res.body.key, what).toBe('NOT_FOUND');
    }
    expect(await storedExtras(home._id)).toEqual(before);
    expect(await storedExtras(fjellkraftHome!._id)).toEqual(fjellkraftHome!.extras);
    expect((await storedExtras(terminated.id)).size).not.toBe(99);

    const read = await call(t.app, { method: 'GET', url: url(home.accountId!, home._id), token: business.accessToken });
    expect(read.status).toBe(404);
  });

  it('needs a signed-in user of that organisation', async () => {
    const anonymous = await call(t.app, { method: 'PATCH', url: url(home.accountId!, home._id), payload: { extras: { size: 80 } } });
    expect(anonymous.status).toBe(401);
    const crossTenant = await patch(home.accountId!, home._id, { extras: { size: 80 } }, { token: fjellkraft.accessToken });
    expect(crossTenant.status).toBe(401);
    expect(crossTenant.body.key).toBe('INVALID_TOKEN');
  });

  it("lets every member of the location's account change it (a guest too)", async () => {
    const res = await patch(summerHouse.accountId!, summerHouse._id, { extras: { numberOfResidens: 6, cars: ['no_vehicle'] } });
    expect(res.status).toBe(200);
    expect(res.body.data.extras).toMatchObject({ ...summerHouse.extras, numberOfResidens: 6, cars: ['no_vehicle'] });
  });
});
