import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, InjectOptions } from 'fastify';
import { generateKeyPair } from 'jose';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { createDb, type Db } from '../src/db/database.ts';
import { EMPTY_TEMPLATE_DATABASE, TEMPLATE_DATABASE } from './constants.ts';
import { generateSync } from 'otplib';
import { DEMO_STAFF_PASSWORD } from '../src/demo/staff.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** A database of its own for one test file, cloned from a template; `drop` removes it. */
export async function cloneDatabase(template: string = TEMPLATE_DATABASE): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 4);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.destroy();
      await admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** A migrated database with no rows. */
export const emptyDatabase = () => cloneDatabase(EMPTY_TEMPLATE_DATABASE);

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The real app on a fresh copy of the demo data. */
export async function startTestApp(overrides: { accessTokenTtlSeconds?: number; clock?: () => number; trustProxy?: false | number | string[]; logger?: FastifyServerOptions['logger']; portalDist?: string; adminDist?: string; hsts?: boolean; environmentSync?: AppDeps['environmentSync'] } = {}): Promise<TestApp> {
  const { db, drop } = await cloneDatabase();
  const keys = await generateKeyPair('EdDSA');
  const app = await buildApp({
    verifyResponses: true,
    config: {
      accessTokenTtlSeconds: overrides.accessTokenTtlSeconds ?? 900,
      refreshTokenTtlDays: 30,
      defaultOrganisation: 'solvik',
      portalDist: overrides.portalDist ?? '/nonexistent',
      adminDist: overrides.adminDist ?? '/nonexistent',
      logLevel: 'silent',
    },
    db,
    keys,
    ...(overrides.hsts ? { hsts: true } : {}),
    ...(overrides.clock ? { clock: overrides.clock } : {}),
    ...(overrides.trustProxy !== undefined ? { trustProxy: overrides.trustProxy } : {}),
    ...(overrides.logger ? { logger: overrides.logger } : {}),
    ...(overrides.environmentSync ? { environmentSync: overrides.environmentSync } : {}),
  });
  await app.ready();
  // As a started server does: member reads are kept once the database's announcements are heard.
  for (let i = 0; !app.reads.active; i++) {
    if (i > 500) throw new Error('The app did not start listening for data changes within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    app,
    db,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/**
 * Waits until the app has heard every change committed so far (decision 0033): after a test
 * writes straight into the database, before it reads what it wrote through the API.
 */
export async function readsSettled(t: TestApp): Promise<void> {
  const marker = `sync:${randomUUID()}`;
  await sql`SELECT pg_notify('gridline_reads', ${marker})`.execute(t.db);
  for (let i = 0; !t.app.reads.heard(marker); i++) {
    if (i > 500) throw new Error('The app did not hear the database announce changes within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Sends a request and returns the status and parsed JSON body. */
export async function call(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, ...rest } = options;
  const response = await app.inject({ ...rest, headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
  return { status: response.statusCode, body: isJson ? response.json() : undefined, response };
}

/** Signs in with username and password and exchanges the ref for tokens. */
export async function signIn(app: FastifyInstance, organisation: string, username: string, password = 'demo') {
  const start = await call(app, { method: 'POST', url: '/v3/auth/', payload: { type: 'USR_PWD', organisation, username, password } });
  if (start.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(start.body)}`);
  const ref = start.body.data.ref as string;
  const tokens = await call(app, { method: 'GET', url: `/v4/${organisation}/account/sessions/accessToken?ref=${ref}` });
  if (tokens.status !== 200) throw new Error(`token exchange failed: ${JSON.stringify(tokens.body)}`);
  return tokens.body.data.auths as Array<{ accessToken: string; refreshToken: string; exp: number; accountId: string; userId: string; scope: string }>;
}

/**
 * The demo user of an organisation, signed in, with their first ACTIVE home (as `users/me`
 * answers it) and one of its services by type, with the service's seq: what the data tests start from.
 */
export async function demoHome(t: TestApp, organisation: string, serviceType = 'consumption_trade') {
  const [auth] = await signIn(t.app, organisation, 'demo');
  const token = auth!.accessToken;
  const me = await call(t.app, { method: 'GET', url: `/v4/${organisation}/users/me`, token });
  const home = me.body.data.locations.find((l: { status: string }) => l.status === 'ACTIVE');
  const serviceId: string = home.services.find((s: { serviceType: string }) => s.serviceType === serviceType)._id;
  const { seq } = await t.db.selectFrom('location_services').select('seq').where('id', '=', serviceId).executeTakeFirstOrThrow();
  return { auth: auth!, token, home, locationId: home._id as string, serviceId, seq };
}

/**
 * A staff member signed in to the back office (issue 16) at an organisation, with the demo staff
 * password; where the organisation requires a second factor, enrolled on the way with a code
 * computed from the secret the server handed out (as an authenticator app would).
 */
export async function staffSignIn(app: FastifyInstance, organisation: string, email: string, password = DEMO_STAFF_PASSWORD) {
  const start = await call(app, { method: 'POST', url: '/v3/auth/staff', payload: { organisation, email, password } });
  if (start.status !== 200) throw new Error(`staff sign-in failed: ${JSON.stringify(start.body)}`);
  const answer = start.body.data as { status: string; ref?: string; secret?: string; tokens?: { accessToken: string; refreshToken: string } };
  if (answer.status === 'done') return answer.tokens!;
  if (answer.status !== 'enrol') throw new Error(`staff sign-in needs the second factor of an enrolled admin: ${JSON.stringify(answer)}`);
  const done = await call(app, { method: 'POST', url: '/v3/auth/staff/second-factor', payload: { ref: answer.ref, code: generateSync({ secret: answer.secret! }) } });
  if (done.status !== 200) throw new Error(`staff enrolment failed: ${JSON.stringify(done.body)}`);
  return done.body.data.tokens as { accessToken: string; refreshToken: string };
}
