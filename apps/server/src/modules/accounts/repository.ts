import type { Db } from '../../db/database.ts';

export class AccountsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The user's memberships, OWNER first, then by when the user joined. */
  memberships(organisationId: string, userId: string) {
    return this.db
      .selectFrom('account_members as m')
      .innerJoin('accounts as a', 'a.id', 'm.account_id')
      .select(['m.id as membership_id', 'm.role', 'm.account_id', 'a.type', 'a.provider_customer_id', 'a.account_owner_id'])
      .where('m.organisation_id', '=', organisationId)
      .where('m.user_id', '=', userId)
      .orderBy((eb) => eb.case().when('m.role', '=', 'OWNER').then(0).else(1).end())
      .orderBy('m.created_at')
      .orderBy('m.id')
      .execute();
  }

  membership(organisationId: string, userId: string, accountId: string) {
    return this.db
      .selectFrom('account_members')
      .select(['id', 'role'])
      .where('organisation_id', '=', organisationId)
      .where('user_id', '=', userId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  account(organisationId: string, accountId: string) {
    return this.db.selectFrom('accounts').selectAll().where('organisation_id', '=', organisationId).where('id', '=', accountId).executeTakeFirst();
  }

  members(organisationId: string, accountId: string) {
    return this.db
      .selectFrom('account_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.phone_number', 'm.role'])
      .where('m.organisation_id', '=', organisationId)
      .where('m.account_id', '=', accountId)
      .orderBy('m.created_at')
      .orderBy('u.id')
      .execute();
  }
}
