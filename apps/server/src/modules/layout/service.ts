import { bridgeDashboards, type BridgeAuth, type BridgeDashboard } from '@gridline/contracts/bridge';
import type { Endpoint } from '@gridline/contracts/endpoint';
import { allEndpoints } from '@gridline/contracts/endpoints/all';
import { AppError } from '../../lib/errors.ts';
import type { AccessService } from '../access/service.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { OrganisationsService } from '../organisations/service.ts';

const byOperation = new Map<string, Endpoint>(allEndpoints.map((e) => [e.operationId, e]));
const mayCall = (staff: StaffClaims, e: Endpoint) => typeof e.auth === 'object' && 'scopes' in e.auth && (e.auth.scopes as readonly string[]).includes(staff.scope);

/**
 * The back office's own layout calls (spec 002 §7 "Other bridge calls"; decision 0050): the check
 * of its session token and its named dashboards, each widget shown when the staff member's scope
 * may make the call that fills it (the contract's scopes: the one scope rule, decision 0035).
 */
export class LayoutService {
  private readonly d: { access: AccessService; organisations: OrganisationsService };
  constructor(deps: LayoutService['d']) {
    this.d = deps;
  }

  async validateAuth(staff: StaffClaims, expiresAt: Date): Promise<BridgeAuth> {
    const organisation = staff.organisationId ? await this.d.organisations.findById(staff.organisationId) : null;
    return {
      valid: true,
      adminId: staff.adminId,
      email: staff.email,
      scope: staff.scope,
      organisation: organisation?.slug ?? null,
      expiresAt: expiresAt.toISOString(),
      method: staff.method,
      secondFactorUsed: staff.secondFactor,
    };
  }

  async dashboard(staff: StaffClaims, name: string, slug: string | undefined): Promise<BridgeDashboard> {
    if (!Object.hasOwn(bridgeDashboards, name)) throw new AppError('NOT_FOUND', { message: `No dashboard named ${name}; the dashboards are ${Object.keys(bridgeDashboards).join(', ')}` });
    const organisation = await this.d.access.staffOrganisation(staff, slug);
    const widgets = bridgeDashboards[name as keyof typeof bridgeDashboards].flatMap((widget) => {
      const e = byOperation.get(widget.operationId);
      return e && mayCall(staff, e) ? [{ id: widget.id, operationId: e.operationId, method: e.method, path: e.path }] : [];
    });
    return { name, organisation: organisation?.slug ?? null, widgets };
  }
}
