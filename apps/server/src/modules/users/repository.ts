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

  setActiveAccount(userId: string, accountId: string) {
    return this.db.updateTable('users').set({ active_account_id: accountId }).where('id', '=', userId).execute();
  }
}
