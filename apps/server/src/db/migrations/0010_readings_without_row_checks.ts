import { sql, type Kysely } from 'kysely';

/**
 * Readings and roll-ups without a foreign key per row (decision 0008, ingestion speed).
 *
 * A foreign-key check costs about 20 µs per written row: more than half of a bulk write's time
 * in the database. Every writer already resolves the service within its organisation before it
 * writes (ingestion, the demo, the feed), so the check only guarded deletion. That guard is now a
 * statement trigger: deleting services deletes their readings and roll-ups in the same statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE readings DROP CONSTRAINT readings_service_seq_fkey;
    ALTER TABLE reading_rollups DROP CONSTRAINT reading_rollups_service_seq_fkey;

    CREATE FUNCTION gridline_forget_readings_of_deleted_services() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM readings WHERE service_seq IN (SELECT seq FROM deleted_services);
        DELETE FROM reading_rollups WHERE service_seq IN (SELECT seq FROM deleted_services);
        RETURN NULL;
      END
    $$;

    CREATE TRIGGER location_services_forget_readings
      AFTER DELETE ON location_services
      REFERENCING OLD TABLE AS deleted_services
      FOR EACH STATEMENT EXECUTE FUNCTION gridline_forget_readings_of_deleted_services();
  `.execute(db);
}
