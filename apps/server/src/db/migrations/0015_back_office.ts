import { sql, type Kysely } from 'kysely';

/**
 * The back office, part 1 (issue 16, decision 0035): staff and their sessions, the second factor,
 * one-time password links, inspectors, encrypted secrets, and an append-only audit log.
 *
 * - `admins` gains ORG_USER (spec 002 §6), a rule that platform scopes (ADMIN, SUPPORT) belong to
 *   no organisation and the others to exactly one, and what the sign-in needs (TOTP, language).
 * - `staff_sessions` are the staff's refresh-token families, as `refresh_tokens` are customers'.
 * - `staff_sign_ins` hold a sign-in between the password and the second factor (or its enrolment).
 * - `audit_logs` gains an increasing `seq`, the actor's e-mail, scope and sign-in method, the
 *   values before and after, the changed fields, the outcome, the user agent, the request id and a
 *   group id, and refuses UPDATE, DELETE and TRUNCATE: only the retention clean-up may delete, and
 *   only inside a transaction that sets `gridline.audit_retention` (jobs, `AuditRepository.prune`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organisations
      ADD COLUMN staff_second_factor boolean NOT NULL DEFAULT false,
      ADD COLUMN audit_retention_days integer NOT NULL DEFAULT 730 CHECK (audit_retention_days BETWEEN 30 AND 3650);

    ALTER TABLE admins DROP CONSTRAINT admins_scope_check;
    ALTER TABLE admins
      ADD CONSTRAINT admins_scope_check CHECK (scope IN ('ADMIN','SUPPORT','ORG_ADMIN','ORG_SUPPORT','ORG_MARKETING','ORG_DEVELOPER','ORG_USER')),
      ADD CONSTRAINT admins_scope_organisation CHECK ((scope IN ('ADMIN','SUPPORT')) = (organisation_id IS NULL)),
      ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en','sv','nb','nn','fi','de')),
      ADD COLUMN totp_secret text,
      ADD COLUMN totp_enabled_at timestamptz,
      ADD COLUMN password_changed_at timestamptz,
      ADD COLUMN last_sign_in_at timestamptz,
      ADD COLUMN created_by text,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
    CREATE INDEX admins_organisation ON admins (organisation_id, lower(email));

    CREATE TABLE staff_sessions (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      admin_id text NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
      family_id text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      method text NOT NULL CHECK (method IN ('password','bankid')),
      second_factor boolean NOT NULL DEFAULT false,
      auth_time timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX staff_sessions_family ON staff_sessions (family_id);
    CREATE INDEX staff_sessions_admin ON staff_sessions (admin_id);

    CREATE TABLE staff_sign_ins (
      ref_hash text PRIMARY KEY,
      admin_id text NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
      step text NOT NULL CHECK (step IN ('second-factor','enrol')),
      method text NOT NULL CHECK (method IN ('password','bankid')),
      pending_secret text,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE admin_recovery_codes (
      admin_id text NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (admin_id, code_hash)
    );

    CREATE TABLE admin_links (
      ref_hash text PRIMARY KEY,
      admin_id text NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('set-password','reset-password')),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX admin_links_admin ON admin_links (admin_id);

    CREATE TABLE account_inspectors (
      admin_id text NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
      account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (admin_id, account_id)
    );
    CREATE INDEX account_inspectors_account ON account_inspectors (account_id);

    CREATE TABLE secrets (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      key text NOT NULL,
      key_id text NOT NULL,
      sealed text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text NOT NULL,
      UNIQUE (organisation_id, key)
    );

    ALTER TABLE audit_logs
      ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY,
      ADD COLUMN actor_email text,
      ADD COLUMN actor_scope text,
      ADD COLUMN actor_method text,
      ADD COLUMN before jsonb,
      ADD COLUMN after jsonb,
      ADD COLUMN changed text[] NOT NULL DEFAULT '{}',
      ADD COLUMN outcome text NOT NULL DEFAULT 'success' CHECK (outcome IN ('success','denied')),
      ADD COLUMN user_agent text,
      ADD COLUMN request_id text,
      ADD COLUMN group_id text;
    CREATE UNIQUE INDEX audit_logs_seq ON audit_logs (seq);
    CREATE INDEX audit_logs_org_seq ON audit_logs (organisation_id, seq DESC);
    CREATE INDEX audit_logs_actor ON audit_logs (actor_id, seq DESC);
    CREATE INDEX audit_logs_subject ON audit_logs (subject_type, subject_id);

    CREATE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('gridline.audit_retention', true) = 'on' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'audit_logs is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
    $$;
    CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON audit_logs FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only();
    CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER audit_logs_no_truncate ON audit_logs;
    DROP TRIGGER audit_logs_append_only ON audit_logs;
    DROP FUNCTION audit_logs_append_only();
    DROP INDEX audit_logs_subject;
    DROP INDEX audit_logs_actor;
    DROP INDEX audit_logs_org_seq;
    DROP INDEX audit_logs_seq;
    ALTER TABLE audit_logs
      DROP COLUMN seq, DROP COLUMN actor_email, DROP COLUMN actor_scope, DROP COLUMN actor_method,
      DROP COLUMN before, DROP COLUMN after, DROP COLUMN changed, DROP COLUMN outcome,
      DROP COLUMN user_agent, DROP COLUMN request_id, DROP COLUMN group_id;
    DROP TABLE secrets;
    DROP TABLE account_inspectors;
    DROP TABLE admin_links;
    DROP TABLE admin_recovery_codes;
    DROP TABLE staff_sign_ins;
    DROP TABLE staff_sessions;
    DROP INDEX admins_organisation;
    ALTER TABLE admins
      DROP CONSTRAINT admins_scope_organisation,
      DROP COLUMN language, DROP COLUMN totp_secret, DROP COLUMN totp_enabled_at,
      DROP COLUMN password_changed_at, DROP COLUMN last_sign_in_at, DROP COLUMN created_by, DROP COLUMN updated_at;
    ALTER TABLE admins DROP CONSTRAINT admins_scope_check;
    ALTER TABLE admins ADD CONSTRAINT admins_scope_check CHECK (scope IN ('ADMIN','SUPPORT','ORG_ADMIN','ORG_SUPPORT','ORG_MARKETING','ORG_DEVELOPER'));
    ALTER TABLE organisations DROP COLUMN staff_second_factor, DROP COLUMN audit_retention_days;
  `.execute(db);
}
