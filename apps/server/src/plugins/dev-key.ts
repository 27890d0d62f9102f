import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The key of the development pages (decision 0019). The simulators' pages approve any BankID
 * order as anyone and show every PIN and sign-in link, so they answer only a request that brings
 * the key printed at start-up: once in the address (`/dev/bankid?key=…`, the banner's links),
 * after which a cookie carries it so that the pages' own links and forms work. Without it they
 * answer the same 404 as an address that does not exist.
 */
export const DEV_KEY_COOKIE = 'gridline_dev_key';
export const DEV_KEY_PARAMETER = 'key';

/** A development page's address with the key, as the banner prints it. */
export function devPageUrl(origin: string, path: string, key: string): string {
  return `${origin}${path}?${DEV_KEY_PARAMETER}=${encodeURIComponent(key)}`;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [cookieName, ...rest] = part.trim().split('=');
    if (cookieName === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Guards every route of `scope` (an encapsulated plugin) with the key. */
export function requireDevKey(scope: FastifyInstance, key: string): void {
  // Compared as digests, so that neither the length nor the content leaks through timing.
  const expected = digest(key);
  const matches = (given: string | undefined) => given !== undefined && timingSafeEqual(digest(given), expected);
  scope.addHook('onRequest', async (request, reply) => {
    const query = request.query as Record<string, unknown> | undefined;
    const fromAddress = typeof query?.[DEV_KEY_PARAMETER] === 'string' ? query[DEV_KEY_PARAMETER] : undefined;
    if (matches(fromAddress)) {
      // Kept for the pages' own links and forms, which do not carry the key.
      reply.header('set-cookie', `${DEV_KEY_COOKIE}=${encodeURIComponent(key)}; Path=/dev; HttpOnly; SameSite=Lax`);
    } else if (!matches(cookieValue(request, DEV_KEY_COOKIE))) {
      reply.callNotFound();
      return reply;
    }
    // The key is in the address: it must not leave in a Referer to the pages' links.
    reply.header('referrer-policy', 'no-referrer');
    return undefined;
  });
}
