import { sql, type Kysely } from 'kysely';

/**
 * The back office's home page (issue 17, decision 0049).
 *
 * `customer_sign_in_days`: one row per organisation, local day, sign-in method and customer, with
 * how many times that customer signed in that way that day. Written by a trigger when a sign-in
 * process of a customer reaches `done` (so no sign-in path can forget it), because
 * `auth_processes` are deleted a day after they end and cannot carry a year of statistics.
 * The day is the organisation's (its country's time zone); support sessions (INSPECTOR) and the
 * staff's own processes are not customers' sign-ins and are left out. Existing finished processes
 * are counted once here.
 *
 * Indexes for counting new users and accounts per day of one organisation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE customer_sign_in_days (
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      day date NOT NULL,
      method text NOT NULL CHECK (length(method) BETWEEN 1 AND 40),
      user_id text NOT NULL,
      sign_ins integer NOT NULL DEFAULT 1 CHECK (sign_ins > 0),
      PRIMARY KEY (organisation_id, day, method, user_id)
    );

    CREATE FUNCTION gridline_count_sign_in() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO customer_sign_in_days (organisation_id, day, method, user_id)
      SELECT NEW.organisation_id, (now() AT TIME ZONE gridline_time_zone(o.country))::date, NEW.type, NEW.user_id
        FROM organisations o WHERE o.id = NEW.organisation_id
      ON CONFLICT (organisation_id, day, method, user_id) DO UPDATE SET sign_ins = customer_sign_in_days.sign_ins + 1;
      RETURN NULL;
    END $$;

    CREATE TRIGGER auth_processes_count_sign_in_inserted AFTER INSERT ON auth_processes
      FOR EACH ROW WHEN (NEW.status = 'done' AND NEW.user_id IS NOT NULL AND NEW.scope = 'USER' AND NEW.type NOT IN ('ADMIN', 'ADMIN_BANKID', 'STAFF_BANKID'))
      EXECUTE FUNCTION gridline_count_sign_in();
    CREATE TRIGGER auth_processes_count_sign_in_updated AFTER UPDATE OF status ON auth_processes
      FOR EACH ROW WHEN (NEW.status = 'done' AND OLD.status IS DISTINCT FROM 'done' AND NEW.user_id IS NOT NULL AND NEW.scope = 'USER' AND NEW.type NOT IN ('ADMIN', 'ADMIN_BANKID', 'STAFF_BANKID'))
      EXECUTE FUNCTION gridline_count_sign_in();

    INSERT INTO customer_sign_in_days (organisation_id, day, method, user_id, sign_ins)
    SELECT p.organisation_id, (p.updated_at AT TIME ZONE gridline_time_zone(o.country))::date, p.type, p.user_id, count(*)
      FROM auth_processes p JOIN organisations o ON o.id = p.organisation_id
     WHERE p.status = 'done' AND p.user_id IS NOT NULL AND p.scope = 'USER' AND p.type NOT IN ('ADMIN', 'ADMIN_BANKID', 'STAFF_BANKID')
     GROUP BY 1, 2, 3, 4;

    CREATE INDEX users_organisation_created ON users (organisation_id, created_at);
    CREATE INDEX accounts_organisation_created ON accounts (organisation_id, created_at);
    CREATE INDEX account_prospects_organisation_created ON account_prospects (organisation_id, created_at);
  `.execute(db);
}
