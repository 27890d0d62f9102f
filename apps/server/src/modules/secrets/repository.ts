import type { Db } from '../../db/database.ts';

export interface SecretRow {
  id: string;
  organisation_id: string;
  key: string;
  key_id: string;
  sealed: string;
  created_at: Date;
  updated_at: Date;
  updated_by: string;
}

/** The secrets table (migration 0015): one sealed value per organisation and key. */
export class SecretsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  list(organisationId: string): Promise<SecretRow[]> {
    return this.db.selectFrom('secrets').selectAll().where('organisation_id', '=', organisationId).execute();
  }

  find(organisationId: string, key: string): Promise<SecretRow | undefined> {
    return this.db.selectFrom('secrets').selectAll().where('organisation_id', '=', organisationId).where('key', '=', key).executeTakeFirst();
  }

  /** Inserts unless the key is set; answers whether it did. */
  async insert(row: { id: string; organisationId: string; key: string; keyId: string; sealed: string; updatedBy: string }): Promise<boolean> {
    const result = await this.db
      .insertInto('secrets')
      .values({ id: row.id, organisation_id: row.organisationId, key: row.key, key_id: row.keyId, sealed: row.sealed, updated_by: row.updatedBy })
      .onConflict((oc) => oc.columns(['organisation_id', 'key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return result !== undefined;
  }

  /** Replaces a set key's value; answers whether it was set. */
  async replace(organisationId: string, key: string, values: { keyId: string; sealed: string; updatedBy: string }): Promise<boolean> {
    const result = await this.db
      .updateTable('secrets')
      .set({ key_id: values.keyId, sealed: values.sealed, updated_by: values.updatedBy, updated_at: new Date() })
      .where('organisation_id', '=', organisationId)
      .where('key', '=', key)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(organisationId: string, key: string): Promise<boolean> {
    const result = await this.db.deleteFrom('secrets').where('organisation_id', '=', organisationId).where('key', '=', key).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
