import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SettingsChangeRequestsTable, SettingsDraftsTable, SettingsReleasesTable } from '../../db/schema.ts';

export type ReleaseRow = Selectable<SettingsReleasesTable>;
export type DraftRow = Selectable<SettingsDraftsTable>;
export type ChangeRequestRow = Selectable<SettingsChangeRequestsTable>;

/** The statuses of a change request that is under way (one per organisation at a time). */
export const UNDER_WAY = ['open', 'approved', 'scheduled', 'suspended'] as const;

/**
 * Releases, drafts and change requests of the organisations' settings (decision 0054). Every
 * query names the organisation. `transaction` runs a publish or a draft write under a lock per
 * organisation, so two publishes never read the same latest release.
 */
export class SettingsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Runs `work` in one transaction that holds the organisation's settings lock. */
  transaction<T>(organisationId: string, work: (repository: SettingsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`settings|${organisationId}`}, 0))`.execute(trx);
      return work(new SettingsRepository(trx));
    });
  }

  /* Releases. */

  latestRelease(organisationId: string) {
    return this.db.selectFrom('settings_releases').selectAll().where('organisation_id', '=', organisationId).orderBy('version', 'desc').limit(1).executeTakeFirst();
  }

  releaseByVersion(organisationId: string, version: number) {
    return this.db.selectFrom('settings_releases').selectAll().where('organisation_id', '=', organisationId).where('version', '=', version).executeTakeFirst();
  }

  async listReleases(organisationId: string, paging: { limit: number; page: number }, part?: string): Promise<{ rows: ReleaseRow[]; total: number }> {
    let query = this.db.selectFrom('settings_releases').where('organisation_id', '=', organisationId);
    if (part) query = query.where(sql<boolean>`${part} = ANY(parts)`);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('version', 'desc').limit(paging.limit).offset((paging.page - 1) * paging.limit).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Per part, the newest release that changed it. */
  async lastChangeOfParts(organisationId: string): Promise<Map<string, ReleaseRow>> {
    const rows = await sql<ReleaseRow & { part: string }>`
      SELECT DISTINCT ON (part) r.*, part
      FROM settings_releases r, unnest(r.parts) AS part
      WHERE r.organisation_id = ${organisationId}
      ORDER BY part, r.version DESC
    `.execute(this.db);
    return new Map(rows.rows.map((row) => [row.part, row]));
  }

  /** The release that brought a part with this id. */
  releaseOfPart(organisationId: string, part: string, contentKey: string, partId: string) {
    return this.db
      .selectFrom('settings_releases')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .where(sql<boolean>`${part} = ANY(parts)`)
      .where(sql<string>`content -> ${contentKey} ->> 'id'`, '=', partId)
      .orderBy('version', 'asc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Takes a part out of a release's history; a release left without parts goes. */
  async removePartFromRelease(releaseId: string, part: string): Promise<void> {
    const row = await this.db
      .updateTable('settings_releases')
      .set({ parts: sql<string[]>`array_remove(parts, ${part})` })
      .where('id', '=', releaseId)
      .returning('parts')
      .executeTakeFirst();
    if (row && row.parts.length === 0) await this.db.deleteFrom('settings_releases').where('id', '=', releaseId).execute();
  }

  /** Publishes the next version; the caller holds the organisation's lock. */
  insertRelease(row: { id: string; organisationId: string; content: unknown; createdBy: string | null; parts?: readonly string[]; comment?: string | null; rollbackOf?: number | null; groupId?: string | null }) {
    return this.db
      .insertInto('settings_releases')
      .values({
        id: row.id,
        organisation_id: row.organisationId,
        version: sql<number>`(SELECT coalesce(max(version), 0) + 1 FROM settings_releases WHERE organisation_id = ${row.organisationId})`,
        content: JSON.stringify(row.content),
        created_by: row.createdBy,
        ...(row.parts ? { parts: sql<string[]>`${sql.val([...row.parts])}::text[]` } : {}),
        comment: row.comment ?? null,
        rollback_of: row.rollbackOf ?? null,
        group_id: row.groupId ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /* Drafts. */

  draft(organisationId: string, part: string) {
    return this.db.selectFrom('settings_drafts').selectAll().where('organisation_id', '=', organisationId).where('part', '=', part).executeTakeFirst();
  }

  drafts(organisationId: string) {
    return this.db.selectFrom('settings_drafts').selectAll().where('organisation_id', '=', organisationId).execute();
  }

  /** Writes a draft with a new revision; answers the row. */
  saveDraft(organisationId: string, part: string, content: unknown, updatedBy: string | null) {
    return this.db
      .insertInto('settings_drafts')
      .values({ organisation_id: organisationId, part, content: JSON.stringify(content), updated_by: updatedBy })
      .onConflict((oc) =>
        oc.columns(['organisation_id', 'part']).doUpdateSet({ content: JSON.stringify(content), updated_by: updatedBy, updated_at: sql`now()`, revision: sql`nextval('settings_draft_revisions')` }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteDraft(organisationId: string, part: string, revision?: string): Promise<boolean> {
    let query = this.db.deleteFrom('settings_drafts').where('organisation_id', '=', organisationId).where('part', '=', part);
    if (revision !== undefined) query = query.where('revision', '=', revision);
    const result = await query.executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /* Change requests. */

  insertChangeRequest(row: { id: string; organisationId: string; parts: readonly string[]; status: string; title: string; authorId: string | null; authorEmail: string; scheduledAt: Date | null; revisions: Record<string, number>; comments: ChangeRequestRow['comments'] }) {
    return this.db
      .insertInto('settings_change_requests')
      .values({
        id: row.id,
        organisation_id: row.organisationId,
        parts: sql<string[]>`${sql.val([...row.parts])}::text[]`,
        status: row.status,
        title: row.title,
        author_id: row.authorId,
        author_email: row.authorEmail,
        scheduled_at: row.scheduledAt,
        revisions: JSON.stringify(row.revisions),
        comments: JSON.stringify(row.comments),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  changeRequest(organisationId: string, id: string) {
    return this.db.selectFrom('settings_change_requests').selectAll().where('organisation_id', '=', organisationId).where('id', '=', id).executeTakeFirst();
  }

  changeRequestUnderWay(organisationId: string) {
    return this.db.selectFrom('settings_change_requests').selectAll().where('organisation_id', '=', organisationId).where('status', 'in', UNDER_WAY).executeTakeFirst();
  }

  async listChangeRequests(organisationId: string, filter: { status?: string | undefined; limit: number; page: number }): Promise<{ rows: ChangeRequestRow[]; total: number }> {
    let query = this.db.selectFrom('settings_change_requests').where('organisation_id', '=', organisationId);
    if (filter.status) query = query.where('status', '=', filter.status);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset((filter.page - 1) * filter.limit).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  updateChangeRequest(
    id: string,
    set: Partial<{ status: string; approvedBy: string | null; approvedAt: Date | null; scheduledAt: Date | null; publishedAt: Date | null; releaseVersion: number | null; revisions: Record<string, number> }>,
    comment?: ChangeRequestRow['comments'][number],
  ) {
    return this.db
      .updateTable('settings_change_requests')
      .set({
        ...(set.status !== undefined ? { status: set.status } : {}),
        ...(set.approvedBy !== undefined ? { approved_by: set.approvedBy } : {}),
        ...(set.approvedAt !== undefined ? { approved_at: set.approvedAt } : {}),
        ...(set.scheduledAt !== undefined ? { scheduled_at: set.scheduledAt } : {}),
        ...(set.publishedAt !== undefined ? { published_at: set.publishedAt } : {}),
        ...(set.releaseVersion !== undefined ? { release_version: set.releaseVersion } : {}),
        ...(set.revisions !== undefined ? { revisions: JSON.stringify(set.revisions) } : {}),
        ...(comment ? { comments: sql`comments || ${JSON.stringify([comment])}::jsonb` } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Scheduled requests whose time has come, of every organisation. */
  dueChangeRequests(now: Date) {
    return this.db.selectFrom('settings_change_requests').select(['id', 'organisation_id']).where('status', '=', 'scheduled').where('scheduled_at', '<=', now).orderBy('scheduled_at').limit(100).execute();
  }

  /* The publishing rule. */

  async approvalRequired(organisationId: string): Promise<boolean> {
    const row = await this.db.selectFrom('organisations').select('settings_approval_required').where('id', '=', organisationId).executeTakeFirst();
    return row?.settings_approval_required ?? false;
  }

  setApprovalRequired(organisationId: string, required: boolean) {
    return this.db.updateTable('organisations').set({ settings_approval_required: required }).where('id', '=', organisationId).execute();
  }
}
