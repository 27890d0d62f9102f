import { createHash, randomBytes } from 'node:crypto';
import {
  SYNC_ASSETS_MAX,
  SYNC_TOKEN_PREFIX,
  SYNC_TOKEN_TTL_MINUTES,
  type DeploymentEnvironment,
  type IssuedSyncToken,
  type SecretsSyncBundle,
  type SettingsSyncBundle,
  type SyncedAsset,
  type SyncTargetEnvironment,
  type SyncTargets,
} from '@gridline/contracts/environment-sync';
import type { SecretKey } from '@gridline/contracts/secrets';
import type { StaffScope } from '@gridline/contracts/staff';
import type { ErrorKey } from '@gridline/contracts/errors';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessService } from '../access/service.ts';
import type { AssetsService } from '../assets/service.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { Organisation, OrganisationsService } from '../organisations/service.ts';
import type { SecretsService } from '../secrets/service.ts';
import type { SettingsPublishing } from '../settings/publishing.ts';
import type { EnvironmentSyncRepository, SyncKind, SyncTokenRow } from './repository.ts';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The assets a release shows: every `/v3/assets/{id}` in it. */
export function assetIdsIn(content: unknown): string[] {
  const ids = new Set<string>();
  for (const match of JSON.stringify(content).matchAll(/\/v3\/assets\/([0-9a-f]{24})/g)) ids.add(match[1]!);
  return [...ids];
}

/** What the target answered, as the sender sees it. */
export type TargetAnswer =
  | { ok: true; data: unknown }
  | { ok: false; /** 0: no answer (`message` says why). */ status: number; key: string | undefined; message: string | undefined; data: unknown };

/** Sends a bundle to another installation's import call (`client.ts`; tests may give their own). */
export type SyncSender = (baseUrl: string, path: string, token: string, body: unknown) => Promise<TargetAnswer>;

/** How long the sender waits for the target. */
const TARGET_TIMEOUT_MS = 30_000;

/** The real sender: `fetch` to the configured address, no redirects (a bundle never follows one elsewhere). */
export const sendOverHttp: SyncSender = async (baseUrl, path, token, body) => {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(TARGET_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, status: 0, key: undefined, message: (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable', data: undefined };
  }
  const answer = (await response.json().catch(() => undefined)) as { data?: unknown; key?: string; message?: string } | undefined;
  if (response.ok && answer && 'data' in answer) return { ok: true, data: answer.data };
  return { ok: false, status: response.status, key: answer?.key, message: answer?.message, data: answer?.data };
};

/**
 * Environment sync (spec 002 §4, §7; issue 18, decision 0060). The sender reads the target's
 * address from its configuration and sends the organisation's live release (with the assets it
 * shows) or its secrets there, with a one-time token that a staff member of the same
 * organisation issued on the target. The target imports as that staff member could by hand.
 * Neither side stores or logs the token; both record an audit entry.
 */
export class EnvironmentSyncService {
  private readonly d: {
    repository: EnvironmentSyncRepository;
    access: AccessService;
    audit: AuditService;
    organisations: OrganisationsService;
    publishing: SettingsPublishing;
    secrets: SecretsService;
    assets: AssetsService;
    environment: DeploymentEnvironment;
    targets: Partial<Record<SyncTargetEnvironment, string>>;
    send?: SyncSender;
    now?: () => number;
  };

  constructor(deps: EnvironmentSyncService['d']) {
    this.d = deps;
  }

  private now(): Date {
    return new Date(this.d.now?.() ?? Date.now());
  }

  targets(): SyncTargets {
    return {
      environment: this.d.environment,
      targets: Object.entries(this.d.targets).map(([environment, url]) => ({ environment: environment as SyncTargetEnvironment, url })),
    };
  }

  /* Receiving: the token, then the imports. */

  async issueToken(staff: StaffClaims, context: StaffAuditContext, slug: string | undefined): Promise<IssuedSyncToken> {
    const organisation = await this.d.access.staffOrganisation(staff, slug, { required: true });
    const token = `${SYNC_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const now = this.now();
    const expiresAt = new Date(now.getTime() + SYNC_TOKEN_TTL_MINUTES * 60_000);
    const id = newId();
    await this.d.repository.insert({
      id,
      organisationId: organisation.id,
      hash: hashOf(token),
      adminId: staff.adminId,
      adminEmail: staff.email,
      adminScope: staff.scope,
      createdAt: now,
      expiresAt,
    });
    await this.d.audit.recordStaff(context, {
      organisationId: organisation.id,
      action: 'environment-sync.token.issue',
      subjectType: 'environment-sync-token',
      subjectId: id,
      data: { environment: this.d.environment, expiresAt: expiresAt.toISOString() },
    });
    return { token, organisation: organisation.slug, environment: this.d.environment, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The sync token a bearer header names, usable for one kind of import (401 otherwise). `peek`
   * checks it before the body is read; taking it marks the kind received, at most once.
   */
  async token(authorization: string | undefined, kind: SyncKind, options: { peek?: true } = {}): Promise<SyncTokenRow> {
    const match = /^Bearer (gls_[A-Za-z0-9_-]{43})$/.exec(authorization ?? '');
    const hash = match ? hashOf(match[1]!) : undefined;
    const token = hash ? await (options.peek ? this.d.repository.peek(hash, kind, this.now()) : this.d.repository.take(hash, kind, this.now())) : undefined;
    if (!token) throw new AppError('SYNC_TOKEN_INVALID');
    return token;
  }

  /** Runs an import with the token taken; a refused import gives the kind back, so a corrected bundle can be sent with the same token. */
  async withToken<T>(authorization: string | undefined, kind: SyncKind, importer: (token: SyncTokenRow) => Promise<T>): Promise<T> {
    const token = await this.token(authorization, kind);
    try {
      return await importer(token);
    } catch (error) {
      await this.d.repository.giveBack(token.id, kind);
      throw error;
    }
  }

  private async tokenOrganisation(token: SyncTokenRow, slug: string): Promise<Organisation> {
    const organisation = await this.d.organisations.findById(token.organisation_id);
    if (!organisation || organisation.slug !== slug) throw new AppError('SYNC_ORGANISATION_MISMATCH');
    return organisation;
  }

  /** The issuer as the import's actor: their claims for the rules, their audit context with this request's address. */
  private issuer(
    token: SyncTokenRow,
    request: Pick<StaffAuditContext, 'address' | 'userAgent' | 'requestId'>,
  ): { staff: StaffClaims; context: StaffAuditContext } {
    const staff: StaffClaims = {
      adminId: token.admin_id,
      email: token.admin_email,
      organisationId: token.organisation_id,
      scope: token.admin_scope as StaffScope,
      familyId: `sync:${token.id}`,
      authTime: Math.floor(this.now().getTime() / 1000),
      method: 'password',
      secondFactor: false,
    };
    return {
      staff,
      context: {
        actorType: 'admin',
        actorId: token.admin_id,
        actorEmail: token.admin_email,
        actorScope: token.admin_scope,
        actorMethod: 'sync-token',
        ...request,
      },
    };
  }

  async importSettings(
    token: SyncTokenRow,
    request: Pick<StaffAuditContext, 'address' | 'userAgent' | 'requestId'>,
    bundle: SettingsSyncBundle,
  ): Promise<{ version: number | null; assets: number }> {
    const organisation = await this.tokenOrganisation(token, bundle.organisation);
    const { staff, context } = this.issuer(token, request);
    const created = await this.d.assets.receive(context, organisation.id, bundle.assets, staff.email);
    let version: number | null;
    try {
      version = await this.d.publishing.importRelease(organisation, staff, context, bundle.content);
    } catch (error) {
      await this.d.assets.forget(organisation.id, created);
      throw error;
    }
    await this.d.audit.recordStaff(context, {
      organisationId: organisation.id,
      action: 'environment-sync.settings.receive',
      subjectType: 'settings-release',
      subjectId: version === null ? null : String(version),
      data: { from: bundle.source.environment, sourceVersion: bundle.source.version, version, assets: bundle.assets.map((a) => a.id) },
    });
    return { version, assets: bundle.assets.length };
  }

  async importSecrets(
    token: SyncTokenRow,
    request: Pick<StaffAuditContext, 'address' | 'userAgent' | 'requestId'>,
    bundle: SecretsSyncBundle,
  ): Promise<{ keys: SecretKey[] }> {
    const organisation = await this.tokenOrganisation(token, bundle.organisation);
    const { staff, context } = this.issuer(token, request);
    return { keys: await this.d.secrets.receive(staff, context, organisation, bundle.secrets, bundle.source.environment) };
  }

  /* Sending. */

  private target(environment: SyncTargetEnvironment): string {
    if (environment === this.d.environment) throw new AppError('SYNC_TARGET_IS_THIS_ENVIRONMENT');
    const url = this.d.targets[environment];
    if (!url) throw new AppError('SYNC_TARGET_NOT_CONFIGURED', { message: `This installation has no address for ${environment} (SYNC_TARGETS)` });
    return url;
  }

  /** Sends a bundle and turns the target's answer into this installation's: the token refused, the bundle refused (with the target's reason), or no answer. */
  private async send(url: string, path: string, token: string, body: unknown): Promise<unknown> {
    const answer = await (this.d.send ?? sendOverHttp)(url, path, token, body);
    if (answer.ok) return answer.data;
    if (answer.status === 0 || answer.status >= 500 || answer.status === 404)
      throw new AppError('SYNC_TARGET_UNREACHABLE', { message: `The target did not answer (${answer.status === 0 ? answer.message : answer.status})` });
    if (answer.key === 'SYNC_TOKEN_INVALID' || answer.key === 'SYNC_ORGANISATION_MISMATCH' || answer.status === 401) throw new AppError('SYNC_TOKEN_REFUSED');
    throw new AppError('SYNC_REFUSED_BY_TARGET', {
      data: {
        reason: (answer.key as ErrorKey | undefined) ?? 'VALIDATION_FAILED',
        message: answer.message ?? null,
        ...(typeof answer.data === 'object' && answer.data !== null && 'issues' in answer.data ? { issues: (answer.data as { issues: unknown }).issues } : {}),
      },
    });
  }

  async sendSettings(
    staff: StaffClaims,
    context: StaffAuditContext,
    body: { organisation?: string | undefined; targetEnvironment: SyncTargetEnvironment; token: string },
  ) {
    const organisation = await this.d.access.staffOrganisation(staff, body.organisation, { required: true });
    const url = this.target(body.targetEnvironment);
    const live = await this.d.publishing.liveForSync(organisation);
    const assets: SyncedAsset[] = await this.d.assets.forSync(organisation.id, assetIdsIn(live.content).slice(0, SYNC_ASSETS_MAX));
    const bundle: SettingsSyncBundle = {
      organisation: organisation.slug,
      source: { environment: this.d.environment, version: live.version },
      content: live.content,
      assets,
    };
    const answer = (await this.send(url, '/v3/settings/environment-sync/import/settings', body.token, bundle)) as { version: number | null; assets: number };
    await this.d.audit.recordStaff(context, {
      organisationId: organisation.id,
      action: 'environment-sync.settings.send',
      subjectType: 'settings-release',
      subjectId: String(live.version),
      data: { targetEnvironment: body.targetEnvironment, version: live.version, targetVersion: answer.version, assets: assets.map((a) => a.id) },
    });
    return { targetEnvironment: body.targetEnvironment, version: answer.version, assets: answer.assets };
  }

  async sendSecrets(
    staff: StaffClaims,
    context: StaffAuditContext,
    body: { organisation?: string | undefined; targetEnvironment: SyncTargetEnvironment; token: string },
  ) {
    const organisation = await this.d.access.staffOrganisation(staff, body.organisation, { required: true });
    const url = this.target(body.targetEnvironment);
    const secrets = await this.d.secrets.valuesForSync(staff, context, organisation, body.targetEnvironment);
    const bundle: SecretsSyncBundle = { organisation: organisation.slug, source: { environment: this.d.environment }, secrets };
    const answer = (await this.send(url, '/v3/settings/environment-sync/import/secrets', body.token, bundle)) as { keys: SecretKey[] };
    return { targetEnvironment: body.targetEnvironment, keys: answer.keys };
  }
}
