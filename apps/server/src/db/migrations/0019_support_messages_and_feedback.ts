import { sql, type Kysely } from 'kysely';

/**
 * Support messages and feedback (spec 001 §3, §7; spec 002 §7; issue 17, decision 0047).
 *
 * `support_messages`: a customer's conversation with customer service is the user's rows, each
 * one way (`customer` → support, `support` → the customer), a staff reply with its author's
 * e-mail (and id while the admin exists); `read_at` is the other side's read marker. They go
 * with the user.
 *
 * `support_feedback`: free texts customers leave (or staff record for them), with the date;
 * staff mark them handled with a note. A deleted user's feedback stays, without the user.
 *
 * Texts are 1–2000 characters (checked by the contract, and here).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE support_messages (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      direction text NOT NULL CHECK (direction IN ('customer', 'support')),
      author_admin_id text REFERENCES admins(id) ON DELETE SET NULL,
      author_email text CHECK (author_email IS NULL OR length(author_email) <= 254),
      text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz,
      CHECK ((direction = 'support') = (author_email IS NOT NULL))
    );
    -- A conversation, in order; and the staff's list (every conversation of an organisation).
    CREATE INDEX support_messages_conversation ON support_messages (organisation_id, user_id, created_at, id);

    CREATE TABLE support_feedback (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      user_id text REFERENCES users(id) ON DELETE SET NULL,
      text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
      created_at timestamptz NOT NULL DEFAULT now(),
      handled boolean NOT NULL DEFAULT false,
      note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 1000),
      updated_by text,
      updated_at timestamptz
    );
    CREATE INDEX support_feedback_newest ON support_feedback (organisation_id, created_at DESC, id DESC);
    CREATE INDEX support_feedback_user ON support_feedback (user_id) WHERE user_id IS NOT NULL;
  `.execute(db);
}
