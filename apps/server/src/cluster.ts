import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDb, type Db } from './db/database.ts';
import { openSignInServices, simulatedSignInServices, type SignInServices, type SimulatorEndpoints } from './integrations/sign-in-services.ts';
import { answerCalls, devPageHandlers, primaryCaller, remoteDevPageControls, type DevPageControls } from './integrations/simulator-control.ts';
import { loadSigningKeys, type SigningKeys } from './modules/auth/tokens.ts';
import { loadSealingKeys } from './lib/sealing.ts';
import { loggerOptions } from './plugins/logging.ts';

/**
 * WORKERS=n (decision 0032): the primary process (main.ts) owns PostgreSQL, the migrations, the
 * demo data, the signing keys, the sign-in simulators and the jobs; n workers each build the
 * API and listen on PORT through Node's cluster module, which hands the port's connections to
 * them in turn. What one worker knows that another must see lives in PostgreSQL, or in the
 * primary, which answers the workers' calls over the cluster's IPC channel (the development
 * pages' view of the simulators, and each worker's set-up).
 */

/** What a worker learns from the primary before it builds the app. */
export interface WorkerSetup {
  /** The primary's database: DATABASE_URL, or its embedded PostgreSQL. */
  databaseUrl: string;
  /** The development pages' key (decision 0019): one for every process, the banner's. */
  devKey: string;
  /** Where the primary's sign-in simulators listen (null under SIGN_IN_SERVICES=live). */
  simulators: SimulatorEndpoints | null;
}

/** The API as main and the workers build it from the configuration. */
export function buildProductApp(config: Config, deps: { db: Db; keys: SigningKeys; signIn: SignInServices }): Promise<FastifyInstance> {
  return buildApp({
    config,
    db: deps.db,
    keys: deps.keys,
    sealingKeys: loadSealingKeys({ ...(config.secretsKeys ? { configured: config.secretsKeys } : {}), dataDir: config.dataDir }),
    signIn: deps.signIn,
    requestTimeoutMs: config.requestTimeoutSeconds * 1000,
    trustProxy: config.trustProxy,
    readCache: config.readCache,
    publicUrl: config.publicUrl,
    environmentSync: { environment: config.environment, targets: config.syncTargets },
    hsts: config.publicUrl.startsWith('https:'),
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel),
  });
}

export interface StartedWorkers {
  /** The workers' process ids, as they are now. */
  pids(): number[];
  /** Ends every worker (SIGTERM; SIGKILL after `timeoutMs`) and starts no other. */
  stop(timeoutMs?: number): Promise<void>;
}

/** How long a worker that keeps failing waits to be started again: 1 s, doubling, at most 30 s. */
const restartDelayMs = (failuresInRow: number) => Math.min(30_000, 1_000 * 2 ** Math.max(0, failuresInRow - 1));

/**
 * The primary's side: forks `count` workers running this file, answers their calls, and
 * resolves once every one listens (rejects when one ends before). A worker that ends later is
 * replaced, and the primary says so on stderr.
 */
export async function startWorkers(options: {
  count: number;
  setup: WorkerSetup;
  devPages: Pick<DevPageControls, 'bankid' | 'outbox'> | null;
  log?: (line: string) => void;
}): Promise<StartedWorkers> {
  const log = options.log ?? ((line: string) => console.error(line));
  // The workers run this file (not the script that started the primary, which may clear the data
  // folder or build the portal), and messages keep their types (dates in the outbox).
  cluster.setupPrimary({ exec: path.join(import.meta.dirname, 'cluster.ts'), serialization: 'advanced' });
  const handlers = { worker: { setup: () => options.setup }, ...(options.devPages ? devPageHandlers(options.devPages) : {}) };
  const live = new Set<Worker>();
  const listened = new Set<Worker>();
  let started = false;
  let stopping = false;
  let failuresInRow = 0;

  const fork = (): { worker: Worker; listening: Promise<void> } => {
    const worker = cluster.fork();
    live.add(worker);
    answerCalls(worker, handlers);
    const listening = new Promise<void>((resolve, reject) => {
      worker.once('listening', () => {
        listened.add(worker);
        resolve();
      });
      worker.once('exit', (code, signal) => reject(new Error(`API worker ${worker.id} ended before it listened (${signal ?? `exit code ${code}`})`)));
    });
    listening.catch(() => {});
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      // Before every worker listens, an ending worker fails the start instead (see below).
      if (stopping || !started) return;
      failuresInRow = listened.has(worker) ? 0 : failuresInRow + 1;
      const delay = failuresInRow === 0 ? 0 : restartDelayMs(failuresInRow);
      listened.delete(worker);
      log(`API worker ${worker.id} (pid ${worker.process.pid}) ended (${signal ?? `exit code ${code}`}); starting another${delay ? ` in ${delay / 1000} s` : ''}.`);
      setTimeout(() => {
        if (stopping) return;
        const next = fork();
        next.listening.then(() => log(`API worker ${next.worker.id} (pid ${next.worker.process.pid}) listens in its place.`), () => {});
      }, delay).unref();
    });
    return { worker, listening };
  };

  const first = Array.from({ length: options.count }, fork);
  const stop = async (timeoutMs = 10_000) => {
    stopping = true;
    await Promise.all(
      [...live].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const kill = setTimeout(() => worker.process.kill('SIGKILL'), timeoutMs);
            worker.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    await Promise.all(first.map((f) => f.listening));
    started = true;
  } catch (error) {
    await stop(2_000);
    throw error;
  }
  return { pids: () => [...live].map((w) => w.process.pid ?? 0), stop };
}

/**
 * A worker: asks the primary for the set-up, builds the API on the primary's database, signing
 * keys (the data folder's files, which the primary created, or JWT_*_KEY) and sign-in services
 * (clients of the primary's simulators, or the live services), and listens on PORT. It ends on
 * SIGTERM from the primary, or when the primary is gone; a Ctrl-C, which reaches every process
 * of the terminal, is the primary's to act on.
 */
export async function runWorker(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  process.on('SIGINT', () => {});
  const call = primaryCaller();
  const setup = (await call('worker', 'setup')) as WorkerSetup;
  config = { ...config, devKey: setup.devKey };
  const db = createDb(setup.databaseUrl);
  const keys = await loadSigningKeys({ privatePem: config.jwtPrivateKey, publicPem: config.jwtPublicKey, dataDir: config.dataDir });
  const signIn =
    config.signInServices === 'live' || !setup.simulators
      ? await openSignInServices({ ...config, signInServices: 'live' }, { organisations: [], testPersons: async () => [] })
      : simulatedSignInServices(config, setup.simulators, remoteDevPageControls(call, setup.devKey));
  const app = await buildProductApp(config, { db, keys, signIn });
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await app.close().catch(() => {});
    await signIn.close().catch(() => {});
    await db.destroy().catch(() => {});
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop(0));
  process.on('disconnect', () => void stop(1));
  await app.listen({ port: config.port, host: config.host });
}

if (import.meta.main && cluster.isWorker) {
  runWorker().catch((error: unknown) => {
    console.error(`API worker ${cluster.worker?.id ?? '?'} failed to start:`, error);
    process.exit(1);
  });
}
