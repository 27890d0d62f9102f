/**
 * A scriptable stand-in for `fetch`, for unit tests of code that uses the client (no server,
 * no network). Every request is recorded; the handler decides the answer.
 */
export interface RecordedRequest {
  method: string;
  url: string;
  /** Path without the query, e.g. `/v3/auth/`. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** The JSON body, parsed; `undefined` when none was sent. */
  body: unknown;
}

export type FakeHandler = (request: RecordedRequest) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: typeof fetch;
  calls: RecordedRequest[];
}

export const createFakeFetch = (handler: FakeHandler): FakeFetch => {
  const calls: RecordedRequest[] = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers,
      body,
    };
    calls.push(request);
    return handler(request);
  };
  return { fetch: fakeFetch, calls };
};

export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A `{ status: 200, data }` answer, plus any extra envelope fields (e.g. `pagination`). */
export const okResponse = (data: unknown, extra: Record<string, unknown> = {}): Response =>
  jsonResponse(200, { status: 200, data, ...extra });

/** An error answer shaped like the server's. */
export const errorResponse = (status: number, key: string, message = key, extra: Record<string, unknown> = {}): Response =>
  jsonResponse(status, { name: 'ApiError', status, message, key, uid: 'server-uid', ...extra });
