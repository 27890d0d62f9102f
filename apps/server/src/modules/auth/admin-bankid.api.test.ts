import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIdentities, demoSupportAdmin } from '../../demo/sign-in-identities.ts';
import { call } from '../../../test/app.ts';
import { pollProcess, startSignInTestApp, type SignInTestApp } from '../../../test/sign-in.ts';

let t: SignInTestApp;
beforeAll(async () => {
  t = await startSignInTestApp();
});
afterAll(async () => {
  await t.close();
});

const admin = { personalNumber: demoIdentities.solvik!.supportAdminPersonalId!, givenName: 'Kim', surname: 'Support' };
const annaKarin = demoIdentities.solvik!.personalIds['anna-karin.lindqvist@example.com']!;

/** Starts admin BankID on behalf of a customer; the order the simulator holds for it. */
async function startAdminBankId(payload: Record<string, unknown>, organisation = 'solvik') {
  const res = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'ADMIN_BANKID', organisation, otherDevice: true, ...payload } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const order = t.simulators.bankid.orders().find((o) => o.status === 'pending');
  return { ref: res.body.data.ref as string, data: res.body.data, order: order! };
}

const exchange = (ref: string) => call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${encodeURIComponent(ref)}` });

describe('support mode with admin BankID (ADMIN_BANKID)', () => {
  it('signs the admin who approves with their own BankID in as the named customer, read-only, and writes it to the audit log', async () => {
    const { ref, data, order } = await startAdminBankId({ asUsername: 'demo' });
    expect(data).toMatchObject({ status: 'process', type: 'ADMIN_BANKID', hintCode: 'outstandingTransaction' });
    expect(data.qrCodeUri).toBe(`/v3/auth/qr?ref=${ref}&organisation=solvik`);
    // Nothing about the customer is known before the admin has identified.
    expect(data.auths).toBeUndefined();

    expect(t.simulators.bankid.approve(order.orderRef, admin).ok).toBe(true);
    const done = await pollProcess(t.app, 'solvik', ref);
    expect(done.body.data).toMatchObject({ status: 'done', type: 'ADMIN_BANKID' });
    expect(done.body.data.auths).toHaveLength(2);
    expect(done.body.data.auths.every((a: { scope: string }) => a.scope === 'INSPECTOR')).toBe(true);

    const tokens = await exchange(ref);
    expect(tokens.status).toBe(200);
    const auths = tokens.body.data.auths as Array<{ accessToken: string; scope: string }>;
    expect(auths.map((a) => a.scope)).toEqual(['INSPECTOR', 'INSPECTOR']);
    const me = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: auths[0]!.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data.username).toBe('demo');
    const write = await call(t.app, { method: 'PUT', url: '/v4/solvik/users/me/language', token: auths[0]!.accessToken, payload: { language: 'en' } });
    expect(write.status).toBe(403);
    expect(write.body.key).toBe('READ_ONLY_SESSION');

    const supportAdmin = await t.db.selectFrom('admins').select(['id', 'email']).where('email', '=', demoSupportAdmin('solvik')).executeTakeFirstOrThrow();
    const session = await t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'support.session').where('actor_id', '=', supportAdmin.id).execute();
    const entry = session.find((e) => (e.data as { ref?: string }).ref === ref);
    expect(entry).toMatchObject({ actor_type: 'admin', subject_type: 'user', subject_id: me.body.data._id });
    expect(entry!.data).toMatchObject({ method: 'ADMIN_BANKID', email: supportAdmin.email, as: 'username' });
    const identified = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'support.bankid')
      .where('subject_id', '=', ref)
      .executeTakeFirstOrThrow();
    expect((identified.data as { user: { personalNumber: string } }).user.personalNumber).toBe(admin.personalNumber);
  });

  it('finds the customer by personal number and by customer number too', async () => {
    const byNumber = await startAdminBankId({ asPersonalId: `${annaKarin.slice(2, 8)}-${annaKarin.slice(8)}` });
    t.simulators.bankid.approve(byNumber.order.orderRef, admin);
    expect((await pollProcess(t.app, 'solvik', byNumber.ref)).body.data.status).toBe('done');
    const tokens = await exchange(byNumber.ref);
    const me = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: tokens.body.data.auths[0].accessToken });
    expect(me.body.data.firstName.toLowerCase()).toBe('anna-karin');

    const business = await call(t.app, {
      method: 'POST',
      url: '/v3/auth/',
      payload: { type: 'USR_PWD', organisation: 'solvik', username: 'business', password: 'demo' },
    });
    const businessTokens = await exchange(business.body.data.ref);
    const businessMe = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: businessTokens.body.data.auths[0].accessToken });
    const byCustomer = await startAdminBankId({ asCustomerId: businessMe.body.data.customerNumber });
    t.simulators.bankid.approve(byCustomer.order.orderRef, admin);
    expect((await pollProcess(t.app, 'solvik', byCustomer.ref)).body.data.auths[0]).toMatchObject({
      scope: 'INSPECTOR',
      accountId: businessTokens.body.data.auths[0].accountId,
    });
  });

  it('refuses a BankID that is not an admin of this organisation, and a customer that does not exist', async () => {
    // A customer's own BankID is no admin's.
    const customer = await startAdminBankId({ asUsername: 'demo' });
    t.simulators.bankid.approve(customer.order.orderRef, { personalNumber: annaKarin, givenName: 'Anna-Karin', surname: 'Lindqvist' });
    expect((await pollProcess(t.app, 'solvik', customer.ref)).body.data).toMatchObject({ status: 'error', error: 'USER_NOT_FOUND' });
    expect((await exchange(customer.ref)).status).toBe(404);

    // Another organisation's support admin may not help solvik's customers.
    const foreignNumber = '198001019802';
    const updated = await t.db.updateTable('admins').set({ personal_id: foreignNumber }).where('email', '=', demoSupportAdmin('fjellkraft')).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    const foreign = await startAdminBankId({ asUsername: 'demo' });
    t.simulators.bankid.approve(foreign.order.orderRef, { personalNumber: foreignNumber, givenName: 'Kim', surname: 'Support' });
    expect((await pollProcess(t.app, 'solvik', foreign.ref)).body.data).toMatchObject({ status: 'error', error: 'USER_NOT_FOUND' });
    // A platform support admin (no organisation) helps every organisation's customers.
    const platformNumber = '197502023344';
    await t.db
      .insertInto('admins')
      .values({
        id: 'ab'.repeat(12),
        organisation_id: null,
        email: 'platform-support@gridline.example',
        password_hash: null,
        personal_id: platformNumber,
        scope: 'SUPPORT',
      })
      .execute();
    const platform = await startAdminBankId({ asUsername: 'demo' });
    t.simulators.bankid.approve(platform.order.orderRef, { personalNumber: platformNumber, givenName: 'Pat', surname: 'Platform' });
    expect((await pollProcess(t.app, 'solvik', platform.ref)).body.data).toMatchObject({
      status: 'done',
      auths: [{ scope: 'INSPECTOR' }, { scope: 'INSPECTOR' }],
    });

    // The admin is known, the customer is not.
    const unknown = await startAdminBankId({ asUsername: 'no-such-customer' });
    t.simulators.bankid.approve(unknown.order.orderRef, admin);
    expect((await pollProcess(t.app, 'solvik', unknown.ref)).body.data).toMatchObject({ status: 'error', error: 'NOT_FOUND' });
    expect((await exchange(unknown.ref)).status).toBe(404);
  });

  it('checks the customer field before it asks BankID, and is offered only where SIGN_IN_METHODS lists it', async () => {
    const before = t.simulators.bankid.orders().length;
    const malformed = await call(t.app, {
      method: 'POST',
      url: '/v3/auth/',
      payload: { type: 'ADMIN_BANKID', organisation: 'solvik', asPersonalId: '811218-9875' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.key).toBe('MALFORMED_PERSONAL_NUMBER');
    const nobody = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'ADMIN_BANKID', organisation: 'solvik' } });
    expect(nobody.status).toBe(400);
    expect(nobody.body.key).toBe('VALIDATION_FAILED');
    expect(t.simulators.bankid.orders()).toHaveLength(before);

    const fjellkraft = await call(t.app, {
      method: 'POST',
      url: '/v3/auth/',
      payload: { type: 'ADMIN_BANKID', organisation: 'fjellkraft', asUsername: 'demo' },
    });
    expect(fjellkraft.status).toBe(400);
    expect(fjellkraft.body.key).toBe('SIGN_IN_METHOD_DISABLED');
  });

  it('on this device: the autostart address and no QR code; a cancel ends it', async () => {
    const res = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'ADMIN_BANKID', organisation: 'solvik', asUsername: 'demo' } });
    expect(res.status).toBe(200);
    expect(res.body.data.autoStartUrl).toMatch(/^http:\/\/localhost:3999\/dev\/bankid\?autostarttoken=/);
    expect(res.body.data.qrCodeUri).toBeUndefined();
    const cancelled = await call(t.app, { method: 'POST', url: '/v3/auth/cancel', payload: { organisation: 'solvik', ref: res.body.data.ref } });
    expect(cancelled.body.data).toMatchObject({ status: 'aborted' });
  });
});
