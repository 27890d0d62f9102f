import { sql, type Kysely } from 'kysely';

/**
 * Drafts, release history and change requests of an organisation's settings (issue 18, decision
 * 0054). A draft is one row per organisation and part; its revision comes from one sequence, so a
 * draft discarded and started again never repeats a revision an approval or a schedule names. A
 * release keeps which parts it changed, its comment, the version it brought back and the group id
 * its audit entries share. One change request per organisation is under way at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE SEQUENCE settings_draft_revisions;

    CREATE TABLE settings_drafts (
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      part text NOT NULL CHECK (part IN ('themes','feature-flags','modules','feature-configurations','custom-favorites')),
      content jsonb NOT NULL,
      revision bigint NOT NULL DEFAULT nextval('settings_draft_revisions'),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text,
      PRIMARY KEY (organisation_id, part)
    );

    ALTER TABLE settings_releases
      ADD COLUMN parts text[] NOT NULL DEFAULT ARRAY['themes','feature-flags','modules','feature-configurations','custom-favorites'],
      ADD COLUMN comment text,
      ADD COLUMN rollback_of integer,
      ADD COLUMN group_id text;

    ALTER TABLE organisations ADD COLUMN settings_approval_required boolean NOT NULL DEFAULT false;

    CREATE TABLE settings_change_requests (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      parts text[] NOT NULL CHECK (cardinality(parts) > 0),
      status text NOT NULL CHECK (status IN ('open','approved','scheduled','suspended','published','cancelled')),
      title text NOT NULL,
      author_id text,
      author_email text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      approved_by text,
      approved_at timestamptz,
      scheduled_at timestamptz,
      published_at timestamptz,
      release_version integer,
      revisions jsonb NOT NULL,
      comments jsonb NOT NULL DEFAULT '[]'
    );
    CREATE UNIQUE INDEX settings_change_requests_one_under_way ON settings_change_requests (organisation_id) WHERE status IN ('open','approved','scheduled','suspended');
    CREATE INDEX settings_change_requests_due ON settings_change_requests (scheduled_at) WHERE status = 'scheduled';
    CREATE INDEX settings_change_requests_org ON settings_change_requests (organisation_id, created_at DESC);
  `.execute(db);
}
