import type { AttemptKind, SignInAttemptsRepository } from './attempts-repository.ts';

/**
 * Counts sign-in attempts per key (a username, a client address, an identity) in a sliding
 * window: at `limit` attempts within `windowMs` the key is blocked until the oldest leaves the
 * window. The attempts are rows in PostgreSQL (decision 0013), so every API process shares them
 * and a restart keeps them; the window is measured by the database's clock.
 */
export class AttemptLimiter {
  private readonly repository: SignInAttemptsRepository;
  readonly kind: AttemptKind;
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(repository: SignInAttemptsRepository, kind: AttemptKind, limit: number, windowMs: number) {
    this.repository = repository;
    this.kind = kind;
    this.limit = limit;
    this.windowMs = windowMs;
  }

  async isBlocked(key: string): Promise<boolean> {
    return (await this.repository.count(this.kind, key, this.windowMs, this.limit)) >= this.limit;
  }

  /** Counts one failed attempt. */
  fail(key: string): Promise<void> {
    return this.repository.add(this.kind, key);
  }

  /** Counts one attempt if the key is not blocked; false when it is (and nothing is counted). */
  take(key: string): Promise<boolean> {
    return this.repository.addWithin(this.kind, key, this.windowMs, this.limit);
  }

  /** Gives back the newest attempt of the key (one taken by an attempt that succeeded). */
  release(key: string): Promise<void> {
    return this.repository.removeNewest(this.kind, key);
  }

  /** Forgets the key's attempts (a successful sign-in). */
  reset(key: string): Promise<void> {
    return this.repository.clear(this.kind, key);
  }

  /** Deletes attempts that no longer count (the sign-in clean-up). */
  prune(): Promise<number> {
    return this.repository.deleteOlderThan(this.kind, this.windowMs);
  }
}
