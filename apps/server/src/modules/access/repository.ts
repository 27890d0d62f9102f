import type { Db } from '../../db/database.ts';
import { membershipOf } from './fragments.ts';

/** The reads behind the named checks of `AccessService`, built on the fragments. */
export class AccessRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The user's membership of an account of the organisation, or undefined. */
  membership(organisationId: string, userId: string, accountId: string) {
    return membershipOf(this.db, organisationId, userId, accountId).select(['m.id', 'm.role']).executeTakeFirst();
  }
}
