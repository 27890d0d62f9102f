import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { RECENT_SIGN_IN_SECONDS } from './service.ts';

/**
 * Ending a session ends its access tokens at once, and an access token alone does not change the
 * ways to sign in (issue 14, decision 0022). The clock moves forward to make a sign-in old.
 */
let t: TestApp;
let offsetMs = 0;
beforeAll(async () => {
  t = await startTestApp({ clock: () => Date.now() + offsetMs });
});
afterAll(async () => {
  await t.close();
});

const me = (organisation: string, token: string) => call(t.app, { method: 'GET', url: `/v4/${organisation}/users/me`, token });
const refresh = (organisation: string, refreshToken: string) => call(t.app, { method: 'GET', url: `/v4/${organisation}/account/sessions/accessToken?refreshToken=${refreshToken}` });

describe('ending a session', () => {
  it("signing out ends the session's access tokens at once, not 15 minutes later", async () => {
    const auths = await signIn(t.app, 'fjellkraft', 'demo');
    expect((await me('fjellkraft', auths[0]!.accessToken)).status).toBe(200);
    const out = await call(t.app, { method: 'DELETE', url: '/v3/auth/', token: auths[0]!.accessToken, payload: { refreshTokens: auths.map((a) => a.refreshToken) } });
    expect(out.status).toBe(200);
    for (const auth of auths) {
      const after = await me('fjellkraft', auth.accessToken);
      expect(after.status).toBe(401);
      expect(after.body.key).toBe('SESSION_REVOKED');
    }
  });

  it("a reused refresh token ends the family's access tokens too", async () => {
    const [first] = await signIn(t.app, 'solvik', 'demo');
    const renewed = (await refresh('solvik', first!.refreshToken)).body.data.auths[0];
    expect((await me('solvik', renewed.accessToken)).status).toBe(200);
    expect((await refresh('solvik', first!.refreshToken)).body.key).toBe('REFRESH_TOKEN_REUSED');
    for (const token of [first!.accessToken, renewed.accessToken]) expect((await me('solvik', token)).body.key).toBe('SESSION_REVOKED');
  });

  it('signing out without a body (a client that sends none) ends the access token\'s own session', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'business');
    const out = await call(t.app, { method: 'DELETE', url: '/v3/auth/', token: auth!.accessToken });
    expect(out.status).toBe(200);
    expect((await me('solvik', auth!.accessToken)).body.key).toBe('SESSION_REVOKED');
    expect((await refresh('solvik', auth!.refreshToken)).status).toBe(401);
  });

  it("another session of the same person goes on", async () => {
    const [mine] = await signIn(t.app, 'koivu', 'demo');
    const [other] = await signIn(t.app, 'koivu', 'demo');
    await call(t.app, { method: 'DELETE', url: '/v3/auth/', token: mine!.accessToken, payload: { refreshTokens: [mine!.refreshToken] } });
    expect((await me('koivu', mine!.accessToken)).status).toBe(401);
    expect((await me('koivu', other!.accessToken)).status).toBe(200);
  });
});

describe('changing a way to sign in', () => {
  const put = (token: string, userId: string, payload: Record<string, unknown>) => call(t.app, { method: 'PUT', url: `/v4/alpenwerk/users/${userId}`, token, payload });

  it('needs a recent sign-in or the current password; an old sign-in stays old through refreshes', async () => {
    const [auth] = await signIn(t.app, 'alpenwerk', 'demo');
    const before = (await me('alpenwerk', auth!.accessToken)).body.data;
    offsetMs += (RECENT_SIGN_IN_SECONDS + 60) * 1000;
    const renewed = (await refresh('alpenwerk', auth!.refreshToken)).body.data.auths[0];
    for (const payload of [{ email: 'stolen@example.com' }, { phoneNumber: '+4366412345678' }, { newPassword: 'taken-over' }]) {
      const refused = await put(renewed.accessToken, auth!.userId, payload);
      expect(refused.status, JSON.stringify(payload)).toBe(403);
      expect(refused.body.key).toBe('REAUTHENTICATION_REQUIRED');
    }
    const wrong = await put(renewed.accessToken, auth!.userId, { email: 'stolen@example.com', currentPassword: 'guess' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.key).toBe('CURRENT_PASSWORD_WRONG');
    // Nothing changed, and the session itself is still fine (a 401 would sign the person out).
    const after = await me('alpenwerk', renewed.accessToken);
    expect(after.status).toBe(200);
    expect(after.body.data.email).toBe(before.email);
    const right = await put(renewed.accessToken, auth!.userId, { email: 'anna@example.com', currentPassword: 'demo' });
    expect(right.status).toBe(200);
    expect(right.body.data.email).toBe('anna@example.com');
  });

  it('a new password ends every other session of the person, and keeps this one', async () => {
    const [here] = await signIn(t.app, 'alpenwerk', 'business');
    const [elsewhere] = await signIn(t.app, 'alpenwerk', 'business');
    const changed = await put(here!.accessToken, here!.userId, { newPassword: 'a-new-secret' });
    expect(changed.status).toBe(200);
    expect((await me('alpenwerk', here!.accessToken)).status).toBe(200);
    expect((await me('alpenwerk', elsewhere!.accessToken)).body.key).toBe('SESSION_REVOKED');
    expect((await refresh('alpenwerk', elsewhere!.refreshToken)).status).toBe(401);
    expect((await refresh('alpenwerk', here!.refreshToken)).status).toBe(200);
    await signIn(t.app, 'alpenwerk', 'business', 'a-new-secret');
  });
});
