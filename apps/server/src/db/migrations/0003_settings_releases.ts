import { sql, type Kysely } from 'kysely';

/**
 * Published settings releases per organisation (spec 002 section 7): theme, feature flags,
 * feature configurations, modules and custom favorites as one versioned document. The newest
 * version is the one in force; drafts come with the back office.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE settings_releases (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      version integer NOT NULL CHECK (version > 0),
      content jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by text,
      UNIQUE (organisation_id, version)
    );
  `.execute(db);
}
