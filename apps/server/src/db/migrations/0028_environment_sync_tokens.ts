import { sql, type Kysely } from 'kysely';

/**
 * One-time tokens that let another installation send an organisation its settings or secrets
 * (issue 18, decision 0060). Stored as the token's SHA-256; each kind (settings, secrets) may be
 * received once, within the token's short life. The issuer's scope travels with it: an import
 * writes only what the issuer could write by hand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE environment_sync_tokens (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      admin_id text NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
      admin_email text NOT NULL,
      admin_scope text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      settings_received_at timestamptz,
      secrets_received_at timestamptz
    );
    CREATE INDEX environment_sync_tokens_expiry ON environment_sync_tokens (expires_at);
  `.execute(db);
}
