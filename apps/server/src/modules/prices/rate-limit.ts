/**
 * Requests per key (a client address) in fixed windows. The public price reads need no sign-in,
 * so each address gets a budget instead. Kept in memory: one API process per deployment today.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  readonly limit: number;
  readonly windowMs: number;
  private readonly now: () => number;

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
  }

  /** Counts a request; answers whether it is within the budget and how long until the next window. */
  take(key: string): { allowed: boolean; remaining: number; retryAfterSeconds: number } {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size >= 100_000) this.prune(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= this.limit,
      remaining: Math.max(0, this.limit - window.count),
      retryAfterSeconds: Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)),
    };
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
  }
}
