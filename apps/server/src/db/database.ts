import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// Calendar dates stay 'YYYY-MM-DD' strings: a date has no time zone, and converting it to a JS
// Date would shift it by the server's offset.
pg.types.setTypeParser(1082, (v: string) => v);

export type Db = Kysely<Database>;

/**
 * A client that prepares every parameterised statement once per connection, named by a hash of
 * its text. Planning costs more than executing the small indexed queries the API makes, and the
 * set of distinct statement texts is small and fixed by the code. Statements without parameters
 * (migrations, BEGIN, COMMIT) go as they are: they may hold several commands.
 */
class PreparingClient extends pg.Client {
  /** Statement names by text, shared by every connection: a hash per query costs more than the lookup. */
  private static readonly names = new Map<string, string>();

  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
      let name = PreparingClient.names.get(text);
      if (name === undefined) {
        name = `g${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
        // The texts are the code's own (a few hundred); a bound keeps a mistake from growing it.
        if (PreparingClient.names.size >= 10_000) PreparingClient.names.clear();
        PreparingClient.names.set(text, name);
      }
      return (super.query as unknown as (config: pg.QueryConfig) => never)({ name, text, values });
    }
    return (super.query as unknown as (...a: unknown[]) => never)(...args);
  }
}

/** The pool behind each Db, for work that needs the driver itself (COPY). */
const pools = new WeakMap<Db, pg.Pool>();
const connectionStrings = new WeakMap<Db, string>();

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max, Client: PreparingClient });
  // An idle connection that the server closes (a restart, or shutdown under Ctrl-C) must not
  // crash the process; the pool replaces it on the next query.
  const warn = (error: Error) => {
    if (!/terminating connection|Connection terminated/.test(error.message)) console.warn(`PostgreSQL connection error: ${error.message}`);
  };
  pool.on('error', warn);
  // A connection lost while in use fails its query (the request answers 500); the client's own
  // 'error' event must not also bring the process down.
  pool.on('connect', (client) => client.on('error', warn));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  connectionStrings.set(db, connectionString);
  return db;
}

/** The address a Db made by createDb connects to, for a connection of its own (LISTEN). */
export function connectionStringOf(db: Db): string {
  const connectionString = connectionStrings.get(db);
  if (!connectionString) throw new Error('connectionStringOf needs a Db made by createDb');
  return connectionString;
}

/**
 * `SELECT 1` on a connection of its own, outside the pool: it cannot wait behind busy requests
 * for a pooled connection, and a server that hangs cannot keep it, nor a pooled connection,
 * beyond `timeoutMs` (connecting and the query each have that long).
 */
export async function pingDatabase(db: Db, timeoutMs: number): Promise<void> {
  const connectionString = connectionStrings.get(db);
  if (!connectionString) throw new Error('pingDatabase needs a Db made by createDb');
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => {}); // a lost connection fails the ping below; it must not crash the process
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    // not awaited: a server that hangs would not answer the goodbye either
    client.end().catch(() => {});
  }
}

/**
 * Runs `work` on one connection of the db's pool, given both the driver's client (for COPY) and
 * a Db bound to that same connection (so a Kysely transaction and a COPY share one transaction).
 */
export async function withConnection<T>(db: Db, work: (client: pg.PoolClient, bound: Db) => Promise<T>): Promise<T> {
  const pool = pools.get(db);
  if (!pool) throw new Error('withConnection needs a Db made by createDb');
  const client = await pool.connect();
  // Kysely's pool of one: the held connection, which Kysely must not release
  const held = { connect: async () => ({ query: client.query.bind(client), release: () => {} }), end: async () => {} };
  const bound = new Kysely<Database>({ dialect: new PostgresDialect({ pool: held as unknown as pg.Pool }) });
  let failure: Error | undefined;
  try {
    return await work(client, bound);
  } catch (error) {
    // a connection that failed mid-COPY may be in any state: it does not go back to the pool
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(failure);
  }
}
