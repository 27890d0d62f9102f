import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorKey } from '@gridline/contracts/errors';
import { AppError } from '../lib/errors.ts';

/**
 * The request's id, made once by Fastify (`genReqId`): the client's `x-uid` when it sent a sane
 * one, otherwise a new one. The error body's `uid`, the `x-uid` answer header and the log's
 * `reqId` are all this one value (they were three different ones once).
 */
export function newRequestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const sent = request.headers['x-uid'];
  return typeof sent === 'string' && /^[\w-]{1,64}$/.test(sent) ? sent : randomUUID();
}

export function requestUid(request: FastifyRequest): string {
  return request.id;
}

/**
 * Turns every failure into the client error shape `{ name, status, message, key, uid, data }`.
 * Bad input is a 400 naming the field and rule; unexpected failures are a 500 without internals.
 */
/** Answers a request no route matched (the portal's pages); false to fall through to a 404. */
export type Fallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

export function registerErrorHandler(app: FastifyInstance, fallback?: Fallback): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const uid = requestUid(request);
    if (error instanceof AppError) {
      return reply.status(error.status).send({ name: error.key, status: error.status, message: error.message, key: error.key, uid, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message,
      }));
      // A route may answer a rule its body breaks under the rule's own key (`DISRUPTION_TITLE_TOO_LONG`),
      // when its contract names the key (route config `issueKeys`); every other failure is VALIDATION_FAILED.
      const declared = request.routeOptions.config?.issueKeys;
      const ruleKey = declared ? issues.map((i) => /^[A-Z][A-Z0-9_]+/.exec(i.message ?? '')?.[0]).find((k): k is ErrorKey => k !== undefined && declared.includes(k as ErrorKey)) : undefined;
      const key: ErrorKey = ruleKey ?? 'VALIDATION_FAILED';
      return reply.status(400).send({ name: key, status: 400, message: issues.map((i) => `${i.path}: ${i.message}`).join('; '), key, uid, data: { issues } });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      // Fastify's and its plugins' own client errors, each under the key that says what it is.
      const key = frameworkErrorKey(error, status);
      return reply.status(status).send({ name: key, status, message: error.message, key, uid });
    }
    request.log.error({ err: error, uid }, 'unhandled error');
    return reply.status(500).send({ name: 'INTERNAL_ERROR', status: 500, message: 'Something went wrong', key: 'INTERNAL_ERROR', uid });
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (fallback && (await fallback(request, reply))) return reply;
    const uid = requestUid(request);
    return reply.status(404).send({ name: 'NOT_FOUND', status: 404, message: `No route ${request.method} ${request.url.split('?')[0]}`, key: 'NOT_FOUND', uid });
  });
}

/**
 * The key of a client error raised by Fastify or a plugin rather than by our code: malformed JSON
 * is not a validation failure, and a 403 of the static files is no 400 (it answered
 * `VALIDATION_FAILED` for `GET /` once).
 */
export function frameworkErrorKey(error: Pick<FastifyError, 'code'>, status: number): ErrorKey {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'MALFORMED_JSON';
  const byStatus: Partial<Record<number, ErrorKey>> = {
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    405: 'METHOD_NOT_ALLOWED',
    408: 'REQUEST_TIMEOUT',
    413: 'BODY_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'TOO_MANY_REQUESTS',
    431: 'HEADERS_TOO_LARGE',
  };
  return byStatus[status] ?? 'VALIDATION_FAILED';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error keys a zod message of this route's input may carry, answered as the error's key instead of VALIDATION_FAILED. */
    issueKeys?: readonly ErrorKey[];
  }
}
