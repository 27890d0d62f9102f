import { sql, type Kysely } from 'kysely';

/**
 * Every sign-in method (issue 5): the per-method state of a sign-in process, the provider's own
 * customer register (people the provider knows who have no account yet) and the account
 * prospects created from it, organisation numbers of business accounts, the admins of support
 * mode, and the audit log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE auth_processes
      ADD COLUMN identity text,
      ADD COLUMN secret_hash text,
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN state jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN scope text NOT NULL DEFAULT 'USER' CHECK (scope IN ('USER','INSPECTOR')),
      ADD COLUMN inspector_id text,
      ADD COLUMN client_address text,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
    CREATE UNIQUE INDEX auth_processes_secret ON auth_processes (secret_hash) WHERE secret_hash IS NOT NULL;
    CREATE INDEX auth_processes_expires ON auth_processes (expires_at);

    ALTER TABLE refresh_tokens
      ADD COLUMN scope text NOT NULL DEFAULT 'USER' CHECK (scope IN ('USER','INSPECTOR')),
      ADD COLUMN inspector_id text;

    ALTER TABLE accounts ADD COLUMN organisation_number text;
    CREATE INDEX accounts_org_organisation_number ON accounts (organisation_id, organisation_number) WHERE organisation_number IS NOT NULL;
    CREATE INDEX accounts_org_owner ON accounts (organisation_id, account_owner_id);

    CREATE TABLE provider_customers (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id),
      customer_number text NOT NULL,
      type text NOT NULL CHECK (type IN ('CUSTOMER','BUSINESS')),
      personal_id text,
      organisation_number text,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      email text,
      phone_number text,
      language text,
      sites jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organisation_id, customer_number)
    );
    CREATE INDEX provider_customers_personal_id ON provider_customers (organisation_id, personal_id) WHERE personal_id IS NOT NULL;
    CREATE INDEX provider_customers_organisation_number ON provider_customers (organisation_id, organisation_number) WHERE organisation_number IS NOT NULL;

    CREATE TABLE account_prospects (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text NOT NULL REFERENCES organisations(id),
      provider_customer_id text NOT NULL REFERENCES provider_customers(id),
      auth_ref text,
      status text NOT NULL CHECK (status IN ('new','updated','provider_pending','provider_resolved','provider_failed','valid','account_waiting','account_pending','account_resolved','account_failed','signed_in','abandoned')),
      user_id text NOT NULL,
      account_id text NOT NULL,
      error text,
      log jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX account_prospects_customer ON account_prospects (provider_customer_id, created_at DESC);

    CREATE TABLE admins (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text REFERENCES organisations(id),
      email text NOT NULL,
      password_hash text,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      personal_id text,
      scope text NOT NULL CHECK (scope IN ('ADMIN','SUPPORT','ORG_ADMIN','ORG_SUPPORT','ORG_MARKETING','ORG_DEVELOPER')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX admins_email ON admins (lower(email));
    CREATE INDEX admins_personal_id ON admins (personal_id) WHERE personal_id IS NOT NULL;

    CREATE TABLE audit_logs (
      id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
      organisation_id text REFERENCES organisations(id),
      actor_type text NOT NULL,
      actor_id text,
      action text NOT NULL,
      subject_type text,
      subject_id text,
      data jsonb NOT NULL DEFAULT '{}',
      address text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_logs_org_created ON audit_logs (organisation_id, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE audit_logs;
    DROP TABLE admins;
    DROP TABLE account_prospects;
    DROP TABLE provider_customers;
    DROP INDEX accounts_org_owner;
    DROP INDEX accounts_org_organisation_number;
    ALTER TABLE accounts DROP COLUMN organisation_number;
    ALTER TABLE refresh_tokens DROP COLUMN scope, DROP COLUMN inspector_id;
    DROP INDEX auth_processes_expires;
    DROP INDEX auth_processes_secret;
    ALTER TABLE auth_processes
      DROP COLUMN identity, DROP COLUMN secret_hash, DROP COLUMN attempts, DROP COLUMN state,
      DROP COLUMN scope, DROP COLUMN inspector_id, DROP COLUMN client_address, DROP COLUMN updated_at;
  `.execute(db);
}
