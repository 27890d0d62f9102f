import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIdentities } from '../../demo/sign-in-identities.ts';
import { ProspectsRepository } from '../prospects/repository.ts';
import { ProspectsService } from '../prospects/service.ts';
import { call } from '../../../test/app.ts';
import { pollProcess, startAnotherInstance, startSignInTestApp, type SignInTestApp } from '../../../test/sign-in.ts';

/**
 * Sign-in state lives in PostgreSQL (decision 0013): a second API process on the same database —
 * another instance, or the same one restarted — sees the lockouts, the tries left and the account
 * prospects the first one left, and nothing is done twice.
 */

let t: SignInTestApp;
let other: { app: FastifyInstance; close(): Promise<void> };
beforeAll(async () => {
  t = await startSignInTestApp();
  other = await startAnotherInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const solvik = demoIdentities.solvik!;
const login = (app: FastifyInstance, username: string, password: string) =>
  call(app, { method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PWD', organisation: 'koivu', username, password } });

describe('sign-in state shared by every API process', () => {
  it('a username locked out on one instance is locked out on the other, until the window has passed by the database clock', async () => {
    for (let i = 0; i < 10; i += 1) expect((await login(t.app, 'nolocations', 'wrong')).status).toBe(401);
    const elsewhere = await login(other.app, 'nolocations', 'demo');
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body.key).toBe('TOO_MANY_ATTEMPTS');
    // 15 minutes later (the rows aged in the database): the right password works again, anywhere.
    await sql`UPDATE sign_in_attempts SET attempted_at = attempted_at - interval '15 minutes' WHERE kind = 'username'`.execute(t.db);
    expect((await login(other.app, 'nolocations', 'demo')).status).toBe(200);
  });

  it('the PIN tries and the codes sent count across instances', async () => {
    const birgitta = solvik.personalIds['birgitta.lindqvist@example.com']!;
    const sent = new Date();
    const started = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PIN', organisation: 'solvik', personalId: birgitta } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const sms = await t.simulators.outbox.waitFor({ kind: 'sms', after: sent });
    const pin = /\b(\d{4})\b/.exec(sms.text)![1]!;
    const wrong = String((Number(pin) + 1) % 10_000).padStart(4, '0');
    const callback = (app: FastifyInstance) =>
      call(app, { method: 'POST', url: '/v3/auth/USR_PIN/callback', payload: { organisation: 'solvik', ref: started.body.data.ref, pin: wrong } });
    for (let i = 1; i <= 4; i += 1) expect((await callback(i % 2 === 0 ? other.app : t.app)).body.data).toEqual({ attemptsLeft: 5 - i });
    expect((await callback(other.app)).body.key).toBe('PIN_ATTEMPTS_EXCEEDED');

    // Five codes to one person in 15 minutes, whichever instance sends them; the sixth is refused.
    for (let i = 0; i < 4; i += 1) {
      const again = await call(i % 2 === 0 ? other.app : t.app, {
        method: 'POST',
        url: '/v3/auth/',
        payload: { type: 'USR_PIN', organisation: 'solvik', personalId: birgitta },
      });
      expect(again.status).toBe(200);
    }
    const sixth = await call(other.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PIN', organisation: 'solvik', personalId: birgitta } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.key).toBe('TOO_MANY_ATTEMPTS');
  });

  it('an account prospect begun on one instance is finished by the other, each step once', async () => {
    const started = await call(t.app, { method: 'POST', url: '/v3/auth/', payload: { type: 'BANKID', organisation: 'solvik', otherDevice: true } });
    const order = t.simulators.bankid.orders().find((o) => o.status === 'pending')!;
    t.simulators.bankid.approve(order.orderRef, { personalNumber: '191212121212', givenName: 'Tolvan', surname: 'Tolvansson' });
    const ref = started.body.data.ref as string;
    expect((await pollProcess(t.app, 'solvik', ref)).body.data.status).toBe('done');
    const pending = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${ref}` });
    expect(pending.status).toBe(409);
    const prospect = pending.body.data.prospect as string;

    // The client's polls land on either instance.
    let status = '';
    for (let i = 0; i < 300 && status !== 'account_resolved'; i += 1) {
      const state = await call(i % 2 === 0 ? other.app : t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?prospect=${prospect}` });
      expect(state.status).toBe(200);
      status = state.body.data.status;
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    expect(status).toBe('account_resolved');
    const tokens = await call(other.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${ref}` });
    expect(tokens.status).toBe(200);
    const row = await t.db.selectFrom('account_prospects').select(['log', 'status']).where('id', '=', prospect).executeTakeFirstOrThrow();
    expect(row.status).toBe('signed_in');
    expect(row.log.map((entry) => entry.status)).toEqual([
      'new',
      'valid',
      'provider_pending',
      'provider_resolved',
      'account_waiting',
      'account_pending',
      'account_resolved',
      'signed_in',
    ]);
    const users = await t.db.selectFrom('users').select('id').where('personal_id', '=', '191212121212').execute();
    expect(users).toHaveLength(1);
  });

  it('a prospect nobody asked about for 10 minutes (by the database clock) is abandoned', async () => {
    const elsa = await t.db
      .selectFrom('provider_customers')
      .select(['id', 'organisation_id'])
      .where('customer_number', '=', '3100002')
      .executeTakeFirstOrThrow();
    const prospects = new ProspectsService(new ProspectsRepository(t.db));
    const begun = await prospects.begin(elsa.organisation_id, elsa.id, 'test');
    expect(await prospects.abandonStale()).toBe(0);
    await sql`UPDATE account_prospects SET updated_at = now() - interval '11 minutes' WHERE id = ${begun.id}`.execute(t.db);
    expect(await prospects.abandonStale()).toBe(1);
    expect((await prospects.state(elsa.organisation_id, begun.id)).status).toBe('abandoned');
  });
});
