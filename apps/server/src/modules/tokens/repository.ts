import type { Db } from '../../db/database.ts';

export class ApiTokensRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  insert(row: { id: string; organisationId: string; name: string; scopes: string[]; hash: string; issuedBy: string; expiresAt: Date | null }) {
    return this.db
      .insertInto('api_tokens')
      .values({ id: row.id, organisation_id: row.organisationId, name: row.name, token_scopes: row.scopes, token_hash: row.hash, issued_by: row.issuedBy, expires_at: row.expiresAt })
      .returning(['id', 'name', 'token_scopes', 'expires_at', 'created_at'])
      .executeTakeFirstOrThrow();
  }

  findByHash(hash: string) {
    return this.db.selectFrom('api_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  }

  touch(id: string) {
    return this.db.updateTable('api_tokens').set({ last_used_at: new Date() }).where('id', '=', id).execute();
  }
}
