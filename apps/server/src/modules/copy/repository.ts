import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** One stored text: a platform default (`organisationId` null) or an organisation's override. */
export interface CopyTextRow {
  organisationId: string | null;
  group: string;
  /** A dotted path inside its group: `dashboard.greeting`. */
  key: string;
  value: string;
}

export interface CopyLayersQuery {
  organisationId: string;
  language: string;
  version: string;
  groups: readonly string[];
}

export class CopyRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /**
   * The platform's rows and the organisation's rows of one version and language in the given
   * groups, in one statement. `coalesce(organisation_id, '')` is the leading column of the
   * unique index, so both layers are read from it.
   */
  async listLayers(query: CopyLayersQuery): Promise<CopyTextRow[]> {
    if (query.groups.length === 0) return [];
    const rows = await this.db
      .selectFrom('copy_texts')
      .select(['organisation_id', 'copy_group', 'key', 'value'])
      .where(sql<string>`coalesce(organisation_id, '')`, 'in', ['', query.organisationId])
      .where('version', '=', query.version)
      .where('copy_group', 'in', [...query.groups])
      .where('language', '=', query.language)
      .execute();
    return rows.map((row) => ({ organisationId: row.organisation_id, group: row.copy_group, key: row.key, value: row.value }));
  }
}
