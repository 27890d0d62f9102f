import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';

describe('BoundedCache', () => {
  it('never holds more than its capacity, dropping the least recently used', () => {
    const cache = new BoundedCache<string, number>({ capacity: 3, ttlMs: 60_000 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('d', 4);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
    for (let i = 0; i < 10_000; i += 1) cache.set(`k${i}`, i);
    expect(cache.size).toBe(3);
  });

  it('forgets an entry after its time to live', () => {
    let now = 0;
    const cache = new BoundedCache<string, string>({ capacity: 10, ttlMs: 1_000, now: () => now });
    cache.set('a', 'x');
    now = 999;
    expect(cache.get('a')).toBe('x');
    now = 1_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
