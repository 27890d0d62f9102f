import { pingDatabase, type Db } from './database.ts';

export type DatabaseState = { ready: true } | { ready: false; reason: string };

/**
 * Probes share the check under way, and its answer for a moment after: a load balancer's (or a
 * flood of them) reach PostgreSQL a few times a second at most, never with a stale answer for long.
 */
const REUSE_MS = 250;
const latest = new WeakMap<Db, { settledAt: number | null; state: Promise<DatabaseState> }>();

/**
 * Whether the database answers `SELECT 1` within `timeoutMs`, on a connection of its own (see
 * `pingDatabase`). A server that is down fails at once (connection refused); one that hangs is
 * reported after the timeout (its connection cannot outlive it).
 */
export function checkDatabase(db: Db, timeoutMs = 2_000): Promise<DatabaseState> {
  const last = latest.get(db);
  if (last && (last.settledAt === null || Date.now() - last.settledAt < REUSE_MS)) return last.state;
  const state = pingDatabase(db, timeoutMs).then(
    (): DatabaseState => ({ ready: true }),
    (error: unknown): DatabaseState => ({ ready: false, reason: error instanceof Error ? error.message : String(error) }),
  );
  const entry = { settledAt: null as number | null, state };
  void state.then(() => {
    entry.settledAt = Date.now();
  });
  latest.set(db, entry);
  return state;
}
