import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@gridline/contracts/enums';
import { isPlatformScope, type Admin, type StaffScope } from '@gridline/contracts/staff';
import { adminMessageTexts, fillAdminText } from '@gridline/copy/documents/admin-messages';
import { formatNamePart } from '@gridline/locale/names';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessService } from '../access/service.ts';
import type { StaffAuditContext, AuditService } from '../audit/service.ts';
import { portalOrigins } from '../auth/portal-origin.ts';
import type { SessionRevocations } from '../auth/session-revocations.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { Organisation, OrganisationsService } from '../organisations/service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { assertStaffPasswordAllowed } from './password-policy.ts';
import type { AdminListFilter, AdminRow, AdminsRepository } from './repository.ts';
import { escapeHtml } from '../../lib/html.ts';

/** The back office's pages of the admin e-mails' links (apps/admin). */
export const ADMIN_BASE_PATH = '/admin';
export const SET_PASSWORD_PATH = `${ADMIN_BASE_PATH}/set-password`;

/** How long a link works: 72 hours for a new admin, one hour for a reset. */
const LINK_HOURS = { 'set-password': 72, 'reset-password': 1 } as const;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** An admin as the audit log keeps it: no password hash, no TOTP secret. */
function auditView(row: AdminRow): Record<string, unknown> {
  return {
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    scope: row.scope,
    organisation: row.organisation_slug ?? null,
    language: row.language,
    hasBankId: row.personal_id !== null,
    secondFactor: row.totp_enabled_at !== null,
  };
}

export function adminOf(row: AdminRow): Admin {
  return {
    _id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    scope: row.scope as StaffScope,
    organisation: row.organisation_slug ?? null,
    language: row.language as Language,
    passwordSet: row.password_hash !== null,
    secondFactor: row.totp_enabled_at !== null,
    hasBankId: row.personal_id !== null,
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export interface AdminsDeps {
  repository: AdminsRepository;
  access: AccessService;
  organisations: OrganisationsService;
  audit: AuditService;
  staffSessions: SessionRevocations;
  mailer: () => Mailer | null;
  publicUrl: string;
  defaultOrganisation: string;
}

/**
 * Admins (spec 002 §7, issue 16): list, read, create, change and delete, and the e-mails that
 * let an admin set a password. The access rule (modules/access) decides the organisation; the
 * grant rule: platform admins give any scope, organisation admins the organisation scopes.
 */
export class AdminsService {
  private readonly d: AdminsDeps;
  constructor(deps: AdminsDeps) {
    this.d = deps;
  }

  async list(staff: StaffClaims, query: Omit<AdminListFilter, 'organisationId'> & { organisation?: string | undefined }) {
    const organisation = await this.d.access.staffOrganisation(staff, query.organisation);
    const { rows, total } = await this.d.repository.list({ ...query, organisationId: organisation?.id ?? null });
    return { data: rows.map(adminOf), pagination: { limit: query.limit, page: query.page, total } };
  }

  /** The admin, when the staff member may see them (their organisation's, or any for platform staff); 404 otherwise. */
  async visible(staff: StaffClaims, id: string): Promise<AdminRow> {
    const row = await this.d.repository.findById(id);
    if (!row) throw new AppError('NOT_FOUND');
    this.d.access.assertStaffIn(staff, row.organisation_id);
    return row;
  }

  async get(staff: StaffClaims, id: string): Promise<Admin> {
    return adminOf(await this.visible(staff, id));
  }

  async byEmail(staff: StaffClaims, email: string, organisationSlug?: string): Promise<Admin> {
    const row = await this.d.repository.findByEmail(email);
    if (!row) throw new AppError('NOT_FOUND');
    this.d.access.assertStaffIn(staff, row.organisation_id);
    if (organisationSlug && row.organisation_slug !== organisationSlug) throw new AppError('NOT_FOUND');
    return adminOf(row);
  }

  /** The organisation a new admin of `scope` belongs to: none for a platform scope, else the named one or the creator's own. */
  private async organisationForNew(staff: StaffClaims, scope: StaffScope, slug: string | undefined): Promise<Organisation | null> {
    if (!this.d.access.mayGrant(staff, scope)) throw new AppError('SCOPE_NOT_GRANTABLE');
    if (isPlatformScope(scope)) {
      if (slug) throw new AppError('SCOPE_NOT_GRANTABLE', { message: 'A platform scope belongs to no organisation' });
      return null;
    }
    return this.d.access.staffOrganisation(staff, slug, { required: true });
  }

  async create(
    staff: StaffClaims,
    context: StaffAuditContext,
    body: { email: string; firstName: string; lastName: string; scope: StaffScope; organisation?: string | undefined; language: Language; personalId?: string | undefined; sendEmail: boolean },
  ): Promise<Admin> {
    const organisation = await this.organisationForNew(staff, body.scope, body.organisation);
    const id = newId();
    const inserted = await this.d.repository.insert({
      id,
      organisationId: organisation?.id ?? null,
      email: body.email,
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      scope: body.scope,
      language: body.language,
      personalId: body.personalId ?? null,
      createdBy: staff.adminId,
    });
    if (!inserted) throw new AppError('ADMIN_EXISTS');
    const row = (await this.d.repository.findById(id))!;
    await this.d.audit.recordStaff(context, { organisationId: row.organisation_id, action: 'admin.create', subjectType: 'admin', subjectId: id, before: null, after: auditView(row) });
    if (body.sendEmail) await this.sendLink(row, 'set-password', organisation);
    return adminOf(row);
  }

  async update(
    staff: StaffClaims,
    context: StaffAuditContext,
    id: string,
    body: { firstName?: string | undefined; lastName?: string | undefined; scope?: StaffScope | undefined; language?: Language | undefined; personalId?: string | null | undefined; resetSecondFactor?: true | undefined },
  ): Promise<Admin> {
    const row = await this.visible(staff, id);
    const scopeChanges = body.scope !== undefined && body.scope !== row.scope;
    if (scopeChanges || body.resetSecondFactor) {
      if (id === staff.adminId && scopeChanges) throw new AppError('CANNOT_CHANGE_SELF');
      // Changing a scope needs the right to give both the old and the new one, within one kind (platform or organisation).
      if (scopeChanges && (!this.d.access.mayGrant(staff, row.scope as StaffScope) || !this.d.access.mayGrant(staff, body.scope!) || isPlatformScope(row.scope as StaffScope) !== isPlatformScope(body.scope!))) {
        throw new AppError('SCOPE_NOT_GRANTABLE');
      }
    }
    await this.d.repository.update(id, {
      ...(body.firstName !== undefined ? { first_name: body.firstName.trim() } : {}),
      ...(body.lastName !== undefined ? { last_name: body.lastName.trim() } : {}),
      ...(scopeChanges ? { scope: body.scope! } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
      ...(body.personalId !== undefined ? { personal_id: body.personalId } : {}),
      ...(body.resetSecondFactor ? { totp_secret: null, totp_enabled_at: null } : {}),
    });
    if (body.resetSecondFactor) await this.d.repository.replaceRecoveryCodes(id, []);
    // A new scope or a forgotten second factor takes effect at once: the admin signs in again.
    if (scopeChanges || body.resetSecondFactor) await this.endSessions(id);
    const after = (await this.d.repository.findById(id))!;
    await this.d.audit.recordStaff(context, { organisationId: row.organisation_id, action: 'admin.update', subjectType: 'admin', subjectId: id, before: auditView(row), after: auditView(after) });
    return adminOf(after);
  }

  async delete(staff: StaffClaims, context: StaffAuditContext, owner: string, id: string): Promise<void> {
    const row = await this.visible(staff, id);
    if ((row.organisation_slug ?? 'platform') !== owner) throw new AppError('NOT_FOUND');
    if (id === staff.adminId) throw new AppError('CANNOT_CHANGE_SELF');
    if (!this.d.access.mayGrant(staff, row.scope as StaffScope)) throw new AppError('SCOPE_NOT_GRANTABLE');
    const families = await this.d.repository.revokeAdmin(id);
    families.forEach((f) => this.d.staffSessions.markRevoked(f));
    await this.d.repository.delete(id);
    await this.d.audit.recordStaff(context, { organisationId: row.organisation_id, action: 'admin.delete', subjectType: 'admin', subjectId: id, before: auditView(row), after: null });
  }

  policy(organisation: Organisation): { staffSecondFactor: boolean } {
    return { staffSecondFactor: organisation.staffSecondFactor };
  }

  async setPolicy(context: StaffAuditContext, organisation: Organisation, body: { staffSecondFactor: boolean }): Promise<{ staffSecondFactor: boolean }> {
    const before = this.policy(organisation);
    const after = this.policy(await this.d.organisations.setStaffSecondFactor(organisation, body.staffSecondFactor));
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'staff.policy.update', subjectType: 'organisation', subjectId: organisation.id, before, after });
    return after;
  }

  /** Ends every session of an admin at once (a changed scope, a new password, a deletion). */
  async endSessions(adminId: string): Promise<void> {
    const families = await this.d.repository.revokeAdmin(adminId);
    families.forEach((f) => this.d.staffSessions.markRevoked(f));
  }

  /** `send-admin-created-email`: a new link for an admin the staff member may see. */
  async resendLink(staff: StaffClaims, context: StaffAuditContext, body: { emailType: 'created' | 'reset'; newAdminEmail: string; newAdminOrganisation?: string | undefined; callbackUrl?: string | undefined }): Promise<void> {
    const row = await this.d.repository.findByEmail(body.newAdminEmail);
    if (!row) throw new AppError('NOT_FOUND');
    this.d.access.assertStaffIn(staff, row.organisation_id);
    const organisation = body.newAdminOrganisation ? await this.d.access.staffOrganisation(staff, body.newAdminOrganisation) : null;
    if (organisation && row.organisation_id && organisation.id !== row.organisation_id) throw new AppError('NOT_FOUND');
    const purpose = body.emailType === 'reset' ? 'reset-password' : 'set-password';
    await this.sendLink(row, purpose, organisation, body.callbackUrl);
    await this.d.audit.recordStaff(context, { organisationId: row.organisation_id, action: 'admin.link-sent', subjectType: 'admin', subjectId: row.id, data: { purpose } });
  }

  /**
   * Mails a one-time link to set the password. It points at the back office of the admin's
   * organisation (or, for platform staff, of the organisation named, else the default) on the
   * configured public address; a `callbackUrl` must be a back-office page there.
   */
  async sendLink(row: AdminRow, purpose: 'set-password' | 'reset-password', named: Organisation | null, callbackUrl?: string): Promise<void> {
    const slug = row.organisation_slug ?? named?.slug ?? this.d.defaultOrganisation;
    const organisation = await this.d.organisations.getBySlug(slug);
    const base = this.linkBase(slug, callbackUrl);
    const mailer = this.d.mailer();
    if (!mailer) throw new AppError('MESSAGE_NOT_SENT', { message: 'No mail server is configured' });
    const ref = randomBytes(32).toString('base64url');
    const hours = LINK_HOURS[purpose];
    await this.d.repository.insertLink({ refHash: sha256(ref), adminId: row.id, purpose, expiresAt: new Date(Date.now() + hours * 3_600_000) });
    const link = `${base}?ref=${encodeURIComponent(ref)}`;
    const texts = adminMessageTexts[(row.language as Language) ?? 'en'];
    const values = { organisation: row.organisation_slug ? organisation.name : `Gridline (${organisation.name})`, name: formatNamePart(row.first_name) || row.email, hours };
    const fill = (template: string) => fillAdminText(template, values);
    const [subject, intro, button] = purpose === 'set-password' ? [texts.createdSubject, texts.createdIntro, texts.createdButton] : [texts.resetSubject, texts.resetIntro, texts.resetButton];
    const text = [fill(texts.greeting), '', fill(intro), '', link, '', fill(hours === 1 ? texts.validityOneHour : texts.validity), fill(texts.ignore)].join('\n');
    const html =
      `<p>${escapeHtml(fill(texts.greeting))}</p><p>${escapeHtml(fill(intro))}</p>` +
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#1c4e80;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(button)}</a></p>` +
      `<p>${escapeHtml(link)}</p><p>${escapeHtml(fill(hours === 1 ? texts.validityOneHour : texts.validity))}<br>${escapeHtml(fill(texts.ignore))}</p>`;
    try {
      await mailer.send({ to: row.email, subject: fill(subject), text, html });
    } catch {
      throw new AppError('MESSAGE_NOT_SENT');
    }
  }

  /**
   * Tells the author of a change request that its schedule was suspended (decision 0054), in the
   * author's language, with a link to the organisation's releases page. A failure to send is
   * logged by the caller; the suspension stands either way.
   */
  async tellScheduleSuspended(authorId: string | null, authorEmail: string, organisation: { slug: string; name: string }, title: string): Promise<void> {
    const row = authorId ? await this.d.repository.findById(authorId) : await this.d.repository.findByEmail(authorEmail);
    const mailer = this.d.mailer();
    if (!row || !mailer) return;
    const texts = adminMessageTexts[(row.language as Language) ?? 'en'];
    const link = `${portalOrigins(this.d.publicUrl, organisation.slug)[1]}${ADMIN_BASE_PATH}/${organisation.slug}/releases`;
    const fill = (template: string) => fillAdminText(template, { organisation: organisation.name, name: formatNamePart(row.first_name) || row.email, title });
    const text = [fill(texts.greeting), '', fill(texts.suspendedIntro), '', link].join('\n');
    const html =
      `<p>${escapeHtml(fill(texts.greeting))}</p><p>${escapeHtml(fill(texts.suspendedIntro))}</p>` +
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#1c4e80;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(texts.suspendedButton)}</a></p>`;
    await mailer.send({ to: row.email, subject: fill(texts.suspendedSubject), text, html });
  }

  /** The link's page: the organisation's back office on the configured address, or a `callbackUrl` that is one of its pages. */
  private linkBase(slug: string, callbackUrl: string | undefined): string {
    const origins = portalOrigins(this.d.publicUrl, slug);
    if (callbackUrl === undefined || callbackUrl === '') return `${origins[1]}${SET_PASSWORD_PATH}`;
    let url: URL;
    try {
      url = new URL(callbackUrl);
    } catch {
      throw new AppError('INVALID_REDIRECT_URI');
    }
    if (!origins.includes(url.origin) || !url.pathname.startsWith(`${ADMIN_BASE_PATH}/`) || url.search !== '' || url.hash !== '') throw new AppError('INVALID_REDIRECT_URI');
    return `${url.origin}${url.pathname}`;
  }

  /** The link's ref, the new password: sets it once, ends every session of the admin. */
  async setPassword(body: { ref: string; password: string; organisation: string }, context: { address: string; userAgent: string | null; requestId: string }): Promise<void> {
    const organisation = await this.d.organisations.getBySlug(body.organisation);
    // The password is checked before the link is used, so that a refused password leaves the link working.
    const link = await this.d.repository.findLinkAdmin(sha256(body.ref));
    if (!link) throw new AppError('LINK_INVALID');
    const row = await this.d.repository.findById(link.admin_id);
    if (!row || (row.organisation_id !== null && row.organisation_id !== organisation.id)) throw new AppError('LINK_INVALID');
    assertStaffPasswordAllowed(body.password, row.email);
    const used = await this.d.repository.useLink(sha256(body.ref));
    if (!used) throw new AppError('LINK_INVALID');
    await this.d.repository.update(row.id, { password_hash: await hashPassword(body.password), password_changed_at: new Date() });
    await this.endSessions(row.id);
    await this.d.audit.record({
      organisationId: row.organisation_id,
      actorType: 'admin',
      actorId: row.id,
      actorEmail: row.email,
      actorScope: row.scope,
      actorMethod: 'link',
      action: used.purpose === 'set-password' ? 'admin.password.set' : 'admin.password.reset',
      subjectType: 'admin',
      subjectId: row.id,
      changed: ['password'],
      address: context.address,
      userAgent: context.userAgent,
      requestId: context.requestId,
    });
  }

  /** A reset link to an admin who may work in the organisation; nothing (and the same answer) for anyone else. */
  async requestReset(body: { organisation: string; email: string; callbackUrl?: string | undefined }, context: { address: string; userAgent: string | null; requestId: string }): Promise<void> {
    const organisation = await this.d.organisations.getBySlug(body.organisation);
    // The callback is checked first, for everyone: its answer must not tell who is staff.
    this.linkBase(organisation.slug, body.callbackUrl);
    const row = await this.d.repository.findByEmail(body.email.trim());
    if (!row || (row.organisation_id !== null && row.organisation_id !== organisation.id)) return;
    await this.sendLink(row, 'reset-password', organisation, body.callbackUrl);
    await this.d.audit.record({
      organisationId: row.organisation_id,
      actorType: 'admin',
      actorId: null,
      action: 'admin.password.reset-requested',
      subjectType: 'admin',
      subjectId: row.id,
      address: context.address,
      userAgent: context.userAgent,
      requestId: context.requestId,
    });
  }
}
