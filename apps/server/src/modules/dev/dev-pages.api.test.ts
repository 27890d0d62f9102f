import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp } from '../../../test/app.ts';
import { TEST_DEV_KEY } from '../../../test/constants.ts';
import { startSignInTestApp, type SignInTestApp } from '../../../test/sign-in.ts';
import { ConfigError, loadConfig } from '../../config.ts';

/** What a browser sends after it opened the banner's link once. */
const keyCookie = { cookie: `gridline_dev_key=${TEST_DEV_KEY}` };

let t: SignInTestApp;
beforeAll(async () => {
  t = await startSignInTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the key of the development pages (anyone with them signs in as anyone)', () => {
  const pages = ['/dev/outbox', '/dev/outbox.json', '/dev/bankid'];

  it('answers 404, like an unknown address, without the key or with a wrong one', async () => {
    const unknown = await call(t.app, { method: 'GET', url: '/no-such-page.json' });
    for (const url of pages) {
      for (const attempt of [{ url }, { url: `${url}?key=wrong-key-0123456789` }, { url, headers: { cookie: 'gridline_dev_key=wrong' } }]) {
        const answer = await call(t.app, { method: 'GET', ...attempt });
        expect(answer.status, attempt.url).toBe(404);
        expect(answer.body.key).toBe('NOT_FOUND');
        expect(answer.response.body).not.toContain('Birgitta');
      }
    }
    expect(unknown.status).toBe(404);
    const approve = await call(t.app, { method: 'POST', url: '/dev/bankid/orders/any/approve', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'person=195609022644%7CBirgitta%7CLindqvist' });
    expect(approve.status).toBe(404);
  });

  it("opens with the banner's ?key= and keeps it in an HttpOnly cookie for the pages' own links", async () => {
    const first = await call(t.app, { method: 'GET', url: `/dev/outbox?key=${TEST_DEV_KEY}` });
    expect(first.status).toBe(200);
    const cookie = String(first.response.headers['set-cookie']);
    expect(cookie).toContain(`gridline_dev_key=${TEST_DEV_KEY}`);
    expect(cookie).toMatch(/HttpOnly/);
    // Lax: the portal's "Start the BankID app" link arrives from an organisation's host, another site.
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/dev/);
    expect((await call(t.app, { method: 'GET', url: '/dev/bankid', headers: keyCookie })).status).toBe(200);
  });

  it('refuses to start the simulators beyond loopback unless SIGN_IN_SERVICES names them', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/SIGN_IN_SERVICES/);
    expect(loadConfig({ HOST: '0.0.0.0', SIGN_IN_SERVICES: 'simulator' }).signInServices).toBe('simulator');
    expect(loadConfig({ HOST: '127.0.0.1' }).signInServices).toBe('simulator');
    expect(loadConfig({}).devKey).toMatch(/^[\w-]{24}$/);
    expect(loadConfig({}).devKey).not.toBe(loadConfig({}).devKey);
    expect(loadConfig({ DEV_KEY: 'my-own-key-0123456789' }).devKey).toBe('my-own-key-0123456789');
  });
});

describe('the development outbox', () => {
  it('lists the SMS and e-mails the simulators received, newest first, with clickable links', async () => {
    await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PIN', organisation: 'solvik', personalId: '3100001' } });
    await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'EMAIL_LINK', organisation: 'solvik', personalId: '3100002' } });
    await t.simulators.outbox.waitFor({ kind: 'email', to: 'elsa.nyberg@example.com' });
    const page = await call(t.app, { method: 'GET', headers: keyCookie, url: '/dev/outbox' });
    expect(page.status).toBe(200);
    expect(page.response.headers['content-type']).toContain('text/html');
    const html = page.response.body;
    const email = html.indexOf('elsa.nyberg@example.com');
    const sms = html.indexOf('+46701212121');
    expect(email).toBeGreaterThan(0);
    expect(sms).toBeGreaterThan(email); // newest first
    expect(html).toMatch(/<a href="http:\/\/solvik\.localhost:3999\/login\?ref=[\w-]+">/);
    const json = await call(t.app, { method: 'GET', headers: keyCookie, url: '/dev/outbox.json?kind=sms' });
    expect(json.body.data[0]).toMatchObject({ kind: 'sms', to: '+46701212121' });
  });

  it('does not exist without the simulators', async () => {
    const plain = await startTestApp();
    try {
      expect((await call(plain.app, { method: 'GET', url: '/dev/outbox' })).status).toBe(404);
      expect((await call(plain.app, { method: 'GET', url: '/dev/bankid' })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('the test BankID app', () => {
  it('approves a waiting order as a chosen person through its form', async () => {
    const start = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'BANKID', organisation: 'solvik', otherDevice: true } });
    const order = t.simulators.bankid.orders()[0]!;
    const page = await call(t.app, { method: 'GET', headers: keyCookie, url: '/dev/bankid' });
    expect(page.response.body).toContain(`/dev/bankid/orders/${order.orderRef}/approve`);
    expect(page.response.body).toContain('Tolvan Tolvansson, 191212121212 (solvik, no account yet)');
    // Support mode's admin BankID: the support admin identifies as themselves.
    expect(page.response.body).toContain('Kim Support, 197906234153 (solvik staff)');
    const approved = await call(t.app, {
      method: 'POST',
      url: `/dev/bankid/orders/${order.orderRef}/approve`,
      headers: { ...keyCookie, 'content-type': 'application/x-www-form-urlencoded' },
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
      headers: { ...keyCookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `qr=${encodeURIComponent(`bankid.${order.qrStartToken}.0.${'0'.repeat(64)}`)}`,
    });
    expect(forged.response.headers.location).toContain(encodeURIComponent('The QR code is not genuine.'));
    const cancelled = await call(t.app, { method: 'POST', url: `/dev/bankid/orders/${order.orderRef}/cancel`, headers: { ...keyCookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(cancelled.status).toBe(303);
    expect(t.simulators.bankid.find(order.orderRef)).toMatchObject({ status: 'failed', hintCode: 'userCancel' });
  });
});

describe('the development clock', () => {
  const clock = (method: 'GET' | 'PUT', payload?: object) => call(t.app, { method, url: '/dev/clock.json', headers: keyCookie, ...(payload ? { payload } : {}) });

  it('moves the time the API judges a schedule by, and goes back at 0', async () => {
    const startsIn = 10 * 60;
    await t.db
      .insertInto('disruptions')
      .values({
        id: 'c10c0c10c0c10c0c10c0c10c',
        organisation_id: (await t.db.selectFrom('organisations').select('id').where('slug', '=', 'solvik').executeTakeFirstOrThrow()).id,
        name: 'Clock test',
        type: 'warning',
        targets: ['mypages'],
        title: JSON.stringify({ en: 'Clock test' }),
        message: JSON.stringify({ en: 'Shown between 10 and 20 minutes from now.' }),
        enabled: true,
        start_date: new Date(Date.now() + startsIn * 1000),
        end_date: new Date(Date.now() + 2 * startsIn * 1000),
        level: 'mild',
        updated_by: 'test@gridline.example',
      })
      .execute();
    const shown = async () => (await call(t.app, { method: 'GET', url: '/v4/disruptions/solvik/active-disruption?product=mypages' })).body.data?.name ?? null;
    try {
      expect(await shown()).toBeNull();
      const moved = await clock('PUT', { offsetSeconds: startsIn + 60 });
      expect(moved.status).toBe(200);
      expect(moved.body.data.offsetSeconds).toBe(startsIn + 60);
      expect(Date.parse(moved.body.data.now) - Date.now()).toBeGreaterThan(startsIn * 1000);
      expect(await shown()).toBe('Clock test');
      await clock('PUT', { offsetSeconds: 2 * startsIn + 60 });
      expect(await shown()).toBeNull();
      expect((await clock('PUT', { offsetSeconds: 400 * 86_400 })).status).toBe(400);
      expect((await call(t.app, { method: 'PUT', url: '/dev/clock.json', payload: { offsetSeconds: 60 } })).status).toBe(404);
    } finally {
      await clock('PUT', { offsetSeconds: 0 });
      await t.db.deleteFrom('disruptions').where('id', '=', 'c10c0c10c0c10c0c10c0c10c').execute();
    }
    expect((await clock('GET')).body.data.offsetSeconds).toBe(0);
  });
});
