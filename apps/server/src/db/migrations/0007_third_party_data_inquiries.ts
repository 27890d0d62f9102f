import { sql, type Kysely } from 'kysely';

/**
 * Third-party data inquiries (spec 000 §3, §4.3; spec 001 §3): a company asks to read the meter
 * data of a location's service, and a member of the location's account answers. The status
 * moves pending → accepted or rejected, accepted → rejected; rejected is final. The service
 * enforces that rule (packages/contracts/src/inquiries.ts) and this table keeps the values.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE third_party_data_inquiries (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      service_id text NOT NULL REFERENCES location_services(id) ON DELETE CASCADE,
      inquirer text NOT NULL CHECK (length(inquirer) BETWEEN 1 AND 200),
      inquiry_date timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
      status_changed_at timestamptz,
      status_changed_by text REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX third_party_data_inquiries_service ON third_party_data_inquiries (service_id, inquiry_date DESC);
  `.execute(db);
}
