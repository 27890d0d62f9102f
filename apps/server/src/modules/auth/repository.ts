import type { Db } from '../../db/database.ts';

export class AuthRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  findUserByUsername(organisationId: string, username: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'language'])
      .where('organisation_id', '=', organisationId)
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
  }

  createProcess(row: { ref: string; organisationId: string; type: string; status: string; userId: string | null; expiresAt: Date }) {
    return this.db
      .insertInto('auth_processes')
      .values({ ref: row.ref, organisation_id: row.organisationId, type: row.type, status: row.status, user_id: row.userId, expires_at: row.expiresAt })
      .execute();
  }

  findProcess(organisationId: string, ref: string) {
    return this.db.selectFrom('auth_processes').selectAll().where('organisation_id', '=', organisationId).where('ref', '=', ref).executeTakeFirst();
  }

  /** Marks a done process as exchanged; false when it already was (a ref is single-use). */
  async markExchanged(organisationId: string, ref: string): Promise<boolean> {
    const result = await this.db
      .updateTable('auth_processes')
      .set({ exchanged_at: new Date() })
      .where('organisation_id', '=', organisationId)
      .where('ref', '=', ref)
      .where('exchanged_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  findUserLanguage(userId: string) {
    return this.db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  }

  touchUser(userId: string) {
    return this.db.updateTable('users').set({ last_seen: new Date() }).where('id', '=', userId).execute();
  }

  insertRefreshToken(row: { id: string; organisationId: string; userId: string; accountId: string; familyId: string; hash: string; expiresAt: Date }) {
    return this.db
      .insertInto('refresh_tokens')
      .values({ id: row.id, organisation_id: row.organisationId, user_id: row.userId, account_id: row.accountId, family_id: row.familyId, token_hash: row.hash, expires_at: row.expiresAt })
      .execute();
  }

  findRefreshToken(hash: string) {
    return this.db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  }

  /** Marks the token used; false when another request used it first. */
  async useRefreshToken(id: string): Promise<boolean> {
    const result = await this.db.updateTable('refresh_tokens').set({ used_at: new Date() }).where('id', '=', id).where('used_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  revokeFamily(familyId: string) {
    return this.db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  }

  async familiesOf(userId: string, hashes: string[]): Promise<string[]> {
    if (hashes.length === 0) return [];
    const rows = await this.db.selectFrom('refresh_tokens').select('family_id').where('user_id', '=', userId).where('token_hash', 'in', hashes).execute();
    return [...new Set(rows.map((r) => r.family_id))];
  }
}
