import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * Request budgets per client address through @fastify/rate-limit (decision 0020), switched on
 * per route with `config: { rateLimit: … }`. The address is `request.ip`, which believes
 * X-Forwarded-For only from the proxies TRUST_PROXY names. Kept in this process's memory: a
 * deployment of several API processes behind one address gives each its own budget, or plugs in
 * a shared store (the plugin takes Redis or a custom one).
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Refused in the client error shape, with the budget in `data` (the headers say it too).
    errorResponseBuilder: (_request, context) => new AppError('TOO_MANY_REQUESTS', { data: { limit: context.max, retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) } }),
  });
}

/** The public price reads' budget: 100 requests per 10 seconds per address. */
export const PUBLIC_PRICES_LIMIT = { max: 100, timeWindow: 10_000 } as const;
