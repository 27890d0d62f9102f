import type { FastifyServerOptions } from 'fastify';

/**
 * Query parameters that carry a secret in the spec's calls: the refresh token of `GET
 * /v4/{org}/account/sessions/refresh`, the short-lived access token of document and export links,
 * the sign-in ref (exchangeable once for tokens), codes and states of OpenID's return, the
 * development pages' key. Their values never reach a log line (decision 0022).
 */
export const SECRET_QUERY_PARAMETERS = ['refreshToken', 'accessToken', 'ref', 'token', 'code', 'state', 'key', 'autostarttoken', 't'] as const;

const secretParameter = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&#]*`, 'gi');

/** The address with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(secretParameter, '$1[REDACTED]');
}

/**
 * The request logger's options: the request as method, address without its secrets, host and
 * client address, and the headers that authenticate redacted wherever a header object is logged.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (request: { method: string; url: string; hostname?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host ?? request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
