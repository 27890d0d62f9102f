import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { RequestLimiter } from './rate-limit.ts';

const catchError = (fn: () => void): unknown => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('RequestLimiter', () => {
  it('lets 50 identical requests through within 10 s and refuses the 51st', () => {
    let t = 0;
    const limiter = new RequestLimiter(50, 10_000, () => t);
    for (let i = 0; i < 50; i += 1) {
      limiter.hit('GET', '/a');
      t += 100; // 50 requests over 5 s
    }
    const error = catchError(() => limiter.hit('GET', '/a'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, key: 'tooManyRequests', message: 'Too Many requests' });
  });

  it('counts method and URL together', () => {
    const limiter = new RequestLimiter(50, 10_000, () => 0);
    for (let i = 0; i < 50; i += 1) limiter.hit('GET', '/a');
    expect(() => limiter.hit('POST', '/a')).not.toThrow();
    expect(() => limiter.hit('GET', '/a?x=1')).not.toThrow();
    expect(() => limiter.hit('GET', '/a')).toThrow(ApiError);
  });

  it('allows again once the window has slid past the oldest requests', () => {
    let t = 0;
    const limiter = new RequestLimiter(50, 10_000, () => t);
    for (let i = 0; i < 50; i += 1) limiter.hit('GET', '/a'); // all at t = 0
    t = 9_999;
    expect(() => limiter.hit('GET', '/a')).toThrow(ApiError);
    t = 10_000; // the 50 requests at t = 0 are now 10 s old
    for (let i = 0; i < 50; i += 1) limiter.hit('GET', '/a');
    expect(() => limiter.hit('GET', '/a')).toThrow(ApiError);
  });

  it('does not count refused requests', () => {
    let t = 0;
    const limiter = new RequestLimiter(2, 1_000, () => t);
    limiter.hit('GET', '/a');
    t = 500;
    limiter.hit('GET', '/a');
    t = 900;
    expect(() => limiter.hit('GET', '/a')).toThrow(ApiError);
    t = 1_000; // the request at 0 leaves the window
    expect(() => limiter.hit('GET', '/a')).not.toThrow();
  });
});
