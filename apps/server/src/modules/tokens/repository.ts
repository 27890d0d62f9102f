import type { Db } from '../../db/database.ts';

/** The columns of a token as staff see it (never its hash), with its organisation's slug. */
const columns = [
  'api_tokens.id',
  'api_tokens.organisation_id',
  'organisations.slug as organisation_slug',
  'api_tokens.name',
  'api_tokens.token_scopes',
  'api_tokens.issued_by',
  'api_tokens.expires_at',
  'api_tokens.created_at',
  'api_tokens.last_used_at',
  'api_tokens.revoked_at',
  'api_tokens.revoked_by',
] as const;

export interface ApiTokenRow {
  id: string;
  organisation_id: string;
  organisation_slug: string;
  name: string;
  token_scopes: string[];
  issued_by: string;
  expires_at: Date | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revoked_by: string | null;
}

export class ApiTokensRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  private selectRows() {
    return this.db.selectFrom('api_tokens').innerJoin('organisations', 'organisations.id', 'api_tokens.organisation_id').select(columns);
  }

  async insert(row: { id: string; organisationId: string; name: string; scopes: string[]; hash: string; issuedBy: string; expiresAt: Date | null }): Promise<ApiTokenRow> {
    await this.db
      .insertInto('api_tokens')
      .values({ id: row.id, organisation_id: row.organisationId, name: row.name, token_scopes: row.scopes, token_hash: row.hash, issued_by: row.issuedBy, expires_at: row.expiresAt })
      .execute();
    return (await this.findById(row.id))!;
  }

  findById(id: string): Promise<ApiTokenRow | undefined> {
    return this.selectRows().where('api_tokens.id', '=', id).executeTakeFirst();
  }

  /** The token a hash names, with what authorising needs (the hash names the row; the caller checks the organisation). */
  findByHash(hash: string) {
    return this.db.selectFrom('api_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  }

  /** The record (as staff see it) of the token a hash names. */
  findRowByHash(hash: string): Promise<ApiTokenRow | undefined> {
    return this.selectRows().where('api_tokens.token_hash', '=', hash).executeTakeFirst();
  }

  /** An organisation's tokens, newest first, paged. */
  async list(organisationId: string, limit: number, page: number): Promise<{ rows: ApiTokenRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.selectRows().where('api_tokens.organisation_id', '=', organisationId).orderBy('api_tokens.created_at', 'desc').orderBy('api_tokens.id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
      this.db.selectFrom('api_tokens').where('organisation_id', '=', organisationId).select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** Changes a token that is not revoked; answers whether it did. */
  async update(id: string, values: { name?: string; token_scopes?: string[]; expires_at?: Date | null; revoked_at?: Date; revoked_by?: string }): Promise<boolean> {
    const result = await this.db.updateTable('api_tokens').set(values).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('api_tokens').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  touch(id: string) {
    return this.db.updateTable('api_tokens').set({ last_used_at: new Date() }).where('id', '=', id).execute();
  }
}
