import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReleaseContent } from '@gridline/contracts/settings';
import { User } from '@gridline/contracts/users';
import { call, signIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { SettingsRepository } from '../settings/repository.ts';
import { SettingsService } from '../settings/service.ts';

let t: TestApp;
let demo: Awaited<ReturnType<typeof signIn>>;
let business: Awaited<ReturnType<typeof signIn>>;
let fjellkraft: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await startTestApp();
  demo = await signIn(t.app, 'solvik', 'demo');
  business = await signIn(t.app, 'solvik', 'business');
  fjellkraft = await signIn(t.app, 'fjellkraft', 'demo');
});
afterAll(async () => {
  await t.close();
});

const token = (auths: typeof demo) => auths[0]!.accessToken;
const userId = (auths: typeof demo) => auths[0]!.userId;
const update = (organisation: string, accessToken: string | undefined, id: string, payload: unknown) =>
  call(t.app, { method: 'PUT', url: `/v4/${organisation}/users/${id}`, payload: payload as object, ...(accessToken ? { token: accessToken } : {}) });
const me = async (organisation: string, accessToken: string) =>
  User.parse((await call(t.app, { method: 'GET', url: `/v4/${organisation}/users/me`, token: accessToken })).body.data);
const contact = async (organisation: string, accessToken: string) => {
  const user = await me(organisation, accessToken);
  return { email: user.email, phoneNumber: user.phoneNumber };
};

describe('PUT /v4/{organisation}/users/{id}: e-mail and phone number', () => {
  it('saves a valid e-mail and phone number, stores the phone number normalised, and answers the user', async () => {
    const before = await contact('solvik', token(demo));
    expect(before).toEqual({ email: 'anna-karin.lindqvist@example.com', phoneNumber: '+46701234567' });

    const email = await update('solvik', token(demo), userId(demo), { email: 'anna.l@solvik-kund.se' });
    expect(email.status).toBe(200);
    expect(User.parse(email.body.data)).toMatchObject({ _id: userId(demo), email: 'anna.l@solvik-kund.se', phoneNumber: '+46701234567' });

    // '+46 0702…': the space goes, and so does the trunk 0 after Sweden's country code.
    const phone = await update('solvik', token(demo), userId(demo), { phoneNumber: '+46 0702223344' });
    expect(phone.status).toBe(200);
    expect(phone.body.data.phoneNumber).toBe('+46702223344');

    // '0046 …': normalised first (00 becomes +, spaces and commas go), then checked and stored.
    const international = await update('solvik', token(demo), userId(demo), { phoneNumber: '0046 70,222 33 45' });
    expect(international.status).toBe(200);
    expect(international.body.data.phoneNumber).toBe('+46702223345');

    const both = await update('solvik', token(demo), userId(demo), { email: 'a.lindqvist@example.com', phoneNumber: '+47-912345678' });
    expect(both.status).toBe(200);
    expect(await contact('solvik', token(demo))).toEqual({ email: 'a.lindqvist@example.com', phoneNumber: '+47912345678' });

    // Exactly 35 characters is the longest e-mail the account settings take.
    const longest = 'a'.repeat(23) + '@example.com';
    expect(longest).toHaveLength(35);
    expect((await update('solvik', token(demo), userId(demo), { email: longest })).status).toBe(200);
  });

  it('refuses an e-mail or phone number that breaks the rules with its key, and changes nothing', async () => {
    const before = await contact('solvik', token(demo));
    const badEmails = ['anna', 'anna@example', 'anna@example.c', 'anna @example.com', 'anna@exa mple.com', `${'a'.repeat(24)}@example.com`, '', 'anna@example.com '];
    for (const email of badEmails) {
      const res = await update('solvik', token(demo), userId(demo), { email });
      expect(res.status, email).toBe(400);
      expect(res.body).toMatchObject({ key: 'MALFORMED_EMAIL', name: 'MALFORMED_EMAIL', data: { field: 'email', value: email } });
    }
    const badPhones = ['0701234567', '46701234567', '+46 7012345', '0046 7012345', '+46 70123456789012345678', '+46 70-1234567x', '+46 07O1234567', ''];
    for (const phoneNumber of badPhones) {
      const res = await update('solvik', token(demo), userId(demo), { phoneNumber });
      expect(res.status, phoneNumber).toBe(400);
      expect(res.body).toMatchObject({ key: 'MALFORMED_PHONE_NUMBER', data: { field: 'phoneNumber', value: phoneNumber } });
    }
    // A valid e-mail beside an invalid phone number is not saved either.
    const mixed = await update('solvik', token(demo), userId(demo), { email: 'new@example.com', phoneNumber: '12' });
    expect(mixed.body.key).toBe('MALFORMED_PHONE_NUMBER');
    expect(await contact('solvik', token(demo))).toEqual(before);
  });

  it('refuses a body of another shape with a 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'body'],
      [{ email: 42 }, 'body.email'],
      [{ phoneNumber: null }, 'body.phoneNumber'],
      [{ email: 'a@example.com', firstName: 'Eve' }, 'body'],
      [{ email: 'a@example.com', newPassword: 'secret' }, 'body'],
    ];
    for (const [payload, path] of cases) {
      const res = await update('solvik', token(demo), userId(demo), payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.key).toBe('VALIDATION_FAILED');
      expect(res.body.data.issues[0].path, JSON.stringify(payload)).toBe(path);
    }
  });

  it("writes only the signed-in user: another user's id, here or in another organisation, is 404", async () => {
    const businessBefore = await contact('solvik', token(business));
    for (const id of [userId(business), userId(fjellkraft), 'ffffffffffffffffffffffff', 'me', 'not-an-id']) {
      const res = await update('solvik', token(demo), id, { email: 'intruder@example.com' });
      expect(res.status, id).toBe(404);
      expect(res.body.key).toBe('NOT_FOUND');
    }
    expect(await contact('solvik', token(business))).toEqual(businessBefore);
    expect((await contact('fjellkraft', token(fjellkraft))).email).not.toBe('intruder@example.com');
  });

  it('needs a signed-in user of that organisation', async () => {
    const anonymous = await update('solvik', undefined, userId(demo), { email: 'x@example.com' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.key).toBe('UNAUTHORIZED');
    // fjellkraft's token under solvik's prefix, even for its own user id.
    const crossTenant = await update('solvik', token(fjellkraft), userId(fjellkraft), { email: 'x@example.com' });
    expect(crossTenant.status).toBe(401);
    expect(crossTenant.body.key).toBe('INVALID_TOKEN');
  });

  it('refuses a detail the organisation does not let customers change (403), and then any', async () => {
    const settings = new SettingsService(new SettingsRepository(t.db));
    const organisation = await t.db.selectFrom('organisations').select('id').where('slug', '=', 'koivu').executeTakeFirstOrThrow();
    const latest = await t.db.selectFrom('settings_releases').select('content').where('organisation_id', '=', organisation.id).orderBy('version', 'desc').executeTakeFirstOrThrow();
    const content = ReleaseContent.parse(latest.content);
    const publish = async (flags: Partial<ReleaseContent['featureFlags']['flags']>) => {
      await settings.publish(organisation.id, { ...content, featureFlags: { ...content.featureFlags, flags: { ...content.featureFlags.flags, ...flags } } }, 'test');
      // Puts the new release in force at once (the organisation is otherwise cached for 30 s).
      await call(t.app, { method: 'GET', url: '/v3/settings/releases/koivu?bypassCache=true' });
    };
    const koivu = await signIn(t.app, 'koivu', 'demo');
    const before = await contact('koivu', token(koivu));

    await publish({ EDITABLE_CONTACT_TYPES: ['email'] });
    const phone = await update('koivu', token(koivu), userId(koivu), { phoneNumber: '+358 401112233' });
    expect(phone.status).toBe(403);
    expect(phone.body).toMatchObject({ key: 'CONTACT_NOT_EDITABLE', data: { field: 'phoneNumber' } });
    const emailAndPhone = await update('koivu', token(koivu), userId(koivu), { email: 'mikko@example.fi', phoneNumber: '+358 401112233' });
    expect(emailAndPhone.status).toBe(403);
    expect(await contact('koivu', token(koivu))).toEqual(before);
    expect((await update('koivu', token(koivu), userId(koivu), { email: 'mikko@example.fi' })).status).toBe(200);

    await publish({ EDITABLE_CONTACT_DETAILS: false, EDITABLE_CONTACT_TYPES: ['email', 'phoneNumber'] });
    const email = await update('koivu', token(koivu), userId(koivu), { email: 'mikko2@example.fi' });
    expect(email.status).toBe(403);
    expect(email.body).toMatchObject({ key: 'CONTACT_NOT_EDITABLE', data: { field: 'email' } });
    expect((await contact('koivu', token(koivu))).email).toBe('mikko@example.fi');
  });
});

describe('PUT /v4/{organisation}/users/{id}: new password', () => {
  const passwordSignIn = (password: string) =>
    call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PWD', organisation: 'solvik', username: 'business', password } });

  it('refuses a password of fewer than 3 or more than 128 characters, and keeps the old one', async () => {
    for (const newPassword of ['', 'ab', 'x'.repeat(129)]) {
      const res = await update('solvik', token(business), userId(business), { newPassword });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ key: 'MALFORMED_PASSWORD', data: { field: 'newPassword', minLength: 3, maxLength: 128 } });
    }
    expect((await passwordSignIn('demo')).status).toBe(200);
  });

  it("sets the signed-in user's password: the new one signs in, the old one no longer", async () => {
    const res = await update('solvik', token(business), userId(business), { newPassword: 'ny-lösen' });
    expect(res.status).toBe(200);
    expect(res.body.data._id).toBe(userId(business));
    expect(JSON.stringify(res.body.data)).not.toContain('ny-lösen');
    expect((await passwordSignIn('ny-lösen')).status).toBe(200);
    const old = await passwordSignIn('demo');
    expect(old.status).toBe(401);
    expect(old.body.key).toBe('WRONG_PASSWORD');

    // Only for oneself.
    const other = await update('solvik', token(business), userId(demo), { newPassword: 'taken-over' });
    expect(other.status).toBe(404);
    const demoStill = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PWD', organisation: 'solvik', username: 'demo', password: 'demo' } });
    expect(demoStill.status).toBe(200);
  });
});
