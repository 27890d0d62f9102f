import { z } from 'zod';
import { ASSET_MAX_BASE64_LENGTH, AssetKind } from './assets.ts';
import { BoundedText, Slug } from './common.ts';
import { SecretKey } from './secrets.ts';
import type { StaffScope } from './staff.ts';

/*
 * Environment sync (spec 001 §9, spec 002 §4, §7; issue 18, decision 0060): an organisation's
 * published settings, and its secrets, copied from this Gridline installation to another one of
 * the same provider (local, staging or develop). The target's address comes from this
 * installation's configuration, never from a request; the token is a one-time sync token that a
 * staff member of the same organisation issued in the target's back office.
 */

/** Where an installation runs (spec 001 §9: determined from the host name unless configured). */
export const DeploymentEnvironment = z.enum(['production', 'staging', 'develop', 'local']);
export type DeploymentEnvironment = z.infer<typeof DeploymentEnvironment>;

/** Where settings and secrets may be synchronised to (spec 001 §9): never production. */
export const SyncTargetEnvironment = z.enum(['local', 'staging', 'develop'], { message: 'SYNC_TARGET_UNKNOWN' });
export type SyncTargetEnvironment = z.infer<typeof SyncTargetEnvironment>;
export const syncTargetEnvironments = SyncTargetEnvironment.options;

/** Who may send or receive an organisation's settings: those who may publish them. */
export const settingsSyncers = ['ADMIN', 'ORG_ADMIN', 'ORG_DEVELOPER'] as const satisfies readonly StaffScope[];

/** Every sync token starts with this (never taken for a JWT or an API token; easy to find in a leak). */
export const SYNC_TOKEN_PREFIX = 'gls_';
/** How long an issued sync token may be used: long enough to paste, short enough to be worthless later. */
export const SYNC_TOKEN_TTL_MINUTES = 15;
export const SyncToken = z.string().regex(/^gls_[A-Za-z0-9_-]{43}$/, 'MALFORMED_SYNC_TOKEN');

/** `GET /v3/settings/environment-sync`: this installation and the targets it is configured to reach. */
export const SyncTargets = z.object({
  environment: DeploymentEnvironment,
  targets: z.array(z.object({ environment: SyncTargetEnvironment, url: z.string() })),
});
export type SyncTargets = z.infer<typeof SyncTargets>;

/** `POST /v3/settings/environment-sync` and `POST /v4/secrets/environment-sync` (spec 002 §7: targetEnvironment and token). */
export const EnvironmentSyncRequest = z.strictObject({
  /** The organisation's slug; organisation staff may leave it out (their own). */
  organisation: Slug.optional(),
  targetEnvironment: SyncTargetEnvironment,
  token: SyncToken,
});
export type EnvironmentSyncRequest = z.input<typeof EnvironmentSyncRequest>;

/** `POST /v3/settings/environment-sync/tokens`: a one-time token for the staff member's organisation. */
export const IssueSyncTokenRequest = z.strictObject({ organisation: Slug.optional() });
export const IssuedSyncToken = z.object({
  token: z.string(),
  organisation: z.string(),
  environment: DeploymentEnvironment,
  expiresAt: z.string(),
});
export type IssuedSyncToken = z.infer<typeof IssuedSyncToken>;

/** An asset a release refers to (`/v3/assets/{id}`), carried with it so the target can show it. */
export const SyncedAsset = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{24}$/, 'MALFORMED_ID'),
  name: BoundedText(200, { min: 1 }),
  kind: AssetKind,
  contentType: z.string().max(100),
  /** The bytes, base64 (checked and sanitised again by the target, as an upload is). */
  content: z
    .string()
    .max(ASSET_MAX_BASE64_LENGTH, 'ASSET_TOO_LARGE')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'ASSET_NOT_BASE64'),
});
export type SyncedAsset = z.infer<typeof SyncedAsset>;

/** At most this many assets travel with one release (a logo, a favicon, backgrounds, module images). */
export const SYNC_ASSETS_MAX = 20;

/** `PUT /v3/settings/environment-sync/import/settings` on the target: the source's live release. */
export const SettingsSyncBundle = z.strictObject({
  organisation: Slug,
  source: z.strictObject({ environment: DeploymentEnvironment, version: z.number().int().min(1) }),
  /** Every part of the release (without the parts' ids), checked by the target's release rules. */
  content: z.record(z.string(), z.unknown()),
  assets: z.array(SyncedAsset).max(SYNC_ASSETS_MAX),
});
export type SettingsSyncBundle = z.infer<typeof SettingsSyncBundle>;

/** `PUT /v3/settings/environment-sync/import/secrets` on the target: the values the sender reaches. */
export const SecretsSyncBundle = z.strictObject({
  organisation: Slug,
  source: z.strictObject({ environment: DeploymentEnvironment }),
  secrets: z.array(z.strictObject({ key: SecretKey, value: BoundedText(10_000, { min: 1, multiline: true }) })).max(100),
});
export type SecretsSyncBundle = z.infer<typeof SecretsSyncBundle>;

/** What a sync did, as the sender reports it (the target's answer, relayed). */
export const SettingsSyncResult = z.object({
  targetEnvironment: SyncTargetEnvironment,
  /** The version the target published, or null when its live settings already were these. */
  version: z.number().int().nullable(),
  assets: z.number().int(),
});
export type SettingsSyncResult = z.infer<typeof SettingsSyncResult>;

export const SecretsSyncResult = z.object({
  targetEnvironment: SyncTargetEnvironment,
  /** The keys written on the target (never their values). */
  keys: z.array(SecretKey),
});
export type SecretsSyncResult = z.infer<typeof SecretsSyncResult>;

/** The target's own answers to an import. */
export const SettingsImportResult = z.object({ version: z.number().int().nullable(), assets: z.number().int() });
export const SecretsImportResult = z.object({ keys: z.array(SecretKey) });
