import { generateSync } from 'otplib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, staffSignIn } from '../../../test/app.ts';
import { startSignInTestApp, TEST_PUBLIC_URL, type SignInTestApp } from '../../../test/sign-in.ts';
import { DEMO_PLATFORM_ADMIN, DEMO_STAFF_PASSWORD, DEMO_STAFF_PERSONAL_NUMBERS, demoStaffEmail } from '../../demo/staff.ts';

let t: SignInTestApp;
beforeAll(async () => {
  t = await startSignInTestApp();
});
afterAll(async () => {
  await t.close();
});

const solvikAdmin = demoStaffEmail('solvik', 'ORG_ADMIN');
const password = (organisation: string, email: string, pass = DEMO_STAFF_PASSWORD) =>
  call(t.app, { method: 'POST', url: '/v3/auth/staff', payload: { organisation, email, password: pass } });

/** The ref in the newest back-office link mailed to an address. */
async function linkRef(email: string, after: Date): Promise<{ ref: string; link: string; subject: string }> {
  const mail = await t.simulators.outbox.waitFor({ kind: 'email', to: email, after });
  const link = /https?:\/\/\S+\/admin\/set-password\?ref=[\w-]+/.exec(mail.text)![0];
  return { ref: new URL(link).searchParams.get('ref')!, link, subject: mail.subject ?? '' };
}

async function auditOf(action: string, subjectId?: string) {
  let query = t.db.selectFrom('audit_logs').selectAll().where('action', '=', action);
  if (subjectId) query = query.where('subject_id', '=', subjectId);
  return query.orderBy('seq', 'desc').execute();
}

describe('staff sign-in with e-mail and password', () => {
  it('signs an organisation admin in where the organisation needs no second factor, and adminInfo says who and where', async () => {
    const res = await password('solvik', solvikAdmin);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('done');
    const info = await call(t.app, { method: 'POST', url: '/v3/admins/adminInfo', token: res.body.data.tokens.accessToken });
    expect(info.status).toBe(200);
    expect(info.body.data.admin).toMatchObject({ email: solvikAdmin, scope: 'ORG_ADMIN', organisation: 'solvik', passwordSet: true });
    expect(info.body.data.organisations.map((o: { slug: string }) => o.slug)).toEqual(['solvik']);
    expect(info.body.data.organisations[0].areas).toContain('Theme');
    expect(JSON.stringify(info.body)).not.toMatch(/password_hash|totp|\$argon2/);
  });

  it('answers a wrong password and an unknown e-mail alike, audits the refusal, and blocks after ten failures per e-mail', async () => {
    const wrong = await password('solvik', demoStaffEmail('solvik', 'ORG_MARKETING'), 'not the password at all');
    const unknown = await password('solvik', 'nobody@solvik.example', 'not the password at all');
    expect([wrong.status, wrong.body.key]).toEqual([401, 'WRONG_CREDENTIALS']);
    expect([unknown.status, unknown.body.key]).toEqual([401, 'WRONG_CREDENTIALS']);
    expect(wrong.body.message).toBe(unknown.body.message);
    const denied = await t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'staff.sign-in').where('outcome', '=', 'denied').where('actor_email', '=', demoStaffEmail('solvik', 'ORG_MARKETING')).execute();
    expect(denied).toHaveLength(1);
    expect(JSON.stringify(denied[0])).not.toContain('not the password');

    const email = demoStaffEmail('alpenwerk', 'ORG_USER');
    const attempts = await Promise.all(Array.from({ length: 14 }, () => password('alpenwerk', email, 'wrong wrong wrong')));
    expect(attempts.filter((a) => a.body.key === 'TOO_MANY_ATTEMPTS').length).toBeGreaterThanOrEqual(4);
    // blocked: even the right password waits
    expect((await password('alpenwerk', email)).body.key).toBe('TOO_MANY_ATTEMPTS');
  });

  it("refuses an organisation's staff at another organisation's back office, and lets the platform admin in anywhere", async () => {
    expect((await password('koivu', solvikAdmin)).body.key).toBe('WRONG_CREDENTIALS');
    const platform = await password('koivu', DEMO_PLATFORM_ADMIN);
    expect(platform.body.data.status).toBe('done');
    const info = await call(t.app, { method: 'POST', url: '/v3/admins/adminInfo', token: platform.body.data.tokens.accessToken });
    expect(info.body.data.organisations.map((o: { slug: string }) => o.slug).sort()).toEqual(['alpenwerk', 'fjellkraft', 'koivu', 'solvik']);
  });

  it('enrols a second factor where the organisation requires one: a QR address, a code, ten recovery codes shown once; then asks for a code every time', async () => {
    const email = demoStaffEmail('fjellkraft', 'ORG_SUPPORT');
    const first = await password('fjellkraft', email);
    expect(first.body.data).toMatchObject({ status: 'enrol' });
    expect(first.body.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    const wrong = await call(t.app, { method: 'POST', url: '/v3/auth/staff/second-factor', payload: { ref: first.body.data.ref, code: '000000' } });
    expect(wrong.body.key).toBe('SECOND_FACTOR_WRONG');
    const enrolled = await call(t.app, { method: 'POST', url: '/v3/auth/staff/second-factor', payload: { ref: first.body.data.ref, code: generateSync({ secret: first.body.data.secret }) } });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.data.status).toBe('done');
    expect(enrolled.body.data.recoveryCodes).toHaveLength(10);
    const sealed = await t.db.selectFrom('admins').select('totp_secret').where('email', '=', email).executeTakeFirstOrThrow();
    expect(sealed.totp_secret).not.toContain(first.body.data.secret);
    // the ref works once
    const again = await call(t.app, { method: 'POST', url: '/v3/auth/staff/second-factor', payload: { ref: first.body.data.ref, code: generateSync({ secret: first.body.data.secret }) } });
    expect(again.body.key).toBe('SIGN_IN_EXPIRED');

    const next = await password('fjellkraft', email);
    expect(next.body.data).toEqual({ status: 'second-factor', ref: expect.any(String) });
    const byRecovery = await call(t.app, { method: 'POST', url: '/v3/auth/staff/second-factor', payload: { ref: next.body.data.ref, code: enrolled.body.data.recoveryCodes[0] } });
    expect(byRecovery.body.data.status).toBe('done');
    const reused = await password('fjellkraft', email);
    const reuse = await call(t.app, { method: 'POST', url: '/v3/auth/staff/second-factor', payload: { ref: reused.body.data.ref, code: enrolled.body.data.recoveryCodes[0] } });
    expect(reuse.body.key).toBe('SECOND_FACTOR_WRONG');
    const info = await call(t.app, { method: 'POST', url: '/v3/admins/adminInfo', token: byRecovery.body.data.tokens.accessToken });
    expect(info.body.data).toMatchObject({ secondFactorUsed: true, admin: { secondFactor: true } });
  });

  it('ends the sign-in after five wrong codes', async () => {
    const email = demoStaffEmail('fjellkraft', 'ORG_USER');
    const first = await password('fjellkraft', email);
    const keys: string[] = [];
    for (let i = 0; i < 6; i++) keys.push((await call(t.app, { method: 'POST', url: '/v3/auth/staff/second-factor', payload: { ref: first.body.data.ref, code: '123456' } })).body.key);
    expect(keys.slice(0, 4)).toEqual(Array(4).fill('SECOND_FACTOR_WRONG'));
    expect(keys[4]).toBe('TOO_MANY_ATTEMPTS');
    expect(keys[5]).toBe('SIGN_IN_EXPIRED');
  });
});

describe('staff sessions', () => {
  it('refreshes once; a reused refresh token ends the session; signing out ends its access tokens at once', async () => {
    const tokens = await staffSignIn(t.app, 'solvik', solvikAdmin);
    const refreshed = await call(t.app, { method: 'POST', url: '/v3/auth/staff/refresh', payload: { refreshToken: tokens.refreshToken } });
    expect(refreshed.status).toBe(200);
    const reuse = await call(t.app, { method: 'POST', url: '/v3/auth/staff/refresh', payload: { refreshToken: tokens.refreshToken } });
    expect(reuse.body.key).toBe('REFRESH_TOKEN_REUSED');
    const after = await call(t.app, { method: 'POST', url: '/v3/admins/adminInfo', token: refreshed.body.data.accessToken });
    expect(after.body.key).toBe('SESSION_REVOKED');

    const other = await staffSignIn(t.app, 'solvik', solvikAdmin);
    expect((await call(t.app, { method: 'DELETE', url: '/v3/auth/staff', token: other.accessToken })).status).toBe(200);
    expect((await call(t.app, { method: 'POST', url: '/v3/admins/adminInfo', token: other.accessToken })).body.key).toBe('SESSION_REVOKED');
  });

  it("keeps staff and customer tokens apart: a customer's token is 403 on a staff call, a staff token 401 on a customer call", async () => {
    const staff = await staffSignIn(t.app, 'solvik', solvikAdmin);
    const [customer] = await signIn(t.app, 'solvik', 'demo');
    expect((await call(t.app, { method: 'GET', url: '/v3/admins', token: customer!.accessToken })).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: staff.accessToken })).status).toBe(401);
  });
});

describe('admins', () => {
  it('lists, sorts, filters and pages an organisation\'s admins; an organisation admin sees no other organisation', async () => {
    const { accessToken } = await staffSignIn(t.app, 'solvik', solvikAdmin);
    const page = await call(t.app, { method: 'GET', url: '/v3/admins?sortBy=email&order=desc&limit=2&page=1', token: accessToken });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.pagination.total).toBeGreaterThanOrEqual(6);
    const emails = page.body.data.map((a: { email: string }) => a.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect(page.body.data.every((a: { organisation: string }) => a.organisation === 'solvik')).toBe(true);
    const filtered = await call(t.app, { method: 'GET', url: '/v3/admins?scope=ORG_MARKETING&q=mika', token: accessToken });
    expect(filtered.body.data.map((a: { email: string }) => a.email)).toEqual([demoStaffEmail('solvik', 'ORG_MARKETING')]);
    expect((await call(t.app, { method: 'GET', url: '/v3/admins?organisation=koivu', token: accessToken })).status).toBe(404);
    const bad = await call(t.app, { method: 'GET', url: '/v3/admins?limit=1000&sortBy=password', token: accessToken });
    expect([bad.status, bad.body.key]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('creates an admin who sets a password from the e-mail once, signs in, and the audit log has every step', async () => {
    const { accessToken } = await staffSignIn(t.app, 'solvik', solvikAdmin);
    const after = new Date();
    const created = await call(t.app, {
      method: 'POST',
      url: '/v3/admins',
      token: accessToken,
      payload: { email: 'Nora.Berg@Solvik.example', firstName: 'Nora', lastName: 'Berg', scope: 'ORG_MARKETING', language: 'sv' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ email: 'nora.berg@solvik.example', organisation: 'solvik', scope: 'ORG_MARKETING', passwordSet: false });
    const duplicate = await call(t.app, { method: 'POST', url: '/v3/admins', token: accessToken, payload: { email: 'nora.berg@solvik.example', scope: 'ORG_USER' } });
    expect([duplicate.status, duplicate.body.key]).toEqual([409, 'ADMIN_EXISTS']);

    const { ref, link, subject } = await linkRef('nora.berg@solvik.example', after);
    expect(link.startsWith(`${new URL(TEST_PUBLIC_URL).protocol}//solvik.${new URL(TEST_PUBLIC_URL).host}/admin/set-password`)).toBe(true);
    expect(subject).toContain('Solvik');
    const common = await call(t.app, { method: 'POST', url: '/v3/auth/adminPassword/set-password', payload: { ref, password: 'password1234', organisation: 'solvik' } });
    expect([common.status, common.body.key]).toEqual([400, 'PASSWORD_TOO_COMMON']);
    const short = await call(t.app, { method: 'POST', url: '/v3/auth/adminPassword/set-password', payload: { ref, password: 'short', organisation: 'solvik' } });
    expect([short.status, short.body.key]).toEqual([400, 'VALIDATION_FAILED']);
    const set = await call(t.app, { method: 'POST', url: '/v3/auth/adminPassword/set-password', payload: { ref, password: 'a long and quiet river', organisation: 'solvik' } });
    expect(set.status).toBe(200);
    const twice = await call(t.app, { method: 'POST', url: '/v3/auth/adminPassword/set-password', payload: { ref, password: 'another long sentence', organisation: 'solvik' } });
    expect(twice.body.key).toBe('LINK_INVALID');
    expect((await password('solvik', 'nora.berg@solvik.example', 'a long and quiet river')).body.data.status).toBe('done');

    const id = created.body.data._id as string;
    const [create] = await auditOf('admin.create', id);
    expect(create).toMatchObject({ actor_email: solvikAdmin, actor_scope: 'ORG_ADMIN', actor_method: 'password', outcome: 'success', before: null });
    expect(create!.after).toMatchObject({ email: 'nora.berg@solvik.example', scope: 'ORG_MARKETING' });
    expect(create!.request_id).toBeTruthy();
    const [setEntry] = await auditOf('admin.password.set', id);
    expect(setEntry!.changed).toEqual(['password']);
    expect(JSON.stringify(setEntry)).not.toContain('quiet river');
  });

  it("lets an organisation admin give organisation scopes only, never change their own scope, and ends a changed admin's sessions", async () => {
    const { accessToken } = await staffSignIn(t.app, 'solvik', solvikAdmin);
    const platform = await call(t.app, { method: 'POST', url: '/v3/admins', token: accessToken, payload: { email: 'sneaky@solvik.example', scope: 'ADMIN', sendEmail: false } });
    expect([platform.status, platform.body.key]).toEqual([403, 'SCOPE_NOT_GRANTABLE']);
    const me = (await call(t.app, { method: 'POST', url: '/v3/admins/adminInfo', token: accessToken })).body.data.admin;
    const self = await call(t.app, { method: 'PUT', url: `/v3/admins/${me._id}`, token: accessToken, payload: { scope: 'ORG_USER' } });
    expect(self.body.key).toBe('CANNOT_CHANGE_SELF');

    const supportEmail = demoStaffEmail('solvik', 'ORG_SUPPORT');
    const support = await staffSignIn(t.app, 'solvik', supportEmail);
    const target = (await call(t.app, { method: 'POST', url: '/v3/admins/adminByEmail', token: accessToken, payload: { email: supportEmail } })).body.data;
    const changed = await call(t.app, { method: 'PUT', url: `/v3/admins/${target._id}`, token: accessToken, payload: { scope: 'ORG_DEVELOPER', lastName: 'Dev' } });
    expect(changed.body.data).toMatchObject({ scope: 'ORG_DEVELOPER', lastName: 'Dev' });
    expect((await call(t.app, { method: 'POST', url: '/v3/admins/adminInfo', token: support.accessToken })).body.key).toBe('SESSION_REVOKED');
    const [entry] = await auditOf('admin.update', target._id);
    expect(entry!.changed).toEqual(['lastName', 'scope']);
    expect(entry!.before).toMatchObject({ scope: 'ORG_SUPPORT' });

    const extra = await call(t.app, { method: 'POST', url: '/v3/admins', token: accessToken, payload: { email: 'x@solvik.example', scope: 'ORG_USER', sendEmail: false, password: 'extra field' } });
    expect([extra.status, extra.body.key]).toEqual([400, 'VALIDATION_FAILED']);
    const wrongOwner = await call(t.app, { method: 'DELETE', url: `/v3/admins/koivu/${target._id}`, token: accessToken });
    expect(wrongOwner.status).toBe(404);
    const deleted = await call(t.app, { method: 'DELETE', url: `/v3/admins/solvik/${target._id}`, token: accessToken });
    expect(deleted.status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: `/v3/admins/${target._id}`, token: accessToken })).status).toBe(404);
  });

  it('answers a reset request alike for staff and strangers, mails only staff of that organisation, and refuses a link elsewhere', async () => {
    const after = new Date();
    const email = demoStaffEmail('koivu', 'ORG_DEVELOPER');
    const known = await call(t.app, { method: 'POST', url: '/v3/auth/adminPassword/reset-password', payload: { organisation: 'koivu', email } });
    const stranger = await call(t.app, { method: 'POST', url: '/v3/auth/adminPassword/reset-password', payload: { organisation: 'koivu', email: 'who@example.com' } });
    expect(known.body.data).toEqual(stranger.body.data);
    const { link } = await linkRef(email, after);
    expect(new URL(link).host).toBe(`koivu.${new URL(TEST_PUBLIC_URL).host}`);
    const elsewhere = await call(t.app, { method: 'POST', url: '/v3/auth/adminPassword/reset-password', payload: { organisation: 'koivu', email, callbackUrl: 'https://evil.example/admin/set-password' } });
    expect([elsewhere.status, elsewhere.body.key]).toEqual([400, 'INVALID_REDIRECT_URI']);
  });
});

describe("the organisation's staff policy", () => {
  it('lets the organisation admin require a second factor, which the next sign-in asks to enrol; audited; other scopes may not', async () => {
    const { accessToken } = await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'));
    expect((await call(t.app, { method: 'GET', url: '/v4/koivu/staff/policy', token: accessToken })).body.data).toEqual({ staffSecondFactor: false });
    const marketing = await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_MARKETING'));
    expect((await call(t.app, { method: 'PUT', url: '/v4/koivu/staff/policy', token: marketing.accessToken, payload: { staffSecondFactor: true } })).status).toBe(403);
    expect((await call(t.app, { method: 'PUT', url: '/v4/solvik/staff/policy', token: accessToken, payload: { staffSecondFactor: true } })).status).toBe(404);
    const bad = await call(t.app, { method: 'PUT', url: '/v4/koivu/staff/policy', token: accessToken, payload: { staffSecondFactor: 'yes' } });
    expect([bad.status, bad.body.key]).toEqual([400, 'VALIDATION_FAILED']);
    const set = await call(t.app, { method: 'PUT', url: '/v4/koivu/staff/policy', token: accessToken, payload: { staffSecondFactor: true } });
    expect(set.body.data).toEqual({ staffSecondFactor: true });
    expect((await password('koivu', demoStaffEmail('koivu', 'ORG_DEVELOPER'))).body.data.status).toBe('enrol');
    const [entry] = await auditOf('staff.policy.update');
    expect(entry).toMatchObject({ before: { staffSecondFactor: false }, after: { staffSecondFactor: true }, changed: ['staffSecondFactor'] });
    await call(t.app, { method: 'PUT', url: '/v4/koivu/staff/policy', token: accessToken, payload: { staffSecondFactor: false } });
  });
});

describe('the audit log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of entries in the database itself', async () => {
    const [entry] = await t.db.selectFrom('audit_logs').select('id').limit(1).execute();
    await expect(t.db.updateTable('audit_logs').set({ action: 'forged' }).where('id', '=', entry!.id).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('audit_logs').where('id', '=', entry!.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_logs`.execute(t.db)).rejects.toThrow(/append-only/);
    // the retention clean-up's way: inside a transaction that says so
    await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL gridline.audit_retention = 'on'`.execute(trx);
      await trx.deleteFrom('audit_logs').where('id', '=', entry!.id).execute();
    });
    expect(await t.db.selectFrom('audit_logs').select('id').where('id', '=', entry!.id).execute()).toEqual([]);
  });
});

describe('staff sign-in with BankID by QR code', () => {
  const start = (organisation = 'solvik') => call(t.app, { method: 'POST', url: '/v3/auth/staff/bankid', payload: { organisation } });
  const status = (ref: string, organisation = 'solvik') => call(t.app, { method: 'POST', url: '/v3/auth/staff/bankid/status', payload: { organisation, ref } });
  const pendingOrder = () => t.simulators.bankid.orders().find((o) => o.status === 'pending')!;

  it('shows a 300×300 QR code, signs in the admin whose personal number BankID confirms, once, and refuses the customers\' calls for the ref', async () => {
    const started = await start();
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ status: 'process', hintCode: 'outstandingTransaction' });
    const qr = await call(t.app, { method: 'GET', url: started.body.data.qrCodeUri });
    expect(qr.status).toBe(200);
    expect(qr.response.headers['content-type']).toBe('image/png');
    expect(qr.response.rawPayload.readUInt32BE(16)).toBe(300);

    const ref = started.body.data.ref as string;
    // the customers' status and token calls know no staff sign-in
    expect((await call(t.app, { method: 'GET', url: `/v3/auth/?ref=${ref}&organisation=solvik` })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${ref}` })).status).toBe(404);

    expect(t.simulators.bankid.approve(pendingOrder().orderRef, { personalNumber: DEMO_STAFF_PERSONAL_NUMBERS.solvikOrgAdmin, givenName: 'Alex', surname: 'Admin' }).ok).toBe(true);
    const done = await status(ref);
    expect(done.body.data.status).toBe('done');
    const info = await call(t.app, { method: 'POST', url: '/v3/admins/adminInfo', token: done.body.data.tokens.accessToken });
    expect(info.body.data).toMatchObject({ method: 'bankid', admin: { email: solvikAdmin } });
    expect((await status(ref)).body.key).toBe('AUTH_REF_USED');
    const [entry] = await auditOf('staff.sign-in');
    expect(entry).toMatchObject({ actor_email: solvikAdmin, actor_method: 'bankid' });
  });

  it("ends in error when the person is no admin of this organisation, and another organisation's admin cannot sign in here", async () => {
    const stranger = await start();
    t.simulators.bankid.approve(pendingOrder().orderRef, { personalNumber: '198001019802', givenName: 'Some', surname: 'One' });
    expect((await status(stranger.body.data.ref)).body.data).toMatchObject({ status: 'error', error: 'USER_NOT_FOUND' });

    const elsewhere = await start('koivu');
    t.simulators.bankid.approve(pendingOrder().orderRef, { personalNumber: DEMO_STAFF_PERSONAL_NUMBERS.solvikOrgAdmin, givenName: 'Alex', surname: 'Admin' });
    expect((await status(elsewhere.body.data.ref, 'koivu')).body.data).toMatchObject({ status: 'error', error: 'USER_NOT_FOUND' });
  });
});
