import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '@gridline/contracts/users';
import { call, signIn, startTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
let solvik: Awaited<ReturnType<typeof signIn>>;
let fjellkraft: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await startTestApp();
  solvik = await signIn(t.app, 'solvik', 'demo');
  fjellkraft = await signIn(t.app, 'fjellkraft', 'demo');
});
afterAll(async () => {
  await t.close();
});

const token = (auths: typeof solvik) => auths[0]!.accessToken;
const setLanguage = (organisation: string, accessToken: string | undefined, payload: unknown) =>
  call(t.app, { method: 'PUT', url: `/v4/${organisation}/users/me/language`, payload: payload as object, ...(accessToken ? { token: accessToken } : {}) });
const me = async (organisation: string, accessToken: string) =>
  (await call(t.app, { method: 'GET', url: `/v4/${organisation}/users/me`, token: accessToken })).body.data as User;

describe('GET /v4/{organisation}/users/me', () => {
  it('keeps the name as registered and gives the full name as a person is named', async () => {
    // solvik's demo customer is registered in lower case on purpose ('anna-karin').
    const user = await me('solvik', token(solvik));
    expect(user.firstName).toBe('anna-karin');
    expect(user.lastName).toBe('Lindqvist');
    expect(user.fullName).toBe('Anna-Karin Lindqvist');
  });
});

describe('PUT /v4/{organisation}/users/me/language', () => {
  it("saves one of the organisation's languages and answers the user", async () => {
    expect((await me('solvik', token(solvik))).language).toBe('sv');

    const res = await setLanguage('solvik', token(solvik), { language: 'en' });
    expect(res.status).toBe(200);
    const user = User.parse(res.body.data);
    expect(user.language).toBe('en');
    expect(user._id).toBe(solvik[0]!.userId);
    expect((await me('solvik', token(solvik))).language).toBe('en');

    // The sign-in poll reports the saved language too (the portal reads it after sign-in).
    const start = await call(t.app, {
      method: 'POST',
      url: '/v3/auth/',
      payload: { type: 'USR_PWD', organisation: 'solvik', username: 'demo', password: 'demo' },
    });
    const poll = await call(t.app, { method: 'GET', url: `/v3/auth/?ref=${start.body.data.ref}&organisation=solvik` });
    expect(poll.body.data.language).toBe('en');

    const back = await setLanguage('solvik', token(solvik), { language: 'sv' });
    expect(back.body.data.language).toBe('sv');
  });

  it('refuses a language the organisation does not offer, and changes nothing', async () => {
    // fjellkraft offers nb, nn and en; Swedish is a language of the platform, not of fjellkraft.
    const res = await setLanguage('fjellkraft', token(fjellkraft), { language: 'sv' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ key: 'LANGUAGE_NOT_OFFERED', status: 400, name: 'LANGUAGE_NOT_OFFERED' });
    expect(res.body.data).toEqual({ language: 'sv', languages: ['nb', 'nn', 'en'] });
    expect((await me('fjellkraft', token(fjellkraft))).language).toBe('nb');

    const nynorsk = await setLanguage('fjellkraft', token(fjellkraft), { language: 'nn' });
    expect(nynorsk.status).toBe(200);
    expect(nynorsk.body.data.language).toBe('nn');
  });

  it('refuses anything that is not a language of the platform with a 400 naming the field', async () => {
    for (const payload of [{ language: 'fr' }, { language: '' }, { language: null }, {}, { language: 'SV' }]) {
      const res = await setLanguage('solvik', token(solvik), payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.key).toBe('VALIDATION_FAILED');
      expect(res.body.data.issues[0].path).toBe('body.language');
    }
    expect((await me('solvik', token(solvik))).language).toBe('sv');
  });

  it('needs a signed-in user of that organisation', async () => {
    const anonymous = await setLanguage('solvik', undefined, { language: 'en' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.key).toBe('UNAUTHORIZED');

    // A token of fjellkraft under solvik's prefix is refused, so no user of another tenant changes.
    const crossTenant = await setLanguage('solvik', token(fjellkraft), { language: 'en' });
    expect(crossTenant.status).toBe(401);
    expect(crossTenant.body.key).toBe('INVALID_TOKEN');

    const unknown = await setLanguage('nowhere', token(solvik), { language: 'en' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.key).toBe('UNKNOWN_ORGANISATION');
  });
});
