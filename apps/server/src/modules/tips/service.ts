import type { Language } from '@gridline/contracts/enums';
import { homeFormFromExtras } from '@gridline/contracts/home';
import { tipLanguage, tipMatches, TipRequest as TipRequestSchema, type LocationTip, type Tip, type TipFacts, type TipRequest, type TipSegments, type TipTexts } from '@gridline/contracts/tips';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessService } from '../access/service.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import type { StaffClaims, TokenClaims } from '../auth/tokens.ts';
import type { Organisation, OrganisationsService } from '../organisations/service.ts';
import type { LocationTipFactsRow, LocationTipRow, TipRow, TipsRepository, TipWrite } from './repository.ts';

/** Service statuses in which a location no longer has the service (decision 0053). */
const endedServiceStatuses = new Set(['canceled', 'denied', 'terminated']);
/** The account roles that own it (spec 001 §3 "is account owner": role owner; a business owner too). */
const ownerRoles = new Set(['OWNER', 'BS_OWNER']);

/** What a location says about the tip segments (decision 0053). */
export function tipFactsOf(row: Pick<LocationTipFactsRow, 'extras' | 'role' | 'services'>): TipFacts {
  const home = homeFormFromExtras(row.extras);
  return {
    heating: home.heating,
    heatingSecondary: home.heatingSecondary,
    gadgets: home.gadgets,
    serviceTypes: row.services.filter((s) => !endedServiceStatuses.has(s.status)).map((s) => s.type),
    accountOwner: ownerRoles.has(row.role),
  };
}

/**
 * Tips (spec 001 §3, §7; spec 002 §7; issue 18, decision 0053). Customers read the enabled tips
 * that match a location they are a member of and mark them done; staff of the organisation write
 * them. Every staff change is an audit entry with its before and after.
 */
export class TipsService {
  private readonly repository: TipsRepository;
  private readonly d: { access: AccessService; audit: AuditService; organisations: OrganisationsService };

  constructor(repository: TipsRepository, deps: { access: AccessService; audit: AuditService; organisations: OrganisationsService }) {
    this.repository = repository;
    this.d = deps;
  }

  // ── customers ────────────────────────────────────────────────────────────────────────────────

  /** The tips for a location the reader is a member of, in the language asked for (or the fallback). */
  async forLocation(claims: TokenClaims, locationId: string, language: Language | undefined): Promise<LocationTip[]> {
    const { organisation, facts } = await this.memberLocation(claims, locationId);
    const [tips, states] = await Promise.all([this.repository.enabled(organisation.id), this.repository.states(organisation.id, locationId)]);
    const byTip = new Map(states.map((s) => [s.tip_id, s]));
    return tips.flatMap((tip) => {
      if (!tipMatches(tip.segments as TipSegments, facts)) return [];
      const shown = toLocationTip(tip, byTip.get(tip.id), language, organisation.defaultLanguage);
      return shown ? [shown] : [];
    });
  }

  /** Marks a tip done or not done at the location; a tip that is not listed for it is 404. */
  async setCompleted(claims: TokenClaims, locationId: string, tipId: string, completed: boolean, language: Language | undefined): Promise<LocationTip> {
    const { organisation, facts } = await this.memberLocation(claims, locationId);
    const tip = await this.repository.find(organisation.id, tipId);
    if (!tip || !tip.enabled || !tipMatches(tip.segments as TipSegments, facts)) throw new AppError('NOT_FOUND');
    const state = await this.repository.setState(organisation.id, locationId, tipId, completed);
    const shown = toLocationTip(tip, state, language, organisation.defaultLanguage);
    if (!shown) throw new AppError('NOT_FOUND');
    return shown;
  }

  private async memberLocation(claims: TokenClaims, locationId: string): Promise<{ organisation: Organisation; facts: TipFacts }> {
    const organisation = await this.d.organisations.findById(claims.organisationId);
    if (!organisation) throw new AppError('NOT_FOUND');
    const row = await this.repository.memberLocationFacts(organisation.id, claims.userId, locationId);
    if (!row) throw new AppError('NOT_FOUND');
    return { organisation, facts: tipFactsOf(row) };
  }

  // ── staff ────────────────────────────────────────────────────────────────────────────────────

  async list(staff: StaffClaims, query: { organisation?: string | undefined; enabled?: 'true' | 'false' | undefined; limit: number; page: number }) {
    const organisation = await this.d.access.staffOrganisation(staff, query.organisation, { required: true });
    const enabled = query.enabled === undefined ? undefined : query.enabled === 'true';
    const { rows, total } = await this.repository.page(organisation.id, { enabled }, query.limit, query.page);
    return { data: rows.map((row) => toTip(row, organisation.slug)), pagination: { limit: query.limit, page: query.page, total } };
  }

  async create(staff: StaffClaims, context: StaffAuditContext, organisationSlug: string | undefined, body: TipRequest): Promise<Tip> {
    const organisation = await this.d.access.staffOrganisation(staff, organisationSlug, { required: true });
    const row = await this.repository.insert({ ...writeOf(body), id: newId(), organisation_id: organisation.id, created_by: staff.email, updated_by: staff.email });
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'tip.create', subjectType: 'tip', subjectId: row.id, before: null, after: auditView(row) });
    return toTip(row, organisation.slug);
  }

  async update(staff: StaffClaims, context: StaffAuditContext, organisationSlug: string | undefined, id: string, body: TipRequest): Promise<Tip> {
    const organisation = await this.d.access.staffOrganisation(staff, organisationSlug, { required: true });
    const before = await this.repository.find(organisation.id, id);
    if (!before) throw new AppError('NOT_FOUND');
    const row = await this.repository.update(organisation.id, id, { ...writeOf(body), updated_by: staff.email });
    if (!row) throw new AppError('NOT_FOUND');
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'tip.update', subjectType: 'tip', subjectId: id, before: auditView(before), after: auditView(row) });
    return toTip(row, organisation.slug);
  }

  async delete(staff: StaffClaims, context: StaffAuditContext, organisationSlug: string | undefined, id: string): Promise<void> {
    const organisation = await this.d.access.staffOrganisation(staff, organisationSlug, { required: true });
    const row = await this.repository.delete(organisation.id, id);
    if (!row) throw new AppError('NOT_FOUND');
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'tip.delete', subjectType: 'tip', subjectId: id, before: auditView(row), after: null });
  }
}

/** The request as stored: texts trimmed, blank languages left out, segments without empty lists. */
export function writeOf(input: TipRequest): TipWrite {
  const body = TipRequestSchema.parse(input);
  const texts: Record<string, { title: string; body: string }> = {};
  for (const [language, text] of Object.entries(body.texts)) {
    if (text && text.title.trim() !== '') texts[language] = { title: text.title.trim(), body: text.body.trim() };
  }
  const segments: TipSegments = {};
  if (body.segments.heatingTypes?.length) segments.heatingTypes = [...new Set(body.segments.heatingTypes)];
  if (body.segments.hasFloorHeating !== undefined) segments.hasFloorHeating = body.segments.hasFloorHeating;
  if (body.segments.hasWaterHeater !== undefined) segments.hasWaterHeater = body.segments.hasWaterHeater;
  if (body.segments.services?.length) segments.services = [...new Set(body.segments.services)];
  if (body.segments.accountOwner !== undefined) segments.accountOwner = body.segments.accountOwner;
  return { texts, segments, enabled: body.enabled, sort_order: body.sortOrder };
}

function toTip(row: TipRow, organisation: string): Tip {
  return {
    _id: row.id,
    organisation,
    texts: row.texts as Tip['texts'],
    segments: row.segments as TipSegments,
    enabled: row.enabled,
    sortOrder: row.sort_order,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

function toLocationTip(tip: TipRow, state: LocationTipRow | undefined, asked: Language | undefined, organisationDefault: Language): LocationTip | null {
  const texts = tip.texts as TipTexts;
  const language = tipLanguage(texts, asked, organisationDefault);
  if (!language) return null;
  const text = texts[language]!;
  return {
    tipId: tip.id,
    title: text.title,
    body: text.body,
    language,
    completed: state?.completed ?? false,
    createdAt: (state?.created_at ?? tip.created_at).toISOString(),
    updatedAt: (state?.updated_at ?? tip.updated_at).toISOString(),
  };
}

function auditView(row: TipRow): Record<string, unknown> {
  return { texts: row.texts, segments: row.segments, enabled: row.enabled, sortOrder: row.sort_order };
}
