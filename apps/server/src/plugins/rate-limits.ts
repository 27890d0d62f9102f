import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { AddressLimiter } from '../modules/auth/attempt-limiter.ts';

/**
 * The limits per client address, kept by @fastify/rate-limit (decision 0020) instead of
 * hand-written counters: the public price reads' request budget, and the failed sign-ins per
 * address. The address is `request.ip`, which names a forwarded client only behind a configured
 * proxy (TRUST_PROXY); IPv6 addresses count per /64, as one client usually holds a whole one.
 * The counts are in this process's memory: decision 0020 says what several processes need.
 */
export interface RateLimits {
  /** An onRequest hook: 100 price reads per 10 s per address, then 429 TOO_MANY_REQUESTS. */
  priceReads: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** 100 failed sign-ins per 15 minutes per address. */
  signInAddresses: AddressLimiter;
}

const PRICE_READS = { max: 100, timeWindow: 10_000 };
const FAILED_SIGN_INS = { max: 100, timeWindow: 15 * 60_000 };

export async function registerRateLimits(app: FastifyInstance): Promise<RateLimits> {
  await app.register(rateLimit, { global: false });
  const failedSignIns = app.createRateLimit(FAILED_SIGN_INS);
  // The sign-in service knows the address, not the request: the limiter reads nothing else.
  const asRequest = (address: string) => ({ ip: address, routeOptions: { config: {} } }) as unknown as FastifyRequest;
  return {
    priceReads: app.rateLimit({
      ...PRICE_READS,
      // The answer's shape and key stay the API's (spec 001 error fields); the plugin adds the
      // x-ratelimit-* and retry-after headers.
      errorResponseBuilder: (_request, context) => new AppError('TOO_MANY_REQUESTS', { data: { limit: context.max, windowSeconds: PRICE_READS.timeWindow / 1000 } }),
    }),
    signInAddresses: {
      // Blocked at `max` failures: a peek does not count, and `remaining` reaches 0 there.
      isBlocked: async (address) => {
        const state = await failedSignIns(asRequest(address), { increment: false });
        return !state.isAllowed && state.remaining === 0;
      },
      fail: async (address) => {
        await failedSignIns(asRequest(address));
      },
    },
  };
}
