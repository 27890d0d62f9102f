import { sql, type Kysely } from 'kysely';

/**
 * Assets (spec 002 §7 `/v3/assets`; issue 17, decision 0048): logos, favicons and images, their
 * bytes in PostgreSQL beside their metadata, so that a backup, a restore and every API process see
 * the same files. The checks bound what the service already checks (2 MB, the kinds, the formats,
 * a hex SHA-256 of exactly the stored bytes' length), so a row can never say otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE assets (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      kind text NOT NULL CHECK (kind IN ('logo', 'favicon', 'image')),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/x-icon', 'image/svg+xml')),
      byte_size integer NOT NULL CHECK (byte_size BETWEEN 1 AND 2097152),
      width integer CHECK (width > 0),
      height integer CHECK (height > 0),
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      content bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by text NOT NULL CHECK (length(created_by) BETWEEN 1 AND 254),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text NOT NULL CHECK (length(updated_by) BETWEEN 1 AND 254),
      CHECK (octet_length(content) = byte_size)
    );
    -- The bytes are stored as they are: images are compressed already, and TOAST's pglz would only spend time.
    ALTER TABLE assets ALTER COLUMN content SET STORAGE EXTERNAL;
    CREATE INDEX assets_organisation ON assets (organisation_id, updated_at DESC, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE assets;`.execute(db);
}
