import { randomUUID } from 'node:crypto';
import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { hasControlCharacter } from '@gridline/contracts/common';
import { errorCatalogue, type ErrorKey } from '@gridline/contracts/errors';
import { AppError } from '../lib/errors.ts';
import { requestUid } from './errors.ts';

/*
 * Input bounds at the edge (decision 0030): what no route may receive, refused before any
 * route's schema, service or query sees it. The contracts' bounded primitives
 * (`@gridline/contracts/common`) bound each field's length and dates; this guard refuses, for
 * every route at once, what no field may hold.
 */

/** Deeper than any contract: free-form JSON (settings' records) is stored as jsonb, and walked here without recursion. */
const MAX_BODY_DEPTH = 32;

/** Where a value holds a forbidden character (`querystring.ref`, `body.items.0.name`), or null. */
export function controlCharacterAt(value: unknown, root: string, options: { multiline?: boolean } = {}): string | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (hasControlCharacter(v, options)) return path;
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_BODY_DEPTH) throw new AppError('VALIDATION_FAILED', { message: `${path}: nested deeper than ${MAX_BODY_DEPTH} levels` });
      for (const [key, item] of Object.entries(v)) {
        if (hasControlCharacter(key)) return `${path}.${JSON.stringify(key).slice(1, -1)}`;
        stack.push({ value: item, path: `${path}.${key}`, depth: depth + 1 });
      }
    }
  }
  return null;
}

function refuse(path: string): never {
  throw new AppError('INVALID_CHARACTERS', { data: { issues: [{ path, message: 'INVALID_CHARACTERS' }] } });
}

/**
 * Refuses a NUL byte or another control character in the decoded path, the query and the JSON
 * body with `400 INVALID_CHARACTERS`, naming where it was. Registered before every route.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const url = request.raw.url ?? '/';
    const queryAt = url.indexOf('?');
    const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
    // Fastify decodes the path's parameters itself (and answers a malformed escape with 400);
    // the whole path is checked here so that a page, a static file and an unknown route are too.
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      throw new AppError('VALIDATION_FAILED', { message: 'The path has a malformed percent-encoding' });
    }
    if (hasControlCharacter(path)) refuse('path');
    const at = controlCharacterAt(request.query, 'querystring');
    if (at) refuse(at);
  });
  app.addHook('preValidation', async (request) => {
    // Streamed bodies (ingest's NDJSON and CSV) are read by their route, which rejects bad lines.
    if (request.body === undefined || request.body === null || typeof (request.body as { pipe?: unknown }).pipe === 'function') return;
    // In a JSON body a text may hold tabs and line breaks (a message, a copy text).
    const at = controlCharacterAt(request.body, 'body', { multiline: true });
    if (at) refuse(at);
  });
}

/**
 * A path parameter longer than this matches no route (Fastify's default is 100): a copy key, a
 * dotted path of up to 200 characters, is one (`/v3/copy/{type}/{key}`, decision 0046).
 */
const MAX_PARAM_LENGTH = 256;

/**
 * The server options of the edge: time limits, and the client error shape for what Fastify and
 * Node refuse before any hook runs. Without the limits a request whose body trickles in (a byte
 * every few seconds) held its connection for as long as the client liked: Fastify's
 * `requestTimeout` is 0 (none) unless set, and Node checks it every `connectionsCheckingInterval`.
 */
export function edgeServerOptions(requestTimeoutMs: number): {
  requestTimeout: number;
  http: ServerOptions;
  clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']>;
  frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']>;
  routerOptions: { maxParamLength: number };
} {
  return {
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: (error, request, reply) => {
      // The router's refusals (a malformed percent-escape, an over-long path parameter) used to
      // answer Fastify's own body, without a key.
      const bad = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const key: ErrorKey = bad ? 'VALIDATION_FAILED' : 'INTERNAL_ERROR';
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? `A part of the path is longer than ${MAX_PARAM_LENGTH} characters` : bad ? 'The path has a malformed percent-encoding' : errorCatalogue[key].message;
      const status = errorCatalogue[key].status;
      void (reply as FastifyReply).status(status).send({ name: key, status, message, key, uid: requestUid(request), data: { issues: [{ path: 'params', message }] } });
    },
    // The whole request, headers and body, must arrive within this. `connectionTimeout` (idle
    // socket) stays off: it would also cut an answer that takes long to compute (an export), and
    // a trickle resets it with every byte anyway.
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(10_000, requestTimeoutMs),
      // How often Node looks for requests past their time (its default is 30 s).
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(requestTimeoutMs / 4))),
    },
    clientErrorHandler: clientError,
  };
}

/** A request Node refused before Fastify saw it, answered in the client error shape with a key. */
function clientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const key: ErrorKey = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : error.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : 'VALIDATION_FAILED';
  const { status, message } = errorCatalogue[key];
  const body = JSON.stringify({ name: key, status, message: key === 'VALIDATION_FAILED' ? 'The request could not be read' : message, key, uid: randomUUID() });
  if (socket.writable) {
    const reason = status === 408 ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
