import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// Calendar dates stay 'YYYY-MM-DD' strings: a date has no time zone, and converting it to a JS
// Date would shift it by the server's offset.
pg.types.setTypeParser(1082, (v: string) => v);
// numeric arrives as text by default; keep it exact until the caller decides.

export type Db = Kysely<Database>;

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection that the server closes (a restart, or shutdown under Ctrl-C) must not
  // crash the process; the pool replaces it on the next query.
  pool.on('error', (error) => {
    if (!/terminating connection/.test(error.message)) console.warn(`PostgreSQL connection error: ${error.message}`);
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
