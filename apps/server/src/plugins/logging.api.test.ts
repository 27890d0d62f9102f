import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../test/app.ts';
import { loggerOptions, redactUrl } from './logging.ts';

/** Every line the request logger writes at LOG_LEVEL=info, as `npm start` configures it. */
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  t = await startTestApp({ logger: { ...loggerOptions('info'), stream } });
});
afterAll(async () => {
  await t.close();
});

describe('request logs', () => {
  it('carry no token, ref or authorization header, only their names', async () => {
    const [auth] = await signIn(t.app, 'solvik', 'demo');
    const secrets = [auth!.accessToken, auth!.refreshToken, 'ref-0123456789abcdef', 'export-token-abcdef', 'oidc-code-123456'];
    await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/refresh?refreshToken=${auth!.refreshToken}` });
    await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${secrets[2]}` });
    await call(t.app, { method: 'GET', url: `/v4/solvik/invoices/accounts/${auth!.accountId}/invoice?provider=x&accessToken=${secrets[3]}` });
    await call(t.app, { method: 'GET', url: `/v3/auth/openid/return?code=${secrets[4]}&state=s`, headers: { cookie: `session=${auth!.accessToken}` } });
    await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: auth!.accessToken });
    await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', headers: { authorization: `Bearer ${auth!.refreshToken}` } });
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) for (const secret of secrets) expect(line).not.toContain(secret);
    // The addresses are still there, with the parameters' names.
    expect(lines.some((l) => l.includes('/v4/solvik/account/sessions/refresh?refreshToken=[REDACTED]'))).toBe(true);
    expect(lines.some((l) => l.includes('accessToken=[REDACTED]'))).toBe(true);
  });

  it('log the same request id as the x-uid answer header and the error body, sent or made', async () => {
    for (const headers of [{}, { 'x-uid': 'client-chosen-id-1' }, { 'x-uid': 'not a sane id\u00e9' }]) {
      const before = lines.length;
      const answer = await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', headers });
      expect(answer.status).toBe(401);
      const uid = answer.body.uid as string;
      expect(answer.response.headers['x-uid']).toBe(uid);
      if ('x-uid' in headers && headers['x-uid'] === 'client-chosen-id-1') expect(uid).toBe('client-chosen-id-1');
      else expect(uid).toMatch(/^[0-9a-f-]{36}$/);
      const logged = lines.slice(before).map((l) => JSON.parse(l) as { reqId?: string });
      expect(logged.length).toBeGreaterThan(0);
      expect(logged.every((l) => l.reqId === uid)).toBe(true);
    }
  });
});

describe('redactUrl', () => {
  it('replaces the values of the secret parameters and keeps the rest', () => {
    expect(redactUrl('/a?refreshToken=abc&limit=5&ref=x#y')).toBe('/a?refreshToken=[REDACTED]&limit=5&ref=[REDACTED]#y');
    expect(redactUrl('/dev/outbox?key=k')).toBe('/dev/outbox?key=[REDACTED]');
    expect(redactUrl('/v4/x/prices?start=2025&resolution=hour')).toBe('/v4/x/prices?start=2025&resolution=hour');
  });
});
