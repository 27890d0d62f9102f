import { sql, type Kysely } from 'kysely';

/**
 * Disruption notices (spec 002 §3, §4, §5; spec 000 §2.4): per organisation, a warning (banner)
 * or a fatal one (the fatal page), shown in the app and/or the portal, with a title (at most 100
 * characters) and a message (at most 500) per language, switched on and off, and optionally
 * scheduled. The status (planned, ongoing, finished) is not stored: it follows from the schedule.
 * The limits per language are checked by the contract (`DisruptionInput`) and again here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION gridline_texts_within(texts jsonb, max integer) RETURNS boolean
      LANGUAGE sql IMMUTABLE AS $$
        SELECT jsonb_typeof(texts) = 'object'
          AND NOT EXISTS (
            SELECT 1 FROM jsonb_each(texts) AS t(language, text)
            WHERE language NOT IN ('en', 'sv', 'nb', 'nn', 'fi', 'de')
               OR jsonb_typeof(text) <> 'string'
               OR char_length(text #>> '{}') > max
          )
      $$;

    CREATE TABLE disruptions (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      type text NOT NULL CHECK (type IN ('warning', 'fatal')),
      targets text[] NOT NULL CHECK (cardinality(targets) > 0 AND targets <@ ARRAY['app', 'mypages']),
      title jsonb NOT NULL DEFAULT '{}' CHECK (gridline_texts_within(title, 100)),
      message jsonb NOT NULL CHECK (gridline_texts_within(message, 500)),
      enabled boolean NOT NULL DEFAULT false,
      start_date timestamptz,
      end_date timestamptz CHECK (end_date IS NULL OR (start_date IS NOT NULL AND end_date > start_date)),
      level text NOT NULL DEFAULT 'moderate' CHECK (level IN ('mild', 'moderate', 'severe')),
      updated_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- The active read: an organisation's enabled disruptions.
    CREATE INDEX disruptions_enabled ON disruptions (organisation_id) WHERE enabled;
  `.execute(db);
}
