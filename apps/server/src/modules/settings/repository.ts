import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export class SettingsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  latestRelease(organisationId: string) {
    return this.db.selectFrom('settings_releases').selectAll().where('organisation_id', '=', organisationId).orderBy('version', 'desc').limit(1).executeTakeFirst();
  }

  /** Publishes the next version; of two concurrent publishes, one fails on the unique version. */
  insertRelease(row: { id: string; organisationId: string; content: unknown; createdBy: string | null }) {
    return this.db
      .insertInto('settings_releases')
      .values({
        id: row.id,
        organisation_id: row.organisationId,
        version: sql<number>`(SELECT coalesce(max(version), 0) + 1 FROM settings_releases WHERE organisation_id = ${row.organisationId})`,
        content: JSON.stringify(row.content),
        created_by: row.createdBy,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
