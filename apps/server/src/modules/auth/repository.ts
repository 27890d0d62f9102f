import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type ProcessRow = NonNullable<Awaited<ReturnType<AuthRepository['findProcess']>>>;

export interface NewProcess {
  ref: string;
  organisationId: string;
  type: string;
  status: string;
  userId: string | null;
  expiresAt: Date;
  identity?: string | null;
  secretHash?: string | null;
  state?: Record<string, unknown>;
  clientAddress?: string | null;
  scope?: 'USER' | 'INSPECTOR';
  inspectorId?: string | null;
}

export interface ProcessPatch {
  status?: string;
  userId?: string | null;
  error?: string | null;
  errorMessage?: string | null;
  identity?: string | null;
  secretHash?: string | null;
  /** Merged into the stored state (top-level keys). */
  state?: Record<string, unknown>;
  expiresAt?: Date;
  /** Support mode: the session acts for `userId` as the inspector (admin) named here. */
  scope?: 'USER' | 'INSPECTOR';
  inspectorId?: string | null;
}

/** A person or company the customer register and the users table know, for sign-in. */
export interface KnownUser {
  id: string;
  email: string | null;
  phone_number: string | null;
  first_name: string;
  language: string | null;
}

export class AuthRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The organisation's users with this e-mail who sign in with a password (a reset link goes to each). */
  findPasswordUsersByEmail(organisationId: string, email: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'first_name', 'language', 'username'])
      .where('organisation_id', '=', organisationId)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('password_hash', 'is not', null)
      .orderBy('created_at')
      .limit(5)
      .execute();
  }

  findUserByUsername(organisationId: string, username: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'language'])
      .where('organisation_id', '=', organisationId)
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
  }

  /** The signed-in user's username and password hash, to confirm a sensitive change. */
  findUserPassword(organisationId: string, userId: string) {
    return this.db.selectFrom('users').select(['id', 'username', 'password_hash']).where('organisation_id', '=', organisationId).where('id', '=', userId).executeTakeFirst();
  }

  createProcess(row: NewProcess) {
    return this.db
      .insertInto('auth_processes')
      .values({
        ref: row.ref,
        organisation_id: row.organisationId,
        type: row.type,
        status: row.status,
        user_id: row.userId,
        expires_at: row.expiresAt,
        identity: row.identity ?? null,
        secret_hash: row.secretHash ?? null,
        state: JSON.stringify(row.state ?? {}),
        client_address: row.clientAddress ?? null,
        scope: row.scope ?? 'USER',
        inspector_id: row.inspectorId ?? null,
      })
      .execute();
  }

  findProcess(organisationId: string, ref: string) {
    return this.db.selectFrom('auth_processes').selectAll().where('organisation_id', '=', organisationId).where('ref', '=', ref).executeTakeFirst();
  }

  findProcessBySecret(organisationId: string, secretHash: string) {
    return this.db.selectFrom('auth_processes').selectAll().where('organisation_id', '=', organisationId).where('secret_hash', '=', secretHash).executeTakeFirst();
  }

  /** A process by its secret in any organisation, with the organisation's slug (the OpenID return address names none). */
  async findProcessBySecretAnywhere(secretHash: string) {
    const row = await this.db
      .selectFrom('auth_processes')
      .innerJoin('organisations', 'organisations.id', 'auth_processes.organisation_id')
      .selectAll('auth_processes')
      .select('organisations.slug as organisation_slug')
      .where('auth_processes.secret_hash', '=', secretHash)
      .executeTakeFirst();
    if (!row) return null;
    const { organisation_slug: slug, ...process } = row;
    return { process, slug };
  }

  /**
   * Changes a process; with `whenStatus`, only while it still has that status (two polls that
   * finish the same BankID order, or two PIN callbacks, cannot both win). True when it changed.
   */
  async updateProcess(ref: string, patch: ProcessPatch, whenStatus?: string): Promise<boolean> {
    let query = this.db
      .updateTable('auth_processes')
      .set({
        updated_at: new Date(),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.userId !== undefined ? { user_id: patch.userId } : {}),
        ...(patch.error !== undefined ? { error: patch.error } : {}),
        ...(patch.errorMessage !== undefined ? { error_message: patch.errorMessage } : {}),
        ...(patch.identity !== undefined ? { identity: patch.identity } : {}),
        ...(patch.secretHash !== undefined ? { secret_hash: patch.secretHash } : {}),
        ...(patch.expiresAt !== undefined ? { expires_at: patch.expiresAt } : {}),
        ...(patch.scope !== undefined ? { scope: patch.scope } : {}),
        ...(patch.inspectorId !== undefined ? { inspector_id: patch.inspectorId } : {}),
        ...(patch.state !== undefined ? { state: sql<string>`state || ${JSON.stringify(patch.state)}::jsonb` } : {}),
      })
      .where('ref', '=', ref);
    if (whenStatus !== undefined) query = query.where('status', '=', whenStatus);
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Counts one more wrong answer (PIN) while the process is under way; the new count, or null. */
  async addAttempt(ref: string): Promise<number | null> {
    const row = await this.db
      .updateTable('auth_processes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: new Date() }))
      .where('ref', '=', ref)
      .where('status', '=', 'process')
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts ?? null;
  }

  /** Marks a done process as exchanged; false when it already was (a ref is single-use). */
  async markExchanged(organisationId: string, ref: string): Promise<boolean> {
    const result = await this.db
      .updateTable('auth_processes')
      .set({ exchanged_at: new Date() })
      .where('organisation_id', '=', organisationId)
      .where('ref', '=', ref)
      .where('exchanged_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Processes that ended long ago; they are only kept so that a late poll is answered. */
  async deleteProcessesExpiredBefore(before: Date): Promise<number> {
    const result = await this.db.deleteFrom('auth_processes').where('expires_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  findUserLanguage(userId: string) {
    return this.db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  }

  touchUser(userId: string) {
    return this.db.updateTable('users').set({ last_seen: new Date() }).where('id', '=', userId).execute();
  }

  // ---- identities ------------------------------------------------------------------------------

  findUserByPersonalId(organisationId: string, personalId: string): Promise<KnownUser | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'phone_number', 'first_name', 'language'])
      .where('organisation_id', '=', organisationId)
      .where('personal_id', '=', personalId)
      .orderBy('created_at')
      .executeTakeFirst();
  }

  /** The owner of the account with that customer number or organisation number. */
  findAccountOwner(organisationId: string, by: 'customerNumber' | 'organisationNumber', value: string): Promise<KnownUser | undefined> {
    return this.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.id', 'accounts.account_owner_id')
      .select(['users.id', 'users.email', 'users.phone_number', 'users.first_name', 'users.language'])
      .where('accounts.organisation_id', '=', organisationId)
      .where(by === 'customerNumber' ? 'accounts.provider_customer_id' : 'accounts.organisation_number', '=', value)
      .orderBy('accounts.created_at')
      .executeTakeFirst();
  }

  findProviderCustomer(organisationId: string, by: 'personalNumber' | 'customerNumber' | 'organisationNumber', value: string) {
    const column = by === 'personalNumber' ? 'personal_id' : by === 'customerNumber' ? 'customer_number' : 'organisation_number';
    return this.db
      .selectFrom('provider_customers')
      .select(['id', 'customer_number', 'email', 'phone_number', 'first_name', 'language'])
      .where('organisation_id', '=', organisationId)
      .where(column, '=', value)
      .orderBy('created_at')
      .executeTakeFirst();
  }

  /** An admin by e-mail (support mode): a platform admin (no organisation) or one of the organisation's. */
  findAdminByEmail(email: string) {
    return this.db
      .selectFrom('admins')
      .select(['id', 'organisation_id', 'password_hash', 'scope', 'email'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
  }

  /**
   * The admin with that personal number (admin BankID) who may help this organisation's
   * customers: a platform admin (ADMIN, SUPPORT) or one of the organisation's own (ORG_ADMIN,
   * ORG_SUPPORT); the organisation's own first.
   */
  findHelpingAdminByPersonalId(organisationId: string, personalId: string) {
    return this.db
      .selectFrom('admins')
      .select(['id', 'organisation_id', 'scope', 'email'])
      .where('personal_id', '=', personalId)
      .where((eb) =>
        eb.or([
          eb.and([eb('organisation_id', 'is', null), eb('scope', 'in', ['ADMIN', 'SUPPORT'])]),
          eb.and([eb('organisation_id', '=', organisationId), eb('scope', 'in', ['ORG_ADMIN', 'ORG_SUPPORT'])]),
        ]),
      )
      .orderBy(sql`organisation_id IS NULL`)
      .orderBy('created_at')
      .executeTakeFirst();
  }

  findUserIdByUsername(organisationId: string, username: string) {
    return this.db
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst();
  }

  // ---- refresh tokens ----------------------------------------------------------------------------

  insertRefreshToken(row: {
    id: string;
    organisationId: string;
    userId: string;
    accountId: string;
    familyId: string;
    hash: string;
    expiresAt: Date;
    scope?: 'USER' | 'INSPECTOR';
    inspectorId?: string | null;
  }) {
    return this.db
      .insertInto('refresh_tokens')
      .values({
        id: row.id,
        organisation_id: row.organisationId,
        user_id: row.userId,
        account_id: row.accountId,
        family_id: row.familyId,
        token_hash: row.hash,
        expires_at: row.expiresAt,
        scope: row.scope ?? 'USER',
        inspector_id: row.inspectorId ?? null,
      })
      .execute();
  }

  findRefreshToken(hash: string) {
    return this.db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  }

  /** Marks the token used; false when another request used it first. */
  async useRefreshToken(id: string): Promise<boolean> {
    const result = await this.db.updateTable('refresh_tokens').set({ used_at: new Date() }).where('id', '=', id).where('used_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  revokeFamily(familyId: string) {
    return this.db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  }

  /**
   * Whether the family has ended: no token of it is left unrevoked (sign-out, reuse, a password
   * change revoke them all; a deleted user or account takes its rows with it, decision 0041).
   */
  async isFamilyRevoked(familyId: string): Promise<boolean> {
    const row = await this.db.selectFrom('refresh_tokens').select('id').where('family_id', '=', familyId).where('revoked_at', 'is', null).limit(1).executeTakeFirst();
    return row === undefined;
  }

  /** When the family's first token was issued: the sign-in that started the session. */
  async familyStartedAt(familyId: string): Promise<Date | null> {
    const row = await this.db.selectFrom('refresh_tokens').select((eb) => eb.fn.min('created_at').as('started')).where('family_id', '=', familyId).executeTakeFirst();
    return row?.started ? new Date(row.started as Date) : null;
  }

  /** Revokes every session of the user but one; the families revoked. */
  async revokeOtherFamilies(organisationId: string, userId: string, keepFamilyId: string | undefined): Promise<string[]> {
    let query = this.db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('organisation_id', '=', organisationId).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (keepFamilyId) query = query.where('family_id', '!=', keepFamilyId);
    const rows = await query.returning('family_id').execute();
    return [...new Set(rows.map((r) => r.family_id))];
  }

  async familiesOf(userId: string, hashes: string[]): Promise<string[]> {
    if (hashes.length === 0) return [];
    const rows = await this.db.selectFrom('refresh_tokens').select('family_id').where('user_id', '=', userId).where('token_hash', 'in', hashes).execute();
    return [...new Set(rows.map((r) => r.family_id))];
  }
}
