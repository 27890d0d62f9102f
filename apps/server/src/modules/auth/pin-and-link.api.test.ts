import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '@gridline/contracts/identity';
import { demoIdentities } from '../../demo/sign-in-identities.ts';
import { call, startTestApp } from '../../../test/app.ts';
import { startSignInTestApp, TEST_PUBLIC_URL, type SignInTestApp } from '../../../test/sign-in.ts';

let t: SignInTestApp;
beforeAll(async () => {
  t = await startSignInTestApp();
});
afterAll(async () => {
  await t.close();
});

const solvik = demoIdentities.solvik!;
const annaKarin = solvik.personalIds['anna-karin.lindqvist@example.com']!;
const oskar = solvik.personalIds['oskar.berg@example.com']!;
const birgitta = solvik.personalIds['birgitta.lindqvist@example.com']!;

const start = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/v3/auth/', payload: { organisation: 'solvik', ...payload }, headers });
const pinCallback = (ref: string, pin: string) => call(t.app, { method: 'POST', url: '/v3/auth/USR_PIN/callback', payload: { organisation: 'solvik', ref, pin } });
const poll = (ref: string, organisation = 'solvik') => call(t.app, { method: 'GET', url: `/v3/auth/?ref=${encodeURIComponent(ref)}&organisation=${organisation}` });
const exchange = (ref: string, organisation = 'solvik') => call(t.app, { method: 'GET', url: `/v4/${organisation}/account/sessions/accessToken?ref=${encodeURIComponent(ref)}` });

/** The PIN of the newest SMS to a number. */
async function pinSentTo(phone: string, after: Date): Promise<string> {
  const sms = await t.simulators.outbox.waitFor({ kind: 'sms', to: phone, after });
  const pin = /\b(\d{4})\b/.exec(sms.text)?.[1];
  if (!pin) throw new Error(`no PIN in ${sms.text}`);
  return pin;
}

const otherPin = (pin: string) => String((Number(pin) + 1) % 10_000).padStart(4, '0');

describe('PIN by SMS (USR_PIN)', () => {
  it('sends a 4-digit PIN to the phone on file, refuses a wrong one with the tries left, and signs in with the right one', async () => {
    const sent = new Date();
    const res = await start({ type: 'USR_PIN', personalId: annaKarin.slice(2, 8) + '-' + annaKarin.slice(8) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'process', type: 'USR_PIN', sentTo: '+46 70•••••67', attemptsLeft: 5 });
    const ref = res.body.data.ref as string;
    const sms = t.simulators.outbox.list({ kind: 'sms', to: '+46701234567' })[0]!;
    expect(sms.from).toBe('Gridline');
    expect(sms.text).toMatch(/^\d{4} är din kod för att logga in hos Solvik Energi\. Den gäller i 5 minuter\./);
    const pin = await pinSentTo('+46701234567', sent);

    const wrong = await pinCallback(ref, otherPin(pin));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ key: 'WRONG_PIN', data: { attemptsLeft: 4 } });
    expect((await poll(ref)).body.data).toMatchObject({ status: 'process', attemptsLeft: 4 });

    // not four digits: refused without costing a try
    const malformed = await pinCallback(ref, '12a4');
    expect(malformed.status).toBe(400);
    expect(malformed.body.key).toBe('MALFORMED_PIN');

    const right = await pinCallback(ref, pin);
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ ref, status: 'done' });
    expect((await poll(ref)).body.data.auths).toHaveLength(2);
    expect((await exchange(ref)).status).toBe(200);
  });

  it('aborts after the fifth wrong PIN; then even the right one is refused', async () => {
    const sent = new Date();
    const res = await start({ type: 'USR_PIN', personalId: oskar });
    const ref = res.body.data.ref as string;
    const pin = await pinSentTo('+46739876543', sent);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await pinCallback(ref, otherPin(pin));
      expect(wrong.body).toMatchObject({ key: 'WRONG_PIN', data: { attemptsLeft: 5 - attempt } });
    }
    const fifth = await pinCallback(ref, otherPin(pin));
    expect(fifth.status).toBe(401);
    expect(fifth.body.key).toBe('PIN_ATTEMPTS_EXCEEDED');
    expect((await pinCallback(ref, pin)).body.key).toBe('PIN_ATTEMPTS_EXCEEDED');
    expect((await poll(ref)).body.data).toMatchObject({ status: 'aborted', error: 'PIN_ATTEMPTS_EXCEEDED' });
    expect((await exchange(ref)).status).toBe(404);
  });

  it('lets a PIN live 5 minutes', async () => {
    const sent = new Date();
    const res = await start({ type: 'USR_PIN', personalId: birgitta });
    const ref = res.body.data.ref as string;
    const pin = await pinSentTo('+46705551234', sent);
    t.advance(5 * 60_000 + 1_000);
    const late = await pinCallback(ref, pin);
    expect(late.status).toBe(401);
    expect(late.body.key).toBe('PIN_EXPIRED');
    expect((await poll(ref)).body.data).toMatchObject({ status: 'aborted', error: 'PIN_EXPIRED' });
  });

  it('takes a company by organisation number or customer number', async () => {
    const byNumber = await start({ type: 'USR_PIN', organisationId: solvik.businessOrganisationNumber! });
    expect(byNumber.status, JSON.stringify(byNumber.body)).toBe(200);
    expect(byNumber.body.data.sentTo).toBe('+46 21••••56');
    const business = await t.db.selectFrom('accounts').select('provider_customer_id').where('organisation_number', '=', solvik.businessOrganisationNumber!).executeTakeFirstOrThrow();
    const byCustomer = await start({ type: 'USR_PIN', customerId: business.provider_customer_id });
    expect(byCustomer.status).toBe(200);
  });

  it('refuses malformed identities with their keys, and says when nobody has them', async () => {
    const before = t.simulators.outbox.list().length;
    expect((await start({ type: 'USR_PIN', personalId: annaKarin.slice(0, 11) + '0' })).body).toMatchObject({ status: 400, key: 'MALFORMED_PERSONAL_NUMBER' });
    expect((await start({ type: 'USR_PIN', personalId: 'x' })).body.key).toBe('MALFORMED_PERSONAL_NUMBER');
    expect((await start({ type: 'USR_PIN', organisationId: '556734-5120' })).body.key).toBe('MALFORMED_ORGANISATION_NUMBER');
    expect((await start({ type: 'USR_PIN' })).body.key).toBe('MALFORMED_PERSONAL_NUMBER');
    const nobody = await start({ type: 'USR_PIN', personalId: `19700101123${luhnCheckDigit('700101123')}` });
    expect(nobody.status).toBe(401);
    expect(nobody.body.key).toBe('USER_NOT_FOUND');
    // and nothing was sent for any of them
    expect(t.simulators.outbox.list()).toHaveLength(before);
  });

  it('sends at most 5 codes to one person in 15 minutes', async () => {
    const payload = { type: 'USR_PIN', personalId: '3100002' };
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await start(payload)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('e-mail link (EMAIL_LINK)', () => {
  /** The `ref` of the link in the newest e-mail to an address. */
  async function linkSentTo(email: string, after: Date) {
    const mail = await t.simulators.outbox.waitFor({ kind: 'email', to: email, after });
    const link = /(http\S+\/login\?ref=([\w-]+))/.exec(mail.text);
    if (!link) throw new Error(`no link in ${mail.text}`);
    return { mail, link: link[1]!, ref: link[2]! };
  }

  it('mails a single-use link to the private customer; only the link finishes the sign-in', async () => {
    const sent = new Date();
    const res = await start({ type: 'EMAIL_LINK', personalId: annaKarin }, { origin: 'http://solvik.localhost:3999' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'process', type: 'EMAIL_LINK', sentTo: 'a•••@example.com' });
    const publicRef = res.body.data.ref as string;
    const { mail, link, ref } = await linkSentTo('anna-karin.lindqvist@example.com', sent);
    expect(mail.subject).toBe('Din inloggningslänk till Solvik Energi');
    expect(mail.html).toContain(`href="${link}"`);
    expect(link.startsWith('http://solvik.localhost:3999/login?ref=')).toBe(true);
    expect(ref).not.toBe(publicRef);

    // The browser that asked for the link cannot finish the sign-in with its own ref.
    expect((await poll(publicRef)).body.data.status).toBe('process');
    expect((await exchange(publicRef)).status).toBe(404);

    const opened = await poll(ref);
    expect(opened.body.data).toMatchObject({ ref, status: 'done' });
    expect(opened.body.data.auths).toHaveLength(2);
    expect((await exchange(ref)).status).toBe(200);
    // single use
    const again = await exchange(ref);
    expect(again.status).toBe(401);
    expect(again.body.key).toBe('AUTH_REF_USED');
    expect((await poll(ref)).body.key).toBe('AUTH_REF_USED');
    // the first browser learns that the link was used, nothing more
    const first = await poll(publicRef);
    expect(first.body.data.status).toBe('complete');
    expect(first.body.data.auths).toBeUndefined();
  });

  it('lets a link live 15 minutes', async () => {
    const sent = new Date();
    await start({ type: 'EMAIL_LINK', personalId: birgitta });
    const { ref } = await linkSentTo('birgitta.lindqvist@example.com', sent);
    t.advance(15 * 60_000 + 1_000);
    const late = await poll(ref);
    expect(late.status).toBe(401);
    expect(late.body.key).toBe('EMAIL_LINK_EXPIRED');
    expect((await exchange(ref)).body.key).toBe('EMAIL_LINK_EXPIRED');
  });

  it('mails a company by organisation number; a forged Origin does not change where the link points', async () => {
    const sent = new Date();
    const res = await start({ type: 'EMAIL_LINK', organisationId: solvik.businessOrganisationNumber! }, { origin: 'https://evil.example' });
    expect(res.status).toBe(200);
    const { link } = await linkSentTo('ekonomi@malardalensbageri.example.com', sent);
    expect(link.startsWith('http://solvik.localhost:3999/login?ref=')).toBe(true);
    expect(new URL(TEST_PUBLIC_URL).port).toBe('3999');
  });

  it('mails an Austrian customer by customer number (no personal numbers in Austria)', async () => {
    const sent = new Date();
    const res = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'EMAIL_LINK', organisation: 'alpenwerk', personalId: '3400001' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { mail } = await linkSentTo('lena.huber@example.com', sent);
    expect(mail.subject).toBe('Ihr Anmeldelink für Alpenwerk Energie');
  });
});

describe('without the sign-in services', () => {
  it('offers only username and password', async () => {
    const plain = await startTestApp();
    try {
      const res = await call(plain.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PIN', organisation: 'solvik', personalId: annaKarin } });
      expect(res.status).toBe(400);
      expect(res.body.key).toBe('SIGN_IN_METHOD_DISABLED');
    } finally {
      await plain.close();
    }
  });
});
