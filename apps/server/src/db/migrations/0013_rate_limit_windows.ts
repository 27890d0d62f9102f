import { sql, type Kysely } from 'kysely';

/**
 * The request budgets of `@fastify/rate-limit` (the public price reads' 100 per 10 s per
 * address), shared by every API process (decision 0032): one row per budget and client
 * address, its count and the end of its window by the database's clock. A request is one
 * upsert that counts it, or starts a new window when the last has ended.
 *
 * UNLOGGED: a window lives for seconds and is worth nothing after a crash (PostgreSQL empties
 * the table then), and a commit that wrote only an unlogged table does not wait for the WAL to
 * be flushed, so a counted request costs no disk write even with durable commits (decision 0028).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNLOGGED TABLE rate_limit_windows (
      key text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 600),
      hits integer NOT NULL CHECK (hits >= 1),
      resets_at timestamptz NOT NULL
    );
    CREATE INDEX rate_limit_windows_resets_at ON rate_limit_windows (resets_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rate_limit_windows`.execute(db);
}
