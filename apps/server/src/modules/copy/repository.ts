import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

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

/** A stored text with when and by whom it was written (the staff's view, decision 0046). */
export interface StoredCopyText {
  organisationId: string | null;
  group: string;
  language: string;
  key: string;
  value: string;
  updatedAt: Date;
  updatedBy: string | null;
}

/** A change of one layer's text: a value to set, or null to remove it. */
export interface CopyTextWrite {
  key: string;
  language: string;
  value: string | null;
}

/** The platform's layer (null) or an organisation's. */
export type CopyLayerId = string | null;

/** The stored texts staff edit: the platform's rows and, for an organisation's layer, its own. */
export class CopyTextsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The rows of the layer and the layers below it (the platform's), in the groups (every one when absent), optionally of some keys only. */
  async stored(layer: CopyLayerId, version: string, groups?: readonly string[], keys?: readonly string[], executor: Db = this.db): Promise<StoredCopyText[]> {
    if (groups?.length === 0 || keys?.length === 0) return [];
    let query = executor
      .selectFrom('copy_texts')
      .select(['organisation_id', 'copy_group', 'language', 'key', 'value', 'updated_at', 'updated_by'])
      .where(sql<string>`coalesce(organisation_id, '')`, 'in', layer === null ? [''] : ['', layer])
      .where('version', '=', version);
    if (groups) query = query.where('copy_group', 'in', [...groups]);
    if (keys) query = query.where('key', 'in', [...keys]);
    const rows = await query.execute();
    return rows.map((row) => ({
      organisationId: row.organisation_id,
      group: row.copy_group,
      language: row.language,
      key: row.key,
      value: row.value,
      updatedAt: new Date(row.updated_at as unknown as string | Date),
      updatedBy: row.updated_by,
    }));
  }

  /**
   * Runs `work` in one transaction that holds a lock per key of the layer (taken in a fixed
   * order, so two writers of overlapping keys wait for each other instead of deadlocking): the
   * version a write checks cannot change before it commits.
   */
  async locked<T>(layer: CopyLayerId, version: string, group: string, keys: readonly string[], work: (tx: CopyTextsTransaction) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      for (const key of [...new Set(keys)].sort()) {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`copy|${layer ?? ''}|${version}|${group}|${key}`}, 0))`.execute(trx);
      }
      return work({
        stored: (keysOf) => this.stored(layer, version, [group], keysOf, trx),
        write: async (writes, updatedBy) => {
          for (const change of writes) {
            const where = trx
              .deleteFrom('copy_texts')
              .where(sql<string>`coalesce(organisation_id, '')`, '=', layer ?? '')
              .where('version', '=', version)
              .where('copy_group', '=', group)
              .where('language', '=', change.language)
              .where('key', '=', change.key);
            if (change.value === null) {
              await where.execute();
              continue;
            }
            await sql`
              INSERT INTO copy_texts (id, organisation_id, copy_group, language, key, value, version, updated_at, updated_by)
              VALUES (${newId()}, ${layer}, ${group}, ${change.language}, ${change.key}, ${change.value}, ${version}, now(), ${updatedBy})
              ON CONFLICT (coalesce(organisation_id, ''), version, copy_group, language, key)
              DO UPDATE SET value = excluded.value, updated_at = now(), updated_by = excluded.updated_by
            `.execute(trx);
          }
        },
      });
    });
  }
}

export interface CopyTextsTransaction {
  stored(keys: readonly string[]): Promise<StoredCopyText[]>;
  write(writes: readonly CopyTextWrite[], updatedBy: string): Promise<void>;
}
