import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.ts';
import { LIMIT_REACHED, poll, pollWithTimeout } from './poll.ts';

describe('poll', () => {
  it('returns the first value isDone accepts', async () => {
    const values = [1, 2, 3, 4];
    const sleep = vi.fn(async () => {});
    const result = await poll(async () => values.shift() ?? 0, { isDone: (v) => v === 3, maxAttempts: 10, sleep });
    expect(result).toBe(3);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(5000);
  });

  it('gives LIMIT_REACHED after maxAttempts, without a pause after the last', async () => {
    const fn = vi.fn(async () => 'pending');
    const sleep = vi.fn(async () => {});
    const result = await poll(fn, { isDone: (v) => v === 'done', intervalMs: 100, maxAttempts: 3, sleep });
    expect(result).toBe(LIMIT_REACHED);
    expect(result).toBe('LIMIT_REACHED');
    expect(fn).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(100);
  });

  it('stops on an error from fn', async () => {
    const fn = vi.fn(async () => {
      throw new Error('boom');
    });
    await expect(poll(fn, { isDone: () => true, maxAttempts: 3, sleep: async () => {} })).rejects.toThrow('boom');
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('pollWithTimeout', () => {
  it('throws ApiError 408 TimeoutError when time runs out', async () => {
    let t = 0;
    const fn = vi.fn(async () => 'process');
    const error = await pollWithTimeout(fn, {
      isDone: (v) => v === 'done',
      intervalMs: 500,
      timeoutMs: 600_000,
      now: () => t,
      sleep: async (ms) => {
        t += ms;
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 408, name: 'TimeoutError' });
    expect(fn).toHaveBeenCalledTimes(1201); // at 0, 500, …, 600000
  });

  it('returns the accepted value', async () => {
    const values = ['process', 'process', 'done'];
    const result = await pollWithTimeout(async () => values.shift() ?? 'x', {
      isDone: (v) => v === 'done',
      sleep: async () => {},
    });
    expect(result).toBe('done');
  });
});
