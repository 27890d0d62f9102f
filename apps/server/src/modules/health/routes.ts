import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { checkDatabase } from '../../db/readiness.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Liveness and readiness, for whatever runs the server (a container runtime, a load balancer,
 * Playwright's webServer):
 * - `GET /health`: the process answers (liveness). It stays 200 while the database is down, so
 *   that a supervisor does not kill a server that is waiting for PostgreSQL to come back.
 * - `GET /health/ready`: the database answers too (readiness); 503 `DATABASE_UNAVAILABLE`
 *   otherwise, so that a load balancer sends requests elsewhere meanwhile.
 */
export function healthRoutes(app: FastifyInstance, deps: { db: Db; readinessTimeoutMs?: number }): void {
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 200, data: { ok: true } }));
  app.get('/health/ready', { schema: { hide: true } }, async (request) => {
    const state = await checkDatabase(deps.db, deps.readinessTimeoutMs);
    if (!state.ready) {
      // The reason stays in the log: it may name hosts and paths.
      request.log.warn({ reason: state.reason }, 'readiness: the database does not answer');
      throw new AppError('DATABASE_UNAVAILABLE');
    }
    return { status: 200, data: { ok: true } };
  });
}
