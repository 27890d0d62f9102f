import { sql, type Kysely } from 'kysely';

/**
 * API tokens for a provider's own systems (spec 002 section 3, ApiToken): scoped, expiring,
 * revocable; only the SHA-256 of the token is stored, the token itself is shown once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_tokens (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) >= 3 AND length(name) <= 100),
      token_scopes text[] NOT NULL CHECK (token_scopes <@ ARRAY['syncAccount','getLocations','sendMessage']::text[] AND cardinality(token_scopes) > 0),
      token_hash text NOT NULL UNIQUE,
      issued_by text NOT NULL,
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz,
      revoked_by text
    );
  `.execute(db);
}
