import { isPlatformScope, staffScopes, type StaffScope } from '@gridline/contracts/staff';
import { AppError } from '../../lib/errors.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { Organisation, OrganisationsService } from '../organisations/service.ts';
import type { AccessRepository } from './repository.ts';

const isId = (value: string) => /^[0-9a-f]{24}$/.test(value);

/**
 * The named checks that services call first (decision 0026). Each answers 404, never 403, for
 * what the caller may not see, so that ids do not leak. Reads that decide access in the read itself
 * (one statement: the dashboard, the location data) build on `fragments.ts` instead and answer 404
 * when the read has no row.
 */
export class AccessService {
  private readonly repository: AccessRepository;
  private organisations: OrganisationsService | null = null;
  constructor(repository: AccessRepository) {
    this.repository = repository;
  }

  /** The organisations, for staff who name one by its slug (set once at start: organisations is built after access). */
  useOrganisations(organisations: OrganisationsService): void {
    this.organisations = organisations;
  }

  /*
   * Staff (decision 0035). The one rule: platform scopes (ADMIN, SUPPORT) act in every
   * organisation; every other scope in its own only, and anything of another organisation answers
   * 404 as if it did not exist. Routes declare the scopes; these checks decide the organisation.
   */

  /** 404 unless the staff member may act in the organisation (`null`: the platform's own records, platform scopes only). */
  assertStaffIn(staff: StaffClaims, organisationId: string | null): void {
    if (isPlatformScope(staff.scope)) return;
    if (organisationId === null || staff.organisationId !== organisationId) throw new AppError('NOT_FOUND');
  }

  /**
   * The organisation a staff call is about: the one it names (by slug; another's is 404 for
   * organisation staff), else the staff member's own. Platform staff who name none get `null`
   * (the platform), or 400 when `required`.
   */
  async staffOrganisation(staff: StaffClaims, slug: string | undefined, options: { required: true }): Promise<Organisation>;
  async staffOrganisation(staff: StaffClaims, slug: string | undefined, options?: { required?: false }): Promise<Organisation | null>;
  async staffOrganisation(staff: StaffClaims, slug: string | undefined, options: { required?: boolean } = {}): Promise<Organisation | null> {
    if (!this.organisations) throw new Error('AccessService.useOrganisations was not called');
    if (slug) {
      const organisation = await this.organisations.findBySlug(slug);
      if (!organisation) throw new AppError(isPlatformScope(staff.scope) ? 'UNKNOWN_ORGANISATION' : 'NOT_FOUND');
      this.assertStaffIn(staff, organisation.id);
      return organisation;
    }
    if (staff.organisationId) {
      const own = await this.organisations.findById(staff.organisationId);
      if (!own) throw new AppError('NOT_FOUND');
      return own;
    }
    if (options.required) throw new AppError('VALIDATION_FAILED', { message: 'organisation: platform staff name the organisation', data: { issues: [{ path: 'organisation', message: 'REQUIRED' }] } });
    return null;
  }

  /**
   * Whether a staff member may give a scope: platform admins any; organisation admins the
   * organisation scopes (their own included), never a platform scope; nobody else any.
   */
  mayGrant(staff: StaffClaims, scope: StaffScope): boolean {
    if (staff.scope === 'ADMIN') return true;
    if (staff.scope === 'ORG_ADMIN') return !isPlatformScope(scope);
    return false;
  }

  /** Every scope a staff member may give (for the back office's form). */
  grantableScopes(staff: StaffClaims): StaffScope[] {
    return staffScopes.filter((scope) => this.mayGrant(staff, scope));
  }

  /** A member of the account (any role): 400 MISSING_ACCOUNT_ID without one, 404 otherwise. */
  async assertAccountMember(organisationId: string, userId: string, accountId: string | undefined): Promise<void> {
    if (!accountId) throw new AppError('MISSING_ACCOUNT_ID');
    if (!isId(accountId)) throw new AppError('NOT_FOUND');
    const membership = await this.repository.membership(organisationId, userId, accountId);
    if (!membership) throw new AppError('NOT_FOUND');
  }

  /** The user named by a path id is the signed-in user: a user acts on their own record only (404 otherwise). */
  assertSelf(userId: string, targetId: string): void {
    if (targetId !== userId) throw new AppError('NOT_FOUND');
  }
}
