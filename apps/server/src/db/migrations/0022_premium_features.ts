import { sql, type Kysely } from 'kysely';

/**
 * Premium features per account (spec 001 §3, §4: activated or deactivated per account; issue 17,
 * decision 0050). A row is an active feature; deactivating deletes it (the audit log keeps who
 * did what, and when). The names are checked by the contract (`premiumFeatureNames`), the table
 * only bounds them, so that a new name needs no migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE premium_features (
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      feature_name text NOT NULL CHECK (feature_name ~ '^[A-Za-z]{1,50}$'),
      activated_at timestamptz NOT NULL DEFAULT now(),
      activated_by text NOT NULL CHECK (length(activated_by) BETWEEN 1 AND 254),
      PRIMARY KEY (account_id, feature_name)
    );
    CREATE INDEX premium_features_feature ON premium_features (organisation_id, feature_name, activated_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE premium_features;`.execute(db);
}
