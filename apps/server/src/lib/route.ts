import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import { ApiErrorBody, Pagination } from '@gridline/contracts/common';
import { routerPath, type DataOf, type Endpoint, type InputOf } from '@gridline/contracts/endpoint';

/**
 * Registers a route from its contract (decision 0024): method, path, input schemas (validated by
 * zod), auth, and the response schema as JSON Schema, so that Fastify serialises the answer with
 * fast-json-stringify (no zod on the way out) and a field the contract does not name is dropped.
 * The handler returns the envelope's `data` (or `{ data, pagination }` for a paged list), or the
 * reply when it answered itself (a file, a 304).
 */

type DataAnswer<E extends Endpoint> = E['response'] extends { data: z.ZodType; paged: true } ? { data: DataOf<E>; pagination: Pagination } : DataOf<E>;

export type ContractRequest<E extends Endpoint> = FastifyRequest<{
  Params: InputOf<E['params']>;
  Querystring: InputOf<E['query']>;
  Body: InputOf<E['body']>;
}>;

export type ContractHandler<E extends Endpoint> = (request: ContractRequest<E>, reply: FastifyReply) => Promise<DataAnswer<E> | FastifyReply>;

export interface RouteOptions {
  onRequest?: onRequestHookHandler;
  /** Route config for plugins (`rateLimit`); the contract's operationId is added. */
  config?: Record<string, unknown>;
  /** The largest body the route reads, in bytes, when it is not Fastify's 1 MiB (an asset's base64). */
  bodyLimit?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract a route was registered from (absent on hidden pages). */
    operationId?: string;
    /** The contract's `writes`: a GET that changes something, refused to a read-only session. */
    writes?: Endpoint['writes'];
  }
  interface FastifyInstance {
    /** Tests: check every answer's data against its zod schema before it is serialised. */
    verifyResponses: boolean;
  }
}

type Json = Record<string, unknown>;

const KEEP = new Set(['type', 'properties', 'items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', '$ref', '$defs', 'prefixItems']);

/**
 * A JSON Schema reduced to what serialising needs. `required` goes: a contract is checked by the
 * tests (verifyResponses), not on every answer, and fast-json-stringify throws on a missing
 * required field. A nullable simple type becomes a type list (`["number", "null"]`), which
 * fast-json-stringify serialises without trying each branch.
 */
export function serializerSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(serializerSchema);
  if (!node || typeof node !== 'object') return node;
  const schema = node as Json;
  const anyOf = schema.anyOf as Json[] | undefined;
  if (anyOf && anyOf.length === 2 && anyOf.some((s) => s.type === 'null')) {
    const other = anyOf.find((s) => s.type !== 'null')!;
    if (typeof other.type === 'string' && !other.anyOf && !other.oneOf) {
      return serializerSchema({ ...other, type: [other.type, 'null'] });
    }
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!KEEP.has(key)) continue;
    if (key === 'properties' || key === '$defs') {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([name, s]) => [name, serializerSchema(s)]));
    } else out[key] = serializerSchema(value);
  }
  // A `const`-only or empty schema (z.unknown(), z.literal) serialises as any value.
  return out;
}

const errorSchema = serializerSchema(z.toJSONSchema(ApiErrorBody, { io: 'output' }));

/** The Fastify response schemas of an endpoint: the envelope on 200, the error shape on 4xx/5xx. */
export function responseSchemas(e: Endpoint): Record<string, unknown> {
  const errors = { '4xx': errorSchema, '5xx': errorSchema };
  if (!('data' in e.response)) return errors;
  const envelope = z.object({ status: z.number().int(), data: e.response.data, ...(e.response.paged ? { pagination: Pagination } : {}) });
  return { 200: serializerSchema(z.toJSONSchema(envelope, { io: 'output', unrepresentable: 'any' })), ...errors };
}

export function route<E extends Endpoint>(app: FastifyInstance, e: E, handler: ContractHandler<E>, options: RouteOptions = {}): void {
  // Access is decided before the input is validated (preValidation): a caller without the right
  // token or scope hears 401 or 403, never which of its fields a call would have refused.
  const preValidation =
    e.auth === 'user'
      ? app.requireUser
      : typeof e.auth === 'object' && 'scopes' in e.auth
        ? e.auth.orUser
          ? app.requireUserOrScope(e.auth.scopes)
          : app.requireScope(e.auth.scopes)
        : undefined;
  const response = e.response;
  const check = 'data' in response ? response.data : null;
  app.route({
    method: e.method,
    url: routerPath(e.path),
    config: { ...options.config, operationId: e.operationId, ...(e.writes ? { writes: e.writes } : {}) },
    schema: {
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: responseSchemas(e),
    },
    ...(preValidation ? { preValidation } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      const answer = await handler(request as ContractRequest<E>, reply);
      if (answer === reply) return reply;
      if (!check || !('data' in response)) throw new Error(`${e.operationId} answers a file: its handler must send it`);
      const { data, pagination } = response.paged ? (answer as { data: unknown; pagination: Pagination }) : { data: answer, pagination: undefined };
      if (app.verifyResponses) {
        const parsed = check.safeParse(data);
        if (!parsed.success) throw new Error(`${e.operationId} answered data its contract does not describe: ${z.prettifyError(parsed.error)}`);
      }
      return pagination ? { status: 200, data, pagination } : { status: 200, data };
    },
  });
}

/**
 * An API route (`/v3/…`, `/v4/…`) exists only as a contract's: one registered any other way would
 * be undocumented, missed by the access and fuzz tests generated from the document, and
 * serialised without a schema. Hidden pages (`schema.hide`) are not API routes.
 */
export function onlyContractRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (options) => {
    if (options.config?.operationId || options.schema?.hide) return;
    if (/^\/v\d+\//.test(options.url ?? '')) {
      throw new Error(`${String(options.method)} ${options.url} has no contract: declare it in packages/contracts/src/endpoints and register it with route()`);
    }
  });
}
