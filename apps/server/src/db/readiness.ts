import { pingDatabase, type Db } from './database.ts';

export type DatabaseState = { ready: true } | { ready: false; reason: string };

/** How long an answer holds: probes in between (a load balancer's, or a flood) share it. */
const REUSE_MS = 1_000;
const latest = new WeakMap<Db, { at: number; state: Promise<DatabaseState> }>();

/**
 * Whether the database answers `SELECT 1` within `timeoutMs`, on a connection of its own (see
 * `pingDatabase`). A server that is down fails at once (connection refused); one that hangs is
 * reported after the timeout. At most one check a second reaches PostgreSQL, however often
 * readiness is asked.
 */
export function checkDatabase(db: Db, timeoutMs = 2_000): Promise<DatabaseState> {
  const now = Date.now();
  const last = latest.get(db);
  if (last && now - last.at < REUSE_MS) return last.state;
  const state = pingDatabase(db, timeoutMs).then(
    (): DatabaseState => ({ ready: true }),
    (error: unknown): DatabaseState => ({ ready: false, reason: error instanceof Error ? error.message : String(error) }),
  );
  latest.set(db, { at: now, state });
  return state;
}
