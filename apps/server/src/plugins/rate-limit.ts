import rateLimit, { type FastifyRateLimitOptions, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';

/**
 * Request budgets per client address through @fastify/rate-limit (decision 0020), switched on
 * per route with `config: { rateLimit: … }`. The address is `request.ip`, which believes
 * X-Forwarded-For only from the proxies TRUST_PROXY names. The counts live in PostgreSQL
 * (`rate_limit_windows`, decision 0032), so that every API process (WORKERS) spends the same
 * budget and a client cannot multiply it by landing on another process.
 */
export async function registerRateLimit(app: FastifyInstance, deps: { db: Db; log?: (message: string, error: unknown) => void }): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(deps.db, { log: deps.log }),
    // Refused in the client error shape, with the budget in `data` (the headers say it too).
    errorResponseBuilder: (_request, context) => new AppError('TOO_MANY_REQUESTS', { data: { limit: context.max, retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) } }),
  });
}

/** The public price reads' budget: 100 requests per 10 seconds per address. */
export const PUBLIC_PRICES_LIMIT = { max: 100, timeWindow: 10_000 } as const;

/** How often a process deletes the windows that have ended (as requests come). */
const CLEAN_UP_EVERY_MS = 60_000;

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/**
 * A store for @fastify/rate-limit in PostgreSQL: a fixed window per key that starts with its
 * first request, as the plugin's own memory store counts. A request is one atomic upsert (the
 * row's lock orders concurrent ones, from any process), by the database's clock. A budget of
 * its own per route, as the plugin's stores keep (the route's method and path prefix the key).
 * Windows that have ended are deleted now and then by whichever process is counting.
 */
export function postgresRateLimitStore(db: Db, options: { log?: ((message: string, error: unknown) => void) | undefined; now?: () => number } = {}): FastifyRateLimitStoreCtor {
  const now = options.now ?? Date.now;
  let lastCleanUp = now();
  const cleanUpNowAndThen = () => {
    if (now() - lastCleanUp < CLEAN_UP_EVERY_MS) return;
    lastCleanUp = now();
    sql`DELETE FROM rate_limit_windows WHERE resets_at < now()`.execute(db).catch((error: unknown) => options.log?.('rate limit clean-up failed', error));
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    constructor(_options: FastifyRateLimitOptions, prefix = '') {
      this.#prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      cleanUpNowAndThen();
      sql<Counted>`
        INSERT INTO rate_limit_windows AS w (key, hits, resets_at)
        VALUES (${this.#prefix + key}, 1, now() + ${timeWindow}::integer * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN w.resets_at <= now() THEN 1 ELSE least(w.hits, 2147483646) + 1 END,
          resets_at = CASE WHEN w.resets_at <= now() THEN excluded.resets_at ELSE w.resets_at END
        RETURNING w.hits AS current, greatest(0, ceil(extract(epoch FROM w.resets_at - now()) * 1000))::integer AS ttl`
        .execute(db)
        .then(({ rows: [row] }) => callback(null, row), (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    /** The window's count without counting (the plugin's `increment: false`). */
    read(key: string, callback: Callback): void {
      sql<Counted>`
        SELECT hits AS current, greatest(0, ceil(extract(epoch FROM resets_at - now()) * 1000))::integer AS ttl
        FROM rate_limit_windows WHERE key = ${this.#prefix + key} AND resets_at > now()`
        .execute(db)
        .then(({ rows: [row] }) => callback(null, row ?? { current: 0, ttl: 0 }), (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    child(routeOptions: FastifyRateLimitOptions & { routeInfo?: { method?: unknown; url?: unknown } }): FastifyRateLimitStore {
      const route = routeOptions.routeInfo ?? {};
      return new PostgresRateLimitStore(routeOptions, `${this.#prefix}${String(route.method ?? '')} ${String(route.url ?? '')}|`);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
