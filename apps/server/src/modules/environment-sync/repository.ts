import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export interface SyncTokenRow {
  id: string;
  organisation_id: string;
  admin_id: string;
  admin_email: string;
  admin_scope: string;
  expires_at: Date;
}

export type SyncKind = 'settings' | 'secrets';
const receivedColumn = { settings: 'settings_received_at', secrets: 'secrets_received_at' } as const;
const returned = ['id', 'organisation_id', 'admin_id', 'admin_email', 'admin_scope', 'expires_at'] as const;

/** One-time sync tokens (migration 0028, decision 0060), found by their hash. */
export class EnvironmentSyncRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async insert(row: {
    id: string;
    organisationId: string;
    hash: string;
    adminId: string;
    adminEmail: string;
    adminScope: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db
      .insertInto('environment_sync_tokens')
      .values({
        id: row.id,
        organisation_id: row.organisationId,
        token_hash: row.hash,
        admin_id: row.adminId,
        admin_email: row.adminEmail,
        admin_scope: row.adminScope,
        created_at: row.createdAt,
        expires_at: row.expiresAt,
      })
      .execute();
    // Tokens past their life are of no use to anyone: they go when a new one is issued.
    await this.db
      .deleteFrom('environment_sync_tokens')
      .where('expires_at', '<', new Date(row.createdAt.getTime() - 24 * 3600_000))
      .execute();
  }

  /**
   * Takes the token for one kind of import, at most once: answers it when it is unexpired, not
   * used for this kind, and its issuer is still staff of its organisation with the same scope.
   */
  take(hash: string, kind: SyncKind, now: Date): Promise<SyncTokenRow | undefined> {
    const column = receivedColumn[kind];
    return this.db
      .updateTable('environment_sync_tokens')
      .set({ [column]: now })
      .where((eb) => this.usable(eb, hash, column, now))
      .returning(returned)
      .executeTakeFirst();
  }

  /** Whether `take` would answer the token (checked before the body is read). */
  peek(hash: string, kind: SyncKind, now: Date): Promise<SyncTokenRow | undefined> {
    return this.db
      .selectFrom('environment_sync_tokens')
      .select(returned)
      .where((eb) => this.usable(eb, hash, receivedColumn[kind], now))
      .executeTakeFirst();
  }

  private usable(eb: ExpressionBuilder<Database, 'environment_sync_tokens'>, hash: string, column: (typeof receivedColumn)[SyncKind], now: Date) {
    return eb.and([
      eb('environment_sync_tokens.token_hash', '=', hash),
      eb(`environment_sync_tokens.${column}`, 'is', null),
      eb('environment_sync_tokens.expires_at', '>', now),
      eb.exists(
        eb
          .selectFrom('admins')
          .select('admins.id')
          .whereRef('admins.id', '=', 'environment_sync_tokens.admin_id')
          .whereRef('admins.scope', '=', 'environment_sync_tokens.admin_scope')
          .where((inner) =>
            inner.or([inner('admins.organisation_id', 'is', null), inner('admins.organisation_id', '=', inner.ref('environment_sync_tokens.organisation_id'))]),
          ),
      ),
    ]);
  }

  /** Gives a kind back to the token when its import was refused (the bundle can be corrected and sent again). */
  async giveBack(id: string, kind: SyncKind): Promise<void> {
    await this.db
      .updateTable('environment_sync_tokens')
      .set({ [receivedColumn[kind]]: null })
      .where('id', '=', id)
      .execute();
  }
}
