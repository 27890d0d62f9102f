import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The channel on which a cleared cache is announced to every API process (decision 0050). */
export const CACHE_CLEARS_CHANNEL = 'gridline_caches';

export class CachesRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Tells every API process (this one too) to clear: PostgreSQL delivers it to each listening connection. */
  async announce(payload: string): Promise<void> {
    await sql`SELECT pg_notify(${CACHE_CLEARS_CHANNEL}, ${payload})`.execute(this.db);
  }
}
