import { TEST_DEV_KEY } from '../../../test/constants.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedHintCodes } from '../../integrations/bankid/client.ts';
import { animatedQrData, secondsSinceOrder } from '../../integrations/bankid/qr.ts';
import { demoIdentities } from '../../demo/sign-in-identities.ts';
import { call } from '../../../test/app.ts';
import { pollProcess, startSignInTestApp, TEST_PUBLIC_URL, type SignInTestApp } from '../../../test/sign-in.ts';

let t: SignInTestApp;
beforeAll(async () => {
  t = await startSignInTestApp();
});
afterAll(async () => {
  await t.close();
});

const annaKarin = { personalNumber: demoIdentities.solvik!.personalIds['anna-karin.lindqvist@example.com']!, givenName: 'Anna-Karin', surname: 'Lindqvist' };

async function startBankId(body: Record<string, unknown> = {}) {
  const res = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'BANKID', organisation: 'solvik', otherDevice: true, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const order = t.simulators.bankid.orders().find((o) => o.status === 'pending');
  return { ref: res.body.data.ref as string, data: res.body.data, order: order! };
}

const poll = (ref: string) => call(t.app, { method: 'GET', url: `/v3/auth/?ref=${ref}&organisation=solvik` });

describe('BankID on another device (animated QR)', () => {
  it('shows a 300×300 QR image that changes every second, and signs in the person who approves', async () => {
    const { ref, data, order } = await startBankId();
    expect(data).toMatchObject({ status: 'process', type: 'BANKID', hintCode: 'outstandingTransaction' });
    expect(data.qrCodeUri).toBe(`/v3/auth/qr?ref=${ref}&organisation=solvik`);
    expect(data.autoStartToken).toBeUndefined();

    const image = await call(t.app, { method: 'GET', url: data.qrCodeUri });
    expect(image.status).toBe(200);
    expect(image.response.headers['content-type']).toBe('image/png');
    expect(image.response.headers['cache-control']).toBe('no-store');
    const png = image.response.rawPayload;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([300, 300]);
    t.advance(1_000);
    const next = await call(t.app, { method: 'GET', url: data.qrCodeUri });
    expect(next.response.rawPayload.equals(png)).toBe(false);

    // The tester's phone scans the code on the screen: genuine and fresh.
    const scanned = t.simulators.bankid.scanQr(animatedQrData(order.qrStartToken, order.qrStartSecret, secondsSinceOrder(order.createdAt, Date.now())));
    expect(scanned.ok).toBe(true);
    expect((await poll(ref)).body.data).toMatchObject({ status: 'process', hintCode: 'userSign' });

    expect(t.simulators.bankid.approve(order.orderRef, annaKarin).ok).toBe(true);
    const done = await poll(ref);
    expect(done.body.data).toMatchObject({ status: 'done', language: 'sv' });
    expect(done.body.data.auths).toHaveLength(2);
    expect(done.body.data.qrCodeUri).toBeUndefined();

    const tokens = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${ref}` });
    expect(tokens.status).toBe(200);
    const me = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: tokens.body.data.auths[0].accessToken });
    expect(me.body.data.firstName.toLowerCase()).toBe('anna-karin');

    // The QR image is gone once the order is finished; the completion data is in the audit log.
    expect((await call(t.app, { method: 'GET', url: data.qrCodeUri })).status).toBe(404);
    const audit = await t.db.selectFrom('audit_logs').selectAll().where('subject_id', '=', ref).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe('signin.bankid');
    expect((audit[0]!.data as { user: { personalNumber: string } }).user.personalNumber).toBe(annaKarin.personalNumber);
  });
});

describe('BankID on the same device', () => {
  it('gives the autostart token and the address that starts the (test) app, and no QR code', async () => {
    const { data, order } = await startBankId({ otherDevice: false });
    expect(data.autoStartToken).toBe(order.autoStartToken);
    // On the public address, where the banner's link left the key's cookie: a path would resolve
    // on the organisation's host, which never saw the cookie.
    expect(data.autoStartUrl).toBe(`${TEST_PUBLIC_URL}/dev/bankid?autostarttoken=${order.autoStartToken}`);
    expect(data.qrCodeUri).toBeUndefined();
    // The test app, opened at that address in a browser that opened the banner's link once (the
    // key's cookie), shows the order as started; without the key it is no page at all.
    const { pathname, search } = new URL(data.autoStartUrl);
    expect((await call(t.app, { method: 'GET', url: `${pathname}${search}` })).status).toBe(404);
    const page = await call(t.app, { method: 'GET', url: `${pathname}${search}`, headers: { cookie: `gridline_dev_key=${TEST_DEV_KEY}` } });
    expect(page.status).toBe(200);
    expect(page.response.body).toContain('The app was started for the order below');
    expect(t.simulators.bankid.find(order.orderRef)!.hintCode).toBe('userSign');
  });

  it('asks BankID for the given personal number only, and refuses a malformed one', async () => {
    const { order } = await startBankId({ otherDevice: false, personalId: '19121212-1212' });
    expect(order.requiredPersonalNumber).toBe('191212121212');
    const bad = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'BANKID', organisation: 'solvik', personalId: '19121212-1213' } });
    expect(bad.status).toBe(400);
    expect(bad.body.key).toBe('MALFORMED_PERSONAL_NUMBER');
    // A second order for the same person: BankID refuses it and cancels the first.
    const again = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'BANKID', organisation: 'solvik', personalId: '191212121212' } });
    expect(again.status).toBe(409);
    expect(again.body.key).toBe('BANKID_ALREADY_IN_PROGRESS');
    expect(t.simulators.bankid.find(order.orderRef)).toMatchObject({ status: 'failed', hintCode: 'cancelled' });
  });
});

describe('BankID hint codes, cancel and expiry', () => {
  it('passes every pending hint code on to the poll', async () => {
    const { ref, order } = await startBankId();
    for (const hint of ['noClient', 'started', 'userSign', 'userMrtd', 'userCallConfirm']) {
      t.simulators.bankid.setPendingHint(order.orderRef, hint);
      expect((await poll(ref)).body.data).toMatchObject({ status: 'process', hintCode: hint });
    }
  });

  it('ends the process in error with each failure hint code as its error', async () => {
    for (const hint of failedHintCodes) {
      const { ref, order } = await startBankId();
      t.simulators.bankid.fail(order.orderRef, hint);
      const res = await poll(ref);
      expect(res.body.data, hint).toMatchObject({ status: 'error', error: hint, hintCode: hint });
      expect(res.body.data.auths).toBeUndefined();
      const exchange = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${ref}` });
      expect(exchange.status).toBe(404);
    }
  });

  it('cancels the order at BankID when the user gives up', async () => {
    const { ref, order } = await startBankId();
    const cancelled = await call(t.app, { method: 'POST', url: '/v3/auth/cancel', payload: { organisation: 'solvik', ref } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ ref, status: 'aborted' });
    expect(t.simulators.bankid.find(order.orderRef)).toBeNull();
    expect((await poll(ref)).body.data).toMatchObject({ status: 'aborted', error: 'userCancel' });
  });

  it('ends in expiredTransaction when BankID has forgotten the order, and when the process outlives its 10 minutes', async () => {
    const { ref, order } = await startBankId();
    // the order vanished at BankID (collect answers invalidParameters)
    t.simulators.bankid.fail(order.orderRef, 'expiredTransaction');
    expect((await poll(ref)).body.data).toMatchObject({ status: 'error', error: 'expiredTransaction' });

    const second = await startBankId();
    t.advance(10 * 60_000 + 1_000);
    expect((await poll(second.ref)).body.data).toMatchObject({ status: 'aborted', error: 'expiredTransaction' });
  });

  it('refuses a person who is no customer at all (USER_NOT_FOUND)', async () => {
    const { ref, order } = await startBankId();
    t.simulators.bankid.approve(order.orderRef, { personalNumber: '197001011237', givenName: 'Nobody', surname: 'Here' });
    expect((await poll(ref)).body.data).toMatchObject({ status: 'error', error: 'USER_NOT_FOUND' });
  });

  it('answers 503 BANKID_UNAVAILABLE while BankID is down, and is offered only where configured', async () => {
    t.simulators.bankid.setMaintenance(true);
    const down = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'BANKID', organisation: 'solvik' } });
    t.simulators.bankid.setMaintenance(false);
    expect(down.status).toBe(503);
    expect(down.body.key).toBe('BANKID_UNAVAILABLE');
    const alpenwerk = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'BANKID', organisation: 'alpenwerk' } });
    expect(alpenwerk.status).toBe(400);
    expect(alpenwerk.body.key).toBe('SIGN_IN_METHOD_DISABLED');
  });
});

describe('a person the provider knows but who has no account yet (409, prospect)', () => {
  it('signs in, answers 409 while the account is created, moves the prospect through its statuses, then issues tokens', async () => {
    const { ref, order } = await startBankId();
    t.simulators.bankid.approve(order.orderRef, { personalNumber: '191212121212', givenName: 'Tolvan', surname: 'Tolvansson' });
    const done = await pollProcess(t.app, 'solvik', ref);
    expect(done.body.data.status).toBe('done');
    const [auth] = done.body.data.auths;
    expect(auth).toMatchObject({ scope: 'USER' });

    const first = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${ref}` });
    expect(first.status).toBe(409);
    expect(first.body.key).toBe('ACCOUNT_PENDING');
    const prospect = first.body.data.prospect as string;
    expect(prospect).toMatch(/^[0-9a-f]{24}$/);

    const seen: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      const state = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?prospect=${prospect}&organisation=solvik` });
      expect(state.status).toBe(200);
      if (seen.at(-1) !== state.body.data.status) seen.push(state.body.data.status);
      if (state.body.data.status === 'account_resolved') break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(seen.at(-1)).toBe('account_resolved');
    const log = await t.db.selectFrom('account_prospects').select('log').where('id', '=', prospect).executeTakeFirstOrThrow();
    expect(log.log.map((entry) => entry.status)).toEqual(['new', 'valid', 'provider_pending', 'provider_resolved', 'account_waiting', 'account_pending', 'account_resolved']);

    const tokens = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${ref}` });
    expect(tokens.status).toBe(200);
    expect(tokens.body.data.auths[0]).toMatchObject({ userId: auth.userId, accountId: auth.accountId });
    const me = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: tokens.body.data.auths[0].accessToken });
    expect(me.body.data).toMatchObject({ firstName: 'Tolvan', lastName: 'Tolvansson' });
    expect(me.body.data.locations).toHaveLength(1);
    expect(me.body.data.locations[0]).toMatchObject({ status: 'ACTIVE_PROCESS', position: { address: 'Skultunavägen 12' } });
    const after = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?prospect=${prospect}` });
    expect(after.body.data.status).toBe('signed_in');

    // The next sign-in finds the user directly.
    const second = await startBankId();
    t.simulators.bankid.approve(second.order.orderRef, { personalNumber: '191212121212', givenName: 'Tolvan', surname: 'Tolvansson' });
    await pollProcess(t.app, 'solvik', second.ref);
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${second.ref}` })).status).toBe(200);

    // Another organisation's prospect id is not found.
    expect((await call(t.app, { method: 'GET', url: `/v4/fjellkraft/account/sessions/accessToken?prospect=${prospect}` })).status).toBe(404);
  });
});
