import { sql, type Kysely } from 'kysely';

/**
 * Copy texts per group, language and key: a row without organisation is a platform default, a
 * row with one is that organisation's override. Keys are dotted paths inside their group
 * (`dashboard.greeting` in `my-pages`). Bundled defaults (packages/copy) sit under both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE copy_texts (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text REFERENCES organisations(id) ON DELETE CASCADE,
      copy_group text NOT NULL CHECK (copy_group IN ('app','chat','notification','shared','compare','mail','tips','my-pages','status','organisation')),
      language text NOT NULL CHECK (language IN ('en','sv','nb','nn','fi','de')),
      key text NOT NULL CHECK (key ~ '^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*$' AND length(key) <= 200),
      value text NOT NULL CHECK (length(value) <= 10000),
      version text NOT NULL DEFAULT 'v3.0',
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text
    );
    CREATE UNIQUE INDEX copy_texts_unique ON copy_texts (coalesce(organisation_id, ''), version, copy_group, language, key);
  `.execute(db);
}
