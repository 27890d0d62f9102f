/**
 * A map of at most `capacity` entries that each live `ttlMs`: the least recently used entry
 * leaves when a new one would pass the bound. For caches whose keys come from outside (an
 * organisation slug from a path or a host name), where a plain Map grows with every new key a
 * client invents. A Map keeps insertion order, so moving a hit to the end makes its first key the
 * least recently used.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: V }>();
  private readonly capacity: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: { capacity: number; ttlMs: number; now?: () => number }) {
    if (!(options.capacity >= 1)) throw new Error('A bounded cache holds at least one entry');
    this.capacity = options.capacity;
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value while it is fresh; undefined when absent or expired (an expired entry is dropped). */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), value });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
