import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

export interface PushTokenRow {
  id: string;
  user_id: string;
  kind: string;
  token: string;
  created_at: Date;
  last_registered_at: Date;
}

const columns = ['id', 'user_id', 'kind', 'token', 'created_at', 'last_registered_at'] as const;

/** Users' push tokens (decision 0042); every statement is the organisation's. */
export class PushTokensRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Registers a token for a user in one transaction: a new row, or the existing one of the
   * organisation renewed (and moved to this user, first registered now, when another had it);
   * then the user's tokens beyond `keep` go, the ones registered longest ago first.
   */
  register(row: { organisationId: string; userId: string; kind: string; token: string; keep: number }): Promise<PushTokenRow> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date();
      const saved = await trx
        .insertInto('push_tokens')
        .values({ id: newId(), organisation_id: row.organisationId, user_id: row.userId, kind: row.kind, token: row.token, created_at: now, last_registered_at: now })
        .onConflict((oc) =>
          oc.columns(['organisation_id', 'token']).doUpdateSet({
            created_at: sql`CASE WHEN push_tokens.user_id = excluded.user_id THEN push_tokens.created_at ELSE excluded.created_at END`,
            user_id: (eb) => eb.ref('excluded.user_id'),
            last_registered_at: (eb) => eb.ref('excluded.last_registered_at'),
          }),
        )
        .returning(columns)
        .executeTakeFirstOrThrow();
      const kept = trx.selectFrom('push_tokens').select('id').where('organisation_id', '=', row.organisationId).where('user_id', '=', row.userId).orderBy('last_registered_at', 'desc').orderBy('id', 'desc').limit(row.keep);
      await trx.deleteFrom('push_tokens').where('organisation_id', '=', row.organisationId).where('user_id', '=', row.userId).where('id', 'not in', kept).execute();
      return saved;
    });
  }

  /** One user's tokens, newest registration first. */
  ofUser(organisationId: string, userId: string): Promise<PushTokenRow[]> {
    return this.db.selectFrom('push_tokens').select(columns).where('organisation_id', '=', organisationId).where('user_id', '=', userId).orderBy('last_registered_at', 'desc').orderBy('id', 'desc').execute();
  }

  /** A page of the organisation's tokens (or one user's), newest registration first, with the total. */
  async page(organisationId: string, filter: { userId?: string | undefined; limit: number; offset: number }): Promise<{ rows: PushTokenRow[]; total: number }> {
    let query = this.db.selectFrom('push_tokens').where('organisation_id', '=', organisationId);
    if (filter.userId) query = query.where('user_id', '=', filter.userId);
    const [rows, count] = await Promise.all([
      query.select(columns).orderBy('last_registered_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Removes one of a user's tokens, named by its id or its text; the removed row, or undefined. */
  remove(organisationId: string, userId: string, idOrToken: string): Promise<PushTokenRow | undefined> {
    return this.db
      .deleteFrom('push_tokens')
      .where('organisation_id', '=', organisationId)
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('id', '=', idOrToken), eb('token', '=', idOrToken)]))
      .returning(columns)
      .executeTakeFirst();
  }
}
