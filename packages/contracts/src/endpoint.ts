import type { z } from 'zod';
import type { AccessScope } from './enums.ts';
import type { ErrorKey } from './errors.ts';

/**
 * One object per endpoint (issue 14, decision 0024): everything the server registers, the client
 * calls and the OpenAPI document describes, written once. The server's `route()` reads it, the
 * client's `call()` reads it, and `openapi.ts` turns the list in `endpoints/all.ts` into the
 * committed `docs/openapi.json`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: nobody in particular, a signed-in user (a bearer access token of the user
 * session), a staff token with one of the scopes (`orUser`: or the signed-in user, for a call
 * the customer and staff both make on the customer's own data), an API token with the given API
 * scopes, or the 60-second document token in `?accessToken` (document and export links).
 */
export type EndpointAuth =
  | 'none'
  | 'user'
  | 'document'
  | { readonly scopes: readonly AccessScope[]; readonly orUser?: true }
  | { readonly apiToken: readonly string[] };

/** Whether a customer's access token may make the call (`user`, or staff scopes `orUser`). */
export function acceptsUser(e: Pick<Endpoint, 'auth'>): boolean {
  return e.auth === 'user' || (typeof e.auth === 'object' && 'scopes' in e.auth && e.auth.orUser === true);
}

/** The domains, one OpenAPI tag each. */
export const endpointTags = {
  auth: 'Sign-in, tokens and sign-out (spec 000 §4.1, §7; spec 001 §7)',
  users: 'The signed-in user',
  accounts: 'Accounts the user is a member of',
  locations: "An account's locations and their home details",
  invoices: 'Invoices and their documents',
  agreements: "A location's agreements and third-party data inquiries",
  'location data': "A location's readings, cost and related data from roll-ups",
  exports: "CSV and XLSX exports of a location's readings",
  ingest: "Bulk readings from the provider's systems",
  'spot prices': 'Day-ahead spot prices per zone (public market data)',
  settings: "An organisation's releases, their history, comparison and rollback, and the change requests that publish them (spec 002 §3, §7; decision 0054)",
  'settings drafts': "Drafts of an organisation's themes, feature flags, modules, feature configurations and custom favorites (spec 002 §3, §7; decision 0054)",
  copy: 'Copy texts per group and language',
  disruptions: 'Disruption notices',
  staff: "The back office's sign-in for the provider's staff (issue 16)",
  admins: 'Admins: the staff of an organisation and of the platform (spec 002 §7)',
  'api tokens': "API tokens for the provider's own systems (spec 002 §3, §7)",
  secrets: "An organisation's integration secrets, sealed at rest (spec 002 §3, §6, §7)",
  audit: 'The audit log: search, entries, export and retention (issue 16)',
  customers: "Customers for the provider's staff: search, fetch, the customer page (spec 001 §7, spec 002 §7)",
  'scheduled jobs': "The platform's scheduled jobs: list, edit, play, pause and trigger (spec 002 §3, §7; decision 0045)",
  statistics: "How an organisation is doing: counts per day, the home page's summary and monitoring alerts (spec 001 §7, spec 002 §7; decision 0049)",
  support: 'Support messages between customers and customer service, and customer feedback (spec 001 §3, §7; spec 002 §7; decision 0047)',
  inspectors: 'Inspectors: admins attached to accounts, and support sessions in the portal (spec 001 §6, spec 002 §7)',
  assets: 'Logos, favicons and images of themes and home modules, stored in PostgreSQL (spec 002 §7; decision 0048)',
  segments: "Audiences: which of an organisation's locations a rule set of segment rules matches (spec 002 §3, §5; decision 0052)",
  tips: 'Tips per location and language, and the tips staff write for segments of locations (spec 001 §3, §7; spec 002 §7; decision 0053)',
  'environment sync': "An organisation's published settings and secrets copied to another Gridline installation of the provider: local, staging or develop (spec 002 §4, §7; decision 0060)",
  bridge: "The back office's other bridge calls: caches, premium features, test e-mails, messages, its session and dashboards (spec 002 §7; decision 0050)",
} as const;
export type EndpointTag = keyof typeof endpointTags;

/** A body that is not JSON (ingest's NDJSON or CSV), read by the route as a stream. */
export interface RawBody {
  readonly contentTypes: readonly string[];
  readonly description: string;
  readonly example?: string;
}

/** An answer that is a file or a page rather than the JSON envelope. */
export interface FileAnswer {
  readonly contentTypes: readonly string[];
  readonly description: string;
}

export type EndpointResponse =
  | { readonly data: z.ZodType; readonly paged?: boolean; readonly notModified?: boolean }
  | { readonly file: FileAnswer; readonly errorsAsHtml?: boolean };

export interface Endpoint {
  readonly method: HttpMethod;
  /** The spec's path in OpenAPI form: `/v4/{organisation}/users/me`. */
  readonly path: string;
  readonly operationId: string;
  readonly tag: EndpointTag;
  readonly summary: string;
  readonly description?: string;
  readonly auth: EndpointAuth;
  /**
   * A `GET` that changes something (the spec's shape for a few calls: `requestDelete`,
   * `support/messages?markAsRead`). A read-only session (support mode, INSPECTOR) may make any
   * other `GET` and none of these: the server refuses them with the writes (`READ_ONLY_SESSION`).
   * `{ whenQuery }` names the query flag that makes the read a write (`markAsRead=true`); without
   * it the call reads only.
   */
  readonly writes?: true | { readonly whenQuery: string };
  /** Path parameters, named as in `path`. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** A JSON body; `rawBody` for one that is streamed. */
  readonly body?: z.ZodType;
  readonly rawBody?: RawBody;
  /** The envelope's `data` (`paged` adds `pagination`; `notModified` a 304 to `If-None-Match`), or a file. */
  readonly response: EndpointResponse;
  /**
   * The error keys this endpoint answers besides those every endpoint of its kind may answer
   * (`VALIDATION_FAILED` with input, the token's keys with auth, `UNKNOWN_ORGANISATION` under
   * `{organisation}`, `INTERNAL_ERROR`): see `errorKeysOf`.
   */
  readonly errors: readonly ErrorKey[];
  readonly examples?: {
    readonly params?: Record<string, string>;
    readonly query?: Readonly<Record<string, string | number | boolean>>;
    readonly body?: unknown;
    readonly data?: unknown;
  };
}

/** Keeps the literal type of an endpoint (its schemas, its kind of answer), checked against `Endpoint`. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/** The type of a part of a request (params, query, body) as the server reads it; `{}` when absent. */
export type InputOf<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/** The JSON body a client sends (before defaults). */
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

/** The envelope's data type of a JSON endpoint. */
export type DataOf<E extends Endpoint> = E['response'] extends { data: infer D extends z.ZodType } ? z.output<D> : never;

/** `/v4/{organisation}/users/{id}` → `/v4/:organisation/users/:id` (Fastify's form). */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The names of a path's parameters, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** Fills a path's parameters, each encoded; a missing one is an error, not an empty segment. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

const tokenKeys: readonly ErrorKey[] = ['UNAUTHORIZED', 'INVALID_TOKEN', 'TOKEN_EXPIRED', 'SESSION_REVOKED'];

/** Every error key an endpoint may answer: its own and those of its kind. */
export function errorKeysOf(e: Endpoint): ErrorKey[] {
  const keys = new Set<ErrorKey>();
  // Any request: a control character anywhere (the input guard), a request that trickles in.
  keys.add('INVALID_CHARACTERS');
  keys.add('REQUEST_TIMEOUT');
  if (e.params || e.query || e.body || e.rawBody) keys.add('VALIDATION_FAILED');
  if (e.body) ['MALFORMED_JSON', 'BODY_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'].forEach((k) => keys.add(k as ErrorKey));
  if (e.rawBody) ['BODY_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'].forEach((k) => keys.add(k as ErrorKey));
  if (e.auth === 'user' || typeof e.auth === 'object') tokenKeys.forEach((k) => keys.add(k));
  // Support sessions read only (plugins/context.ts).
  if (acceptsUser(e) && e.method !== 'GET') keys.add('READ_ONLY_SESSION');
  if (typeof e.auth === 'object' && 'scopes' in e.auth) keys.add('FORBIDDEN');
  if (e.path.includes('{organisation}')) keys.add('UNKNOWN_ORGANISATION');
  e.errors.forEach((k) => keys.add(k));
  keys.add('INTERNAL_ERROR');
  return [...keys];
}
