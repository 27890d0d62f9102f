import { ApiErrorBody } from '@gridline/contracts/common';

/** What an `ApiError` is built from; everything but `status`, `message` and `key` is optional. */
export interface ApiErrorInit {
  status: number;
  message: string;
  key: string;
  name?: string;
  uid?: string;
  data?: unknown;
  info?: unknown;
  cause?: unknown;
}

/**
 * Every failure the client reports. `key` is stable and translated by the web apps as
 * `errors.<key>`; `signOut` is set for 401 (the session is no longer accepted) and `fatal` for
 * any status of 500 or more (server trouble, no connection, unreadable answer).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly key: string;
  readonly uid: string;
  readonly data: unknown;
  readonly info: unknown;
  readonly signOut: boolean;
  readonly fatal: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = init.name ?? 'ApiError';
    this.status = init.status;
    this.key = init.key;
    this.uid = init.uid ?? '';
    this.data = init.data;
    this.info = init.info;
    this.signOut = init.status === 401;
    this.fatal = init.status >= 500;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** fetch itself failed: offline, DNS, CORS, connection reset. */
export const networkError = (uid: string, cause?: unknown): ApiError =>
  new ApiError({ status: 500, key: 'couldNotConnectToServer', message: 'Could not connect to server', uid, cause });

/** The answer was not JSON, not an envelope, or failed the call's schema. */
export const parseError = (uid: string, cause?: unknown): ApiError =>
  new ApiError({ status: 500, key: 'couldNotParseData', message: 'Could not parse data', uid, cause });

export const tooManyRequestsError = (uid = ''): ApiError =>
  new ApiError({ status: 429, key: 'tooManyRequests', message: 'Too Many requests', uid });

export const timeoutError = (message = 'The operation timed out', uid = ''): ApiError =>
  new ApiError({ status: 408, name: 'TimeoutError', key: 'timeout', message, uid });

export const missingAccountIdError = (): ApiError =>
  new ApiError({ status: 404, key: 'MISSING_ACCOUNT_ID', message: 'Missing accountId' });

export const missingTokenError = (): ApiError =>
  new ApiError({ status: 404, key: 'MISSING_TOKEN', message: 'Missing token' });

export const missingUserError = (): ApiError =>
  new ApiError({ status: 404, key: 'MISSING_USER', message: 'The user does not have any accounts' });

/** Key used when an error answer carries no key of its own. */
export const fallbackKey = (status: number): string => {
  if (status === 400) return 'VALIDATION_FAILED';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 408) return 'timeout';
  if (status === 429) return 'tooManyRequests';
  if (status >= 500) return 'INTERNAL_ERROR';
  return 'unknownError';
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/**
 * Builds the error for an answer with HTTP status >= 400. A proper error body is taken as is
 * (but the HTTP status wins); anything else keeps whichever fields it has and falls back to
 * the status for the rest. `body` is the parsed JSON, or `undefined` when it was not JSON.
 */
export const errorFromResponse = (status: number, body: unknown, uid: string, statusText = ''): ApiError => {
  const parsed = ApiErrorBody.safeParse(body);
  if (parsed.success) {
    const b = parsed.data;
    return new ApiError({
      status,
      name: b.name,
      message: b.message,
      key: b.key,
      uid: b.uid || uid,
      data: b.data,
      info: b.info,
    });
  }
  const b = isRecord(body) ? body : {};
  return new ApiError({
    status,
    name: str(b['name']) ?? 'ApiError',
    message: str(b['message']) ?? (statusText || `Request failed with status ${status}`),
    key: str(b['key']) ?? fallbackKey(status),
    uid: str(b['uid']) ?? uid,
    data: b['data'],
    info: b['info'],
  });
};
