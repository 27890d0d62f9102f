import { z } from 'zod';
import {
  DisruptionInput,
  disruptionStatus,
  type Disruption,
  type DisruptionLevel,
  type DisruptionRequest,
  type DisruptionStatus,
  type DisruptionTarget,
  type DisruptionTexts,
  type DisruptionType,
  type StaffDisruption,
} from '@gridline/contracts/disruptions';
import { errorCatalogue, type ErrorKey } from '@gridline/contracts/errors';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessService } from '../access/service.ts';
import type { AuditEntry, AuditService, StaffAuditContext } from '../audit/service.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { Organisation } from '../organisations/service.ts';
import type { DisruptionRow, DisruptionsRepository } from './repository.ts';

type OrganisationRef = Pick<Organisation, 'id' | 'slug'>;

/** Who made a change: a staff request's context, or the command line's (`npm run disruption`). */
export type DisruptionActor = StaffAuditContext | Pick<AuditEntry, 'actorType' | 'actorId' | 'actorEmail'>;

/** The actor of `npm run disruption`: the system, named `command line`, written as `updatedBy` in an e-mail's form. */
export const COMMAND_LINE_EMAIL = 'command-line@gridline.local';
export const commandLineActor: DisruptionActor = { actorType: 'system', actorId: null, actorEmail: 'command line' };

/**
 * Disruption notices (spec 002 §3–§5, §7; spec 000 §2.4; issue 17, decision 0044). The portal and
 * the app read the one in force for their channel; the status of each follows from its schedule
 * at the time of asking, by the server's clock. Staff (the contract's scopes) list, create,
 * replace, switch and delete an organisation's disruptions through the bridge calls, and
 * `npm run disruption` switches them through `setEnabledByType`; every change is an audit entry
 * with its before and after.
 */
export class DisruptionsService {
  private readonly repository: DisruptionsRepository;
  private readonly deps: { now?: (() => number) | undefined; access?: AccessService | undefined; audit?: AuditService | undefined };

  constructor(repository: DisruptionsRepository, deps: { now?: (() => number) | undefined; access?: AccessService; audit?: AuditService } = {}) {
    this.repository = repository;
    this.deps = deps;
  }

  private now(): Date {
    return new Date(this.deps.now?.() ?? Date.now());
  }

  private get access(): AccessService {
    if (!this.deps.access) throw new Error('DisruptionsService: staff calls need the access service');
    return this.deps.access;
  }

  private async audited(actor: DisruptionActor, entry: Omit<AuditEntry, 'actorType' | 'actorId' | 'actorEmail' | 'actorScope' | 'actorMethod' | 'address' | 'userAgent' | 'requestId'>): Promise<void> {
    if (!this.deps.audit) throw new Error('DisruptionsService: changes are audited; give it the audit service');
    await this.deps.audit.record({ ...actor, ...entry });
  }

  /* Customers (public and the account path). */

  /** The disruption a channel shows now, or null. */
  async active(organisation: OrganisationRef, target: DisruptionTarget): Promise<Disruption | null> {
    const now = this.now();
    const row = await this.repository.active(organisation.id, target, now);
    return row ? toDisruption(row, organisation.slug, now) : null;
  }

  /** Every disruption in force now, in any channel, the one shown first first. */
  async allActive(organisation: OrganisationRef): Promise<Disruption[]> {
    const now = this.now();
    return (await this.repository.allActive(organisation.id, now)).map((row) => toDisruption(row, organisation.slug, now));
  }

  /* Staff: `{product}` names the organisation; another organisation's is 404 for organisation staff. */

  async list(
    staff: StaffClaims,
    product: string,
    query: { status?: DisruptionStatus | undefined; type?: DisruptionType | undefined; limit: number; page: number },
  ): Promise<{ data: StaffDisruption[]; pagination: { limit: number; page: number; total: number } }> {
    const organisation = await this.access.staffOrganisation(staff, product, { required: true });
    const now = this.now();
    const { rows, total } = await this.repository.page(organisation.id, { status: query.status, type: query.type }, now, query.limit, query.page);
    return { data: rows.map((row) => toStaffDisruption(row, organisation.slug, now)), pagination: { limit: query.limit, page: query.page, total } };
  }

  async createFor(staff: StaffClaims, context: StaffAuditContext, product: string, body: DisruptionRequest): Promise<StaffDisruption> {
    const organisation = await this.access.staffOrganisation(staff, product, { required: true });
    return this.create(organisation, { ...body, updatedBy: staff.email }, context);
  }

  /** Creates a disruption, validated by the contract (a broken rule answers its own key). */
  async create(organisation: OrganisationRef, input: unknown, actor: DisruptionActor): Promise<StaffDisruption> {
    const valid = parseInput(input);
    const row = await this.repository.insert({ id: newId(), organisation_id: organisation.id, ...columnsOf(valid) });
    const after = toStaffDisruption(row, organisation.slug, this.now());
    await this.audited(actor, { organisationId: organisation.id, action: 'disruption.create', subjectType: 'disruption', subjectId: row.id, before: null, after: auditView(after) });
    return after;
  }

  async update(staff: StaffClaims, context: StaffAuditContext, product: string, id: string, body: DisruptionRequest): Promise<StaffDisruption> {
    const organisation = await this.access.staffOrganisation(staff, product, { required: true });
    const valid = parseInput({ ...body, updatedBy: staff.email });
    const before = await this.visible(organisation, id);
    const row = await this.repository.update(organisation.id, id, columnsOf(valid));
    if (!row) throw new AppError('NOT_FOUND');
    const now = this.now();
    const after = toStaffDisruption(row, organisation.slug, now);
    await this.audited(context, {
      organisationId: organisation.id,
      action: 'disruption.update',
      subjectType: 'disruption',
      subjectId: id,
      before: auditView(toStaffDisruption(before, organisation.slug, now)),
      after: auditView(after),
    });
    return after;
  }

  async toggle(staff: StaffClaims, context: StaffAuditContext, product: string, id: string): Promise<StaffDisruption> {
    const organisation = await this.access.staffOrganisation(staff, product, { required: true });
    const before = await this.visible(organisation, id);
    const row = await this.repository.toggle(organisation.id, id, staff.email);
    if (!row) throw new AppError('NOT_FOUND');
    return this.auditToggle(organisation, context, before, row);
  }

  async delete(staff: StaffClaims, context: StaffAuditContext, product: string, id: string): Promise<void> {
    const organisation = await this.access.staffOrganisation(staff, product, { required: true });
    const row = await this.repository.delete(organisation.id, id);
    if (!row) throw new AppError('NOT_FOUND');
    await this.audited(context, {
      organisationId: organisation.id,
      action: 'disruption.delete',
      subjectType: 'disruption',
      subjectId: id,
      before: auditView(toStaffDisruption(row, organisation.slug, this.now())),
      after: null,
    });
  }

  /* The command line (`npm run disruption`). */

  async listAll(organisation: OrganisationRef): Promise<StaffDisruption[]> {
    const now = this.now();
    return (await this.repository.list(organisation.id)).map((row) => toStaffDisruption(row, organisation.slug, now));
  }

  /** Switches the organisation's disruptions of a type on or off (those not so already), audited one by one; answers them all. */
  async setEnabledByType(organisation: OrganisationRef, type: DisruptionType, enabled: boolean, actor: DisruptionActor = commandLineActor, updatedBy = COMMAND_LINE_EMAIL): Promise<StaffDisruption[]> {
    const rows = await this.repository.ofType(organisation.id, type);
    const now = this.now();
    const answer: StaffDisruption[] = [];
    for (const before of rows) {
      if (before.enabled === enabled) {
        answer.push(toStaffDisruption(before, organisation.slug, now));
        continue;
      }
      const [row] = await this.repository.setEnabled(organisation.id, [before.id], enabled, updatedBy);
      if (row) answer.push(await this.auditToggle(organisation, actor, before, row));
    }
    return answer;
  }

  private async auditToggle(organisation: OrganisationRef, actor: DisruptionActor, before: DisruptionRow, row: DisruptionRow): Promise<StaffDisruption> {
    const now = this.now();
    const after = toStaffDisruption(row, organisation.slug, now);
    await this.audited(actor, {
      organisationId: organisation.id,
      action: 'disruption.toggle',
      subjectType: 'disruption',
      subjectId: row.id,
      before: auditView(toStaffDisruption(before, organisation.slug, now)),
      after: auditView(after),
    });
    return after;
  }

  /** The organisation's disruption; 404 when it has none with this id. */
  private async visible(organisation: OrganisationRef, id: string): Promise<DisruptionRow> {
    const row = await this.repository.find(organisation.id, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}

/** The input checked by the contract; a broken rule is a 400 under the rule's key (`DISRUPTION_…`), else `VALIDATION_FAILED`, with every issue. */
function parseInput(input: unknown): DisruptionInput {
  try {
    return DisruptionInput.parse(input);
  } catch (error) {
    if (!(error instanceof z.ZodError)) throw error;
    const issues = error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message }));
    const key = issues.map((issue) => /^[A-Z][A-Z0-9_]+/.exec(issue.message)?.[0]).find((k): k is ErrorKey => k !== undefined && k in errorCatalogue) ?? 'VALIDATION_FAILED';
    throw new AppError(key, { message: issues.map((i) => `${i.path}: ${i.message}`).join('; '), data: { issues } });
  }
}

function columnsOf(valid: DisruptionInput) {
  return {
    name: valid.name,
    type: valid.type,
    // Each channel once, in a stable order.
    targets: (['app', 'mypages'] as const).filter((target) => valid.targets.includes(target)),
    // Blank languages are not kept: a text is there or it is not.
    title: JSON.stringify(withText(valid.title)),
    message: JSON.stringify(withText(valid.message)),
    enabled: valid.enabled,
    start_date: valid.schedule ? new Date(valid.schedule.startDate) : null,
    end_date: valid.schedule?.endDate ? new Date(valid.schedule.endDate) : null,
    level: valid.level,
    updated_by: valid.updatedBy,
  };
}

const withText = (texts: DisruptionTexts): DisruptionTexts => Object.fromEntries(Object.entries(texts).filter(([, text]) => typeof text === 'string' && text.trim() !== ''));

export function toDisruption(row: DisruptionRow, organisation: string, now: Date): Disruption {
  const schedule = row.start_date ? { startDate: row.start_date.toISOString(), endDate: row.end_date ? row.end_date.toISOString() : null } : null;
  return {
    _id: row.id,
    name: row.name,
    organisation,
    type: row.type as DisruptionType,
    targets: row.targets as DisruptionTarget[],
    title: row.title as DisruptionTexts,
    message: row.message as DisruptionTexts,
    enabled: row.enabled,
    schedule,
    status: disruptionStatus(schedule, now),
    level: row.level as DisruptionLevel,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toStaffDisruption(row: DisruptionRow, organisation: string, now: Date): StaffDisruption {
  return { ...toDisruption(row, organisation, now), updatedBy: row.updated_by };
}

/** A disruption as the audit log keeps it: what staff set, and the status it had; not its id (the entry's subject) nor its times. */
function auditView(disruption: StaffDisruption): Record<string, unknown> {
  const { _id: _, createdAt: __, updatedAt: ___, ...rest } = disruption;
  return rest;
}
