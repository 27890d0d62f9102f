import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp } from '../../../test/app.ts';
import { devKeyHeaders, TEST_DEV_KEY } from '../../../test/constants.ts';
import { startSignInTestApp, type SignInTestApp } from '../../../test/sign-in.ts';

let t: SignInTestApp;
beforeAll(async () => {
  t = await startSignInTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the development outbox', () => {
  it('lists the SMS and e-mails the simulators received, newest first, with clickable links', async () => {
    await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PIN', organisation: 'solvik', personalId: '3100001' } });
    await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'EMAIL_LINK', organisation: 'solvik', personalId: '3100002' } });
    await t.simulators.outbox.waitFor({ kind: 'email', to: 'elsa.nyberg@example.com' });
    const page = await call(t.app, { method: 'GET', url: '/dev/outbox', headers: { ...devKeyHeaders } });
    expect(page.status).toBe(200);
    expect(page.response.headers['content-type']).toContain('text/html');
    const html = page.response.body;
    const email = html.indexOf('elsa.nyberg@example.com');
    const sms = html.indexOf('+46701212121');
    expect(email).toBeGreaterThan(0);
    expect(sms).toBeGreaterThan(email); // newest first
    expect(html).toMatch(/<a href="http:\/\/solvik\.localhost:3999\/login\?ref=[\w-]+">/);
    const json = await call(t.app, { method: 'GET', url: '/dev/outbox.json?kind=sms', headers: { ...devKeyHeaders } });
    expect(json.body.data[0]).toMatchObject({ kind: 'sms', to: '+46701212121' });
  });

  it('does not exist without the key printed at start-up: 404 as an unknown address, to every method', async () => {
    const unknown = await call(t.app, { method: 'GET', url: '/dev/nothing' });
    expect(unknown.status).toBe(404);
    const without = [
      await call(t.app, { method: 'GET', url: '/dev/outbox' }),
      await call(t.app, { method: 'GET', url: '/dev/outbox.json' }),
      await call(t.app, { method: 'GET', url: '/dev/bankid' }),
      await call(t.app, { method: 'GET', url: '/dev/bankid?key=not-the-key-0123456789' }),
      await call(t.app, { method: 'GET', url: '/dev/outbox', headers: { cookie: 'gridline_dev_key=not-the-key-0123456789' } }),
      await call(t.app, { method: 'POST', url: '/dev/bankid/scan', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'qr=x' }),
      await call(t.app, { method: 'POST', url: '/dev/bankid/orders/x/approve', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'personalNumber=191212121212' }),
    ];
    for (const res of without) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ key: 'NOT_FOUND', status: 404 });
      expect(res.response.body).not.toContain('Tolvan');
    }
  });

  it('opens with the key in the address once, then by its cookie, so the pages’ own links work', async () => {
    const first = await call(t.app, { method: 'GET', url: `/dev/outbox?key=${TEST_DEV_KEY}` });
    expect(first.status).toBe(200);
    expect(first.response.headers['referrer-policy']).toBe('no-referrer');
    const cookie = String(first.response.headers['set-cookie']);
    expect(cookie).toMatch(/^gridline_dev_key=test-development-key-0123456789; Path=\/dev; HttpOnly; SameSite=Lax$/);
    const link = await call(t.app, { method: 'GET', url: '/dev/bankid', headers: { cookie: cookie.split(';')[0]! } });
    expect(link.status).toBe(200);
    expect(link.response.body).toContain('Test BankID app');
  });

  it('does not exist without the simulators', async () => {
    const plain = await startTestApp();
    try {
      expect((await call(plain.app, { method: 'GET', url: `/dev/outbox?key=${TEST_DEV_KEY}` })).status).toBe(404);
      expect((await call(plain.app, { method: 'GET', url: '/dev/bankid', headers: devKeyHeaders })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('the test BankID app', () => {
  it('approves a waiting order as a chosen person through its form', async () => {
    const start = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'BANKID', organisation: 'solvik', otherDevice: true } });
    const order = t.simulators.bankid.orders()[0]!;
    const page = await call(t.app, { method: 'GET', url: '/dev/bankid', headers: { ...devKeyHeaders } });
    expect(page.response.body).toContain(`/dev/bankid/orders/${order.orderRef}/approve`);
    expect(page.response.body).toContain('Tolvan Tolvansson, 191212121212 (solvik, no account yet)');
    // Support mode's admin BankID: the support admin identifies as themselves.
    expect(page.response.body).toContain('Kim Support, 197906234153 (solvik support admin)');
    const approved = await call(t.app, {
      method: 'POST',
      url: `/dev/bankid/orders/${order.orderRef}/approve`,
      headers: { ...devKeyHeaders, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'person=195609022644%7CBirgitta%7CLindqvist&personalNumber=',
    });
    expect(approved.status).toBe(303);
    expect(approved.response.headers.location).toBe('/dev/bankid?message=Identified%20as%20Birgitta%20Lindqvist.');
    const status = await call(t.app, { method: 'GET', url: `/v3/auth/?ref=${start.body.data.ref}&organisation=solvik` });
    expect(status.body.data.status).toBe('done');
  });

  it('scans a genuine QR code only, and cancels from the app', async () => {
    await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'BANKID', organisation: 'solvik', otherDevice: true } });
    const order = t.simulators.bankid.orders()[0]!;
    const forged = await call(t.app, {
      method: 'POST',
      url: '/dev/bankid/scan',
      headers: { ...devKeyHeaders, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `qr=${encodeURIComponent(`bankid.${order.qrStartToken}.0.${'0'.repeat(64)}`)}`,
    });
    expect(forged.response.headers.location).toContain(encodeURIComponent('The QR code is not genuine.'));
    const cancelled = await call(t.app, { method: 'POST', url: `/dev/bankid/orders/${order.orderRef}/cancel`, headers: { ...devKeyHeaders, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(cancelled.status).toBe(303);
    expect(t.simulators.bankid.find(order.orderRef)).toMatchObject({ status: 'failed', hintCode: 'userCancel' });
  });
});
