import { endpoint } from '../endpoint.ts';
import {
  EnvironmentSyncRequest,
  IssuedSyncToken,
  IssueSyncTokenRequest,
  SecretsImportResult,
  SecretsSyncBundle,
  SecretsSyncResult,
  settingsSyncers,
  SettingsImportResult,
  SettingsSyncBundle,
  SettingsSyncResult,
  SYNC_TOKEN_TTL_MINUTES,
  SyncTargets,
} from '../environment-sync.ts';
import { secretReaders } from '../secrets.ts';

/*
 * Environment sync (spec 002 §4, §7; decision 0060). The sender's calls take the target
 * environment and a one-time token issued by the target; the sender reads the target's address
 * from its own configuration and sends the bundle there. The target's import calls take that
 * token as their bearer (nothing else opens them), and check the bundle as their own release and
 * secrets rules would.
 */

/** Who sends or receives settings, secrets, or both. */
const eitherSyncer = [...new Set([...settingsSyncers, ...secretReaders])];
const example = { organisation: 'solvik', targetEnvironment: 'staging', token: `gls_${'A'.repeat(43)}` } as const;
const senderKeys = [
  'SYNC_TARGET_UNKNOWN',
  'MALFORMED_SYNC_TOKEN',
  'UNKNOWN_ORGANISATION',
  'NOT_FOUND',
  'SYNC_TARGET_NOT_CONFIGURED',
  'SYNC_TARGET_IS_THIS_ENVIRONMENT',
  'SYNC_TARGET_UNREACHABLE',
  'SYNC_TOKEN_REFUSED',
  'SYNC_REFUSED_BY_TARGET',
] as const;
const importDescription = `The bearer is a sync token the target issued (\`POST /v3/settings/environment-sync/tokens\`, ${SYNC_TOKEN_TTL_MINUTES} minutes, once per kind) for the organisation the bundle names; any other bearer is 401 \`SYNC_TOKEN_INVALID\`.`;

export const getSyncTargets = endpoint({
  method: 'GET',
  path: '/v3/settings/environment-sync',
  operationId: 'getSyncTargets',
  tag: 'environment sync',
  summary: "This installation's environment and the target environments it may sync to",
  description: "The targets come from the installation's configuration (`SYNC_TARGETS`); none are configured by default.",
  auth: { scopes: eitherSyncer },
  response: { data: SyncTargets },
  errors: [],
});

export const syncSettings = endpoint({
  method: 'POST',
  path: '/v3/settings/environment-sync',
  operationId: 'syncSettings',
  tag: 'environment sync',
  summary: "Copy the organisation's live settings release (and the assets it shows) to a target environment",
  description:
    'The target publishes the release as its next version (or answers `version: null` when its live settings are these already). A target that requires four-eyes approval refuses (`SYNC_REFUSED_BY_TARGET` with its reason). ' +
    'The token is never stored or logged here; the audit entry names the target environment and version.',
  auth: { scopes: settingsSyncers },
  body: EnvironmentSyncRequest,
  response: { data: SettingsSyncResult },
  errors: [...senderKeys],
  examples: { body: example },
});

export const syncSecrets = endpoint({
  method: 'POST',
  path: '/v4/secrets/environment-sync',
  operationId: 'syncSecrets',
  tag: 'environment sync',
  summary: "Copy the organisation's secrets that the caller reaches to a target environment",
  description:
    'Only the secrets that hold a value and that the caller reaches (an organisation admin: the customer-facing ones) are sent, over the configured https address; the target seals them with its own keys. ' +
    'The answer and the audit entries name the keys, never the values.',
  auth: { scopes: secretReaders },
  body: EnvironmentSyncRequest,
  response: { data: SecretsSyncResult },
  errors: [...senderKeys],
  examples: { body: example },
});

export const issueSyncToken = endpoint({
  method: 'POST',
  path: '/v3/settings/environment-sync/tokens',
  operationId: 'issueSyncToken',
  tag: 'environment sync',
  summary: `A one-time token (${SYNC_TOKEN_TTL_MINUTES} minutes) that lets another installation send this organisation its settings or secrets`,
  description:
    "Issued where the settings should arrive, pasted where they are sent from. It carries the issuer's scope: an import of secrets writes only the keys the issuer reaches. Stored as its SHA-256; answered this once.",
  auth: { scopes: eitherSyncer },
  body: IssueSyncTokenRequest,
  response: { data: IssuedSyncToken },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { body: { organisation: 'solvik' } },
});

export const importSettings = endpoint({
  method: 'PUT',
  path: '/v3/settings/environment-sync/import/settings',
  operationId: 'importSettings',
  tag: 'environment sync',
  summary: "Receive another installation's live settings release and publish it here",
  description: `${importDescription} The release is checked by this installation's rules; the assets it shows are checked and sanitised as uploads are.`,
  auth: 'none',
  body: SettingsSyncBundle,
  response: { data: SettingsImportResult },
  errors: ['SYNC_TOKEN_INVALID', 'SYNC_ORGANISATION_MISMATCH', 'SETTINGS_RELEASE_INVALID', 'APPROVAL_REQUIRED', 'CHANGE_REQUEST_OPEN', 'FORBIDDEN'],
});

export const importSecrets = endpoint({
  method: 'PUT',
  path: '/v3/settings/environment-sync/import/secrets',
  operationId: 'importSecrets',
  tag: 'environment sync',
  summary: "Receive another installation's secrets and seal them here",
  description: `${importDescription} A key the token's issuer does not reach is refused (403) and nothing is written.`,
  auth: 'none',
  body: SecretsSyncBundle,
  response: { data: SecretsImportResult },
  errors: ['SYNC_TOKEN_INVALID', 'SYNC_ORGANISATION_MISMATCH', 'FORBIDDEN'],
});
