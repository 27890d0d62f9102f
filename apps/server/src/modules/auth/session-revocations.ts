import type { AuthRepository } from './repository.ts';

/**
 * Which sessions (refresh-token families) have ended, asked on every signed-in call (decision
 * 0022). Access tokens are stateless JWTs that lived on for up to 15 minutes after a sign-out;
 * now each names its family, and a revoked family's tokens are refused. A small cache in front of
 * the table: a family known to be live is asked again after `liveTtlMs` (another process's
 * revocation takes at most that long here), one revoked here is refused at once, and a revoked
 * family stays revoked.
 */
export class SessionRevocations {
  private readonly live = new Map<string, number>();
  private readonly revoked = new Set<string>();
  /** Look-ups under way: the calls that arrive meanwhile (a page's burst, a load) share one. */
  private readonly asking = new Map<string, Promise<boolean>>();
  private static readonly MAX_ENTRIES = 50_000;
  private readonly repository: Pick<AuthRepository, 'isFamilyRevoked'>;
  private readonly liveTtlMs: number;
  private readonly now: () => number;

  constructor(repository: Pick<AuthRepository, 'isFamilyRevoked'>, options: { liveTtlMs?: number; now?: () => number } = {}) {
    this.repository = repository;
    this.liveTtlMs = options.liveTtlMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  async isRevoked(familyId: string): Promise<boolean> {
    if (this.revoked.has(familyId)) return true;
    const checked = this.live.get(familyId);
    if (checked !== undefined && this.now() - checked < this.liveTtlMs) return false;
    let asked = this.asking.get(familyId);
    if (!asked) {
      asked = this.ask(familyId);
      this.asking.set(familyId, asked);
      const done = () => this.asking.delete(familyId);
      asked.then(done, done);
    }
    return asked;
  }

  private async ask(familyId: string): Promise<boolean> {
    const revoked = await this.repository.isFamilyRevoked(familyId);
    if (revoked) this.markRevoked(familyId);
    else if (!this.revoked.has(familyId)) {
      if (this.live.size >= SessionRevocations.MAX_ENTRIES) this.live.clear();
      this.live.set(familyId, this.now());
    }
    return revoked || this.revoked.has(familyId);
  }

  /** A family this process just revoked: refused from the next call on. */
  markRevoked(familyId: string): void {
    this.live.delete(familyId);
    if (this.revoked.size >= SessionRevocations.MAX_ENTRIES) this.revoked.clear();
    this.revoked.add(familyId);
  }
}
