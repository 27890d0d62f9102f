import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type AdminRow = Awaited<ReturnType<AdminsRepository['findById']>> & object;

const adminColumns = [
  'admins.id',
  'admins.organisation_id',
  'admins.email',
  'admins.password_hash',
  'admins.first_name',
  'admins.last_name',
  'admins.personal_id',
  'admins.scope',
  'admins.language',
  'admins.totp_secret',
  'admins.totp_enabled_at',
  'admins.last_sign_in_at',
  'admins.created_at',
  'admins.updated_at',
  'organisations.slug as organisation_slug',
] as const;

export interface AdminListFilter {
  /** `null`: the platform's own staff. */
  organisationId: string | null;
  q?: string | undefined;
  scope?: string | undefined;
  sortBy: 'email' | 'lastName' | 'scope' | 'createdAt' | 'lastSignInAt';
  order: 'asc' | 'desc';
  limit: number;
  page: number;
}

const sortColumns = { email: 'admins.email', lastName: 'admins.last_name', scope: 'admins.scope', createdAt: 'admins.created_at', lastSignInAt: 'admins.last_sign_in_at' } as const;

/** The SQL of the back office's people: admins, their sessions, their sign-ins in progress, their one-time links. */
export class AdminsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  private selectAdmins() {
    return this.db.selectFrom('admins').leftJoin('organisations', 'organisations.id', 'admins.organisation_id').select(adminColumns);
  }

  findById(id: string) {
    return this.selectAdmins().where('admins.id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string) {
    return this.selectAdmins()
      .where((eb) => eb(eb.fn('lower', ['admins.email']), '=', email.toLowerCase()))
      .executeTakeFirst();
  }

  async list(filter: AdminListFilter) {
    let query = this.db.selectFrom('admins').leftJoin('organisations', 'organisations.id', 'admins.organisation_id');
    query = filter.organisationId === null ? query.where('admins.organisation_id', 'is', null) : query.where('admins.organisation_id', '=', filter.organisationId);
    if (filter.scope) query = query.where('admins.scope', '=', filter.scope);
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([eb('admins.email', 'ilike', like), eb('admins.first_name', 'ilike', like), eb('admins.last_name', 'ilike', like), eb(sql<string>`admins.first_name || ' ' || admins.last_name`, 'ilike', like)]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .select(adminColumns)
        .orderBy(sql.ref(sortColumns[filter.sortBy]), (ob) => (filter.order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
        .orderBy('admins.id')
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  insert(values: { id: string; organisationId: string | null; email: string; firstName: string; lastName: string; scope: string; language: string; personalId: string | null; createdBy: string | null; passwordHash?: string | null }) {
    return this.db
      .insertInto('admins')
      .values({
        id: values.id,
        organisation_id: values.organisationId,
        email: values.email,
        first_name: values.firstName,
        last_name: values.lastName,
        scope: values.scope,
        language: values.language,
        personal_id: values.personalId,
        created_by: values.createdBy,
        password_hash: values.passwordHash ?? null,
        created_at: new Date(),
      })
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  update(id: string, values: { first_name?: string; last_name?: string; scope?: string; language?: string; personal_id?: string | null; totp_secret?: string | null; totp_enabled_at?: Date | null; password_hash?: string; password_changed_at?: Date; last_sign_in_at?: Date }) {
    return this.db
      .updateTable('admins')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .executeTakeFirst();
  }

  delete(id: string) {
    return this.db.deleteFrom('admins').where('id', '=', id).executeTakeFirst();
  }

  /** The admin with a personal number (BankID) who may work in the organisation: its own first, else a platform admin. */
  findByPersonalIdIn(personalId: string, organisationId: string) {
    return this.selectAdmins()
      .where('admins.personal_id', '=', personalId)
      .where((eb) => eb.or([eb('admins.organisation_id', '=', organisationId), eb('admins.organisation_id', 'is', null)]))
      .orderBy(sql`admins.organisation_id IS NULL`)
      .orderBy('admins.created_at')
      .executeTakeFirst();
  }

  // Sessions: refresh-token families, as the customers' (decision 0022).

  insertSession(values: { id: string; adminId: string; familyId: string; tokenHash: string; method: string; secondFactor: boolean; authTime: Date; expiresAt: Date }) {
    return this.db
      .insertInto('staff_sessions')
      .values({
        id: values.id,
        admin_id: values.adminId,
        family_id: values.familyId,
        token_hash: values.tokenHash,
        method: values.method,
        second_factor: values.secondFactor,
        auth_time: values.authTime,
        expires_at: values.expiresAt,
      })
      .execute();
  }

  /** Marks a refresh token used, once: the row when this call used it, nothing when it was used or revoked before. */
  useSession(tokenHash: string) {
    return this.db
      .updateTable('staff_sessions')
      .set({ used_at: new Date() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['admin_id', 'family_id', 'method', 'second_factor', 'auth_time', 'expires_at'])
      .executeTakeFirst();
  }

  findSession(tokenHash: string) {
    return this.db.selectFrom('staff_sessions').select(['family_id', 'used_at', 'revoked_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  revokeFamily(familyId: string) {
    return this.db.updateTable('staff_sessions').set({ revoked_at: new Date() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  }

  /** Ends every session of an admin; the families, so that their access tokens stop too. */
  async revokeAdmin(adminId: string): Promise<string[]> {
    const rows = await this.db
      .updateTable('staff_sessions')
      .set({ revoked_at: new Date() })
      .where('admin_id', '=', adminId)
      .where('revoked_at', 'is', null)
      .returning('family_id')
      .execute();
    return [...new Set(rows.map((r) => r.family_id))];
  }

  async isFamilyRevoked(familyId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('staff_sessions')
      .select((eb) => eb.fn.countAll<string>().as('live'))
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.live) === 0;
  }

  // Sign-ins between the first factor and the second.

  insertSignIn(values: { refHash: string; adminId: string; step: 'second-factor' | 'enrol'; method: string; pendingSecret: string | null; expiresAt: Date }) {
    return this.db
      .insertInto('staff_sign_ins')
      .values({ ref_hash: values.refHash, admin_id: values.adminId, step: values.step, method: values.method, pending_secret: values.pendingSecret, expires_at: values.expiresAt })
      .execute();
  }

  findSignIn(refHash: string) {
    return this.db.selectFrom('staff_sign_ins').selectAll().where('ref_hash', '=', refHash).executeTakeFirst();
  }

  /** Counts a wrong code; the attempts so far. */
  async failSignIn(refHash: string): Promise<number> {
    const row = await this.db.updateTable('staff_sign_ins').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('ref_hash', '=', refHash).returning('attempts').executeTakeFirst();
    return row?.attempts ?? Number.POSITIVE_INFINITY;
  }

  /** Ends a sign-in; true when this call ended it (a code is used once). */
  async deleteSignIn(refHash: string): Promise<boolean> {
    const result = await this.db.deleteFrom('staff_sign_ins').where('ref_hash', '=', refHash).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  deleteExpiredSignIns() {
    return this.db.deleteFrom('staff_sign_ins').where('expires_at', '<', new Date()).execute();
  }

  // Recovery codes.

  async replaceRecoveryCodes(adminId: string, hashes: string[]) {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
      if (hashes.length > 0) await trx.insertInto('admin_recovery_codes').values(hashes.map((code_hash) => ({ admin_id: adminId, code_hash, used_at: null }))).execute();
    });
  }

  /** Uses a recovery code once; true when it was unused. */
  async useRecoveryCode(adminId: string, hash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('admin_recovery_codes')
      .set({ used_at: new Date() })
      .where('admin_id', '=', adminId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // One-time links of the admin e-mails.

  /** A new link; the admin's earlier unused links stop working. */
  async insertLink(values: { refHash: string; adminId: string; purpose: 'set-password' | 'reset-password'; expiresAt: Date }) {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('admin_links').set({ used_at: new Date() }).where('admin_id', '=', values.adminId).where('used_at', 'is', null).execute();
      await trx.insertInto('admin_links').values({ ref_hash: values.refHash, admin_id: values.adminId, purpose: values.purpose, expires_at: values.expiresAt }).execute();
    });
  }

  /** The admin of a link that still works (without using it). */
  findLinkAdmin(refHash: string) {
    return this.db
      .selectFrom('admin_links')
      .select(['admin_id', 'purpose'])
      .where('ref_hash', '=', refHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
  }

  /** Uses a link once: its admin when it was unused and unexpired. */
  useLink(refHash: string) {
    return this.db
      .updateTable('admin_links')
      .set({ used_at: new Date() })
      .where('ref_hash', '=', refHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['admin_id', 'purpose'])
      .executeTakeFirst();
  }
}
