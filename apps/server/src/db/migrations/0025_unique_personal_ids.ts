import { sql, type Kysely } from 'kysely';

/**
 * A personal identity number names one customer per organisation: BankID and the other
 * identity-based sign-ins find the user by it, and two users with the same one would make that
 * a guess. The services checked before inserting; the unique index closes the race between two
 * inserts (the loser answers `USER_EXISTS`). Different organisations may each hold the person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX users_org_personal_id;
    CREATE UNIQUE INDEX users_org_personal_id ON users (organisation_id, personal_id) WHERE personal_id IS NOT NULL;
  `.execute(db);
}
