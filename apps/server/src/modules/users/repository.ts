import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import { membershipAccounts, visibleLocationsOfMember } from '../access/fragments.ts';

export class UsersRepository {
  private readonly db: Db;
  /** `users/me` in one statement: the user, the accounts and the locations a member sees. */
  private readonly meRow;
  constructor(db: Db) {
    this.db = db;
    this.meRow = prepared(db, (p: { organisationId: string; userId: string }) =>
      db
        .selectFrom('users as u')
        .where('u.organisation_id', '=', p.organisationId)
        .where('u.id', '=', p.userId)
        .select(['u.id', 'u.username', 'u.email', 'u.first_name', 'u.last_name', 'u.phone_number', 'u.language', 'u.customer_number', 'u.active_account_id', 'u.created_at', 'u.last_seen', 'u.deletion_requested_at'])
        .select(() => [
          jsonArrayFrom(membershipAccounts(db, p.organisationId, p.userId)).as('memberships'),
          jsonArrayFrom(visibleLocationsOfMember(db, p.organisationId, p.userId)).as('locations'),
        ]),
    );
  }

  /** The signed-in user with their accounts and visible locations; undefined when there is no such user. */
  async me(organisationId: string, userId: string) {
    return (await this.meRow({ organisationId, userId }))[0];
  }

  find(organisationId: string, userId: string) {
    return this.db.selectFrom('users').selectAll().where('organisation_id', '=', organisationId).where('id', '=', userId).executeTakeFirst();
  }

  setLanguage(organisationId: string, userId: string, language: string) {
    return this.db.updateTable('users').set({ language }).where('organisation_id', '=', organisationId).where('id', '=', userId).executeTakeFirst();
  }

  /** Sets the given contact details of one user of the organisation; answers how many rows changed. */
  updateContact(organisationId: string, userId: string, changes: { email?: string; phone_number?: string }) {
    return this.db.updateTable('users').set(changes).where('organisation_id', '=', organisationId).where('id', '=', userId).executeTakeFirst();
  }

  setPasswordHash(organisationId: string, userId: string, passwordHash: string) {
    return this.db.updateTable('users').set({ password_hash: passwordHash }).where('organisation_id', '=', organisationId).where('id', '=', userId).executeTakeFirst();
  }

  /**
   * Records the user's deletion request unless one is recorded (decision 0042): the request's time,
   * whether this call recorded it, and what the confirmation e-mail needs; undefined without such a user.
   */
  async requestDeletion(organisationId: string, userId: string): Promise<{ requestedAt: Date; recorded: boolean; email: string | null; firstName: string } | undefined> {
    const recorded = await this.db
      .updateTable('users')
      .set({ deletion_requested_at: new Date() })
      .where('organisation_id', '=', organisationId)
      .where('id', '=', userId)
      .where('deletion_requested_at', 'is', null)
      .returning(['deletion_requested_at', 'email', 'first_name'])
      .executeTakeFirst();
    const row = recorded ?? (await this.db.selectFrom('users').select(['deletion_requested_at', 'email', 'first_name']).where('organisation_id', '=', organisationId).where('id', '=', userId).executeTakeFirst());
    if (!row?.deletion_requested_at) return undefined;
    return { requestedAt: row.deletion_requested_at, recorded: recorded !== undefined, email: row.email, firstName: row.first_name };
  }

  setActiveAccount(organisationId: string, userId: string, accountId: string) {
    return this.db.updateTable('users').set({ active_account_id: accountId }).where('organisation_id', '=', organisationId).where('id', '=', userId).execute();
  }
}
