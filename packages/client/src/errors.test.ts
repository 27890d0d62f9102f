import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse, isApiError, networkError, parseError, tooManyRequestsError } from './errors.ts';

describe('ApiError', () => {
  it('carries the error fields and derives signOut and fatal from the status', () => {
    const e = new ApiError({ status: 401, key: 'TOKEN_EXPIRED', message: 'Token has expired', uid: 'u1', data: { a: 1 } });
    expect(e).toBeInstanceOf(Error);
    expect(isApiError(e)).toBe(true);
    expect(e).toMatchObject({ name: 'ApiError', status: 401, key: 'TOKEN_EXPIRED', message: 'Token has expired', uid: 'u1' });
    expect(e.data).toEqual({ a: 1 });
    expect(e.signOut).toBe(true);
    expect(e.fatal).toBe(false);
    expect(new ApiError({ status: 500, key: 'x', message: 'x' }).fatal).toBe(true);
    expect(new ApiError({ status: 499, key: 'x', message: 'x' }).fatal).toBe(false);
  });

  it('maps client-side failures to their keys', () => {
    expect(networkError('u')).toMatchObject({ status: 500, key: 'couldNotConnectToServer', fatal: true, uid: 'u' });
    expect(parseError('u')).toMatchObject({ status: 500, key: 'couldNotParseData', fatal: true });
    expect(tooManyRequestsError()).toMatchObject({ status: 429, key: 'tooManyRequests', message: 'Too Many requests' });
  });
});

describe('errorFromResponse', () => {
  it('takes a proper error body as is', () => {
    const e = errorFromResponse(
      404,
      { name: 'NotFound', status: 404, message: 'Not found', key: 'NOT_FOUND', uid: 'srv', info: 'i', data: [1] },
      'req',
    );
    expect(e).toMatchObject({ name: 'NotFound', status: 404, message: 'Not found', key: 'NOT_FOUND', uid: 'srv', info: 'i' });
    expect(e.data).toEqual([1]);
  });

  it('falls back on the status when the body is not an error body', () => {
    expect(errorFromResponse(502, undefined, 'req', 'Bad Gateway')).toMatchObject({
      status: 502,
      key: 'INTERNAL_ERROR',
      message: 'Bad Gateway',
      uid: 'req',
      fatal: true,
    });
    expect(errorFromResponse(403, { message: 'nope' }, 'req')).toMatchObject({ status: 403, key: 'FORBIDDEN', message: 'nope' });
    expect(errorFromResponse(418, 'teapot', 'req')).toMatchObject({ status: 418, key: 'unknownError', message: 'Request failed with status 418' });
  });
});
