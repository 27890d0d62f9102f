import { tooManyRequestsError } from './errors.ts';

/**
 * Guards against request loops: more than `limit` identical method-and-URL requests within
 * `windowMs` (sliding window) are refused with ApiError 429 `tooManyRequests`, before anything
 * is sent. A refused request does not count.
 */
export class RequestLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly now: () => number;
  private readonly hits = new Map<string, number[]>();

  constructor(limit = 50, windowMs = 10_000, now: () => number = () => Date.now()) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
  }

  /** Records one request; throws ApiError 429 when it would be one too many. */
  hit(method: string, url: string, uid = ''): void {
    const now = this.now();
    const key = `${method.toUpperCase()} ${url}`;
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      throw tooManyRequestsError(uid);
    }
    recent.push(now);
    this.hits.set(key, recent);
    this.sweep(since);
  }

  /** Forgets keys with no request in the window so the map does not grow without bound. */
  private sweep(since: number): void {
    if (this.hits.size < 200) return;
    for (const [key, times] of this.hits) {
      const last = times[times.length - 1];
      if (last === undefined || last <= since) this.hits.delete(key);
    }
  }

  reset(): void {
    this.hits.clear();
  }
}
