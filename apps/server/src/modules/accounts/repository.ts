import type { Db } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import { membershipAccounts, membersOf } from '../access/fragments.ts';

export class AccountsRepository {
  private readonly db: Db;
  private readonly membershipRows;
  constructor(db: Db) {
    this.db = db;
    this.membershipRows = prepared(db, (p: { organisationId: string; userId: string }) => membershipAccounts(db, p.organisationId, p.userId));
  }

  /** The user's memberships, OWNER first, then by when the user joined. */
  memberships(organisationId: string, userId: string) {
    return this.membershipRows({ organisationId, userId });
  }

  account(organisationId: string, accountId: string) {
    return this.db.selectFrom('accounts').selectAll().where('organisation_id', '=', organisationId).where('id', '=', accountId).executeTakeFirst();
  }

  members(organisationId: string, accountId: string) {
    return membersOf(this.db, organisationId, accountId)
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.phone_number', 'm.role'])
      .orderBy('m.created_at')
      .orderBy('u.id')
      .execute();
  }
}
