import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agreement } from '@gridline/contracts/agreements';
import { ThirdPartyDataInquiry } from '@gridline/contracts/inquiries';
import { call, signIn, startTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
let demo: Awaited<ReturnType<typeof signIn>>[number];
let homeId: string;
let inquiries: ThirdPartyDataInquiry[];

/** The demo customer's home in an organisation: the first ACTIVE consumption location of the owner account. */
async function homeOf(organisation: string, token: string): Promise<string> {
  const me = await call(t.app, { method: 'GET', url: `/v4/${organisation}/users/me`, token });
  const home = (me.body.data.locations as Array<{ _id: string; status: string; type: string }>).find((l) => l.status === 'ACTIVE' && l.type === 'CONSUMPTION');
  if (!home) throw new Error(`no home in ${organisation}`);
  return home._id;
}

const inquiriesUrl = (locationId: string, organisation = 'solvik') => `/v4/${organisation}/locations/${locationId}/third-party-data-inquiries`;
const answer = (inquiryId: string, payload: unknown, options: { token?: string; locationId?: string; organisation?: string } = {}) =>
  call(t.app, {
    method: 'PUT',
    url: `${inquiriesUrl(options.locationId ?? homeId, options.organisation)}/${inquiryId}`,
    token: options.token ?? demo.accessToken,
    payload: payload as Record<string, unknown>,
  });
const statusOf = async (inquiryId: string) =>
  (await t.db.selectFrom('third_party_data_inquiries').select('status').where('id', '=', inquiryId).executeTakeFirstOrThrow()).status;
const byStatus = (status: string) => {
  const found = inquiries.find((i) => i.status === status);
  if (!found) throw new Error(`no ${status} inquiry`);
  return found;
};

beforeAll(async () => {
  t = await startTestApp();
  // fjellkraft offers the inquiries too in this file (before the app first reads its release), so
  // that a refusal there comes from the ownership check, not from the feature being off.
  await sql`UPDATE settings_releases SET content = jsonb_set(content, '{featureFlags,flags,THIRD_PARTY_DATA_INQUIRIES}', 'true')
    WHERE organisation_id = (SELECT id FROM organisations WHERE slug = 'fjellkraft')`.execute(t.db);
  [demo] = (await signIn(t.app, 'solvik', 'demo')) as [typeof demo];
  homeId = await homeOf('solvik', demo.accessToken);
  const list = await call(t.app, { method: 'GET', url: inquiriesUrl(homeId), token: demo.accessToken });
  inquiries = ThirdPartyDataInquiry.array().parse(list.body.data);
});
afterAll(async () => {
  await t.close();
});

describe('GET /v4/{organisation}/locations/{id}/agreements', () => {
  it("answers the supplier's agreement, then the grid's, with their info rows", async () => {
    const res = await call(t.app, { method: 'GET', url: `/v4/solvik/locations/${homeId}/agreements`, token: demo.accessToken });
    expect(res.status).toBe(200);
    const agreements = Agreement.array().parse(res.body.data);
    expect(agreements.map((a) => a.siteType)).toEqual(['CONSUMPTION', 'CONSUMPTION_NET']);
    const [trade, grid] = agreements as [Agreement, Agreement];
    expect(trade.info[0]).toEqual({ key: 'status', title: 'status', value: 'active' });
    expect(trade.info.find((e) => e.key === 'monthlyFee')).toMatchObject({ value: 39, template: 'currencyPerMonth' });
    expect(grid.info.map((e) => e.key)).toEqual(expect.arrayContaining(['startDate', 'monthlyFee', 'consumptionPrice', 'energyTax']));
    expect(grid.serviceId).toBe(inquiries[0]?.serviceId);
  });

  it("is 404 for another customer's location, another organisation's and a malformed id, 401 without a token", async () => {
    const [business] = await signIn(t.app, 'solvik', 'business');
    const businessHome = await homeOf('solvik', business!.accessToken).catch(async () => {
      const me = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: business!.accessToken });
      return me.body.data.locations[0]._id as string;
    });
    const [fjell] = await signIn(t.app, 'fjellkraft', 'demo');
    const fjellHome = await homeOf('fjellkraft', fjell!.accessToken);
    for (const id of [businessHome, fjellHome, 'not-an-id']) {
      const res = await call(t.app, { method: 'GET', url: `/v4/solvik/locations/${id}/agreements`, token: demo.accessToken });
      expect(res.status, id).toBe(404);
      expect(res.body.key).toBe('NOT_FOUND');
    }
    const anonymous = await call(t.app, { method: 'GET', url: `/v4/solvik/locations/${homeId}/agreements` });
    expect(anonymous.status).toBe(401);
  });
});

describe('third-party data inquiries', () => {
  it('lists the demo inquiries newest first, two pending, one accepted, one rejected', () => {
    expect(inquiries.map((i) => i.status)).toEqual(['pending', 'pending', 'accepted', 'rejected']);
    const dates = inquiries.map((i) => i.inquiryDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('accepts a pending inquiry, then rejects it, answering the updated list each time', async () => {
    const target = inquiries[0]!;
    const accepted = await answer(target.inquiryId, { status: 'accepted' });
    expect(accepted.status).toBe(200);
    const afterAccept = ThirdPartyDataInquiry.array().parse(accepted.body.data);
    expect(afterAccept).toHaveLength(4);
    expect(afterAccept.find((i) => i.inquiryId === target.inquiryId)?.status).toBe('accepted');
    expect(await statusOf(target.inquiryId)).toBe('accepted');

    const rejected = await answer(target.inquiryId, { status: 'rejected' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.find((i: ThirdPartyDataInquiry) => i.inquiryId === target.inquiryId).status).toBe('rejected');
    const changed = await t.db.selectFrom('third_party_data_inquiries').select(['status_changed_by']).where('id', '=', target.inquiryId).executeTakeFirstOrThrow();
    expect(changed.status_changed_by).toBe(demo.userId);
  });

  it('refuses a forbidden transition with 409 and the allowed targets, and changes nothing', async () => {
    const rejected = byStatus('rejected');
    for (const status of ['accepted', 'pending']) {
      const res = await answer(rejected.inquiryId, { status });
      expect(res.status, status).toBe(409);
      expect(res.body.key).toBe('INQUIRY_TRANSITION_NOT_ALLOWED');
      expect(res.body.data).toEqual({ from: 'rejected', to: status, allowed: [] });
    }
    expect(await statusOf(rejected.inquiryId)).toBe('rejected');

    const accepted = byStatus('accepted');
    const back = await answer(accepted.inquiryId, { status: 'pending' });
    expect(back.status).toBe(409);
    expect(back.body.data.allowed).toEqual(['rejected']);
    expect(await statusOf(accepted.inquiryId)).toBe('accepted');
  });

  it('answers the list unchanged when the status is the one the inquiry has', async () => {
    const accepted = byStatus('accepted');
    const res = await answer(accepted.inquiryId, { status: 'accepted' });
    expect(res.status).toBe(200);
    expect(await statusOf(accepted.inquiryId)).toBe('accepted');
  });

  it('refuses a bad status or body with 400 naming body.status, and changes nothing', async () => {
    const pending = inquiries[1]!;
    for (const payload of [{ status: 'maybe' }, { status: 'ACCEPTED' }, {}, { status: 1 }]) {
      const res = await answer(pending.inquiryId, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.key).toBe('VALIDATION_FAILED');
      expect(res.body.data.issues.map((issue: { path: string }) => issue.path).join(' ')).toContain('status');
    }
    expect(await statusOf(pending.inquiryId)).toBe('pending');
  });

  it("is 404 for another organisation's inquiry, a non-member, an unknown inquiry, and 401 across prefixes", async () => {
    const pending = inquiries[1]!;
    const [fjell] = await signIn(t.app, 'fjellkraft', 'demo');
    const fjellHome = await homeOf('fjellkraft', fjell!.accessToken);
    const fjellList = await call(t.app, { method: 'GET', url: inquiriesUrl(fjellHome, 'fjellkraft'), token: fjell!.accessToken });
    expect(fjellList.status).toBe(200);
    const fjellPending = (fjellList.body.data as ThirdPartyDataInquiry[]).find((i) => i.status === 'pending')!;

    // solvik's customer, under solvik's prefix, with fjellkraft's location and inquiry ids.
    const theirs = await answer(fjellPending.inquiryId, { status: 'rejected' }, { locationId: fjellHome });
    expect(theirs.status).toBe(404);
    const theirList = await call(t.app, { method: 'GET', url: inquiriesUrl(fjellHome), token: demo.accessToken });
    expect(theirList.status).toBe(404);
    // fjellkraft's customer, under its own prefix, with solvik's ids (and its own location with solvik's inquiry).
    const ours = await answer(pending.inquiryId, { status: 'accepted' }, { token: fjell!.accessToken, organisation: 'fjellkraft', locationId: homeId });
    expect(ours.status).toBe(404);
    const mixed = await answer(pending.inquiryId, { status: 'accepted' }, { token: fjell!.accessToken, organisation: 'fjellkraft', locationId: fjellHome });
    expect(mixed.status).toBe(404);
    // A token of one organisation is refused under the other's prefix.
    const crossPrefix = await answer(pending.inquiryId, { status: 'accepted' }, { token: fjell!.accessToken });
    expect(crossPrefix.status).toBe(401);
    expect(await statusOf(fjellPending.inquiryId)).toBe('pending');

    // Another customer of the same organisation is not a member of the home's account.
    const [business] = await signIn(t.app, 'solvik', 'business');
    const notMember = await answer(pending.inquiryId, { status: 'rejected' }, { token: business!.accessToken });
    expect(notMember.status).toBe(404);
    expect(notMember.body.key).toBe('NOT_FOUND');
    const list = await call(t.app, { method: 'GET', url: inquiriesUrl(homeId), token: business!.accessToken });
    expect(list.status).toBe(404);

    const unknown = await answer('0'.repeat(24), { status: 'accepted' });
    expect(unknown.status).toBe(404);
    expect(await statusOf(pending.inquiryId)).toBe('pending');
  });

  it('is 404 where the organisation does not offer the feature (koivu), though its agreements are there', async () => {
    const [koivu] = await signIn(t.app, 'koivu', 'demo');
    const koivuHome = await homeOf('koivu', koivu!.accessToken);
    const res = await call(t.app, { method: 'GET', url: inquiriesUrl(koivuHome, 'koivu'), token: koivu!.accessToken });
    expect(res.status).toBe(404);
    const agreements = await call(t.app, { method: 'GET', url: `/v4/koivu/locations/${koivuHome}/agreements`, token: koivu!.accessToken });
    expect(agreements.status).toBe(200);
    expect(agreements.body.data.map((a: Agreement) => a.siteType)).toContain('CONSUMPTION_NET');
  });
});
