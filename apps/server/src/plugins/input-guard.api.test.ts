import net from 'node:net';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoHome, startTestApp, type TestApp } from '../../test/app.ts';
import { buildApp, DEFAULT_REQUEST_TIMEOUT_MS } from '../app.ts';

let t: TestApp;
let token: string;
let locationId: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ token, locationId } = await demoHome(t, 'solvik'));
});
afterAll(() => t.close());

const probe = async (options: Parameters<typeof call>[1]) => {
  const res = await call(t.app, options);
  return { status: res.status, key: res.body?.key as string | undefined };
};

describe('input from outside reaches no database unchecked', () => {
  it('a NUL byte in an organisation slug', async () => {
    expect(await probe({ method: 'GET', url: '/v4/sol%00vik/users/me' })).toEqual({ status: 400, key: 'INVALID_CHARACTERS' });
    expect(await probe({ method: 'GET', url: '/v3/auth/?ref=abc&organisation=sol%00vik' })).toEqual({ status: 400, key: 'INVALID_CHARACTERS' });
  });
  it('a NUL byte in a ref', async () => {
    expect(await probe({ method: 'GET', url: '/v3/auth/?ref=a%00b&organisation=solvik' })).toEqual({ status: 400, key: 'INVALID_CHARACTERS' });
    expect(await probe({ method: 'GET', url: '/v4/solvik/account/sessions/accessToken?ref=a%00b' })).toEqual({ status: 400, key: 'INVALID_CHARACTERS' });
  });
  it('a NUL byte in a username', async () => {
    const res = await probe({ method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PWD', organisation: 'solvik', username: 'de\u0000mo', password: 'demo' } });
    expect(res).toEqual({ status: 400, key: 'INVALID_CHARACTERS' });
  });
  it('a username of 600 characters', async () => {
    const res = await probe({ method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PWD', organisation: 'solvik', username: 'x'.repeat(600), password: 'demo' } });
    expect(res.status).toBe(400);
    expect(res.key).toBe('VALIDATION_FAILED');
  });
  it('a control character anywhere: an unknown path, a query field no route reads, a JSON key', async () => {
    expect(await probe({ method: 'GET', url: '/nowhere%00' })).toEqual({ status: 400, key: 'INVALID_CHARACTERS' });
    expect(await probe({ method: 'GET', url: '/v3/settings/releases/solvik?extra=%1F' })).toEqual({ status: 400, key: 'INVALID_CHARACTERS' });
    const body = await call(t.app, { method: 'POST', url: '/v3/auth/cancel', payload: { organisation: 'solvik', ref: 'x', ['a\u0000']: 1 } });
    expect(body.status).toBe(400);
    expect(body.body).toMatchObject({ key: 'INVALID_CHARACTERS', data: { issues: [{ path: 'body.a\\u0000' }] } });
  });
  it('a body nested deeper than any contract', async () => {
    const res = await call(t.app, { method: 'POST', url: '/v3/auth/cancel', headers: { 'content-type': 'application/json' }, payload: `{"a":${'['.repeat(40)}${']'.repeat(40)}}` });
    expect([res.status, res.body.key]).toEqual([400, 'VALIDATION_FAILED']);
  });
  it("the router's refusals carry the error shape: an over-long path part, a malformed escape", async () => {
    for (const url of [`/v4/${'x'.repeat(300)}/users/me`, '/v4/solvik/locations/%FF%FE/agreements']) {
      const res = await call(t.app, { method: 'GET', url });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ name: 'VALIDATION_FAILED', status: 400, key: 'VALIDATION_FAILED', uid: expect.any(String) });
    }
  });
  it.each(['0000', '0001', '9999'])('a load range in the year %s', async (year) => {
    const res = await probe({ method: 'GET', url: `/v4/solvik/sites/${locationId}/load?start=${year}-01-01T00:00:00Z&end=${year}-01-02T00:00:00Z`, token });
    expect(res.status).toBe(400);
    expect(res.key).toBe('VALIDATION_FAILED');
  });
});

describe('a request that trickles in', () => {
  it('is bounded by default', () => {
    expect(t.app.server.requestTimeout).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
  });

  it('is cut with 408 REQUEST_TIMEOUT on a listening server', async () => {
    const requestTimeoutMs = 1_500;
    const app = await buildApp({
      config: { accessTokenTtlSeconds: 900, refreshTokenTtlDays: 30, defaultOrganisation: 'solvik', portalDist: '/nonexistent', adminDist: '/nonexistent', logLevel: 'silent' },
      db: t.db,
      keys: await generateKeyPair('EdDSA'),
      requestTimeoutMs,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    let trickle: NodeJS.Timeout | undefined;
    try {
      const closedAfter = await new Promise<number>((resolve, reject) => {
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('close', () => resolve(Date.now() - started));
        socket.on('error', () => undefined);
        socket.on('connect', () => {
          socket.write('POST /v3/auth/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
          // One byte every 250 ms: never idle, never done.
          trickle = setInterval(() => socket.writable && socket.write(' '), 250);
        });
        setTimeout(() => reject(new Error('the trickling request was still open after 8 s')), 8_000);
      });
      expect(closedAfter).toBeGreaterThanOrEqual(requestTimeoutMs - 100);
      expect(closedAfter).toBeLessThan(requestTimeoutMs + 2_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 408, key: 'REQUEST_TIMEOUT' });
    } finally {
      clearInterval(trickle);
      socket.destroy();
      await app.close();
    }
  });
});
