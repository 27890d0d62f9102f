import { Pagination } from '@gridline/contracts/common';
import { errorFromResponse, networkError, parseError } from './errors.ts';
import type { RequestLimiter } from './rate-limit.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
/** Query parameters; `null`/`undefined` are left out, arrays are joined with commas. */
export type Query = Record<string, QueryValue>;

/**
 * Anything with zod's `safeParse`: every contracts schema fits. Kept structural so the client
 * does not import zod itself.
 */
export interface Schema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface Paged<T> {
  data: T;
  pagination: Pagination;
}

export interface HttpConfig {
  baseUrl: string;
  version: string;
  fetch: typeof fetch;
  limiter: RequestLimiter;
  /** The current `x-session` value. */
  sessionId: () => string;
}

export interface HttpRequest<T> {
  method: HttpMethod;
  path: string;
  query?: Query;
  body?: unknown;
  /** Validates the envelope's `data`. */
  schema?: Schema<T>;
  /** Requires and validates the envelope's `pagination`. */
  paged?: boolean;
  accessToken?: string | null;
  headers?: Record<string, string>;
  /** Whether the request counts against the limiter; only the client's own paced loops opt out. */
  rateLimit?: boolean;
}

export interface HttpResult<T> {
  status: number;
  data: T;
  pagination: Pagination | undefined;
}

/** A new request id (`x-uid`), a UUID where the platform can make one. */
export const newRequestId = (): string => {
  const c: Crypto | undefined = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** Encodes a query value, leaving commas readable (`types=a,b`). */
const encodeQueryValue = (value: string): string => encodeURIComponent(value).replace(/%2C/gi, ',');

export const buildQuery = (query: Query | undefined): string => {
  if (!query) return '';
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    parts.push(`${encodeURIComponent(name)}=${encodeQueryValue(text)}`);
  }
  return parts.join('&');
};

/** `baseUrl` + `path` (absolute URLs are kept) + query. An empty `baseUrl` gives same-origin paths. */
export const buildUrl = (baseUrl: string, path: string, query?: Query): string => {
  const base = baseUrl.replace(/\/+$/, '');
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`;
  const qs = buildQuery(query);
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Sends one request and unwraps the `{ status, data, pagination? }` envelope.
 * Throws ApiError: 429 from the limiter (nothing sent), 500 `couldNotConnectToServer` when fetch
 * fails, 500 `couldNotParseData` when the answer is not a valid envelope or fails the schema,
 * and the server's error for any status >= 400.
 */
export const sendRequest = async <T>(config: HttpConfig, req: HttpRequest<T>): Promise<HttpResult<T>> => {
  const uid = newRequestId();
  const url = buildUrl(config.baseUrl, req.path, req.query);
  if (req.rateLimit !== false) config.limiter.hit(req.method, url, uid);

  const headers: Record<string, string> = {
    ...req.headers,
    Accept: 'application/json',
    'x-uid': uid,
    'x-session': config.sessionId(),
    'x-version': config.version,
  };
  const init: RequestInit = { method: req.method, headers };
  if (req.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(req.body);
  }
  if (req.accessToken) headers['Authorization'] = `Bearer ${req.accessToken}`;

  let response: Response;
  let text: string;
  try {
    response = await config.fetch(url, init);
    text = await response.text();
  } catch (cause) {
    throw networkError(uid, cause);
  }

  let json: unknown;
  let isJson = true;
  try {
    json = JSON.parse(text);
  } catch {
    isJson = false;
  }

  if (response.status >= 400) {
    throw errorFromResponse(response.status, isJson ? json : undefined, uid, response.statusText);
  }
  if (!isJson || !isRecord(json) || !('data' in json)) throw parseError(uid);

  let data: unknown = json['data'];
  if (req.schema) {
    const parsed = req.schema.safeParse(data);
    if (!parsed.success) throw parseError(uid, parsed.error);
    data = parsed.data;
  }
  let pagination: Pagination | undefined;
  if (req.paged) {
    const parsed = Pagination.safeParse(json['pagination']);
    if (!parsed.success) throw parseError(uid, parsed.error);
    pagination = parsed.data;
  }
  const status = typeof json['status'] === 'number' ? json['status'] : response.status;
  return { status, data: data as T, pagination };
};
