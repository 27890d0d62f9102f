import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/database.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/demo/seed.ts';
import { EMPTY_TEMPLATE_DATABASE, TEST_TODAY, TEMPLATE_DATABASE } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole API run, with a template database that is migrated and holds
 * the demo data; each test file clones it (CREATE DATABASE … TEMPLATE), so files stay isolated.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridline-test-pg-'));
  // PostgreSQL runs as an unprivileged user when we are root; it must be able to enter the folder.
  fs.chmodSync(dir, 0o755);
  const port = 56000 + Math.floor(Math.random() * 2000);
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'), port, { durability: 'throw-away-test-cluster' });
  await server.createDatabase(EMPTY_TEMPLATE_DATABASE);
  const empty = createDb(server.url(EMPTY_TEMPLATE_DATABASE), 2);
  await migrate(empty);
  await empty.destroy();
  await server.createDatabase(TEMPLATE_DATABASE, EMPTY_TEMPLATE_DATABASE);
  const db = createDb(server.url(TEMPLATE_DATABASE), 2);
  await seedDemoData(db, { today: TEST_TODAY, readings: 'none' });
  await db.destroy();
  project.provide('postgresAdminUrl', server.url('postgres'));
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
