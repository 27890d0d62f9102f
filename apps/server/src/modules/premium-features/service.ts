import type { PremiumFeature, PremiumFeatureName } from '@gridline/contracts/bridge';
import { AppError } from '../../lib/errors.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import type { Organisation } from '../organisations/service.ts';
import type { PremiumFeatureRow, PremiumFeaturesRepository } from './repository.ts';

/**
 * Premium features per account (spec 001 §3, §4, §7; decision 0050): staff who help customers
 * list, activate and deactivate them in their organisation (the route's organisation, checked by
 * `requireScope`); an account of another organisation is 404. Every change is an audit entry.
 */
export class PremiumFeaturesService {
  private readonly d: { repository: PremiumFeaturesRepository; audit: AuditService };
  constructor(deps: PremiumFeaturesService['d']) {
    this.d = deps;
  }

  async list(organisation: Organisation, query: { accountId?: string | undefined; featureName?: PremiumFeatureName | undefined; limit: number; page: number }) {
    if (query.accountId) await this.assertAccount(organisation, query.accountId);
    const { rows, total } = await this.d.repository.page(organisation.id, query, query.limit, query.page);
    return { data: rows.map(toPremiumFeature), pagination: { limit: query.limit, page: query.page, total } };
  }

  async activate(context: StaffAuditContext, organisation: Organisation, accountId: string, featureName: PremiumFeatureName): Promise<PremiumFeature> {
    await this.assertAccount(organisation, accountId);
    const { row, created } = await this.d.repository.activate(organisation.id, accountId, featureName, context.actorEmail ?? 'unknown');
    const feature = toPremiumFeature(row);
    if (created) {
      await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'premium-feature.activate', subjectType: 'account', subjectId: accountId, before: { [featureName]: false }, after: { [featureName]: true } });
    }
    return feature;
  }

  async deactivate(context: StaffAuditContext, organisation: Organisation, accountId: string, featureName: PremiumFeatureName): Promise<void> {
    await this.assertAccount(organisation, accountId);
    const row = await this.d.repository.deactivate(organisation.id, accountId, featureName);
    if (!row) throw new AppError('NOT_FOUND', { message: 'The account does not have that premium feature' });
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'premium-feature.deactivate', subjectType: 'account', subjectId: accountId, before: { [featureName]: true }, after: { [featureName]: false } });
  }

  private async assertAccount(organisation: Organisation, accountId: string): Promise<void> {
    if (!(await this.d.repository.accountExists(organisation.id, accountId))) throw new AppError('NOT_FOUND');
  }
}

function toPremiumFeature(row: PremiumFeatureRow): PremiumFeature {
  return { accountId: row.account_id, featureName: row.feature_name as PremiumFeatureName, activatedAt: row.activated_at.toISOString(), activatedBy: row.activated_by };
}
