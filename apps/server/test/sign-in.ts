import { TEST_DEV_KEY } from './constants.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPair } from 'jose';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/database.ts';
import { openSignInServices, type SignInServices } from '../src/integrations/sign-in-services.ts';
import { DevRepository } from '../src/modules/dev/repository.ts';
import { call, cloneDatabase } from './app.ts';
import { DevClock } from '../src/lib/dev-clock.ts';

/** The public address the test apps pretend to have (links in e-mails, OpenID redirects). */
export const TEST_PUBLIC_URL = 'http://localhost:3999';

export interface SignInTestApp {
  app: FastifyInstance;
  db: Db;
  services: SignInServices;
  /** The simulators (always present here). */
  simulators: NonNullable<SignInServices['simulators']>;
  /** Moves the app's clock (tokens, PIN and link lifetimes) forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/**
 * The real app on a fresh copy of the demo data, with the sign-in simulators (BankID over mutual
 * TLS, SMS, SMTP, the local OpenID provider) started for it; BankID orders are collected at
 * every poll and new customers' accounts are created without pauses.
 */
export async function startSignInTestApp(options: { prospectStepDelayMs?: number; portalDist?: string; adminDist?: string } = {}): Promise<SignInTestApp> {
  const { db, drop } = await cloneDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridline-sign-in-'));
  const dev = new DevRepository(db);
  const services = await openSignInServices(
    {
      signInServices: 'simulator',
      dataDir,
      publicUrl: TEST_PUBLIC_URL,
      bankidUrl: 'https://unused.example/rp/v6.0',
      bankidClientCert: undefined,
      bankidClientCertPassphrase: undefined,
      bankidCaCert: undefined,
      smsUrl: 'https://unused.example/a1',
      smsUsername: undefined,
      smsPassword: undefined,
      smsFrom: 'Gridline',
      smtpUrl: undefined,
      mailFrom: 'Gridline <no-reply@gridline.example>',
      openIdClientSecrets: {},
      devKey: TEST_DEV_KEY,
    },
    { organisations: ['solvik', 'fjellkraft', 'koivu', 'alpenwerk'], testPersons: () => dev.testPersons() },
  );
  // The development clock: the tests move it with `advance`, the development page with a PUT.
  const clock = new DevClock();
  const app = await buildApp({
    verifyResponses: true,
    config: { accessTokenTtlSeconds: 900, refreshTokenTtlDays: 30, defaultOrganisation: 'solvik', portalDist: options.portalDist ?? '/nonexistent', adminDist: options.adminDist ?? '/nonexistent', logLevel: 'silent' },
    db,
    keys: await generateKeyPair('EdDSA'),
    clock: clock.now,
    devClock: clock,
    signIn: services,
    bankIdCollectIntervalMs: 0,
    prospectStepDelayMs: options.prospectStepDelayMs ?? 5,
  });
  await app.ready();
  return {
    app,
    db,
    services,
    simulators: services.simulators!,
    advance: (ms) => clock.advance(ms),
    async close() {
      await app.close();
      await services.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second API process on the same database and outside services (the way two instances of a
 * deployment run, or one restarted): its own app, services and memory, nothing shared but the
 * database. Close it before the first.
 */
export async function startAnotherInstance(t: SignInTestApp): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const app = await buildApp({
    verifyResponses: true,
    config: { accessTokenTtlSeconds: 900, refreshTokenTtlDays: 30, defaultOrganisation: 'solvik', portalDist: '/nonexistent', adminDist: '/nonexistent', logLevel: 'silent' },
    db: t.db,
    keys: await generateKeyPair('EdDSA'),
    signIn: t.services,
    bankIdCollectIntervalMs: 0,
    prospectStepDelayMs: 5,
  });
  await app.ready();
  return { app, close: () => app.close() };
}

/** Polls `GET /v3/auth/` until the status is no longer `process` (or `tries` polls). */
export async function pollProcess(app: FastifyInstance, organisation: string, ref: string, tries = 50) {
  for (let i = 0; i < tries; i += 1) {
    const res = await call(app, { method: 'GET', url: `/v3/auth/?ref=${encodeURIComponent(ref)}&organisation=${organisation}` });
    if (res.status !== 200 || res.body.data.status !== 'process') return res;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the process stayed under way');
}
