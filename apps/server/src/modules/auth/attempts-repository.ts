import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** What a limiter counts: wrong passwords per username or per client address, codes and links sent per identity. */
export type AttemptKind = 'username' | 'address' | 'send';

/** `ms` milliseconds before the database's clock, in SQL. */
const windowStart = (windowMs: number) => sql<Date>`now() - ${windowMs}::integer * interval '1 millisecond'`;

/**
 * Sign-in attempts in PostgreSQL (table `sign_in_attempts`, decision 0013), so that every API
 * process sees the same counts and a restart forgets none. Each attempt is a row; a window is
 * counted by the database's clock, and rows older than it count for nothing.
 */
export class SignInAttemptsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** How many attempts of that key lie within the window, counted up to `cap`. */
  async count(kind: AttemptKind, key: string, windowMs: number, cap: number): Promise<number> {
    const row = await this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('sign_in_attempts')
          .select(sql<number>`1`.as('one'))
          .where('kind', '=', kind)
          .where('key', '=', key)
          .where('attempted_at', '>', windowStart(windowMs))
          .limit(cap)
          .as('recent'),
      )
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async add(kind: AttemptKind, key: string): Promise<void> {
    await this.db.insertInto('sign_in_attempts').values({ kind, key }).execute();
  }

  /**
   * Adds an attempt when fewer than `limit` lie within the window; false (and nothing added) when
   * the limit is reached. Two processes counting the same key take turns (an advisory lock for
   * the transaction), so the limit holds exactly.
   */
  async addWithin(kind: AttemptKind, key: string, windowMs: number, limit: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${kind}:${key}`}, 0))`.execute(trx);
      const row = await trx
        .selectFrom('sign_in_attempts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('kind', '=', kind)
        .where('key', '=', key)
        .where('attempted_at', '>', windowStart(windowMs))
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= limit) return false;
      await trx.insertInto('sign_in_attempts').values({ kind, key }).execute();
      return true;
    });
  }

  async removeNewest(kind: AttemptKind, key: string): Promise<void> {
    await sql`DELETE FROM sign_in_attempts WHERE ctid = (SELECT ctid FROM sign_in_attempts WHERE kind = ${kind} AND key = ${key} ORDER BY attempted_at DESC LIMIT 1)`.execute(this.db);
  }

  async clear(kind: AttemptKind, key: string): Promise<void> {
    await this.db.deleteFrom('sign_in_attempts').where('kind', '=', kind).where('key', '=', key).execute();
  }

  /** Deletes the attempts of that kind that have left their window; how many went. */
  async deleteOlderThan(kind: AttemptKind, windowMs: number): Promise<number> {
    const result = await this.db.deleteFrom('sign_in_attempts').where('kind', '=', kind).where('attempted_at', '<=', windowStart(windowMs)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
