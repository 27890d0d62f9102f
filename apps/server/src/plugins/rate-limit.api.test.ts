import Fastify, { type FastifyInstance } from 'fastify';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { call, cloneDatabase } from '../../test/app.ts';
import type { Db } from '../db/database.ts';
import { postgresRateLimitStore } from './rate-limit.ts';

/**
 * The public price reads' budget lives in PostgreSQL (decision 0032): two apps on one database
 * stand for two API processes (WORKERS=2), and a client that alternates between them still gets
 * 100 requests per 10 s, not 200. (The API test `workers.api.test.ts` shows it on real processes.)
 */
let db: Db;
let drop: () => Promise<void>;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  ({ db, drop } = await cloneDatabase());
  const keys = await generateKeyPair('EdDSA');
  for (let i = 0; i < 2; i++) {
    const app = await buildApp({
      config: { accessTokenTtlSeconds: 900, refreshTokenTtlDays: 30, defaultOrganisation: 'solvik', portalDist: '/nonexistent', adminDist: '/nonexistent', logLevel: 'silent' },
      db,
      keys,
    });
    await app.ready();
    apps.push(app);
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await drop();
});

const read = (app: FastifyInstance, remoteAddress: string) => call(app, { method: 'GET', url: '/v3/data/storage/zone/SE9/spotprices', remoteAddress });

describe('the price budget shared by every API process', () => {
  it('counts requests to either process against one budget: the 101st is refused wherever it lands', async () => {
    for (let i = 0; i < 100; i++) expect((await read(apps[i % 2]!, '203.0.113.40')).status).toBe(400);
    for (const app of apps) {
      const refused = await read(app, '203.0.113.40');
      expect(refused.status).toBe(429);
      expect(refused.body.key).toBe('TOO_MANY_REQUESTS');
      expect(refused.response.headers['x-ratelimit-remaining']).toBe('0');
    }
    // Another address has its own budget, on both.
    expect((await read(apps[1]!, '203.0.113.41')).status).toBe(400);
    const row = await db.selectFrom('rate_limit_windows').selectAll().where('key', 'like', '%|203.0.113.40').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key: 'GET /v3/data/storage/zone/:zone/spotprices|203.0.113.40', hits: 102 });
  });

  it('counts concurrent requests exactly (one upsert each, ordered by the row lock)', async () => {
    const answers = await Promise.all(Array.from({ length: 130 }, (_, i) => read(apps[i % 2]!, '203.0.113.42')));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(100);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(30);
  });
});

describe('the PostgreSQL store', () => {
  it('starts a new window once the last has ended, tells the time left, and deletes ended windows now and then', async () => {
    let clock = 0;
    const app = Fastify();
    await app.register(async (scope) => {
      await scope.register((await import('@fastify/rate-limit')).default, { global: false, store: postgresRateLimitStore(db, { now: () => clock }) });
      scope.get('/short', { config: { rateLimit: { max: 2, timeWindow: 300 } } }, async () => 'ok');
    });
    await app.ready();
    const get = () => app.inject({ method: 'GET', url: '/short', remoteAddress: '203.0.113.50' });
    expect((await get()).statusCode).toBe(200);
    const second = await get();
    expect(second.statusCode).toBe(200);
    expect(Number(second.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(1);
    expect((await get()).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await get()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 350));
    // A minute later by the store's clock, the next request deletes every ended window.
    const ended = () => db.selectFrom('rate_limit_windows').select('key').where('resets_at', '<', new Date()).execute();
    expect((await ended()).length).toBeGreaterThan(0);
    clock += 61_000;
    expect((await get()).statusCode).toBe(200);
    await expect.poll(async () => (await ended()).length).toBe(0);
    await app.close();
  });
});
