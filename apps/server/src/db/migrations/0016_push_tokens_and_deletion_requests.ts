import { sql, type Kysely } from 'kysely';

/**
 * Push tokens and the customer's deletion request (spec 001 §3 User "push tokens", §7 users calls;
 * decision 0042).
 *
 * - `push_tokens`: one row per device a user registered: its kind (`expo`, `webpush`), the token
 *   (an Expo token, or a Web Push subscription's JSON in one form), when first and last
 *   registered. A token is unique in its organisation: the same device registering again under
 *   another user moves the row to that user. The user's deletion takes their tokens (cascade).
 * - `users.deletion_requested_at`: when the customer asked to be deleted (`GET /users/requestDelete`),
 *   kept from the first request; it goes with the user row when staff delete the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN deletion_requested_at timestamptz;

    CREATE TABLE push_tokens (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('expo','webpush')),
      token text NOT NULL CHECK (length(token) BETWEEN 1 AND 2048),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_registered_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organisation_id, token)
    );
    CREATE INDEX push_tokens_user ON push_tokens (user_id, last_registered_at DESC);
    CREATE INDEX push_tokens_organisation ON push_tokens (organisation_id, last_registered_at DESC, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE push_tokens;
    ALTER TABLE users DROP COLUMN deletion_requested_at;
  `.execute(db);
}
