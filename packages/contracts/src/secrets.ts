import { z } from 'zod';
import { BoundedText, Slug } from './common.ts';
import type { AccessScope } from './enums.ts';

/*
 * An organisation's integration secrets (spec 002 §3 Secret, §5, §6, §7; issue 16): API keys and
 * passwords of the outside services an organisation's integrations call. Values are sealed at
 * rest (AES-256-GCM, `lib/sealing.ts`) and never answered except by the one call that reads a
 * value; metadata never carries it.
 */

/** The categories of spec 002 §3. */
export const SecretCategory = z.enum(['Hark', 'UtilityCloudIntegration', 'BFUSIntegration']);
export type SecretCategory = z.infer<typeof SecretCategory>;

export interface SecretDefinition {
  readonly key: string;
  readonly category: SecretCategory;
  /**
   * Customer facing (spec 002 §3, §6): the secret belongs to a feature the organisation's
   * customers use. Spec 002 derives it from the related feature configuration's
   * `visibleForCustomers`; until the feature configurations are editable (issue 18) it is a fixed
   * property of each key, the value that configuration has for every organisation today.
   */
  readonly customerFacing: boolean;
  /** The feature configuration the secret belongs to. */
  readonly featureConfiguration: string;
  readonly description: string;
}

/** The defined keys, checked once: a key named twice is refused here, when the list is defined (spec 002 §5). */
export function defineSecretKeys<const D extends readonly SecretDefinition[]>(definitions: D): D {
  const seen = new Set<string>();
  for (const definition of definitions) {
    if (seen.has(definition.key)) throw new Error(`The secret key ${definition.key} is defined twice`);
    if (!/^[a-zA-Z][a-zA-Z0-9]{1,63}$/.test(definition.key)) throw new Error(`The secret key ${definition.key} is not a name of letters and digits`);
    seen.add(definition.key);
  }
  return definitions;
}

export const secretDefinitions = defineSecretKeys([
  // Hark: the energy monitor customers pair with their home in the portal and the app (customer facing).
  { key: 'harkClientId', category: 'Hark', customerFacing: true, featureConfiguration: 'hark', description: "The organisation's Hark partner client id" },
  { key: 'harkApiKey', category: 'Hark', customerFacing: true, featureConfiguration: 'hark', description: "The organisation's Hark partner API key" },
  { key: 'harkWebhookSecret', category: 'Hark', customerFacing: true, featureConfiguration: 'hark', description: "The secret Hark signs its webhooks with" },
  // Utility Cloud: the provider's customer and metering system (behind the scenes).
  { key: 'utilityCloudClientId', category: 'UtilityCloudIntegration', customerFacing: false, featureConfiguration: 'utilityCloudIntegration', description: 'The OAuth client id of the Utility Cloud integration' },
  { key: 'utilityCloudClientSecret', category: 'UtilityCloudIntegration', customerFacing: false, featureConfiguration: 'utilityCloudIntegration', description: 'The OAuth client secret of the Utility Cloud integration' },
  // BFUS: the billing system's integration (behind the scenes).
  { key: 'bfusUsername', category: 'BFUSIntegration', customerFacing: false, featureConfiguration: 'bfusIntegration', description: 'The user the BFUS integration signs in as' },
  { key: 'bfusPassword', category: 'BFUSIntegration', customerFacing: false, featureConfiguration: 'bfusIntegration', description: "That user's password" },
]);

type DefinedKey = (typeof secretDefinitions)[number]['key'];
export const SecretKey = z.enum(secretDefinitions.map((d) => d.key) as [DefinedKey, ...DefinedKey[]]);
export type SecretKey = z.infer<typeof SecretKey>;

export const secretDefinitionOf = (key: SecretKey): SecretDefinition => secretDefinitions.find((d) => d.key === key)!;

/**
 * Who may touch secrets (spec 002 §6): ADMIN, SUPPORT and SERVICE always; ORG_ADMIN only those
 * that are customer facing (another is 403); nobody else. No staff token carries SERVICE today:
 * it is listed so that the service scope of spec 002 keeps its right when such tokens exist.
 */
export const secretReaders = ['ADMIN', 'SUPPORT', 'SERVICE', 'ORG_ADMIN'] as const satisfies readonly AccessScope[];
/** The scopes that reach every secret; the others of `secretReaders` only the customer-facing ones. */
export const secretScopesForAll = ['ADMIN', 'SUPPORT', 'SERVICE'] as const satisfies readonly AccessScope[];

/** A secret without its value (spec 002 §3: metadata omits the value). Every defined key is answered; `set` says whether it holds a value. */
export const SecretMeta = z.object({
  /** The stored secret's id; null while the key holds no value. */
  _id: z.string().nullable(),
  key: SecretKey,
  category: SecretCategory,
  customerFacing: z.boolean(),
  description: z.string(),
  organisation: z.string(),
  set: z.boolean(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** The e-mail of the staff member who last wrote it. */
  updatedBy: z.string().nullable(),
});
export type SecretMeta = z.infer<typeof SecretMeta>;

/** A secret with its value: the answer of `GET /v4/secrets/{organisation}/{key}` only. */
export const Secret = SecretMeta.extend({ value: z.string() });
export type Secret = z.infer<typeof Secret>;

export const SECRET_VALUE_MAX = 8_192;
/** A secret's value (spec 002 §5): trimmed, at least one character; a PEM key may span lines. */
export const SecretValue = BoundedText(SECRET_VALUE_MAX, { multiline: true }).refine((value) => value.trim().length > 0, 'EMPTY: at least one character besides spaces');

export const SecretWriteRequest = z.strictObject({ value: SecretValue });
export type SecretWriteRequest = z.infer<typeof SecretWriteRequest>;

export const SecretsMetaQuery = z.object({
  /** The organisation's slug (platform staff name it; organisation staff may leave it out). */
  organisation: Slug.optional(),
});
