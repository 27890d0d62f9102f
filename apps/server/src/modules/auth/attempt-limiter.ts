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

  /**
   * Counts an attempt before it is checked, atomically: true when it is within the limit (check
   * it), false when it is one too many. Checking first and counting after let concurrent guesses
   * all pass the check before any was counted (24–29 of 30 were checked against a limit of 10).
   */
  async attempt(key: string): Promise<boolean> {
    return (await this.repository.addAndCount(this.kind, key, this.windowMs)) <= this.limit;
  }

  /** Counts one failed attempt. */
  fail(key: string): Promise<void> {
    return this.repository.add(this.kind, key);
  }

  /** Counts one attempt if the key is not blocked; false when it is (and nothing is counted). */
  take(key: string): Promise<boolean> {
    return this.repository.addWithin(this.kind, key, this.windowMs, this.limit);
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

/**
 * Failed sign-ins per client address: the plugin @fastify/rate-limit keeps the counts
 * (`plugins/rate-limits.ts`, decision 0020), so that one address cannot guess across usernames.
 */
export interface AddressLimiter {
  isBlocked(address: string): Promise<boolean>;
  /** Counts one failed attempt. */
  fail(address: string): Promise<void>;
}
