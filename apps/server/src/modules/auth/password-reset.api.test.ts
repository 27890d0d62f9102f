import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp } from '../../../test/app.ts';
import { startSignInTestApp, type SignInTestApp } from '../../../test/sign-in.ts';

let t: SignInTestApp;
beforeAll(async () => {
  t = await startSignInTestApp();
});
afterAll(async () => {
  await t.close();
});

const PORTAL = 'http://solvik.localhost:3999';
const reset = (payload: Record<string, unknown>, organisation = 'solvik', headers: Record<string, string> = { origin: PORTAL }) =>
  call(t.app, { method: 'PUT', url: `/v4/${organisation}/users/resetPassword`, payload, headers });
const exchange = (ref: string, organisation = 'solvik') => call(t.app, { method: 'GET', url: `/v4/${organisation}/account/sessions/accessToken?ref=${encodeURIComponent(ref)}` });
const passwordSignIn = (username: string, password: string, organisation = 'solvik') =>
  call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PWD', organisation, username, password } });

/** The newest reset e-mail to an address after a moment, and its link's `ref`. */
async function resetMailTo(email: string, after: Date) {
  const mail = await t.simulators.outbox.waitFor({ kind: 'email', to: email, after });
  const link = /(http\S+\?ref=([\w-]+))/.exec(mail.text);
  if (!link) throw new Error(`no link in ${mail.text}`);
  return { mail, link: link[1]!, ref: link[2]! };
}

const mailsTo = (email: string, after: Date) => t.simulators.outbox.list({ kind: 'email', to: email }).filter((mail) => mail.createdAt >= after);

describe('PUT /v4/{organisation}/users/resetPassword', () => {
  it('mails a one-time link in the customer’s language; its ref signs in freshly, the new password replaces the old and ends the other sessions', async () => {
    const before = await passwordSignIn('demo', 'demo');
    expect(before.status).toBe(200);
    const other = (await exchange(before.body.data.ref)).body.data.auths[0] as { refreshToken: string };

    const sent = new Date();
    const res = await reset({ email: ' Anna-Karin.Lindqvist@example.com ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ success: true });
    const { mail, link, ref } = await resetMailTo('anna-karin.lindqvist@example.com', sent);
    expect(mail.subject).toBe('Välj ett nytt lösenord hos Solvik Energi');
    expect(mail.text).toContain('Ditt användarnamn är demo.');
    expect(mail.text).toContain('Hej Anna-Karin!');
    expect(mail.html).toContain(`href="${link}"`);
    expect(link.startsWith(`${PORTAL}/reset-password?ref=`)).toBe(true);

    const tokens = await exchange(ref);
    expect(tokens.status).toBe(200);
    const auth = tokens.body.data.auths[0] as { accessToken: string; userId: string };
    // The link works once.
    expect((await exchange(ref)).body.key).toBe('AUTH_REF_USED');

    const changed = await call(t.app, {
      method: 'PUT',
      url: `/v4/solvik/users/${auth.userId}`,
      payload: { newPassword: 'a-new-secret' },
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await passwordSignIn('demo', 'demo')).body.key).toBe('WRONG_PASSWORD');
    expect((await passwordSignIn('demo', 'a-new-secret')).status).toBe(200);
    // The session that was signed in before the reset is over.
    const renewed = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?refreshToken=${encodeURIComponent(other.refreshToken)}` });
    expect(renewed.status).toBe(401);
  });

  it('answers alike for an e-mail nobody has and for a customer without a password, and sends nothing', async () => {
    const sent = new Date();
    const stranger = await reset({ email: 'nobody@example.com' });
    const noPassword = await reset({ email: 'birgitta.lindqvist@example.com' });
    expect(stranger.status).toBe(200);
    expect(noPassword.status).toBe(200);
    expect(noPassword.body).toEqual(stranger.body);
    expect(mailsTo('nobody@example.com', sent)).toHaveLength(0);
    expect(mailsTo('birgitta.lindqvist@example.com', sent)).toHaveLength(0);
  });

  it('points the link at a portal page of the organisation only: a callback elsewhere, in the back office or with a query is refused, a forged Origin is ignored', async () => {
    const sent = new Date();
    for (const callbackUrl of ['https://evil.example/reset-password', `${PORTAL}/admin/set-password`, `${PORTAL}/reset-password?next=https://evil.example`, 'http://koivu.localhost:3999/reset-password', 'not a url']) {
      const refused = await reset({ email: 'anna-karin.lindqvist@example.com', callbackUrl });
      expect(refused.status, callbackUrl).toBe(400);
      expect(refused.body.key).toBe('INVALID_REDIRECT_URI');
    }
    // A stranger's callback is refused too, so the answer tells nothing about who is a customer.
    expect((await reset({ email: 'nobody@example.com', callbackUrl: 'https://evil.example/x' })).body.key).toBe('INVALID_REDIRECT_URI');
    expect(mailsTo('anna-karin.lindqvist@example.com', sent)).toHaveLength(0);

    const forged = await reset({ email: 'anna-karin.lindqvist@example.com' }, 'solvik', { origin: 'https://evil.example' });
    expect(forged.status).toBe(200);
    const { link } = await resetMailTo('anna-karin.lindqvist@example.com', sent);
    expect(link.startsWith(`${PORTAL}/reset-password?ref=`)).toBe(true);

    const named = new Date();
    expect((await reset({ email: 'anna-karin.lindqvist@example.com', callbackUrl: `${PORTAL}/my-own-reset` })).status).toBe(200);
    expect((await resetMailTo('anna-karin.lindqvist@example.com', named)).link.startsWith(`${PORTAL}/my-own-reset?ref=`)).toBe(true);
  });

  it('lets a link live an hour, and keeps organisations apart', async () => {
    const sent = new Date();
    await reset({ email: 'anna-karin.lindqvist@example.com' });
    const { ref } = await resetMailTo('anna-karin.lindqvist@example.com', sent);
    // Another organisation does not know the ref.
    expect((await exchange(ref, 'koivu')).status).toBe(404);
    t.advance(60 * 60_000 + 1_000);
    const late = await exchange(ref);
    expect(late.status).toBe(401);
    expect(late.body.key).toBe('EMAIL_LINK_EXPIRED');
  });

  it('refuses bad input without sending: a malformed e-mail, extra fields, a NUL byte, an unknown organisation', async () => {
    const sent = new Date();
    const malformed = await reset({ email: 'not-an-email' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.key).toBe('MALFORMED_EMAIL');
    const extra = await reset({ email: 'anna-karin.lindqvist@example.com', admin: true });
    expect(extra.status).toBe(400);
    expect(extra.body.key).toBe('VALIDATION_FAILED');
    const nul = await reset({ email: 'anna-karin.lindqvist@example.com\u0000' });
    expect(nul.status).toBe(400);
    const missing = await reset({});
    expect(missing.status).toBe(400);
    const unknown = await reset({ email: 'anna-karin.lindqvist@example.com' }, 'nowhere');
    expect(unknown.status).toBe(404);
    expect(mailsTo('anna-karin.lindqvist@example.com', sent)).toHaveLength(0);
  });

  it('sends at most five links per e-mail in 15 minutes', async () => {
    const email = 'ekonomi@malardalensbageri.example.com';
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await reset({ email })).status);
    expect(answers.slice(0, 5).every((status) => status === 200)).toBe(true);
    expect(answers[5]).toBe(429);
  });
});

describe('without the sign-in services', () => {
  it('says the method is not available when no mail server is configured', async () => {
    const plain = await startTestApp();
    try {
      const res = await call(plain.app, { method: 'PUT', url: '/v4/solvik/users/resetPassword', payload: { email: 'anna-karin.lindqvist@example.com' } });
      expect(res.status).toBe(400);
      expect(res.body.key).toBe('SIGN_IN_METHOD_DISABLED');
    } finally {
      await plain.close();
    }
  });
});
