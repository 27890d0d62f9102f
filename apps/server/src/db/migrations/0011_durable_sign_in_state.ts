import { sql, type Kysely } from 'kysely';

/**
 * Sign-in state that every API process shares and a restart keeps (decision 0013): failed and
 * counted sign-in attempts (wrong passwords per username and per address, codes and links sent
 * per identity), one row each, counted over a sliding window by the database's clock. Rows older
 * than their window count for nothing and are deleted by the sign-in clean-up.
 *
 * Account prospects already live in `account_prospects` (0009); their steps are now taken by
 * whichever process is asked about them, when the step is due by `updated_at`, so an index serves
 * the open ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sign_in_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('username', 'address', 'send')),
      key text NOT NULL CHECK (length(key) BETWEEN 1 AND 500),
      attempted_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sign_in_attempts_key ON sign_in_attempts (kind, key, attempted_at DESC);
    CREATE INDEX sign_in_attempts_at ON sign_in_attempts (attempted_at);

    CREATE INDEX account_prospects_open ON account_prospects (updated_at)
      WHERE status NOT IN ('provider_failed', 'account_failed', 'signed_in', 'abandoned');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX account_prospects_open;
    DROP TABLE sign_in_attempts;
  `.execute(db);
}
