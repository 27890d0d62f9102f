import { AppError } from '../../lib/errors.ts';
import type { AccessRepository } from './repository.ts';

const isId = (value: string) => /^[0-9a-f]{24}$/.test(value);

/**
 * The named checks that services call first (decision 0026). Each answers 404, never 403, for
 * what the caller may not see, so that ids do not leak. Reads that decide access in the read itself
 * (one statement: the dashboard, the location data) build on `fragments.ts` instead and answer 404
 * when the read has no row.
 */
export class AccessService {
  private readonly repository: AccessRepository;
  constructor(repository: AccessRepository) {
    this.repository = repository;
  }

  /** A member of the account (any role): 400 MISSING_ACCOUNT_ID without one, 404 otherwise. */
  async assertAccountMember(organisationId: string, userId: string, accountId: string | undefined): Promise<void> {
    if (!accountId) throw new AppError('MISSING_ACCOUNT_ID');
    if (!isId(accountId)) throw new AppError('NOT_FOUND');
    const membership = await this.repository.membership(organisationId, userId, accountId);
    if (!membership) throw new AppError('NOT_FOUND');
  }

  /** The user named by a path id is the signed-in user: a user acts on their own record only (404 otherwise). */
  assertSelf(userId: string, targetId: string): void {
    if (targetId !== userId) throw new AppError('NOT_FOUND');
  }
}
