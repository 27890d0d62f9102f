import path from 'node:path';
import type { Config } from '../config.ts';
import { createDb, type Db } from './database.ts';
import { leaveShutdownSignalsToCaller, startEmbeddedPostgres } from './embedded.ts';
import { migrate } from './migrate.ts';
import { superviseEmbeddedPostgres } from './supervise.ts';
import { demoSignInSummary, seedDemoData } from '../demo/seed.ts';

export interface StartedDatabase {
  db: Db;
  /** Where it is: DATABASE_URL, or the embedded PostgreSQL's database (for the API workers, decision 0032). */
  url: string;
  demoSignIns: ReadonlyArray<{ username: string; password: string; description: string }>;
  stop(): Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL with its data in the data folder
 * (durable commits unless EMBEDDED_PG_SYNCHRONOUS_COMMIT=off); then migrates, and creates the
 * demo data when the database has no organisation yet. With `onFatal`, the embedded PostgreSQL
 * is started again when it dies, `onFatal` is called when it cannot be, and SIGINT and SIGTERM
 * are the caller's to handle (it calls `stop()`).
 */
export async function startDatabase(
  config: Config,
  log: (line: string) => void,
  options: { onFatal?: (error: Error) => void } = {},
): Promise<StartedDatabase> {
  let stopServer = async () => {};
  let url = config.databaseUrl;
  if (!url) {
    const server = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), config.embeddedPgPort, {
      durability: config.embeddedPgSynchronousCommit ? 'durable' : 'asynchronous-commit',
      // Each API process holds a pool of up to 10 connections (the primary's also serves the
      // jobs): room for all of them under WORKERS, and for a few tools beside.
      maxConnections: Math.max(100, 10 * (config.workers + 1) + 20),
    });
    if (options.onFatal) {
      superviseEmbeddedPostgres(server, { log, onFatal: options.onFatal });
      // A supervised server is stopped by its caller's signal handlers (main), through stop().
      leaveShutdownSignalsToCaller();
    }
    await server.createDatabase('gridline');
    url = server.url('gridline');
    stopServer = () => server.stop();
  }
  const db = createDb(url);
  try {
    await migrate(db);
    const hasOrganisations = await db.selectFrom('organisations').select('id').limit(1).executeTakeFirst();
    let seeded = false;
    if (!hasOrganisations && config.demoData) {
      // The demo organisations' own today (Stockholm's, as three of the four keep it), not UTC's:
      // between 23:00 and midnight UTC a portal's "in 12 days" would otherwise read 11.
      const today = config.demoToday ?? new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Stockholm' }).format(new Date());
      const t0 = Date.now();
      await seedDemoData(db, { today, readings: config.demoReadings, databaseUrl: url, log });
      seeded = true;
      log(`Created the demo data for ${today} in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
    }
    return {
      db,
      url,
      demoSignIns: config.demoData && (seeded || hasOrganisations) ? demoSignInSummary : [],
      stop: async () => {
        await db.destroy();
        await stopServer();
      },
    };
  } catch (error) {
    await db.destroy().catch(() => {});
    await stopServer().catch(() => {});
    throw error;
  }
}
