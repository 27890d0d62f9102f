import { sql, type Kysely } from 'kysely';

/**
 * Tells every API process which member reads a write changed (decision 0033): statement triggers
 * on the tables behind `users/me`, an account's locations and its invoices send one
 * `NOTIFY gridline_reads` per statement, with the changed users (`u:<id>`) and accounts
 * (`a:<id>`) separated by spaces, or `*` for more than 200 of them or a TRUNCATE. PostgreSQL
 * delivers it at commit, to every listening process; the processes drop the cached reads those
 * ids touch. A trigger, so that no writer (a route, a job, the demo, a test, a person with psql)
 * can forget to.
 */
const TAGS: Record<string, string> = {
  users: `SELECT 'u:' || id FROM changed_rows`,
  accounts: `SELECT 'a:' || id FROM changed_rows`,
  account_members: `SELECT 'a:' || account_id FROM changed_rows UNION SELECT 'u:' || user_id FROM changed_rows`,
  locations: `SELECT 'a:' || account_id FROM changed_rows WHERE account_id IS NOT NULL`,
  location_services: `SELECT 'a:' || l.account_id FROM changed_rows s JOIN locations l ON l.id = s.location_id WHERE l.account_id IS NOT NULL`,
  invoices: `SELECT 'a:' || account_id FROM changed_rows`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION gridline_notify_reads(tags text[]) RETURNS void
      LANGUAGE sql AS $$
        SELECT pg_notify('gridline_reads', CASE WHEN cardinality(tags) > 200 THEN '*' ELSE array_to_string(tags, ' ') END)
        WHERE cardinality(tags) > 0
      $$;
  `.execute(db);
  for (const [table, tags] of Object.entries(TAGS)) {
    const fn = sql.raw(`gridline_${table}_reads_changed`);
    // An UPDATE names both the old and the new rows' ids (a location moved to another account).
    await sql`
      CREATE FUNCTION ${fn}() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'TRUNCATE' THEN
            PERFORM gridline_notify_reads(ARRAY['*']);
          ELSE
            PERFORM gridline_notify_reads(ARRAY(${sql.raw(tags)}));
          END IF;
          RETURN NULL;
        END $$;
      CREATE FUNCTION ${sql.raw(`gridline_${table}_reads_updated`)}() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM gridline_notify_reads(ARRAY(${sql.raw(tags)} UNION ${sql.raw(tags.replaceAll('changed_rows', 'old_rows'))}));
          RETURN NULL;
        END $$;
      CREATE TRIGGER ${sql.raw(`${table}_reads_inserted`)} AFTER INSERT ON ${sql.table(table)}
        REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
      CREATE TRIGGER ${sql.raw(`${table}_reads_updated`)} AFTER UPDATE ON ${sql.table(table)}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(`gridline_${table}_reads_updated`)}();
      CREATE TRIGGER ${sql.raw(`${table}_reads_deleted`)} AFTER DELETE ON ${sql.table(table)}
        REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
      CREATE TRIGGER ${sql.raw(`${table}_reads_truncated`)} AFTER TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
    `.execute(db);
  }
}
