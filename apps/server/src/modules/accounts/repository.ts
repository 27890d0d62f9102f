import type { Db } from '../../db/database.ts';
import { memberships, membersOf } from '../access/fragments.ts';

export class AccountsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The user's memberships, OWNER first, then by when the user joined. */
  memberships(organisationId: string, userId: string) {
    return memberships(this.db, organisationId, userId)
      .innerJoin('accounts as a', 'a.id', 'm.account_id')
      .select(['m.id as membership_id', 'm.role', 'm.account_id', 'a.type', 'a.provider_customer_id', 'a.account_owner_id'])
      .orderBy((eb) => eb.case().when('m.role', '=', 'OWNER').then(0).else(1).end())
      .orderBy('m.created_at')
      .orderBy('m.id')
      .execute();
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
