import Fastify, { type FastifyInstance } from 'fastify';
import { startBanner } from './banner.ts';
import { DEMO_STAFF_PASSWORD, demoStaffSummary } from './demo/staff.ts';
import { buildProductApp, startWorkers, type StartedWorkers } from './cluster.ts';
import { loggerOptions } from './plugins/logging.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startDatabase } from './db/start.ts';
import { startJobs, type StartedJobs } from './jobs/start.ts';
import { loadSigningKeys } from './modules/auth/tokens.ts';
import { loadSealingKeys } from './lib/sealing.ts';
import { openSignInServices, signInDescription, startSimulators, type RunningSimulators, type SignInServices } from './integrations/sign-in-services.ts';
import { DevRepository } from './modules/dev/repository.ts';
import { MarketRepository } from './modules/market/repository.ts';
import { MarketDataService } from './modules/market/service.ts';
import { MeasurementsRepository } from './modules/measurements/repository.ts';
import { MeasurementsService } from './modules/measurements/service.ts';

/**
 * Start: config → database (embedded or DATABASE_URL) → migrations → demo data → signing keys →
 * sign-in services → HTTP → jobs → banner. With WORKERS=n (decision 0032) this process is the
 * primary: it does all of that but the HTTP, which n workers (cluster.ts) serve on the one port,
 * and the sign-in simulators run here for all of them.
 */
export async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const started = Date.now();
  // The embedded PostgreSQL is started again when it dies; when it cannot be, the process ends
  // with 1 so that a supervisor starts it afresh (`stop` below, once the server is up).
  let shutdown = (_reason: string, code: number): Promise<void> | void => process.exit(code);
  let stopping = false;
  const database = await startDatabase(config, (line) => console.log(line), {
    onFatal: (error) => {
      if (stopping) return; // a Ctrl-C reaches PostgreSQL too
      console.error(`${error.message}. Stopping Gridline, so that its supervisor can start it again.`);
      void shutdown('PostgreSQL is gone', 1);
    },
  });
  // Before any worker starts: the keys are created in the data folder once, and read by all.
  const keys = await loadSigningKeys({ privatePem: config.jwtPrivateKey, publicPem: config.jwtPublicKey, dataDir: config.dataDir });
  loadSealingKeys({ ...(config.secretsKeys ? { configured: config.secretsKeys } : {}), dataDir: config.dataDir });
  // Sign-in services (BankID, SMS, mail, OpenID): simulators by default, see SIGN_IN_SERVICES.
  const slugs = (await database.db.selectFrom('organisations').select('slug').execute()).map((o) => o.slug);
  const devRepository = new DevRepository(database.db);
  const testPersons = () => devRepository.testPersons();
  let app: FastifyInstance | undefined;
  let signIn: SignInServices | undefined;
  let simulators: RunningSimulators | null = null;
  if (config.workers === 1) {
    signIn = await openSignInServices(config, { organisations: slugs, testPersons });
    app = await buildProductApp(config, { db: database.db, keys, signIn });
  } else if (config.signInServices === 'simulator') {
    // One set of simulators for every worker: their state (BankID orders, the outbox, OpenID
    // sessions) is theirs alone, so it must live in one process.
    simulators = await startSimulators(config, { organisations: slugs, testPersons });
  }

  // Market data (spot prices, exchange rates): the jobs write it; the callbacks let costs follow.
  const measurements = new MeasurementsService(new MeasurementsRepository(database.db));
  const market = new MarketDataService({
    repository: new MarketRepository(database.db),
    onSpotPricesChanged: (zone, from, to) => measurements.spotPricesChanged(zone, from, to),
    onExchangeRatesChanged: (currency, fromDay) => measurements.exchangeRatesChanged(currency, fromDay),
  });
  let jobs: StartedJobs | undefined;
  let workers: StartedWorkers | undefined;

  const stop = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Gridline…`);
    await workers?.stop().catch((e: unknown) => console.error('Could not stop the API workers cleanly:', e));
    await jobs?.stop().catch((e: unknown) => console.error('Could not stop the jobs cleanly:', e));
    await app?.close().catch(() => {});
    await signIn?.close().catch(() => {});
    await simulators?.close().catch(() => {});
    await database.stop().catch((e: unknown) => console.error('Could not stop the database cleanly:', e));
    process.exit(code);
  };
  shutdown = stop;
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (app) {
    await app.listen({ port: config.port, host: config.host });
  } else {
    try {
      workers = await startWorkers({
        count: config.workers,
        setup: { databaseUrl: database.url, devKey: config.devKey, simulators: simulators?.endpoints ?? null },
        devPages: simulators,
      });
    } catch (error) {
      await stop(`The API workers could not start (${error instanceof Error ? error.message : String(error)})`, 1);
      return;
    }
  }
  if (config.jobs) {
    try {
      // The primary has no app of its own: its jobs log through a logger like the app's.
      const log = app?.log ?? Fastify({ logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel) }).log;
      jobs = await startJobs({ config, db: database.db, market, log });
    } catch (error) {
      console.error('The scheduled jobs could not start (the API runs without them):', error);
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const organisations = await database.db.selectFrom('organisations').select(['slug', 'name']).orderBy('created_at').orderBy('slug').execute();
  const simulated = config.signInServices === 'simulator';
  console.log(
    startBanner({
      config,
      organisations,
      seconds,
      jobs: jobs?.description ?? null,
      signIn: {
        description: signIn?.description ?? signInDescription(config, simulators?.endpoints ?? null),
        devKey: simulated ? config.devKey : null,
      },
      demoSignIns: database.demoSignIns,
      demoStaff: database.demoSignIns.length > 0 ? { password: DEMO_STAFF_PASSWORD, people: demoStaffSummary } : null,
      workers: workers ? workers.pids() : null,
    }),
  );
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error('Gridline failed to start:', error);
    process.exit(1);
  });
}
