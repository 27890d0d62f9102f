import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { allEndpoints } from '@gridline/contracts/endpoints/all';
import { routerPath } from '@gridline/contracts/endpoint';
import { apiDocument } from '@gridline/contracts/api-document';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { AccessRepository } from './modules/access/repository.ts';
import { AccessService } from './modules/access/service.ts';
import { AccountsRepository } from './modules/accounts/repository.ts';
import { AccountsService } from './modules/accounts/service.ts';
import { AgreementsRepository } from './modules/agreements/repository.ts';
import { agreementRoutes } from './modules/agreements/routes.ts';
import { AgreementsService } from './modules/agreements/service.ts';
import { AttemptLimiter } from './modules/auth/attempt-limiter.ts';
import { SignInAttemptsRepository } from './modules/auth/attempts-repository.ts';
import { AuthRepository } from './modules/auth/repository.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { SessionRevocations } from './modules/auth/session-revocations.ts';
import { AdminsRepository } from './modules/admins/repository.ts';
import { adminRoutes } from './modules/admins/routes.ts';
import { AdminsService } from './modules/admins/service.ts';
import { StaffSignInService } from './modules/admins/sign-in.ts';
import { newSealingKeys, Sealer, type SealingKeys } from './lib/sealing.ts';
import { AuditLogRepository, AuditRepository } from './modules/audit/repository.ts';
import { AuditLogService } from './modules/audit/log.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { AuditService } from './modules/audit/service.ts';
import { PgBossJobSender } from './jobs/sender.ts';
import { PgBossScheduleControl } from './jobs/control.ts';
import { ScheduledJobsRepository } from './modules/jobs/repository.ts';
import { scheduledJobRoutes } from './modules/jobs/routes.ts';
import { ScheduledJobsService } from './modules/jobs/service.ts';
import { SegmentsRepository } from './modules/segments/repository.ts';
import { segmentRoutes } from './modules/segments/routes.ts';
import { SegmentsService } from './modules/segments/service.ts';
import { StatisticsRepository } from './modules/statistics/repository.ts';
import { statisticsRoutes } from './modules/statistics/routes.ts';
import { StatisticsService } from './modules/statistics/service.ts';
import { InspectorsService } from './modules/customers/inspectors.ts';
import { CustomersRepository } from './modules/customers/repository.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { CustomersService } from './modules/customers/service.ts';
import { DevRepository } from './modules/dev/repository.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { ProspectsRepository } from './modules/prospects/repository.ts';
import { ProspectsService } from './modules/prospects/service.ts';
import type { SignInServices } from './integrations/sign-in-services.ts';
import { TokenService, type SigningKeys } from './modules/auth/tokens.ts';
import { CopyRepository, CopyTextsRepository } from './modules/copy/repository.ts';
import { copyRoutes } from './modules/copy/routes.ts';
import { CopyService } from './modules/copy/service.ts';
import { CopyTextsService } from './modules/copy/texts-service.ts';
import { DisruptionsRepository } from './modules/disruptions/repository.ts';
import { disruptionRoutes } from './modules/disruptions/routes.ts';
import { DisruptionsService } from './modules/disruptions/service.ts';
import { SupportRepository } from './modules/support/repository.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { SupportService } from './modules/support/service.ts';
import { ExportsRepository } from './modules/exports/repository.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { exportRoutes } from './modules/exports/routes.ts';
import { ExportsService } from './modules/exports/service.ts';
import { ingestRoutes } from './modules/ingest/routes.ts';
import { IngestService } from './modules/ingest/service.ts';
import { InvoicesRepository } from './modules/invoices/repository.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { InvoicesService } from './modules/invoices/service.ts';
import { LocationsRepository } from './modules/locations/repository.ts';
import { locationRoutes } from './modules/locations/routes.ts';
import { LocationsService } from './modules/locations/service.ts';
import { MeasurementsRepository } from './modules/measurements/repository.ts';
import { measurementRoutes } from './modules/measurements/routes.ts';
import { legacyDataRoutes } from './modules/legacy-data/routes.ts';
import { LegacyDataService } from './modules/legacy-data/service.ts';
import { MeasurementsService } from './modules/measurements/service.ts';
import { OrganisationsRepository } from './modules/organisations/repository.ts';
import { OrganisationsService, type Organisation } from './modules/organisations/service.ts';
import { PricesRepository } from './modules/prices/repository.ts';
import { priceRoutes } from './modules/prices/routes.ts';
import { PricesService } from './modules/prices/service.ts';
import { SettingsRepository } from './modules/settings/repository.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { moduleRules } from './modules/settings/module-rules.ts';
import { SettingsPublishing } from './modules/settings/publishing.ts';
import { SettingsService } from './modules/settings/service.ts';
import { ApiTokensRepository } from './modules/tokens/repository.ts';
import { apiTokenRoutes } from './modules/tokens/routes.ts';
import { SecretsRepository } from './modules/secrets/repository.ts';
import { secretRoutes } from './modules/secrets/routes.ts';
import { EnvironmentSyncRepository } from './modules/environment-sync/repository.ts';
import { environmentSyncRoutes } from './modules/environment-sync/routes.ts';
import { EnvironmentSyncService, type SyncSender } from './modules/environment-sync/service.ts';
import type { DeploymentEnvironment, SyncTargetEnvironment } from '@gridline/contracts/environment-sync';
import { SecretsService } from './modules/secrets/service.ts';
import { ApiTokensService } from './modules/tokens/service.ts';
import { UsersRepository } from './modules/users/repository.ts';
import { userRoutes } from './modules/users/routes.ts';
import { UsersService } from './modules/users/service.ts';
import { PushTokensRepository } from './modules/users/push-tokens-repository.ts';
import { PushTokensService } from './modules/users/push-tokens.ts';
import { outsidePageRoutes } from './demo/outside-pages.ts';
import { helpPageRoutes } from './demo/help-pages.ts';
import { onlyContractRoutes } from './lib/route.ts';
import { TEST_EMAIL_LIMIT } from '@gridline/contracts/bridge';
import { CACHE_CLEARS_CHANNEL, CachesRepository } from './modules/caches/repository.ts';
import { cacheRoutes } from './modules/caches/routes.ts';
import { CachesService } from './modules/caches/service.ts';
import { emailRoutes } from './modules/email/routes.ts';
import { EmailService } from './modules/email/service.ts';
import { InboxRepository } from './modules/inbox/repository.ts';
import { inboxRoutes } from './modules/inbox/routes.ts';
import { InboxService } from './modules/inbox/service.ts';
import { layoutRoutes } from './modules/layout/routes.ts';
import { LayoutService } from './modules/layout/service.ts';
import { AssetsRepository } from './modules/assets/repository.ts';
import { assetRoutes } from './modules/assets/routes.ts';
import { AssetsService } from './modules/assets/service.ts';
import { TipsRepository } from './modules/tips/repository.ts';
import { tipRoutes } from './modules/tips/routes.ts';
import { TipsService } from './modules/tips/service.ts';
import { PremiumFeaturesRepository } from './modules/premium-features/repository.ts';
import { premiumFeatureRoutes } from './modules/premium-features/routes.ts';
import { PremiumFeaturesService } from './modules/premium-features/service.ts';
import { ReadCache } from './lib/read-cache.ts';
import { followReadChanges } from './db/read-changes.ts';
import { registerContext } from './plugins/context.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { compressPage, negotiateEncoding, registerCompression, type CompressedPage } from './plugins/compression.ts';
import { BoundedCache } from './lib/bounded-cache.ts';
import { jsonForScript, pageLanguage } from './lib/page-language.ts';
import { pageDataIds, portalCopyGroups } from '@gridline/contracts/organisations';
import { etagMatches } from './lib/etag.ts';
import { ADMIN_CSP, portalCsp, registerSecurityHeaders } from './plugins/security.ts';
import { newRequestId, registerErrorHandler, requestUid, type Fallback } from './plugins/errors.ts';
import { registerInputGuard, edgeServerOptions } from './plugins/input-guard.ts';
import { DevClock } from './lib/dev-clock.ts';

export interface AppDeps {
  config: Pick<Config, 'accessTokenTtlSeconds' | 'refreshTokenTtlDays' | 'defaultOrganisation' | 'portalDist' | 'adminDist' | 'logLevel'>;
  db: Db;
  keys: SigningKeys;
  /** The keys that seal secrets at rest (SECRETS_KEYS or DATA_DIR/keys); tests get a new one. */
  sealingKeys?: SealingKeys;
  logger?: FastifyServerOptions['logger'];
  /** The clock tokens are signed and checked against (tests move it forward). */
  clock?: () => number;
  /** The development clock `/dev/clock.json` moves (decision 0051); made here under the simulators when no `clock` is given. */
  devClock?: DevClock;
  /** BankID, SMS, mail and OpenID (real or simulated); without them only username and password sign in. */
  signIn?: SignInServices | null;
  /** Tests: check every answer's data against its contract before it is serialised (lib/route.ts). */
  verifyResponses?: boolean;
  /** Tests: collect BankID orders at every poll, and create new customers' accounts without pauses. */
  bankIdCollectIntervalMs?: number;
  prospectStepDelayMs?: number;
  /** How long a whole request (headers and body) may take to arrive on the listening server. */
  requestTimeoutMs?: number;
  /** PUBLIC_URL: every link the server sends is built on it (or the organisation's host under it). */
  publicUrl?: string;
  /** Strict-Transport-Security: only when the public address is https. */
  hsts?: boolean;
  /** Which proxies' X-Forwarded-For to believe (TRUST_PROXY); none unless given. */
  trustProxy?: false | number | string[];
  /** `false`: member reads always go to the database (the bench's first-load figure; READ_CACHE=off). */
  readCache?: boolean;
  /** Which environment this is and where the environment sync may send (ENVIRONMENT, SYNC_TARGETS; decision 0060): local without targets unless given. */
  environmentSync?: { environment: DeploymentEnvironment; targets: Partial<Record<SyncTargetEnvironment, string>>; send?: SyncSender };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The member read cache (its counts show the tests that reads come from memory). */
    reads: ReadCache;
  }
}

/** How many member reads a process keeps (a few KB each: about 100 MB at most). */
const READ_CACHE_CAPACITY = 20_000;

/** A minute: a request that trickles in is cut then (decision 0030); bulk ingests send in batches. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/** The public address of a server started without one (tests). */
const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

/** TRUST_PROXY in Fastify's terms: a hop count becomes the function proxy-addr would make of it. */
function trustedProxies(setting: false | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Builds the whole API (and the portal's static files); used by main and by the tests. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // A test's clock, else under the simulators the development clock their pages move (decision 0051).
  const devClock = deps.devClock ?? (deps.clock === undefined && deps.signIn?.devPages ? new DevClock() : undefined);
  const clock = deps.clock ?? devClock?.now;
  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: newRequestId,
    trustProxy: trustedProxies(deps.trustProxy ?? false),
    ...edgeServerOptions(deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
  });
  // Input is validated by the contracts' zod schemas; answers are serialised by Fastify's own
  // fast-json-stringify from the contracts' JSON Schema (lib/route.ts), never parsed by zod.
  app.setValidatorCompiler(validatorCompiler);
  app.decorate('verifyResponses', deps.verifyResponses ?? false);
  onlyContractRoutes(app);
  // Before every route: no control character reaches a schema, a service or the database.
  registerInputGuard(app);
  await registerSecurityHeaders(app, { hsts: deps.hsts ?? false });
  await registerRateLimit(app, { db: deps.db, log: (message, error) => app.log.error({ err: error }, message) });
  // Before any route: the hook is added to the routes registered after it (decision 0031).
  await registerCompression(app);

  // The OpenAPI document is generated from the contracts (decision 0024), once per start.
  const document = apiDocument();
  const documentText = JSON.stringify(document);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  // The docs page's own policy (its inline script by hash), without the upgrade to https that
  // would break it on http://localhost.
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        // Swagger UI sets style attributes from its script (no inline <style> of its own).
        .replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });
  app.get('/docs/openapi.json', { schema: { hide: true } }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(documentText));

  // Services: one instance each, wired by hand so that the graph stays visible.
  const tokens = new TokenService(deps.keys, clock);
  const settings = new SettingsService(new SettingsRepository(deps.db));
  const organisations = new OrganisationsService(new OrganisationsRepository(deps.db), settings);
  const access = new AccessService(new AccessRepository(deps.db));
  access.useOrganisations(organisations);
  const accounts = new AccountsService(new AccountsRepository(deps.db), access);
  // Member reads kept until a write changes them, heard from PostgreSQL (decision 0033).
  const reads = new ReadCache({ capacity: READ_CACHE_CAPACITY });
  app.decorate('reads', reads);
  const locations = new LocationsService(new LocationsRepository(deps.db), accounts, reads);
  const audit = new AuditService(new AuditRepository(deps.db));
  const logProblem = (message: string, error?: unknown) => app.log.warn({ err: error }, message);
  const prospects = new ProspectsService(new ProspectsRepository(deps.db), {
    ...(deps.prospectStepDelayMs !== undefined ? { stepDelayMs: deps.prospectStepDelayMs } : {}),
    log: logProblem,
  });
  const signInAttempts = new SignInAttemptsRepository(deps.db);
  const authRepository = new AuthRepository(deps.db);
  // Signing out ends the session's access tokens at once (decision 0022).
  const sessions = new SessionRevocations(authRepository, clock ? { now: clock } : {});
  const auth = new AuthService({
    repository: authRepository,
    sessions,
    tokens,
    accounts,
    locations,
    prospects,
    audit,
    services: deps.signIn ?? null,
    // In PostgreSQL (decision 0013): every API process counts the same attempts.
    usernameLimiter: new AttemptLimiter(signInAttempts, 'username', 10, 15 * 60_000),
    addressLimiter: new AttemptLimiter(signInAttempts, 'address', 100, 15 * 60_000),
    // Codes and links per identity: 5 in 15 minutes, against SMS and mail bombing.
    sendLimiter: new AttemptLimiter(signInAttempts, 'send', 5, 15 * 60_000),
    ...(deps.bankIdCollectIntervalMs !== undefined ? { bankIdCollectIntervalMs: deps.bankIdCollectIntervalMs } : {}),
    ...(clock ? { now: clock } : {}),
    log: logProblem,
    accessTokenTtlSeconds: deps.config.accessTokenTtlSeconds,
    refreshTokenTtlDays: deps.config.refreshTokenTtlDays,
  });
  // The back office's people (issue 16): staff sessions end at once on sign-out, as customers' do.
  const sealer = new Sealer(deps.sealingKeys ?? newSealingKeys());
  const adminsRepository = new AdminsRepository(deps.db);
  const staffSessions = new SessionRevocations(adminsRepository, clock ? { now: clock } : {});
  const admins = new AdminsService({
    repository: adminsRepository,
    access,
    organisations,
    audit,
    staffSessions,
    mailer: () => deps.signIn?.mailer ?? null,
    publicUrl: deps.signIn?.publicUrl ?? deps.publicUrl ?? DEFAULT_PUBLIC_URL,
    defaultOrganisation: deps.config.defaultOrganisation,
  });
  const staffSignIn = new StaffSignInService({
    repository: adminsRepository,
    auth,
    organisations,
    tokens,
    sealer,
    audit,
    staffSessions,
    emailLimiter: new AttemptLimiter(signInAttempts, 'username', 10, 15 * 60_000),
    addressLimiter: new AttemptLimiter(signInAttempts, 'address', 30, 15 * 60_000),
    accessTokenTtlSeconds: deps.config.accessTokenTtlSeconds,
    ...(clock ? { now: clock } : {}),
  });
  const users = new UsersService({ repository: new UsersRepository(deps.db), accounts, locations, auth, reads, audit, mailer: () => deps.signIn?.mailer ?? null, log: logProblem });
  const pushTokens = new PushTokensService({ repository: new PushTokensRepository(deps.db), audit });
  const invoices = new InvoicesService({ repository: new InvoicesRepository(deps.db), accounts, tokens, users, reads });
  const measurements = new MeasurementsService(new MeasurementsRepository(deps.db), clock);
  const apiTokens = new ApiTokensService(new ApiTokensRepository(deps.db), { audit, access, ...(clock ? { now: clock } : {}) });
  const ingest = new IngestService(measurements);
  const copy = new CopyService(new CopyRepository(deps.db));
  const prices = new PricesService({ repository: new PricesRepository(deps.db), organisations, ...(clock ? { now: clock } : {}) });
  const dataExports = new ExportsService({ repository: new ExportsRepository(deps.db), measurements, tokens, copy, publicUrl: deps.publicUrl ?? DEFAULT_PUBLIC_URL });
  const agreements = new AgreementsService(new AgreementsRepository(deps.db));
  const disruptions = new DisruptionsService(new DisruptionsRepository(deps.db), { now: clock, access, audit });
  // Customers and inspectors for staff (decision 0038).
  const customersRepository = new CustomersRepository(deps.db);
  // Sync and site-history requests are queued in pg-boss; the job runner (main.ts) works them.
  const jobSender = new PgBossJobSender(deps.db, { log: logProblem });
  app.addHook('onClose', async () => jobSender.stop());
  const customers = new CustomersService({ repository: customersRepository, audit, locations, agreements, invoices, jobs: jobSender, sessions, pushTokens, reads });
  const inspectors = new InspectorsService({
    repository: customersRepository,
    customers,
    access,
    audit,
    auth,
    publicUrl: deps.signIn?.publicUrl ?? deps.publicUrl ?? DEFAULT_PUBLIC_URL,
  });

  // Caches staff clear (decision 0050): heard from PostgreSQL on the connection that hears the member
  // reads' changes, so that every API process clears them.
  const caches = new CachesService({ repository: new CachesRepository(deps.db), access, audit, copy, organisations, reads });
  // Copy texts for staff (decision 0046): a write drops the merged texts in every process.
  const copyTexts = new CopyTextsService({ repository: new CopyTextsRepository(deps.db), access, audit, changed: (organisation) => caches.changed('copy', organisation) });
  // Drafts, releases and change requests of the settings (decision 0054): a release clears the
  // organisation's cached settings in every process.
  // Audiences (decision 0052); the organisation's favorites for the modules' rules (decision 0058).
  const segments = new SegmentsService(new SegmentsRepository(deps.db), { now: clock });
  const publishing = new SettingsPublishing({
    repository: new SettingsRepository(deps.db),
    access,
    audit,
    organisationRules: moduleRules(segments),
    changed: (organisation) => caches.changed('settings', organisation),
    organisationById: (id) => organisations.findById(id),
    tellAuthor: (request, organisation) =>
      admins.tellScheduleSuspended(request.author_id, request.author_email, organisation, request.title).catch((error: unknown) => logProblem('settings: telling the author of a suspended schedule', error)),
    jobs: jobSender,
    ...(clock ? { now: clock } : {}),
  });
  // Under the development clock a scheduled release publishes when the clock passes its time, as the job does by the real one.
  devClock?.onMove(() => publishing.publishDue().then(() => undefined, (error: unknown) => logProblem('settings: scheduled publish', error)));
  const readChanges = followReadChanges(deps.db, deps.readCache === false ? null : reads, (message, error) => app.log.warn({ err: error }, message), {
    [CACHE_CLEARS_CHANNEL]: (payload) => caches.heard(payload),
  });
  app.addHook('onClose', async () => readChanges.close());

  const portalPage = await servePortal(app, deps.config, { organisations, settings, copy });
  const adminPage = await serveAdmin(app, deps.config.adminDist, organisations, deps.config.defaultOrganisation);
  registerErrorHandler(app, async (request, reply) => ((await adminPage?.(request, reply)) ?? false) || ((await portalPage?.(request, reply)) ?? false));
  registerContext(app, { organisations, tokens, sessions, staffSessions, access });
  // The server's own time for a request, from its first hook to the answer's headers, so that
  // clients and the bench can tell it from the network's (fastify's `reply.elapsedTime` counts
  // only when there is a logger: the tests and LOG_LEVEL=silent have none).
  const started = new WeakMap<object, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    started.set(request, performance.now());
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    // A person's own change shows in their next read at once, before the database's announcement
    // arrives: any of their writes drops their kept reads (the write has committed by now).
    if (request.auth && request.method !== 'GET' && request.method !== 'HEAD') reads.invalidate([`u:${request.auth.userId}`]);
    reply.header('x-uid', requestUid(request));
    const start = started.get(request);
    reply.header('server-timing', `app;dur=${(start === undefined ? reply.elapsedTime : performance.now() - start).toFixed(2)}`);
  });

  healthRoutes(app, { db: deps.db });
  authRoutes(app, { auth, organisations });
  adminRoutes(app, { admins, signIn: staffSignIn });
  apiTokenRoutes(app, { apiTokens });
  const secrets = new SecretsService(new SecretsRepository(deps.db), { access, audit, sealer });
  secretRoutes(app, { secrets });
  auditRoutes(app, { auditLog: new AuditLogService({ repository: new AuditLogRepository(deps.db), audit, organisations }) });
  customerRoutes(app, { customers, inspectors });
  // Scheduled jobs for staff (decision 0045): changes go to pg-boss's shared schedule table at once.
  const scheduleControl = new PgBossScheduleControl(deps.db);
  app.addHook('onClose', async () => scheduleControl.stop());
  // The rest of the bridge calls (decision 0050).
  cacheRoutes(app, { caches });
  premiumFeatureRoutes(app, { premiumFeatures: new PremiumFeaturesService({ repository: new PremiumFeaturesRepository(deps.db), audit }) });
  emailRoutes(app, {
    email: new EmailService({
      mailer: () => deps.signIn?.mailer ?? null,
      publicUrl: deps.signIn?.publicUrl ?? deps.publicUrl ?? DEFAULT_PUBLIC_URL,
      // Test e-mails per staff member: 5 in 15 minutes, counted in PostgreSQL like the sign-in codes.
      limiter: new AttemptLimiter(signInAttempts, 'send', TEST_EMAIL_LIMIT, 15 * 60_000),
      audit,
    }),
  });
  inboxRoutes(app, { inbox: new InboxService({ repository: new InboxRepository(deps.db), access }) });
  layoutRoutes(app, { layout: new LayoutService({ access, organisations }) });
  scheduledJobRoutes(app, { scheduledJobs: new ScheduledJobsService(new ScheduledJobsRepository(deps.db), { access, audit, control: scheduleControl, ...(clock ? { now: clock } : {}) }) });
  // Assets: logos, favicons and images in PostgreSQL (decision 0048).
  const assets = new AssetsService(new AssetsRepository(deps.db), { access, audit, settings });
  assetRoutes(app, { assets });
  // Settings and secrets copied to another installation of the provider (decision 0060).
  environmentSyncRoutes(app, {
    sync: new EnvironmentSyncService({
      repository: new EnvironmentSyncRepository(deps.db),
      access,
      audit,
      organisations,
      publishing,
      secrets,
      assets,
      environment: deps.environmentSync?.environment ?? 'local',
      targets: deps.environmentSync?.targets ?? {},
      ...(deps.environmentSync?.send ? { send: deps.environmentSync.send } : {}),
      ...(clock ? { now: clock } : {}),
    }),
  });
  // Tips per location and the tips staff write for segments (decision 0053).
  tipRoutes(app, { tips: new TipsService(new TipsRepository(deps.db), { access, audit, organisations }) });
  // Support messages and feedback (decision 0047).
  const support = new SupportService(new SupportRepository(deps.db), { access, audit });
  // The back office's home page (decision 0049).
  const statistics = new StatisticsService(new StatisticsRepository(deps.db), { access, disruptions, support, now: clock, jobsSchema: scheduleControl.schema, log: logProblem });
  statisticsRoutes(app, { statistics });
  // Audiences: which locations a rule set of segment rules matches (decision 0052).
  segmentRoutes(app, { segments });
  if (deps.signIn?.devPages) {
    const { outbox, bankid, devKey } = deps.signIn.devPages;
    devRoutes(app, { outbox, bankid, key: devKey, repository: new DevRepository(deps.db), ...(devClock ? { clock: devClock } : {}) });
  }
  settingsRoutes(app, { settings, organisations, publishing });
  userRoutes(app, { users, accounts, pushTokens });
  locationRoutes(app, { locations });
  invoiceRoutes(app, { invoices });
  agreementRoutes(app, { agreements });
  outsidePageRoutes(app);
  helpPageRoutes(app);
  disruptionRoutes(app, { disruptions, organisations });
  supportRoutes(app, { support });
  copyRoutes(app, { copy, texts: copyTexts, organisations });
  measurementRoutes(app, { measurements });
  // Legacy `/v3/data/{hour|day|month|year}?siteId` (decision 0015): the organisation is the token's.
  legacyDataRoutes(app, { legacyData: new LegacyDataService({ organisations, locations, measurements, ...(clock ? { now: clock } : {}) }) });
  ingestRoutes(app, { ingest, apiTokens });
  // Public market data: 100 requests per 10 s per client address.
  priceRoutes(app, { prices });
  exportRoutes(app, { exports: dataExports });

  // Every contract has its route (a contract without one would be documented but answer 404).
  const missing = allEndpoints.filter((e) => !app.hasRoute({ method: e.method, url: routerPath(e.path) }));
  if (missing.length > 0) throw new Error(`Contracts without a route: ${missing.map((e) => `${e.method} ${e.path}`).join(', ')}`);
  return app;
}

/**
 * The build's dist/route-preloads.json (apps/portal/vite.config.ts) as the tags each address's
 * page gets: its first page's chunks as module preloads and their CSS as stylesheets, fetched
 * alongside the entry script (decision 0031). None when the file is absent (an older build).
 */
function routePreloads(dist: string): Map<string, string> {
  const file = path.join(dist, 'route-preloads.json');
  if (!fs.existsSync(file)) return new Map();
  const routes = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
  const tag = (asset: string) =>
    asset.endsWith('.css') ? `<link rel="stylesheet" crossorigin href="/${asset}">` : `<link rel="modulepreload" crossorigin href="/${asset}">`;
  return new Map(Object.entries(routes).map(([route, assets]) => [route, assets.filter((a) => /^assets\/[\w.-]+\.(js|css)$/.test(a)).map(tag).join('')]));
}

/**
 * Serves the built portal. Every non-API GET answers index.html with the organisation resolved
 * from the host name (`fjellkraft.localhost` → fjellkraft) or the configured default, so the
 * portal's code never names an organisation.
 */
async function servePortal(
  app: FastifyInstance,
  config: AppDeps['config'],
  { organisations, settings, copy }: { organisations: OrganisationsService; settings: SettingsService; copy: CopyService },
): Promise<Fallback | undefined> {
  const indexPath = path.join(config.portalDist, 'index.html');
  if (!fs.existsSync(indexPath)) return undefined;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  const preloads = routePreloads(config.portalDist);
  // Files that exist are served as they are (hashed assets cached for a year); anything else
  // falls through to the not-found handler and so to the page below. One route per file
  // (`wildcard: false`): a folder (`/`, `/assets/`) is no file and so a page, never the plugin's
  // 403 for a directory; index.html is only ever the page, with the organisation filled in.
  // The build wrote a brotli and a gzip copy beside every text file (scripts/precompress.ts): the
  // plugin sends the one the browser accepts, with `vary: accept-encoding`; the copies get no
  // routes of their own. Hashed assets never change under their name: a year, immutable. Any
  // other file is revalidated (its ETag) on every use.
  await app.register(fastifyStatic, {
    root: config.portalDist,
    index: false,
    wildcard: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    allowedPath: (pathName) => pathName !== '/index.html' && pathName !== '/route-preloads.json',
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const pagePath = /^\/(?!(v3|v4|docs|health|metrics|assets|admin)(\/|$))/;
  // The page per organisation (and its chat policy), compressed once; bounded, since a host name
  // can name any organisation.
  const pages = new BoundedCache<string, CompressedPage>({ capacity: 200, ttlMs: 60 * 60_000 });
  return async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || !pagePath.test(pathname)) return false;
    const organisation = await organisationOfHost(request, organisations, config.defaultOrganisation);
    const slug = organisation?.slug ?? config.defaultOrganisation;
    // `?themePreview=1`: the back office's theme preview frames this page (same origin only, decision 0055).
    const themePreview = /[?&]themePreview=1(&|$)/.test(request.url);
    const csp = portalCsp(organisation?.release.content.featureConfigurations.public.supportChat, { themePreview });
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const links = preloads.get(route) ?? '';
    // What the portal would ask for first, carried in the page (decision 0034): the public
    // release, and the texts of the language it will most likely show. Without the database,
    // neither (the portal asks for them itself, and shows its error page).
    const release = organisation ? settings.toPublic(organisations.identity(organisation), organisation.release) : null;
    const language = release ? pageLanguage(request.headers.cookie, request.headers['accept-language'], release.featureFlags.flags.LANGUAGES) : null;
    const texts = organisation && language ? await copy.aggregated(organisation, language, portalCopyGroups).catch(() => null) : null;
    const data = release ? `${release.id}-${release.version}\n${language && texts ? `${language}:${texts.etag}` : ''}` : '';
    const key = `${slug}\n${csp}\n${links ? route : ''}\n${data}`;
    let page = pages.get(key);
    if (!page) {
      const blocks =
        (release ? `<script type="application/json" id="${pageDataIds.release}">${jsonForScript(release)}</script>` : '') +
        (language && texts ? `<script type="application/json" id="${pageDataIds.copy}" data-language="${language}">${jsonForScript(texts.texts)}</script>` : '');
      const html = indexHtml
        .replace(/(<meta name="gridline-organisation" content=")[^"]*"/, `$1${slug}"`)
        .replace('</head>', `${links}</head>`)
        .replace('<div id="root"></div>', `<div id="root"></div>${blocks}`);
      page = compressPage(html, csp);
      pages.set(key, page);
    }
    // The texts it carries follow the browser's language and the portal's language cookie.
    if (themePreview) reply.header('x-frame-options', 'SAMEORIGIN');
    await sendPage(request, reply, page, csp, 'accept-encoding, accept-language, cookie');
    return true;
  };
}

/**
 * An app's page, compressed once: revalidated on every visit (no-cache), so a new build, release
 * or text is seen at once, and an unchanged page costs a 304 with no body.
 */
async function sendPage(request: FastifyRequest, reply: FastifyReply, page: CompressedPage, csp: string, vary: string): Promise<void> {
  reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', csp).header('etag', page.etag).header('vary', vary);
  if (etagMatches(request.headers['if-none-match'], page.etag)) {
    await reply.status(304).send();
    return;
  }
  const coding = negotiateEncoding(request.headers['accept-encoding']);
  if (coding !== 'identity') reply.header('content-encoding', coding);
  await reply.send(page.bodies[coding]);
}

/** The organisation a page is for: its host's first label (`fjellkraft.localhost`), else the configured default. */
async function organisationOfHost(request: FastifyRequest, organisations: OrganisationsService, fallbackSlug: string): Promise<Organisation | null> {
  const labels = request.hostname.split(':')[0]?.split('.') ?? [];
  const fromHost = labels.length > 1 && labels[0] ? await organisations.findBySlug(labels[0]).catch(() => null) : null;
  // The page opens even while the database does not answer (it shows its own error then).
  return fromHost ?? (await organisations.findBySlug(fallbackSlug).catch(() => null));
}

/**
 * Serves the built back office under `/admin/` on every organisation's host (decision 0039):
 * files as the portal's (precompressed, hashed assets immutable), and every other address under
 * `/admin/` its page with the host's organisation filled in. Its policy allows its own files,
 * inline styles (Mantine sets style attributes) and data: images (the TOTP QR code); no framing.
 */
async function serveAdmin(app: FastifyInstance, dist: string, organisations: OrganisationsService, defaultOrganisation: string): Promise<Fallback | undefined> {
  const indexPath = path.join(dist, 'index.html');
  if (!fs.existsSync(indexPath)) return undefined;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/admin/',
    decorateReply: false,
    index: false,
    wildcard: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const pages = new BoundedCache<string, CompressedPage>({ capacity: 200, ttlMs: 60 * 60_000 });
  return async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A missing file of the build is a 404, never the page (a script would be read as HTML).
    if (request.method !== 'GET' || !/^\/admin(\/|$)/.test(pathname) || pathname.startsWith('/admin/assets/')) return false;
    if (pathname === '/admin') {
      await reply.redirect('/admin/', 301);
      return true;
    }
    const slug = (await organisationOfHost(request, organisations, defaultOrganisation))?.slug ?? defaultOrganisation;
    let page = pages.get(slug);
    if (!page) {
      page = compressPage(indexHtml.replace(/(<meta name="gridline-organisation" content=")[^"]*"/, `$1${slug}"`), ADMIN_CSP);
      pages.set(slug, page);
    }
    await sendPage(request, reply, page, ADMIN_CSP, 'accept-encoding');
    return true;
  };
}
