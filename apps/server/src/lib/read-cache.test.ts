import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

const started = (capacity = 10) => {
  const cache = new ReadCache({ capacity });
  cache.start();
  return cache;
};

describe('ReadCache', () => {
  it('answers a kept read without reading again, until a write names one of its ids', async () => {
    const cache = started();
    let reads = 0;
    const read = async () => ({ value: ++reads, tags: ['u:1', 'a:7'] });
    expect(await cache.get('me 1', read)).toBe(1);
    expect(await cache.get('me 1', read)).toBe(1);
    cache.invalidate(['u:2', 'a:8']);
    expect(await cache.get('me 1', read)).toBe(1);
    cache.invalidate(['a:7']);
    expect(await cache.get('me 1', read)).toBe(2);
    cache.invalidate(['*']);
    expect(await cache.get('me 1', read)).toBe(3);
    expect(cache.counts).toEqual({ hits: 2, misses: 3 });
  });

  it('does not keep a read that was under way while a write was announced', async () => {
    const cache = started();
    let release!: () => void;
    const pending = cache.get('me 1', () => new Promise<{ value: string; tags: string[] }>((resolve) => (release = () => resolve({ value: 'before the write', tags: ['u:1'] }))));
    cache.invalidate(['u:1']);
    release();
    expect(await pending).toBe('before the write');
    expect(await cache.get('me 1', async () => ({ value: 'after the write', tags: ['u:1'] }))).toBe('after the write');
  });

  it('keeps nothing while changes cannot be heard, and forgets everything when they stop', async () => {
    const cache = new ReadCache({ capacity: 10 });
    let reads = 0;
    const read = async () => ({ value: ++reads, tags: ['u:1'] });
    await cache.get('k', read);
    expect(await cache.get('k', read)).toBe(2);
    cache.start();
    await cache.get('k', read);
    expect(await cache.get('k', read)).toBe(3);
    cache.stop();
    expect(cache.size).toBe(0);
    expect(await cache.get('k', read)).toBe(4);
  });

  it('holds at most its capacity, dropping the least recently used', async () => {
    const cache = started(2);
    const read = (value: string) => async () => ({ value, tags: [`u:${value}`] });
    await cache.get('a', read('a'));
    await cache.get('b', read('b'));
    await cache.get('a', read('a again'));
    await cache.get('c', read('c'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', read('a read again'))).toBe('a');
    expect(await cache.get('b', read('b read again'))).toBe('b read again');
  });

  it('does not keep a failed read', async () => {
    const cache = started();
    await expect(cache.get('k', async () => Promise.reject(new Error('NOT_FOUND')))).rejects.toThrow('NOT_FOUND');
    expect(await cache.get('k', async () => ({ value: 1, tags: [] }))).toBe(1);
  });

  it('reads once for callers that ask at the same time, but not for one that asks after a write', async () => {
    const cache = started();
    const releases: Array<() => void> = [];
    const read = (value: string) => () => new Promise<{ value: string; tags: string[] }>((resolve) => releases.push(() => resolve({ value, tags: ['u:1'] })));
    const together = [cache.get('k', read('first')), cache.get('k', read('second')), cache.get('k', read('third'))];
    expect(releases).toHaveLength(1);
    cache.invalidate(['u:9']);
    const after = cache.get('k', read('after the write'));
    expect(releases).toHaveLength(2);
    releases.forEach((release) => release());
    expect(await Promise.all(together)).toEqual(['first', 'first', 'first']);
    expect(await after).toBe('after the write');
    // the read that began before the write is not kept; the later one is
    expect(await cache.get('k', read('again'))).toBe('after the write');
  });

  it('lets every caller read for itself while changes cannot be heard', async () => {
    const cache = new ReadCache({ capacity: 10 });
    let reads = 0;
    const read = async () => ({ value: ++reads, tags: ['u:1'] });
    expect(await Promise.all([cache.get('k', read), cache.get('k', read)])).toEqual([1, 2]);
  });
});
