import { sql, type Kysely } from 'kysely';

/**
 * Tips (spec 001 §3 "Location … tips", spec 002 §3 "Tip", §7 "Tips"; issue 18, decision 0053):
 * an organisation's tips, each with a title and a body per language (at least one language with
 * both), the segments it is shown to, enabled and a sort order; and per location which tips are
 * done. The checks bound what the contract already checks, so a row can never say otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tips (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      texts jsonb NOT NULL CHECK (jsonb_typeof(texts) = 'object' AND texts <> '{}'::jsonb AND octet_length(texts::text) <= 60000),
      segments jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(segments) = 'object'),
      enabled boolean NOT NULL DEFAULT false,
      sort_order integer NOT NULL DEFAULT 0 CHECK (sort_order BETWEEN 0 AND 100000),
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by text NOT NULL CHECK (length(created_by) BETWEEN 1 AND 254),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text NOT NULL CHECK (length(updated_by) BETWEEN 1 AND 254)
    );
    CREATE INDEX tips_organisation ON tips (organisation_id, sort_order, created_at, id);

    -- A tip's state at a location: a row once a customer marked it (done or undone again).
    CREATE TABLE location_tips (
      location_id text NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
      tip_id text NOT NULL REFERENCES tips(id) ON DELETE CASCADE,
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      completed boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (location_id, tip_id)
    );
    CREATE INDEX location_tips_tip ON location_tips (tip_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE location_tips; DROP TABLE tips;`.execute(db);
}
