import { sql, type Kysely } from 'kysely';

/**
 * Scheduled jobs as staff steer them (spec 002 §3 Scheduled job, issue 17, decision 0045).
 *
 * `scheduled_jobs`: one row per scheduled job of the server's pg-boss queues: a platform-wide job
 * (`organisation_id` null) or one organisation's. It holds the staff's choices (cron, time zone,
 * offset in minutes, enabled, paused) and who made them; the job runner reads it when it
 * (re)schedules at start-up, and every change is written to pg-boss's own (shared) schedule table
 * at once. Rows are made from the code's catalogue of jobs with its defaults when missing.
 * Statuses, runs and errors are not copied here: they are read from pg-boss's job table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE scheduled_jobs (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      queue text NOT NULL CHECK (length(queue) BETWEEN 1 AND 100),
      organisation_id text REFERENCES organisations(id) ON DELETE CASCADE,
      cron text NOT NULL CHECK (length(cron) BETWEEN 1 AND 100),
      time_zone text NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
      offset_minutes integer NOT NULL DEFAULT 0 CHECK (offset_minutes BETWEEN 0 AND 1439),
      enabled boolean NOT NULL DEFAULT true,
      paused boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz,
      updated_by text
    );
    CREATE UNIQUE INDEX scheduled_jobs_queue_organisation ON scheduled_jobs (queue, coalesce(organisation_id, ''));
    CREATE INDEX scheduled_jobs_organisation ON scheduled_jobs (organisation_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE scheduled_jobs;`.execute(db);
}
