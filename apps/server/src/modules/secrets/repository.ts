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

/** A table column of sealed values, for the rotation (`rotation.ts`): the rows not sealed under a key, and a compare-and-set re-seal. */
export interface SealedColumn {
  readonly name: string;
  /** The rows whose value is sealed under another key than `keyId`, a batch at a time. */
  notUnder(keyId: string, limit: number): Promise<Array<{ id: string; sealed: string }>>;
  /** Replaces a value only if it is still `from` (a change in between wins); answers whether it did. */
  reseal(id: string, from: string, to: string): Promise<boolean>;
}

const notUnderKey = (keyId: string) => `${keyId.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;

/** Every column that holds sealed values: the secrets, the staff's TOTP secrets, and TOTP secrets of enrolments under way. */
export function sealedColumns(db: Db): SealedColumn[] {
  return [
    {
      name: 'secrets.sealed',
      notUnder: (keyId, limit) => db.selectFrom('secrets').select(['id', 'sealed']).where('sealed', 'not like', notUnderKey(keyId)).orderBy('id').limit(limit).execute(),
      reseal: async (id, from, to) => {
        const result = await db.updateTable('secrets').set({ sealed: to, key_id: to.slice(0, to.indexOf('.')) }).where('id', '=', id).where('sealed', '=', from).executeTakeFirst();
        return result.numUpdatedRows > 0n;
      },
    },
    {
      name: 'admins.totp_secret',
      notUnder: async (keyId, limit) =>
        (await db.selectFrom('admins').select(['id', 'totp_secret']).where('totp_secret', 'is not', null).where('totp_secret', 'not like', notUnderKey(keyId)).orderBy('id').limit(limit).execute()).map((r) => ({ id: r.id, sealed: r.totp_secret! })),
      reseal: async (id, from, to) => {
        const result = await db.updateTable('admins').set({ totp_secret: to }).where('id', '=', id).where('totp_secret', '=', from).executeTakeFirst();
        return result.numUpdatedRows > 0n;
      },
    },
    {
      name: 'staff_sign_ins.pending_secret',
      notUnder: async (keyId, limit) =>
        (await db.selectFrom('staff_sign_ins').select(['ref_hash', 'pending_secret']).where('pending_secret', 'is not', null).where('pending_secret', 'not like', notUnderKey(keyId)).orderBy('ref_hash').limit(limit).execute()).map((r) => ({ id: r.ref_hash, sealed: r.pending_secret! })),
      reseal: async (id, from, to) => {
        const result = await db.updateTable('staff_sign_ins').set({ pending_secret: to }).where('ref_hash', '=', id).where('pending_secret', '=', from).executeTakeFirst();
        return result.numUpdatedRows > 0n;
      },
    },
  ];
}
