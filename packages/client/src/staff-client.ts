import { fillPath, type BodyOf, type DataOf, type Endpoint } from '@gridline/contracts/endpoint';
import { staffRefresh, staffSignOut } from '@gridline/contracts/endpoints/staff';
import type { StaffTokens } from '@gridline/contracts/staff';
import { ApiError } from './errors.ts';
import { sendRequest } from './http.ts';
import type { HttpConfig, HttpResult, Query } from './http.ts';
import { RequestLimiter } from './rate-limit.ts';

/**
 * The back office's client (issue 16): every call built from its endpoint's contract, with the
 * staff session's bearer, renewed shortly before it expires. The customer portal's client
 * (`api-client.ts`) has accounts, sign-in methods and support sessions; staff have one session of
 * their own (decision 0035), so this is the same `sendRequest` with a smaller session around it.
 */

/** Where the staff session is kept (the browser's storage in the app, memory in tests). */
export interface StaffSessionStore {
  get(): StaffTokens | null;
  set(tokens: StaffTokens | null): void;
}

export const memoryStaffSessionStore = (initial: StaffTokens | null = null): StaffSessionStore => {
  let tokens = initial;
  return { get: () => tokens, set: (next) => (tokens = next) };
};

/** A store in `localStorage` under one key; a value that does not read as tokens is no session. */
export const localStorageStaffSessionStore = (key: string): StaffSessionStore => ({
  get: () => {
    try {
      const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<StaffTokens> | null;
      return value && typeof value.accessToken === 'string' && typeof value.refreshToken === 'string' && typeof value.expiresAt === 'string' ? (value as StaffTokens) : null;
    } catch {
      return null;
    }
  },
  set: (tokens) => {
    if (tokens) localStorage.setItem(key, JSON.stringify(tokens));
    else localStorage.removeItem(key);
  },
});

export interface StaffClientOptions {
  baseUrl: string;
  version: string;
  store: StaffSessionStore;
  fetch?: typeof fetch;
  now?: () => number;
  /** Called when the server no longer accepts the session (the store is cleared by then). */
  onSignOut?: (error: ApiError) => void;
}

/** The parts of a call the caller gives: path parameters, query, body. */
export interface StaffCallInput<E extends Endpoint> {
  params?: Readonly<Record<string, string | number>>;
  query?: Query;
  body?: BodyOf<E>;
  /** Request headers of the call's own (`If-Match` of a write that names the version it started from). */
  headers?: Readonly<Record<string, string>>;
}

/** Renew the access token when less than this is left of it. */
const RENEW_BEFORE_MS = 30_000;

export interface StaffClient {
  /** A call of an endpoint: its method, path, bearer (when it needs one), the data's schema and paging. */
  send<E extends Endpoint>(e: E, input?: StaffCallInput<E>): Promise<HttpResult<DataOf<E>>>;
  /** The data of a call. */
  data<E extends Endpoint>(e: E, input?: StaffCallInput<E>): Promise<DataOf<E>>;
  /** Keeps the tokens of a finished sign-in. */
  signedIn(tokens: StaffTokens): void;
  /** Ends the session on the server (best effort) and forgets it here. */
  signOut(): Promise<void>;
  isSignedIn(): boolean;
  /** A fresh access token (for links that carry it, such as exports), or null when signed out. */
  accessToken(): Promise<string | null>;
}

export function createStaffClient(options: StaffClientOptions): StaffClient {
  const { store } = options;
  const now = options.now ?? Date.now;
  const http: HttpConfig = {
    baseUrl: options.baseUrl,
    version: options.version,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    limiter: new RequestLimiter(50, 10_000, now),
    sessionId: () => '',
  };
  let renewing: Promise<StaffTokens | null> | null = null;

  const forget = (error: ApiError) => {
    store.set(null);
    options.onSignOut?.(error);
  };

  /** The stored tokens, renewed first when the access token is about to expire. */
  async function freshTokens(): Promise<StaffTokens | null> {
    const tokens = store.get();
    if (!tokens) return null;
    if (Date.parse(tokens.expiresAt) - now() > RENEW_BEFORE_MS) return tokens;
    renewing ??= sendRequest(http, { method: 'POST', path: staffRefresh.path, body: { refreshToken: tokens.refreshToken }, schema: staffRefresh.response.data })
      .then((result) => {
        store.set(result.data);
        return result.data;
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status < 500) {
          forget(error);
          return null;
        }
        throw error;
      })
      .finally(() => (renewing = null));
    return renewing;
  }

  async function send<E extends Endpoint>(e: E, input: StaffCallInput<E> = {}): Promise<HttpResult<DataOf<E>>> {
    const needsToken = typeof e.auth === 'object';
    const tokens = needsToken ? await freshTokens() : null;
    if (needsToken && !tokens) {
      const error = new ApiError({ status: 401, key: 'UNAUTHORIZED', message: 'Not signed in' });
      options.onSignOut?.(error);
      throw error;
    }
    const response = e.response;
    try {
      return await sendRequest<DataOf<E>>(http, {
        method: e.method,
        path: fillPath(e.path, input.params ?? {}),
        query: input.query,
        body: input.body,
        ...(input.headers ? { headers: { ...input.headers } } : {}),
        schema: 'data' in response ? (response.data as never) : undefined,
        paged: 'data' in response && response.paged === true,
        accessToken: tokens?.accessToken ?? null,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && needsToken) forget(error);
      throw error;
    }
  }

  return {
    send,
    data: async (e, input) => (await send(e, input)).data,
    signedIn: (tokens) => store.set(tokens),
    isSignedIn: () => store.get() !== null,
    accessToken: async () => (await freshTokens())?.accessToken ?? null,
    async signOut() {
      const tokens = store.get();
      store.set(null);
      if (!tokens) return;
      await sendRequest(http, { method: staffSignOut.method, path: staffSignOut.path, accessToken: tokens.accessToken }).catch(() => undefined);
    },
  };
}
