import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/app.ts';
import { createDb, type Db } from '../../db/database.ts';
import { newRequestId, registerErrorHandler } from '../../plugins/errors.ts';
import { healthRoutes } from './routes.ts';

/** Just the health routes, on a database that is not there or does not answer. */
async function healthOnly(db: Db, readinessTimeoutMs?: number): Promise<FastifyInstance> {
  const app = Fastify({ genReqId: newRequestId });
  registerErrorHandler(app);
  healthRoutes(app, { db, ...(readinessTimeoutMs === undefined ? {} : { readinessTimeoutMs }) });
  await app.ready();
  return app;
}

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers 200 on both while the database answers', async () => {
    expect(await call(t.app, { method: 'GET', url: '/health' })).toMatchObject({ status: 200, body: { status: 200, data: { ok: true } } });
    expect(await call(t.app, { method: 'GET', url: '/health/ready' })).toMatchObject({ status: 200, body: { status: 200, data: { ok: true } } });
  });

  it('stays live but answers 503 DATABASE_UNAVAILABLE on readiness when the database is down, without saying where it is', async () => {
    // a port that nothing listens on: a database that is down
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const db = createDb(`postgres://gridline:gridline@127.0.0.1:${port}/gridline`, 2);
    const app = await healthOnly(db);
    try {
      expect((await call(app, { method: 'GET', url: '/health' })).status).toBe(200);
      const ready = await call(app, { method: 'GET', url: '/health/ready', headers: { 'x-uid': 'probe-1' } });
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        name: 'DATABASE_UNAVAILABLE',
        status: 503,
        key: 'DATABASE_UNAVAILABLE',
        message: 'The database does not answer; the server is not ready',
        uid: 'probe-1',
      });
      expect(ready.response.body).not.toContain(String(port));
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('answers 503 within its timeout when the database hangs, and many probes share one connection', async () => {
    // accepts connections and never says a word: a PostgreSQL that is stopped or stuck
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const db = createDb(`postgres://gridline:gridline@127.0.0.1:${port}/gridline`, 10);
    const app = await healthOnly(db, 300);
    try {
      const t0 = Date.now();
      const answers = await Promise.all(Array.from({ length: 20 }, () => call(app, { method: 'GET', url: '/health/ready' })));
      expect(Date.now() - t0).toBeLessThan(3_000);
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 503));
      expect(answers[0]?.body.key).toBe('DATABASE_UNAVAILABLE');
      expect(sockets).toHaveLength(1);
    } finally {
      await app.close();
      for (const socket of sockets) socket.destroy();
      await db.destroy().catch(() => {});
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
