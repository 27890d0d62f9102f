import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseSealingKeys } from './lib/sealing.ts';
import { environmentOfUrl, parseSyncTargets } from './modules/environment-sync/environments.ts';
import { DeploymentEnvironment, type SyncTargetEnvironment } from '@gridline/contracts/environment-sync';

/**
 * Every environment variable the server reads, parsed and validated in one place. A bad value
 * stops start-up with a message that names each offending variable.
 */
const port = z.coerce.number().int().min(1).max(65535);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  EMBEDDED_PG_SYNCHRONOUS_COMMIT: z.enum(['on', 'off']).default('on'),
  DEFAULT_ORGANISATION: z.string().regex(/^[a-z0-9-]{2,40}$/).default('solvik'),
  PUBLIC_URL: z.url().optional(),
  /** Which environment this installation is (spec 001 §9); else read from PUBLIC_URL's host name. */
  ENVIRONMENT: DeploymentEnvironment.optional(),
  /** Where the environment sync may send settings and secrets (decision 0060): `staging=https://…,develop=https://…`. */
  SYNC_TARGETS: z
    .string()
    .transform((text, ctx) => {
      try {
        return parseSyncTargets(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  JWT_PRIVATE_KEY: z.string().min(1).optional(),
  JWT_PUBLIC_KEY: z.string().min(1).optional(),
  /** Keys that seal secrets at rest (decision 0035): `id:base64,id:base64`, the first current; else DATA_DIR/keys/sealing.txt. */
  SECRETS_KEYS: z
    .string()
    .min(1)
    .refine((text) => {
      try {
        parseSealingKeys(text);
        return true;
      } catch {
        return false;
      }
    }, 'id:base64 pairs separated by commas, each key 32 bytes (openssl rand -base64 32)')
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  DEMO_DATA: bool.default(true),
  DEMO_TODAY: z.iso.date().optional(),
  DEMO_READINGS: z.enum(['full', 'recent', 'none']).default('full'),
  PORTAL_DIST: z.string().min(1).optional(),
  ADMIN_DIST: z.string().min(1).optional(),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  MARKET_DATA: z.enum(['simulator', 'live']).default('simulator'),
  ENTSOE_URL: z.url({ protocol: /^https?$/ }).default('https://web-api.tp.entsoe.eu/api'),
  ENTSOE_TOKEN: z.string().min(1).optional(),
  ECB_URL: z.url({ protocol: /^https?$/ }).default('https://data-api.ecb.europa.eu/service'),
  JOBS: bool.default(true),
  READ_CACHE: z.enum(['on', 'off']).default('on'),
  SIGN_IN_SERVICES: z.enum(['simulator', 'live']).default('simulator'),
  TRUST_PROXY: z
    .string()
    .transform((text, ctx): false | number | string[] => {
      const value = text.trim();
      if (value === '' || value === 'false' || value === 'off') return false;
      if (/^\d{1,2}$/.test(value)) return Number(value);
      const addresses = value.split(',').map((a) => a.trim()).filter(Boolean);
      if (addresses.length > 0 && addresses.every((a) => /^[\d.:a-fA-F]+(\/\d{1,3})?$/.test(a))) return addresses;
      ctx.addIssue({ code: 'custom', message: "off (the default), the number of proxies in front (1), or the proxies' addresses or CIDR ranges, comma-separated" });
      return z.NEVER;
    })
    .optional(),
  DEV_KEY: z.string().regex(/^[\w-]{16,128}$/, '16–128 letters, digits, _ or -').optional(),
  BANKID_URL: z.url({ protocol: /^https$/ }).default('https://appapi2.test.bankid.com/rp/v6.0'),
  BANKID_CLIENT_CERT: z.string().min(1).optional(),
  BANKID_CLIENT_CERT_PASSPHRASE: z.string().optional(),
  BANKID_CA_CERT: z.string().min(1).optional(),
  SMS_URL: z.url({ protocol: /^https?$/ }).default('https://api.46elks.com/a1'),
  SMS_USERNAME: z.string().min(1).optional(),
  SMS_PASSWORD: z.string().min(1).optional(),
  SMS_FROM: z.string().regex(/^([A-Za-z][A-Za-z0-9]{2,10}|\+[1-9]\d{6,14})$/, 'SMS_FROM: 3–11 letters and digits starting with a letter, or an E.164 number').default('Gridline'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Gridline <no-reply@gridline.example>'),
  OPENID_CLIENT_SECRETS: z
    .string()
    .transform((text, ctx) => {
      try {
        const value: unknown = JSON.parse(text);
        if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string')) return value as Record<string, string>;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'a JSON object of organisation slug to client secret' });
      return z.NEVER;
    })
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  /**
   * Whether the embedded PostgreSQL flushes a commit's WAL before acknowledging it (the default).
   * Off trades the last moments of acknowledged writes on a crash for faster small commits
   * (decision 0028); with DATABASE_URL, that server's own setting applies.
   */
  embeddedPgSynchronousCommit: boolean;
  defaultOrganisation: string;
  publicUrl: string;
  /** Which environment this installation is (ENVIRONMENT, else from PUBLIC_URL's host name). */
  environment: DeploymentEnvironment;
  /** The installations the environment sync may send to, by environment (decision 0060). */
  syncTargets: Partial<Record<SyncTargetEnvironment, string>>;
  jwtPrivateKey: string | undefined;
  jwtPublicKey: string | undefined;
  secretsKeys: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  demoData: boolean;
  demoToday: string | undefined;
  /** Readings in the demo data: 24 months, the last 40 days (fast, for browser tests) or none. */
  demoReadings: 'full' | 'recent' | 'none';
  portalDist: string;
  /** The built back office (apps/admin), served under `/admin/` (decision 0039). */
  adminDist: string;
  logLevel: string;
  /** How long a whole request (headers and body) may take to arrive (decision 0030). */
  requestTimeoutSeconds: number;
  /** Where spot prices and exchange rates come from: in-process simulators or ENTSO-E and the ECB. */
  marketData: 'simulator' | 'live';
  entsoeUrl: string;
  entsoeToken: string | undefined;
  ecbUrl: string;
  /** Whether this process runs the scheduled jobs (pg-boss workers and schedules). */
  jobs: boolean;
  /**
   * How many API processes answer on PORT (decision 0032): 1 (the default) is one process doing
   * everything; more starts a primary (PostgreSQL, migrations, jobs, simulators) and that many
   * workers sharing the port through Node's cluster module.
   */
  workers: number;
  /** READ_CACHE: member reads kept in memory until a write changes them (decision 0033); `off` for the bench's first-load figure. */
  readCache: boolean;
  /** Sign-in services (BankID, SMS, mail, OpenID): local simulators, or the real ones configured below. */
  signInServices: 'simulator' | 'live';
  bankidUrl: string;
  /** Paths: the relying party's .p12 and BankID's CA (PEM). */
  bankidClientCert: string | undefined;
  bankidClientCertPassphrase: string | undefined;
  bankidCaCert: string | undefined;
  smsUrl: string;
  smsUsername: string | undefined;
  smsPassword: string | undefined;
  smsFrom: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** OpenID client secrets by organisation slug (until the secrets store exists). */
  openIdClientSecrets: Record<string, string>;
  /**
   * The key that opens the development pages (/dev/…) while the simulators run: DEV_KEY, or a
   * new random one at every start (decision 0019). Printed in the banner's links.
   */
  devKey: string;
  /**
   * Which proxies' X-Forwarded-For to believe (decision 0020): none by default, so a client's own
   * header never becomes its address (sign-in limits, the price limit, BankID's endUserIp, audit).
   */
  trustProxy: false | number | string[];
};

export class ConfigError extends Error {}

/** The most API processes WORKERS may ask for on this machine: four per CPU. */
export function maxWorkers(cpus = availableParallelism()): number {
  return Math.max(1, cpus) * 4;
}

/** WORKERS: a whole number from 1 to `maxWorkers(cpus)`, 1 when absent or empty. */
function workersSchema(cpus: number) {
  const most = maxWorkers(cpus);
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      const value = (text ?? '').trim();
      if (value === '') return 1;
      if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= most) return Number(value);
      ctx.addIssue({ code: 'custom', message: `a whole number of API processes from 1 to ${most} (four per CPU; this machine has ${cpus})` });
      return z.NEVER;
    });
}

/** Whether an address to listen on is reachable from this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cpus = availableParallelism()): Config {
  const parsed = EnvSchema.extend({ WORKERS: workersSchema(cpus) }).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.JWT_PRIVATE_KEY) !== Boolean(e.JWT_PUBLIC_KEY)) {
    throw new ConfigError('Invalid environment configuration:\n  JWT_PRIVATE_KEY and JWT_PUBLIC_KEY must be given together');
  }
  if (e.DATABASE_URL && env.EMBEDDED_PG_SYNCHRONOUS_COMMIT !== undefined) {
    throw new ConfigError(
      'Invalid environment configuration:\n  EMBEDDED_PG_SYNCHRONOUS_COMMIT applies to the embedded PostgreSQL only; with DATABASE_URL, set synchronous_commit on that server',
    );
  }
  if (e.MARKET_DATA === 'live' && !e.ENTSOE_TOKEN) {
    throw new ConfigError('Invalid environment configuration:\n  ENTSOE_TOKEN is required when MARKET_DATA=live');
  }
  if (!isLoopback(e.HOST) && e.SIGN_IN_SERVICES === 'simulator' && env.SIGN_IN_SERVICES === undefined) {
    // The simulators let anyone sign in as any demo customer (decision 0019): beyond this machine
    // they run only when someone asked for them by name.
    throw new ConfigError(
      `Invalid environment configuration:\n  SIGN_IN_SERVICES: HOST=${e.HOST} listens beyond this machine, where the sign-in simulators would let anyone sign in as any demo customer; set SIGN_IN_SERVICES=live, or SIGN_IN_SERVICES=simulator to expose them on purpose`,
    );
  }
  if (e.SIGN_IN_SERVICES === 'live') {
    const missing = (['BANKID_CLIENT_CERT', 'BANKID_CA_CERT', 'SMS_USERNAME', 'SMS_PASSWORD', 'SMTP_URL'] as const).filter((name) => !e[name]);
    if (missing.length > 0) throw new ConfigError(`Invalid environment configuration:\n${missing.map((name) => `  ${name} is required when SIGN_IN_SERVICES=live`).join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    embeddedPgSynchronousCommit: e.EMBEDDED_PG_SYNCHRONOUS_COMMIT === 'on',
    defaultOrganisation: e.DEFAULT_ORGANISATION,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    environment: e.ENVIRONMENT ?? environmentOfUrl(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`),
    syncTargets: e.SYNC_TARGETS ?? {},
    jwtPrivateKey: e.JWT_PRIVATE_KEY,
    jwtPublicKey: e.JWT_PUBLIC_KEY,
    secretsKeys: e.SECRETS_KEYS,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    demoData: e.DEMO_DATA,
    demoToday: e.DEMO_TODAY,
    demoReadings: e.DEMO_READINGS,
    portalDist: path.resolve(repoRoot, e.PORTAL_DIST ?? 'apps/portal/dist'),
    adminDist: path.resolve(repoRoot, e.ADMIN_DIST ?? 'apps/admin/dist'),
    logLevel: e.LOG_LEVEL,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    marketData: e.MARKET_DATA,
    entsoeUrl: e.ENTSOE_URL,
    entsoeToken: e.ENTSOE_TOKEN,
    ecbUrl: e.ECB_URL,
    jobs: e.JOBS,
    workers: e.WORKERS,
    readCache: e.READ_CACHE === 'on',
    signInServices: e.SIGN_IN_SERVICES,
    bankidUrl: e.BANKID_URL,
    bankidClientCert: e.BANKID_CLIENT_CERT,
    bankidClientCertPassphrase: e.BANKID_CLIENT_CERT_PASSPHRASE,
    bankidCaCert: e.BANKID_CA_CERT,
    smsUrl: e.SMS_URL,
    smsUsername: e.SMS_USERNAME,
    smsPassword: e.SMS_PASSWORD,
    smsFrom: e.SMS_FROM,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    openIdClientSecrets: e.OPENID_CLIENT_SECRETS ?? {},
    devKey: e.DEV_KEY ?? randomBytes(18).toString('base64url'),
    trustProxy: e.TRUST_PROXY ?? false,
  };
}
