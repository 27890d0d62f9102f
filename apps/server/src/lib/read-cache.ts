/**
 * Member reads kept in this process's memory until a write changes them (decision 0033). Each
 * entry names the ids it was read from (tags: `u:<user>`, `a:<account>`, and `o:<organisation>`, by
 * which staff clear an organisation's, decision 0050); a write to those ids, announced by PostgreSQL (`db/read-changes.ts`) or made by this process, drops it. Nothing is
 * kept while the announcements cannot be heard: then every read goes to the database.
 *
 * A read that was under way while a write was announced is answered but not kept, since it may
 * have read the rows before the write (a generation counter; any announcement counts).
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; tags: readonly string[] }>();
  private readonly byTag = new Map<string, Set<string>>();
  /** Reads under way, by key: callers that ask meanwhile wait for the same read (one statement, not 200). */
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly capacity: number;
  private generation = 0;
  private listening = false;
  /** Reads answered from memory and from the database, for the bench and the tests. */
  readonly counts = { hits: 0, misses: 0 };

  constructor(options: { capacity: number }) {
    this.capacity = options.capacity;
  }

  /** Whether entries are kept: only while changes can be heard. */
  get active(): boolean {
    return this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Changes are heard from now on (the listening connection is up); nothing older is trusted. */
  start(): void {
    this.clear();
    this.listening = true;
  }

  /** Changes can no longer be heard: forget everything and keep nothing until `start`. */
  stop(): void {
    this.listening = false;
    this.clear();
  }

  /**
   * The kept value of `key`, or `read()`'s, kept with the tags it names. A failing read (a 404)
   * is not kept. The key must name everything the value depends on besides the tagged rows.
   */
  async get<T>(key: string, read: () => Promise<{ value: T; tags: readonly string[] }>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) {
      this.counts.hits++;
      // least recently used first: a hit moves to the end
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as T;
    }
    // Not listening: every call reads for itself (a read under way may predate a write it cannot hear of).
    if (!this.listening) {
      this.counts.misses++;
      return (await read()).value;
    }
    const underWay = this.pending.get(key);
    if (underWay) return underWay as Promise<T>;
    this.counts.misses++;
    const generation = this.generation;
    const reading = read().then(({ value, tags }) => {
      if (this.listening && generation === this.generation) this.keep(key, value, tags);
      return value;
    });
    this.pending.set(key, reading);
    const done = () => {
      if (this.pending.get(key) === reading) this.pending.delete(key);
    };
    reading.then(done, done);
    return reading;
  }

  /**
   * Markers (`sync:<anything>`) announced after some writes: PostgreSQL delivers announcements in
   * commit order, so once a marker is heard every write committed before it has been heard too.
   * The tests wait for one after writing straight into the database.
   */
  private readonly markers = new Set<string>();

  /** Whether the marker was announced and heard (the last 100 are remembered). */
  heard(marker: string): boolean {
    return this.markers.has(marker);
  }

  /** Drops the entries read from any of the given ids (`*`: all of them). */
  invalidate(tags: Iterable<string>): void {
    this.generation++;
    // A read under way may have read the rows before the change: nobody new waits for it.
    this.pending.clear();
    for (const tag of tags) {
      if (tag.startsWith('sync:')) {
        this.markers.add(tag);
        if (this.markers.size > 100) this.markers.delete(this.markers.values().next().value!);
        continue;
      }
      if (tag === '*') {
        this.clear();
        return;
      }
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      this.byTag.delete(tag);
      for (const key of keys) this.drop(key);
    }
  }

  clear(): void {
    this.generation++;
    this.pending.clear();
    this.entries.clear();
    this.byTag.clear();
  }

  private keep(key: string, value: unknown, tags: readonly string[]): void {
    this.drop(key);
    this.entries.set(key, { value, tags });
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}
