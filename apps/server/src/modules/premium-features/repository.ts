import type { Db } from '../../db/database.ts';

export interface PremiumFeatureRow {
  account_id: string;
  feature_name: string;
  activated_at: Date;
  activated_by: string;
}

/** Premium features per account (migration 0022); every statement is scoped by the organisation. */
export class PremiumFeaturesRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Whether the organisation has the account. */
  async accountExists(organisationId: string, accountId: string): Promise<boolean> {
    const row = await this.db.selectFrom('accounts').select('id').where('organisation_id', '=', organisationId).where('id', '=', accountId).executeTakeFirst();
    return row !== undefined;
  }

  async page(organisationId: string, filter: { accountId?: string | undefined; featureName?: string | undefined }, limit: number, page: number): Promise<{ rows: PremiumFeatureRow[]; total: number }> {
    let query = this.db.selectFrom('premium_features').where('organisation_id', '=', organisationId);
    if (filter.accountId) query = query.where('account_id', '=', filter.accountId);
    if (filter.featureName) query = query.where('feature_name', '=', filter.featureName);
    const [rows, count] = await Promise.all([
      query.select(['account_id', 'feature_name', 'activated_at', 'activated_by']).orderBy('activated_at', 'desc').orderBy('account_id').orderBy('feature_name').limit(limit).offset((page - 1) * limit).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** Activates the feature unless it is active; answers the row and whether it was new. */
  async activate(organisationId: string, accountId: string, featureName: string, by: string): Promise<{ row: PremiumFeatureRow; created: boolean }> {
    const inserted = await this.db
      .insertInto('premium_features')
      .values({ organisation_id: organisationId, account_id: accountId, feature_name: featureName, activated_by: by })
      .onConflict((oc) => oc.columns(['account_id', 'feature_name']).doNothing())
      .returning(['account_id', 'feature_name', 'activated_at', 'activated_by'])
      .executeTakeFirst();
    if (inserted) return { row: inserted, created: true };
    const row = await this.db
      .selectFrom('premium_features')
      .select(['account_id', 'feature_name', 'activated_at', 'activated_by'])
      .where('organisation_id', '=', organisationId)
      .where('account_id', '=', accountId)
      .where('feature_name', '=', featureName)
      .executeTakeFirstOrThrow();
    return { row, created: false };
  }

  async deactivate(organisationId: string, accountId: string, featureName: string): Promise<PremiumFeatureRow | undefined> {
    return this.db
      .deleteFrom('premium_features')
      .where('organisation_id', '=', organisationId)
      .where('account_id', '=', accountId)
      .where('feature_name', '=', featureName)
      .returning(['account_id', 'feature_name', 'activated_at', 'activated_by'])
      .executeTakeFirst();
  }
}
