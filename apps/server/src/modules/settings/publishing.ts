import { ReleaseContent } from '@gridline/contracts/settings';
import {
  diffValues,
  draftPartSchemas,
  partKey,
  releasePartSchemas,
  settingsParts,
  type ChangeRequest,
  type ChangeRequestComment,
  type ChangeRequestSystemKey,
  type CreateChangeRequest,
  type PartRelease,
  type ReleaseSummary,
  type SettingsChange,
  type SettingsDraft,
  type SettingsPart,
} from '@gridline/contracts/settings-parts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import { REQUESTED_JOB_QUEUES, type JobSender } from '../../jobs/sender.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessService } from '../access/service.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { Organisation } from '../organisations/service.ts';
import { checkConfigurationWrite } from './configurations.ts';
import { UNDER_WAY, type ChangeRequestRow, type DraftRow, type ReleaseRow, type SettingsRepository } from './repository.ts';
import { defaultRelease } from './service.ts';

type Json = Record<string, unknown>;
type OrganisationRef = Pick<Organisation, 'id' | 'slug' | 'name'>;
/** Who acts: a staff request, or the scheduler (its actor is the system). */
type Actor = StaffAuditContext | { actorType: 'system'; actorId: null; actorEmail: string };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** RFC 7396: objects merge field by field, `null` removes a field, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Json = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

/** A part as a release holds it, without its id. */
function withoutId(value: unknown): Json {
  if (!isObject(value)) return {};
  const { id: _id, ...rest } = value;
  return rest;
}

/** A draft laid over the live part: objects field by field; a value, a list or a `null` the draft holds replaces the live one. */
export function overlay(live: unknown, draft: unknown): unknown {
  if (!isObject(draft) || !isObject(live)) return draft;
  const out: Json = { ...live };
  for (const [key, value] of Object.entries(draft)) out[key] = overlay(live[key], value);
  return out;
}

/** What publishing a part's draft would release: the draft over the live part. */
export function mergedPart(part: SettingsPart, live: Json, draft: unknown): Json {
  if (draft === null || draft === undefined) return live;
  if (part === 'custom-favorites') return { ...live, items: draft };
  return overlay(live, draft) as Json;
}

/**
 * A comment the system writes: its key and parameters, which the back office words in the staff
 * member's language (decision 0061), and the English sentence for every other reader.
 */
function systemComment(author: string, systemKey: ChangeRequestSystemKey, params: Record<string, string>, text: string, now: Date): ChangeRequestComment {
  return { id: newId(), author, text, system: true, systemKey, params, createdAt: now.toISOString() };
}

const issuesOf = (error: z.ZodError) => error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

function invalid(part: SettingsPart, issues: Array<{ path: string; message: string }>): AppError {
  return new AppError('SETTINGS_RELEASE_INVALID', {
    message: issues.map((i) => `${part}.${i.path}: ${i.message}`).join('; '),
    data: { issues: issues.map((i) => ({ path: `${part}${i.path ? `.${i.path}` : ''}`, message: i.message })) },
  });
}

/** The rules of a part that need the organisation's data: the issues of a part's content (empty: none). */
export type OrganisationRules = (organisation: { id: string; timeZone?: string }, part: SettingsPart, content: unknown) => Promise<Array<{ path: string; message: string }>>;

/** A release made in a transaction, to be announced after it commits. */
interface Published {
  release: ReleaseRow;
  changes: Array<{ part: SettingsPart; before: Json; after: Json }>;
  actor: Actor;
  /** What made it: publishing, a rollback, or another installation's release (environment sync). */
  kind: 'publish' | 'rollback' | 'sync';
}

/** Where a part's draft stands against the live release. */
interface PartState {
  part: SettingsPart;
  draft: DraftRow | undefined;
  live: Json;
  merged: Json;
  changed: boolean;
  parsed: z.ZodSafeParseResult<Json>;
}

/**
 * Drafts, releases and the change requests that publish them (spec 002 §3, §7; issue 18, decision
 * 0054). A release is a version of every part; publishing changes the parts named and carries the
 * others. The rules: a release is whole and valid; one change request is under way per
 * organisation; where the organisation requires it, a second editor approves, a draft changed
 * after that takes the approval back, and a schedule whose drafts changed is suspended. Every
 * change is an audit entry; a release's entries share its group id.
 */
export class SettingsPublishing {
  private readonly d: {
    repository: SettingsRepository;
    access?: AccessService;
    audit: AuditService;
    /** After a release: clears the organisation's cached settings in every API process. */
    changed: (organisation: { id: string; slug: string }) => Promise<void>;
    /** The organisation by id (the scheduler knows only ids). */
    organisationById: (id: string) => Promise<OrganisationRef | null | undefined>;
    /** Tells a change request's author that its schedule was suspended (an e-mail). */
    tellAuthor?: (request: ChangeRequestRow, organisation: OrganisationRef, reason: 'suspended') => Promise<void>;
    /** Sends the job that publishes a scheduled request at its time (the job process works it). */
    jobs?: JobSender;
    now?: () => number;
    /**
     * Rules of a part that need the organisation's data (decision 0058: the home modules'
     * conditional favorites need the service), checked when a draft is saved and when a release
     * is made (not on a rollback). Answers the broken rules, paths inside the part.
     */
    organisationRules?: OrganisationRules;
  };

  constructor(deps: SettingsPublishing['d']) {
    this.d = deps;
  }

  private now(): Date {
    return new Date(this.d.now?.() ?? Date.now());
  }

  private async organisation(staff: StaffClaims, slug: string): Promise<Organisation> {
    if (!this.d.access) throw new Error('SettingsPublishing: staff calls need the access service');
    return this.d.access.staffOrganisation(staff, slug, { required: true });
  }

  /* Reading the state of a part. */

  private async latestContent(repository: SettingsRepository, organisation: OrganisationRef): Promise<{ row: ReleaseRow | undefined; content: ReleaseContent }> {
    const row = await repository.latestRelease(organisation.id);
    return { row, content: row ? ReleaseContent.parse(row.content) : defaultRelease(organisation.name).content };
  }

  private partState(part: SettingsPart, content: ReleaseContent, draft: DraftRow | undefined): PartState {
    const live = withoutId(content[partKey[part]]);
    const merged = mergedPart(part, live, draft?.content);
    const parsed = (releasePartSchemas[part] as z.ZodType<Json>).safeParse(merged);
    const normalised = parsed.success ? parsed.data : merged;
    return { part, draft, live, merged, changed: JSON.stringify(normalised) !== JSON.stringify((releasePartSchemas[part] as z.ZodType<Json>).safeParse(live).data ?? live), parsed };
  }

  private draftView(state: PartState): SettingsDraft {
    return {
      part: state.part,
      content: state.draft?.content ?? null,
      merged: state.merged,
      live: state.live,
      revision: state.draft ? Number(state.draft.revision) : 0,
      changed: state.draft !== undefined && state.changed,
      issues: state.parsed.success ? [] : issuesOf(state.parsed.error),
      updatedAt: state.draft ? new Date(state.draft.updated_at).toISOString() : null,
      updatedBy: state.draft?.updated_by ?? null,
    };
  }

  /* Drafts. */

  async getDraft(staff: StaffClaims, slug: string, part: SettingsPart): Promise<SettingsDraft> {
    const organisation = await this.organisation(staff, slug);
    const { content } = await this.latestContent(this.d.repository, organisation);
    return this.draftView(this.partState(part, content, await this.d.repository.draft(organisation.id, part)));
  }

  /**
   * Writes a draft: `create` only where none is open, `replace` the whole draft, `patch` a merge
   * patch over it, `discard` removes it. `ifMatch` is the revision the writer read. A change
   * reaches the change request under way: it takes back an approval and suspends a schedule.
   */
  async writeDraft(
    staff: StaffClaims,
    context: StaffAuditContext,
    slug: string,
    part: SettingsPart,
    mode: 'create' | 'replace' | 'patch' | 'discard',
    body: unknown,
    ifMatch: string | undefined,
  ): Promise<SettingsDraft> {
    const organisation = await this.organisation(staff, slug);
    const outcome = await this.d.repository.transaction(organisation.id, async (repository) => {
      const before = await repository.draft(organisation.id, part);
      if (mode === 'create' && before) throw new AppError('DRAFT_EXISTS');
      if (mode === 'discard' && !before) throw new AppError('NOT_FOUND', { message: `No ${part} draft` });
      const expected = ifMatch?.replace(/^W\//, '').replace(/"/g, '').trim();
      if (expected && (before ? before.revision !== expected : expected !== '0')) {
        throw new AppError('DRAFT_STALE', { message: `The ${part} draft is at revision ${before?.revision ?? 0}`, data: { revision: Number(before?.revision ?? 0) } });
      }
      let after: DraftRow | undefined;
      if (mode === 'discard') {
        if (part === 'feature-configurations') await this.checkConfigurations(repository, organisation, staff, before?.content, undefined);
        await repository.deleteDraft(organisation.id, part);
      } else {
        const next = mode === 'patch' && part !== 'custom-favorites' ? mergePatch(before?.content ?? {}, body) : body;
        const checked = (draftPartSchemas[part] as z.ZodType).safeParse(next);
        if (!checked.success) {
          const issues = issuesOf(checked.error);
          throw new AppError('VALIDATION_FAILED', { message: issues.map((i) => `${i.path}: ${i.message}`).join('; '), data: { issues } });
        }
        if (part === 'feature-configurations') await this.checkConfigurations(repository, organisation, staff, before?.content, checked.data);
        const issues = (await this.d.organisationRules?.(organisation, part, checked.data)) ?? [];
        if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { message: issues.map((i) => `${i.path}: ${i.message}`).join('; '), data: { issues } });
        after = await repository.saveDraft(organisation.id, part, checked.data, staff.email);
      }
      const request = await this.draftChanged(repository, organisation, part, after, staff.email);
      const { content } = await this.latestContent(repository, organisation);
      return { before, after, request, view: this.draftView(this.partState(part, content, after)) };
    });
    await this.d.audit.recordStaff(context, {
      organisationId: organisation.id,
      action: `settings.draft.${mode}`,
      subjectType: 'settings-draft',
      subjectId: part,
      before: outcome.before ? { content: outcome.before.content } : null,
      after: outcome.after ? { content: outcome.after.content } : null,
    });
    if (outcome.request?.status === 'suspended' && this.d.tellAuthor) await this.d.tellAuthor(outcome.request, organisation, 'suspended');
    return outcome.view;
  }

  /** Per-field permissions of the feature configurations (decision 0057): what publishing would release before and after the write, compared field by field. */
  private async checkConfigurations(repository: SettingsRepository, organisation: OrganisationRef, staff: StaffClaims, before: unknown, after: unknown): Promise<void> {
    const live = withoutId((await this.latestContent(repository, organisation)).content.featureConfigurations);
    checkConfigurationWrite(staff.scope, mergedPart('feature-configurations', live, before), mergedPart('feature-configurations', live, after));
  }

  /**
   * A draft of a part that the change request under way publishes has changed: an open request
   * takes the new revision; an approved one goes back to open; a scheduled one is suspended (back
   * to open where approval is required, so that it is approved again). Answers the request as it is now.
   */
  private async draftChanged(repository: SettingsRepository, organisation: OrganisationRef, part: SettingsPart, draft: DraftRow | undefined, by: string): Promise<ChangeRequestRow | undefined> {
    const request = await repository.changeRequestUnderWay(organisation.id);
    if (!request || !request.parts.includes(part)) return undefined;
    const revisions = { ...request.revisions, [part]: draft ? Number(draft.revision) : 0 };
    const comment = (systemKey: ChangeRequestSystemKey, text: string) => systemComment(by, systemKey, { part }, text, this.now());
    if (request.status === 'open' || request.status === 'suspended') return repository.updateChangeRequest(request.id, { revisions });
    const approvalRequired = await repository.approvalRequired(organisation.id);
    if (request.status === 'approved' || (request.status === 'scheduled' && approvalRequired)) {
      const scheduled = request.status === 'scheduled';
      const text = `The ${part} draft changed after the approval, so the approval was taken back.${scheduled ? ' The schedule waits for a new approval.' : ''}`;
      return repository.updateChangeRequest(request.id, { status: 'open', approvedBy: null, approvedAt: null, revisions }, comment(scheduled ? 'approvalWithdrawnScheduled' : 'approvalWithdrawn', text));
    }
    return repository.updateChangeRequest(request.id, { status: 'suspended', revisions }, comment('scheduleSuspended', `The ${part} draft changed after the request was scheduled, so the schedule is suspended. Schedule it again to publish.`));
  }

  /* Releases. */

  private summary(row: ReleaseRow, latestVersion: number): ReleaseSummary {
    return {
      id: row.id,
      version: row.version,
      parts: row.parts as SettingsPart[],
      publishedAt: new Date(row.created_at).toISOString(),
      publishedBy: row.created_by,
      comment: row.comment,
      rollbackOf: row.rollback_of,
      groupId: row.group_id,
      live: row.version === latestVersion,
    };
  }

  private partRelease(part: SettingsPart, row: ReleaseRow, live: boolean): PartRelease {
    const content = (row.content as Json)[partKey[part]] as Json;
    return { id: String(content.id), part, releaseId: row.id, version: row.version, publishedAt: new Date(row.created_at).toISOString(), publishedBy: row.created_by, live, content: withoutId(content) };
  }

  async listReleases(staff: StaffClaims, slug: string, paging: { limit: number; page: number }) {
    const organisation = await this.organisation(staff, slug);
    const [{ rows, total }, latest] = await Promise.all([this.d.repository.listReleases(organisation.id, paging), this.d.repository.latestRelease(organisation.id)]);
    return { data: rows.map((row) => this.summary(row, latest?.version ?? 0)), pagination: { limit: paging.limit, page: paging.page, total } };
  }

  async listPartReleases(staff: StaffClaims, slug: string, part: SettingsPart, paging: { limit: number; page: number }) {
    const organisation = await this.organisation(staff, slug);
    const [{ rows, total }, lastChanges] = await Promise.all([this.d.repository.listReleases(organisation.id, paging, part), this.d.repository.lastChangeOfParts(organisation.id)]);
    const liveVersion = lastChanges.get(part)?.version;
    return { data: rows.map((row) => this.partRelease(part, row, row.version === liveVersion)), pagination: { limit: paging.limit, page: paging.page, total } };
  }

  async latestPartRelease(staff: StaffClaims, slug: string, part: SettingsPart): Promise<PartRelease> {
    const organisation = await this.organisation(staff, slug);
    const row = (await this.d.repository.lastChangeOfParts(organisation.id)).get(part);
    if (!row) throw new AppError('NOT_FOUND', { message: `No ${part} release yet` });
    return this.partRelease(part, row, true);
  }

  /** `POST releases/{part}/{org}`: a whole part published at once, without a draft (not where approval is required). */
  async publishPart(staff: StaffClaims, context: StaffAuditContext, slug: string, part: SettingsPart, body: unknown): Promise<PartRelease> {
    const organisation = await this.organisation(staff, slug);
    const row = await this.d.repository.transaction(organisation.id, async (repository) => {
      if (await repository.approvalRequired(organisation.id)) throw new AppError('APPROVAL_REQUIRED');
      const request = await repository.changeRequestUnderWay(organisation.id);
      if (request?.parts.includes(part)) throw new AppError('CHANGE_REQUEST_OPEN');
      if (part === 'feature-configurations') await this.checkConfigurations(repository, organisation, staff, undefined, body);
      return this.release(repository, organisation, context, { [part]: body } as Partial<Record<SettingsPart, unknown>>, { comment: null });
    });
    await this.announce(organisation, row);
    return this.partRelease(part, row.release, true);
  }

  async deletePartRelease(staff: StaffClaims, context: StaffAuditContext, slug: string, part: SettingsPart, id: string): Promise<void> {
    const organisation = await this.organisation(staff, slug);
    const removed = await this.d.repository.transaction(organisation.id, async (repository) => {
      const row = await repository.releaseOfPart(organisation.id, part, partKey[part], id);
      if (!row) throw new AppError('NOT_FOUND', { message: `No ${part} release ${id}` });
      const { content } = await this.latestContent(repository, organisation);
      if (content[partKey[part]].id === id) throw new AppError('RELEASE_IN_FORCE');
      await repository.removePartFromRelease(row.id, part);
      return row;
    });
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'settings.release.delete', subjectType: 'settings-release', subjectId: `${part}:${id}`, data: { version: removed.version }, before: withoutId((removed.content as Json)[partKey[part]]), after: null });
  }

  /**
   * Publishes new content for some parts as the next version, in the caller's transaction: each
   * part checked against the release's rules, given a new id, the others carried; then one audit
   * entry per part under one group id, and the caches cleared. Answers the release and the parts it changed.
   */
  private async release(
    repository: SettingsRepository,
    organisation: OrganisationRef,
    actor: Actor,
    parts: Partial<Record<SettingsPart, unknown>>,
    options: { comment: string | null; rollbackOf?: number; synced?: true },
  ): Promise<Published> {
    const { content } = await this.latestContent(repository, organisation);
    const next: Json = { ...content };
    const changes: Array<{ part: SettingsPart; before: Json; after: Json }> = [];
    for (const part of settingsParts) {
      if (!(part in parts)) continue;
      const parsed = (releasePartSchemas[part] as z.ZodType<Json>).safeParse(parts[part]);
      if (!parsed.success) throw invalid(part, issuesOf(parsed.error));
      const broken = options.rollbackOf === undefined ? ((await this.d.organisationRules?.(organisation, part, parsed.data)) ?? []) : [];
      if (broken.length > 0) throw invalid(part, broken);
      const before = withoutId(content[partKey[part]]);
      if (JSON.stringify(parsed.data) === JSON.stringify((releasePartSchemas[part] as z.ZodType<Json>).safeParse(before).data ?? before)) continue;
      next[partKey[part]] = { id: newId(), ...parsed.data };
      changes.push({ part, before, after: parsed.data });
    }
    if (changes.length === 0) throw new AppError('NOTHING_TO_PUBLISH');
    const whole = ReleaseContent.safeParse(next);
    if (!whole.success) throw invalid(changes[0]!.part, issuesOf(whole.error));
    const groupId = newId();
    const row = await repository.insertRelease({
      id: newId(),
      organisationId: organisation.id,
      content: whole.data,
      createdBy: actor.actorEmail ?? null,
      parts: changes.map((c) => c.part),
      comment: options.comment,
      rollbackOf: options.rollbackOf ?? null,
      groupId,
    });
    return { release: row, changes, actor, kind: options.rollbackOf !== undefined ? 'rollback' : options.synced ? 'sync' : 'publish' };
  }

  /** After the release's transaction has committed: its audit entries (one group) and the caches cleared in every process. */
  private async announce(organisation: OrganisationRef, published: Published): Promise<void> {
    const { release, changes, actor, kind } = published;
    for (const change of changes) {
      await this.d.audit.record({ ...actor, organisationId: organisation.id, action: `settings.release.${kind}`, subjectType: 'settings-release', subjectId: change.part, data: { version: release.version }, before: change.before, after: change.after, groupId: release.group_id });
    }
    await this.d.changed(organisation);
  }

  async rollback(staff: StaffClaims, context: StaffAuditContext, slug: string, version: number, comment: string | undefined): Promise<ReleaseSummary> {
    const organisation = await this.organisation(staff, slug);
    const row = await this.d.repository.transaction(organisation.id, async (repository) => {
      const earlier = await repository.releaseByVersion(organisation.id, version);
      if (!earlier) throw new AppError('NOT_FOUND', { message: `No release ${version}` });
      const content = ReleaseContent.parse(earlier.content);
      const parts = Object.fromEntries(settingsParts.map((part) => [part, withoutId(content[partKey[part]])]));
      return this.release(repository, organisation, context, parts, { comment: comment ?? null, rollbackOf: version });
    });
    await this.announce(organisation, row);
    return this.summary(row.release, row.release.version);
  }

  /* Environment sync (decision 0060). */

  /** The live release as another installation receives it: its version and every part without its id. */
  async liveForSync(organisation: OrganisationRef): Promise<{ version: number; content: Record<SettingsPart, Json> }> {
    const { row, content } = await this.latestContent(this.d.repository, organisation);
    if (!row) throw new AppError('NOT_FOUND', { message: 'The organisation has published no release yet' });
    return { version: row.version, content: Object.fromEntries(settingsParts.map((part) => [part, withoutId(content[partKey[part]])])) as Record<SettingsPart, Json> };
  }

  /**
   * Publishes another installation's live release here as the next version, under this
   * installation's rules, as `POST releases/{part}` does for one part: not where approval is
   * required, nor while a change request is under way. Answers the version, or null when the live
   * settings are these already.
   */
  async importRelease(organisation: OrganisationRef, staff: StaffClaims, context: StaffAuditContext, parts: Record<string, unknown>): Promise<number | null> {
    const wanted = Object.fromEntries(settingsParts.filter((part) => part in parts).map((part) => [part, parts[part]])) as Partial<Record<SettingsPart, unknown>>;
    let row: Published;
    try {
      row = await this.d.repository.transaction(organisation.id, async (repository) => {
        if (await repository.approvalRequired(organisation.id)) throw new AppError('APPROVAL_REQUIRED');
        if (await repository.changeRequestUnderWay(organisation.id)) throw new AppError('CHANGE_REQUEST_OPEN');
        if ('feature-configurations' in wanted) await this.checkConfigurations(repository, organisation, staff, undefined, wanted['feature-configurations']);
        return this.release(repository, organisation, context, wanted, { comment: null, synced: true });
      });
    } catch (error) {
      if (error instanceof AppError && error.key === 'NOTHING_TO_PUBLISH') return null;
      throw error;
    }
    await this.announce(organisation, row);
    return row.release.version;
  }

  /* Comparing. */

  async diff(staff: StaffClaims, slug: string, from: 'draft' | 'live' | number, to: 'draft' | 'live' | number): Promise<SettingsChange[]> {
    const organisation = await this.organisation(staff, slug);
    const [a, b] = await Promise.all([this.stateOf(organisation, from), this.stateOf(organisation, to)]);
    return settingsParts.flatMap((part) => diffValues(part, a[part], b[part]));
  }

  /** Every part of a state: a version, the live release, or the drafts over it. */
  private async stateOf(organisation: OrganisationRef, state: 'draft' | 'live' | number): Promise<Record<SettingsPart, Json>> {
    let content: ReleaseContent;
    if (typeof state === 'number') {
      const row = await this.d.repository.releaseByVersion(organisation.id, state);
      if (!row) throw new AppError('NOT_FOUND', { message: `No release ${state}` });
      content = ReleaseContent.parse(row.content);
    } else content = (await this.latestContent(this.d.repository, organisation)).content;
    const drafts = state === 'draft' ? new Map((await this.d.repository.drafts(organisation.id)).map((d) => [d.part, d])) : new Map<string, DraftRow>();
    return Object.fromEntries(settingsParts.map((part) => [part, this.partState(part, content, drafts.get(part)).merged])) as Record<SettingsPart, Json>;
  }

  /* The state of every part, for the back office's overview. */

  async status(staff: StaffClaims, slug: string | undefined) {
    if (!this.d.access) throw new Error('SettingsPublishing: staff calls need the access service');
    const organisation = await this.d.access.staffOrganisation(staff, slug, { required: true });
    const [{ row, content }, drafts, lastChanges, approvalRequired, request] = await Promise.all([
      this.latestContent(this.d.repository, organisation),
      this.d.repository.drafts(organisation.id),
      this.d.repository.lastChangeOfParts(organisation.id),
      this.d.repository.approvalRequired(organisation.id),
      this.d.repository.changeRequestUnderWay(organisation.id),
    ]);
    const byPart = new Map(drafts.map((d) => [d.part, d]));
    return {
      organisation: organisation.slug,
      version: row?.version ?? 0,
      publishedAt: row ? new Date(row.created_at).toISOString() : new Date(0).toISOString(),
      approvalRequired,
      parts: settingsParts.map((part) => {
        const state = this.partState(part, content, byPart.get(part));
        const last = lastChanges.get(part);
        return {
          part,
          id: String(content[partKey[part]].id),
          version: last?.version ?? 0,
          publishedAt: last ? new Date(last.created_at).toISOString() : new Date(0).toISOString(),
          draft: state.draft !== undefined,
          changed: state.draft !== undefined && state.changed,
          valid: state.parsed.success,
        };
      }),
      changeRequest: request ? await this.view(organisation, request) : null,
    };
  }

  /* The publishing rule. */

  async policy(staff: StaffClaims, slug: string) {
    const organisation = await this.organisation(staff, slug);
    return { approvalRequired: await this.d.repository.approvalRequired(organisation.id) };
  }

  async setPolicy(staff: StaffClaims, context: StaffAuditContext, slug: string, approvalRequired: boolean) {
    const organisation = await this.organisation(staff, slug);
    const before = await this.d.repository.transaction(organisation.id, async (repository) => {
      const previous = await repository.approvalRequired(organisation.id);
      // A request under way was made under the old rule; finish or cancel it before the rule changes.
      const request = await repository.changeRequestUnderWay(organisation.id);
      if (request && previous !== approvalRequired) throw new AppError('CHANGE_REQUEST_OPEN');
      await repository.setApprovalRequired(organisation.id, approvalRequired);
      return previous;
    });
    if (before !== approvalRequired) {
      await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'settings.policy', subjectType: 'organisation', subjectId: organisation.slug, before: { approvalRequired: before }, after: { approvalRequired } });
    }
    return { approvalRequired };
  }

  /* Change requests. */

  private async view(organisation: OrganisationRef, row: ChangeRequestRow): Promise<ChangeRequest> {
    let changes: SettingsChange[];
    if (row.status === 'published' && row.release_version) {
      const [release, previous] = await Promise.all([this.d.repository.releaseByVersion(organisation.id, row.release_version), this.d.repository.releaseByVersion(organisation.id, row.release_version - 1)]);
      const partsOf = (r: ReleaseRow | undefined): ReleaseContent => (r ? ReleaseContent.parse(r.content) : defaultRelease(organisation.name).content);
      const [a, b] = [partsOf(previous), partsOf(release)];
      changes = (row.parts as SettingsPart[]).flatMap((part) => diffValues(part, withoutId(a[partKey[part]]), withoutId(b[partKey[part]])));
    } else if (row.status === 'cancelled') {
      changes = [];
    } else {
      const [{ content }, drafts] = await Promise.all([this.latestContent(this.d.repository, organisation), this.d.repository.drafts(organisation.id)]);
      const byPart = new Map(drafts.map((d) => [d.part, d]));
      changes = (row.parts as SettingsPart[]).flatMap((part) => {
        const state = this.partState(part, content, byPart.get(part));
        return diffValues(part, state.live, state.merged);
      });
    }
    const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
    return {
      id: row.id,
      parts: row.parts as SettingsPart[],
      status: row.status as ChangeRequest['status'],
      title: row.title,
      author: row.author_email,
      createdAt: new Date(row.created_at).toISOString(),
      approvedBy: row.approved_by,
      approvedAt: iso(row.approved_at),
      scheduledAt: iso(row.scheduled_at),
      publishedAt: iso(row.published_at),
      releaseVersion: row.release_version,
      revisions: row.revisions,
      // Written only by this service: `systemKey` is one of the contract's keys where it is set.
      comments: row.comments as ChangeRequestComment[],
      changes,
    };
  }

  private async requestOf(repository: SettingsRepository, organisation: OrganisationRef, id: string): Promise<ChangeRequestRow> {
    const row = await repository.changeRequest(organisation.id, id);
    if (!row) throw new AppError('NOT_FOUND', { message: `No change request ${id}` });
    return row;
  }

  /** The parts' drafts, each changed and valid; their revisions. */
  private async publishable(repository: SettingsRepository, organisation: OrganisationRef, parts: readonly SettingsPart[]): Promise<{ states: PartState[]; revisions: Record<string, number> }> {
    const [{ content }, drafts] = await Promise.all([this.latestContent(repository, organisation), repository.drafts(organisation.id)]);
    const byPart = new Map(drafts.map((d) => [d.part, d]));
    const states = parts.map((part) => this.partState(part, content, byPart.get(part)));
    for (const state of states) if (state.draft && !state.parsed.success) throw invalid(state.part, issuesOf(state.parsed.error));
    const changed = states.filter((s) => s.draft && s.changed);
    if (changed.length === 0) throw new AppError('NOTHING_TO_PUBLISH');
    return { states: changed, revisions: Object.fromEntries(states.map((s) => [s.part, s.draft ? Number(s.draft.revision) : 0])) };
  }

  /** A request that is now scheduled gets its job, to start at its time (one per request and time). */
  private async queue(organisation: OrganisationRef, request: ChangeRequestRow): Promise<void> {
    if (request.status !== 'scheduled' || !request.scheduled_at || !this.d.jobs) return;
    const at = new Date(request.scheduled_at);
    await this.d.jobs.send(REQUESTED_JOB_QUEUES.settingsPublish, { organisationId: organisation.id, changeRequestId: request.id }, { singletonKey: `${request.id}@${at.toISOString()}`, startAfter: at });
  }

  private assertFuture(at: Date): void {
    if (at.getTime() <= this.now().getTime()) throw new AppError('SCHEDULE_IN_PAST');
  }

  async listChangeRequests(staff: StaffClaims, slug: string, filter: { status?: string | undefined; limit: number; page: number }) {
    const organisation = await this.organisation(staff, slug);
    const { rows, total } = await this.d.repository.listChangeRequests(organisation.id, filter);
    return { data: await Promise.all(rows.map((row) => this.view(organisation, row))), pagination: { limit: filter.limit, page: filter.page, total } };
  }

  async getChangeRequest(staff: StaffClaims, slug: string, id: string): Promise<ChangeRequest> {
    const organisation = await this.organisation(staff, slug);
    return this.view(organisation, await this.requestOf(this.d.repository, organisation, id));
  }

  async createChangeRequest(staff: StaffClaims, context: StaffAuditContext, slug: string, body: CreateChangeRequest): Promise<ChangeRequest> {
    const organisation = await this.organisation(staff, slug);
    const parts = [...new Set(body.parts)];
    const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : null;
    if (scheduledAt) this.assertFuture(scheduledAt);
    const outcome = await this.d.repository.transaction(organisation.id, async (repository): Promise<{ request: ChangeRequestRow; published: Published | null }> => {
      const underWay = await repository.changeRequestUnderWay(organisation.id);
      if (underWay) throw new AppError('CHANGE_REQUEST_OPEN');
      const { revisions } = await this.publishable(repository, organisation, parts);
      const approvalRequired = await repository.approvalRequired(organisation.id);
      const comments = body.comment ? [{ id: newId(), author: staff.email, text: body.comment, system: false, createdAt: this.now().toISOString() }] : [];
      const status = approvalRequired ? 'open' : scheduledAt ? 'scheduled' : 'open';
      let request: ChangeRequestRow;
      try {
        request = await repository.insertChangeRequest({ id: newId(), organisationId: organisation.id, parts, status, title: body.title, authorId: staff.adminId, authorEmail: staff.email, scheduledAt, revisions, comments });
      } catch (error) {
        if (isUniqueViolation(error, 'settings_change_requests_one_under_way')) throw new AppError('CHANGE_REQUEST_OPEN');
        throw error;
      }
      // Without four-eyes approval and without a time, the request publishes as it is made.
      if (!approvalRequired && !scheduledAt) return this.publishRequest(repository, organisation, request, context);
      return { request, published: null };
    });
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'settings.change-request.create', subjectType: 'settings-change-request', subjectId: outcome.request.id, after: { parts, title: body.title, status: outcome.request.status, scheduledAt: body.scheduledAt ?? null } });
    if (outcome.published) await this.announce(organisation, outcome.published);
    await this.queue(organisation, outcome.request);
    return this.view(organisation, outcome.request);
  }

  /** Publishes a request's drafts (the caller holds the lock and has checked the request may publish). */
  private async publishRequest(repository: SettingsRepository, organisation: OrganisationRef, request: ChangeRequestRow, actor: Actor): Promise<{ request: ChangeRequestRow; published: Published }> {
    const parts = request.parts as SettingsPart[];
    const { states, revisions } = await this.publishable(repository, organisation, parts);
    for (const part of parts) {
      if ((request.revisions[part] ?? 0) !== revisions[part]) throw new AppError('CHANGE_REQUEST_NOT_OPEN', { message: `The ${part} draft changed since the request took it` });
    }
    const published = await this.release(repository, organisation, actor, Object.fromEntries(states.map((s) => [s.part, s.merged])), { comment: request.title });
    for (const state of states) await repository.deleteDraft(organisation.id, state.part, state.draft!.revision);
    const row = await repository.updateChangeRequest(request.id, { status: 'published', publishedAt: this.now(), releaseVersion: published.release.version });
    return { request: row, published };
  }

  async approve(staff: StaffClaims, context: StaffAuditContext, slug: string, id: string, text: string | undefined): Promise<ChangeRequest> {
    const organisation = await this.organisation(staff, slug);
    const row = await this.d.repository.transaction(organisation.id, async (repository) => {
      const request = await this.requestOf(repository, organisation, id);
      if (request.status !== 'open') throw new AppError('CHANGE_REQUEST_NOT_OPEN');
      if (request.author_id === staff.adminId || request.author_email.toLowerCase() === staff.email.toLowerCase()) throw new AppError('OWN_CHANGE_REQUEST');
      if (request.scheduled_at) this.assertFuture(new Date(request.scheduled_at));
      const comment = text?.trim()
        ? { id: newId(), author: staff.email, text: text.trim(), system: false, createdAt: this.now().toISOString() }
        : systemComment(staff.email, 'approved', {}, 'Approved', this.now());
      return repository.updateChangeRequest(request.id, { status: request.scheduled_at ? 'scheduled' : 'approved', approvedBy: staff.email, approvedAt: this.now() }, comment);
    });
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'settings.change-request.approve', subjectType: 'settings-change-request', subjectId: id, after: { status: row.status } });
    await this.queue(organisation, row);
    return this.view(organisation, row);
  }

  async publish(staff: StaffClaims, context: StaffAuditContext, slug: string, id: string): Promise<ChangeRequest> {
    const organisation = await this.organisation(staff, slug);
    const row = await this.d.repository.transaction(organisation.id, async (repository) => {
      const request = await this.requestOf(repository, organisation, id);
      if (!(UNDER_WAY as readonly string[]).includes(request.status)) throw new AppError('CHANGE_REQUEST_NOT_OPEN');
      const approved = request.approved_by !== null && (request.status === 'approved' || request.status === 'scheduled');
      if (!approved && (await repository.approvalRequired(organisation.id))) throw new AppError('APPROVAL_REQUIRED');
      return this.publishRequest(repository, organisation, request, context);
    });
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'settings.change-request.publish', subjectType: 'settings-change-request', subjectId: id, after: { status: row.request.status, version: row.request.release_version } });
    await this.announce(organisation, row.published);
    return this.view(organisation, row.request);
  }

  async schedule(staff: StaffClaims, context: StaffAuditContext, slug: string, id: string, at: string | null): Promise<ChangeRequest> {
    const organisation = await this.organisation(staff, slug);
    const scheduledAt = at ? new Date(at) : null;
    if (scheduledAt) this.assertFuture(scheduledAt);
    const row = await this.d.repository.transaction(organisation.id, async (repository) => {
      const request = await this.requestOf(repository, organisation, id);
      if (!(UNDER_WAY as readonly string[]).includes(request.status)) throw new AppError('CHANGE_REQUEST_NOT_OPEN');
      const approvalRequired = await repository.approvalRequired(organisation.id);
      // A suspended request is scheduled anew from the drafts as they are now (its author has looked at them).
      const { revisions } = await this.publishable(repository, organisation, request.parts as SettingsPart[]);
      const approved = request.status === 'approved' || request.status === 'scheduled';
      const status = approvalRequired && !approved ? 'open' : scheduledAt ? 'scheduled' : approvalRequired ? 'approved' : 'open';
      return repository.updateChangeRequest(request.id, { status, scheduledAt, revisions });
    });
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'settings.change-request.schedule', subjectType: 'settings-change-request', subjectId: id, after: { status: row.status, scheduledAt: at } });
    await this.queue(organisation, row);
    return this.view(organisation, row);
  }

  async cancel(staff: StaffClaims, context: StaffAuditContext, slug: string, id: string): Promise<ChangeRequest> {
    const organisation = await this.organisation(staff, slug);
    const row = await this.d.repository.transaction(organisation.id, async (repository) => {
      const request = await this.requestOf(repository, organisation, id);
      if (!(UNDER_WAY as readonly string[]).includes(request.status)) throw new AppError('CHANGE_REQUEST_NOT_OPEN');
      return repository.updateChangeRequest(request.id, { status: 'cancelled' });
    });
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'settings.change-request.cancel', subjectType: 'settings-change-request', subjectId: id, after: { status: 'cancelled' } });
    return this.view(organisation, row);
  }

  async comment(staff: StaffClaims, context: StaffAuditContext, slug: string, id: string, text: string): Promise<ChangeRequest> {
    const organisation = await this.organisation(staff, slug);
    const row = await this.d.repository.transaction(organisation.id, async (repository) => {
      const request = await this.requestOf(repository, organisation, id);
      return repository.updateChangeRequest(request.id, {}, { id: newId(), author: staff.email, text, system: false, createdAt: this.now().toISOString() });
    });
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'settings.change-request.comment', subjectType: 'settings-change-request', subjectId: id, data: { text: text.slice(0, 200) } });
    return this.view(organisation, row);
  }

  /**
   * The scheduler (a job every minute, and the development clock when it moves): publishes every
   * scheduled request whose time has come. A request whose drafts no longer match is suspended,
   * not published. Answers how many were published.
   */
  async publishDue(): Promise<{ published: number; suspended: number }> {
    const due = await this.d.repository.dueChangeRequests(this.now());
    let published = 0;
    let suspended = 0;
    for (const { id, organisation_id } of due) {
      const organisation = await this.d.organisationById(organisation_id);
      if (!organisation) continue;
      const actor: Actor = { actorType: 'system', actorId: null, actorEmail: 'scheduler' };
      const outcome = await this.d.repository.transaction(organisation.id, async (repository) => {
        const request = await repository.changeRequest(organisation.id, id);
        if (!request || request.status !== 'scheduled' || !request.scheduled_at || new Date(request.scheduled_at) > this.now()) return null;
        try {
          return { ...(await this.publishRequest(repository, organisation, request, actor)), suspended: false };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const comment = systemComment('scheduler', 'notPublishedAtTime', { error: error.key }, `Not published at the scheduled time: ${error.message}`, this.now());
          return { request: await repository.updateChangeRequest(request.id, { status: 'suspended' }, comment), published: null, suspended: true };
        }
      });
      if (!outcome) continue;
      if (outcome.published) await this.announce(organisation, outcome.published);
      if (outcome.suspended) {
        suspended += 1;
        if (this.d.tellAuthor) await this.d.tellAuthor(outcome.request, organisation, 'suspended');
      } else published += 1;
      await this.d.audit.record({ ...actor, organisationId: organisation.id, action: outcome.suspended ? 'settings.change-request.suspend' : 'settings.change-request.publish', subjectType: 'settings-change-request', subjectId: id, after: { status: outcome.request.status, version: outcome.request.release_version } });
    }
    return { published, suspended };
  }
}
