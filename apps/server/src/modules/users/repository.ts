import type { Db } from '../../db/database.ts';

export class UsersRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
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

  setActiveAccount(organisationId: string, userId: string, accountId: string) {
    return this.db.updateTable('users').set({ active_account_id: accountId }).where('organisation_id', '=', organisationId).where('id', '=', userId).execute();
  }
}
