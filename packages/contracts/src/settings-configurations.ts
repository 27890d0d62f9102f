import { z } from 'zod';
import type { StaffScope } from './staff.ts';
import { SupportChat } from './support-chat.ts';

/**
 * Feature configurations (spec 002 §3 "Feature configuration field", §5, §6; issue 18, decision
 * 0057). A configuration is a named group of fields; each field says its type, its limits, who
 * may change it (per organisation scope) and whether customers may see it. One field list makes
 * the zod schema that the server checks and the back office's form, so both read one rule.
 *
 * Where they live in a release's `featureConfigurations`: a field's visibility decides its side.
 * `public.<configuration>` holds the public fields (they reach `GET /v3/settings/releases/{org}`),
 * `protected.<configuration>` the protected ones (staff and the server only). A configuration
 * with an on/off switch keeps it as `enabled` (a reserved key, never a field's) on the side its
 * switch names. The older keys stay where they were: `public.links`, `public.contact`,
 * `public.supportChat`, `protected.backOfficeAreas`, `protected.openId`.
 */

export const fieldTypes = [
  'string',
  'stringArray',
  'email',
  'emailArray',
  'url',
  'urlArray',
  'enum',
  'enumArray',
  'number',
  'boolean',
  'object',
  'objectArray',
] as const;
export type FieldType = (typeof fieldTypes)[number];
export const fieldVisibilities = ['public', 'protected'] as const;
export type FieldVisibility = (typeof fieldVisibilities)[number];
export const fieldPermissions = ['READ', 'READ/WRITE'] as const;
export type FieldPermission = (typeof fieldPermissions)[number];
/** The organisation scopes a field names (spec 002 §3); platform admins write what any of them may. */
export const configurationScopes = ['ORG_ADMIN', 'ORG_SUPPORT', 'ORG_MARKETING', 'ORG_DEVELOPER'] as const satisfies readonly StaffScope[];
export type ConfigurationScope = (typeof configurationScopes)[number];
/** Every configuration carries these itself; no field may take them (spec 002 §3, §5). */
export const reservedFieldKeys = ['enabled', 'visibleForCustomers'] as const;

/** The categories (spec 002 §3); the last two are private: none of their fields reach customers. */
export const configurationCategories = ['apiIntegration', 'customerSupport', 'bridge', 'brightNativeIntegrations', 'reports'] as const;
export type ConfigurationCategory = (typeof configurationCategories)[number];
export const privateCategories: readonly ConfigurationCategory[] = ['brightNativeIntegrations', 'reports'];

/** The "large default" maximum of strings, e-mails and URLs, of numbers, and the bound of every list (spec 002 §5). */
export const FIELD_MAX_LENGTH = 10_000;
export const FIELD_MAX_NUMBER = 1_000_000_000;
export const FIELD_MAX_ITEMS = 100;

export interface ConfigurationField {
  key: string;
  label: string;
  description?: string;
  type: FieldType;
  /** The choices of an enum or enum list. */
  options?: readonly string[];
  /** Length (string, e-mail, URL), value (number) or count (lists); min 0 and the large maximum unless given. */
  min?: number;
  max?: number;
  visibility: FieldVisibility;
  required?: boolean;
  /** What the field holds before anyone sets it (so releases stored before it existed still parse). */
  default?: unknown;
  permissions: Record<ConfigurationScope, FieldPermission>;
  /** The fields of an object or of each object of a list. */
  fields?: readonly ConfigurationField[];
  /** Error keys of the field's own rules in place of the general ones. */
  messages?: { tooShort?: string; required?: string };
}

const Permissions = z.object(
  Object.fromEntries(configurationScopes.map((s) => [s, z.enum(fieldPermissions)])) as Record<
    ConfigurationScope,
    z.ZodEnum<{ READ: 'READ'; 'READ/WRITE': 'READ/WRITE' }>
  >,
);

/** A field's description, as a list of fields is checked before it makes a schema. */
export const ConfigurationFieldSchema: z.ZodType<ConfigurationField> = z.lazy(() =>
  z
    .object({
      key: z
        .string()
        .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,59}$/, 'A field key is letters, digits and _, starting with a letter, at most 60 characters')
        .refine((key) => !(reservedFieldKeys as readonly string[]).includes(key), 'CONFIGURATION_RESERVED_KEY'),
      label: z.string().trim().min(1).max(200),
      description: z.string().max(1000).optional(),
      type: z.enum(fieldTypes),
      options: z.array(z.string().min(1).max(100)).min(1).max(FIELD_MAX_ITEMS).optional(),
      min: z.number().min(0).optional(),
      max: z.number().min(0).optional(),
      visibility: z.enum(fieldVisibilities),
      required: z.boolean().optional(),
      default: z.unknown().optional(),
      permissions: Permissions,
      fields: z.array(ConfigurationFieldSchema).max(FIELD_MAX_ITEMS).optional(),
      messages: z.object({ tooShort: z.string().optional(), required: z.string().optional() }).optional(),
    })
    .refine((f) => !['enum', 'enumArray'].includes(f.type) || (f.options?.length ?? 0) > 0, { message: 'An enum field needs options', path: ['options'] })
    .refine((f) => !['object', 'objectArray'].includes(f.type) || (f.fields?.length ?? 0) > 0, { message: 'An object field needs fields', path: ['fields'] })
    .refine((f) => f.min === undefined || f.max === undefined || f.min <= f.max, { message: 'min is above max', path: ['min'] })
    .refine((f) => new Set((f.fields ?? []).map((c) => c.key)).size === (f.fields ?? []).length, { message: 'Two fields have the same key', path: ['fields'] }),
);

/* From fields to a schema. */

/** `release`: the rules as a release is checked (required fields required); `stored`: every field optional, for reading releases stored before a field existed. */
export type SchemaMode = 'release' | 'stored';

const isArrayType = (type: FieldType) => type.endsWith('Array');
const required = (field: ConfigurationField) => field.messages?.required ?? 'CONFIGURATION_REQUIRED';
/** zod's error for a value of the wrong type: missing (undefined) is "required", anything else the field's own key. */
const typeError = (field: ConfigurationField, key: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? required(field) : key) });

/** The schema of one value of a field (one entry of a list type). */
function valueSchema(field: ConfigurationField, mode: SchemaMode): z.ZodType {
  const item = isArrayType(field.type) ? (field.type.replace('Array', '') as FieldType) : field.type;
  // On a list, min and max count the entries; each entry keeps the large default length.
  const min = isArrayType(field.type) ? 0 : (field.min ?? 0);
  const max = isArrayType(field.type) ? FIELD_MAX_LENGTH : (field.max ?? FIELD_MAX_LENGTH);
  switch (item) {
    case 'string': {
      // A required text is not blank.
      const least = Math.max(min, field.required && !isArrayType(field.type) ? 1 : 0);
      return z
        .string(typeError(field, 'CONFIGURATION_TEXT'))
        .trim()
        .min(least, field.messages?.tooShort ?? (least === 1 && min === 0 ? required(field) : 'CONFIGURATION_TOO_SHORT'))
        .max(max, 'CONFIGURATION_TOO_LONG');
    }
    case 'email':
      return z
        .string(typeError(field, 'CONFIGURATION_EMAIL'))
        .trim()
        .max(max, 'CONFIGURATION_TOO_LONG')
        .pipe(z.email({ message: 'CONFIGURATION_EMAIL' }));
    case 'url':
      return z
        .string(typeError(field, 'CONFIGURATION_URL'))
        .trim()
        .max(max, 'CONFIGURATION_TOO_LONG')
        .pipe(z.url({ protocol: /^https?$/, message: 'CONFIGURATION_URL' }));
    case 'number':
      return z.coerce
        .number(typeError(field, 'CONFIGURATION_NUMBER'))
        .min(field.min ?? 0, 'CONFIGURATION_NUMBER_TOO_SMALL')
        .max(field.max ?? FIELD_MAX_NUMBER, 'CONFIGURATION_NUMBER_TOO_LARGE');
    case 'enum':
      return z.enum((field.options ?? []) as [string, ...string[]], typeError(field, 'CONFIGURATION_OPTION'));
    case 'boolean':
      return z.boolean(typeError(field, 'CONFIGURATION_BOOLEAN'));
    case 'object':
      return z.object(fieldsObject(field.fields ?? [], mode).shape, typeError(field, 'CONFIGURATION_OBJECT'));
    default:
      return z.never();
  }
}

/** One field's schema: its value (a list bounded by min and max entries), then required, default or optional. */
export function fieldSchema(field: ConfigurationField, mode: SchemaMode = 'release'): z.ZodType {
  let schema = valueSchema(field, mode);
  if (isArrayType(field.type)) {
    const least = Math.max(field.min ?? 0, field.required ? 1 : 0);
    schema = z
      .array(schema, typeError(field, 'CONFIGURATION_LIST'))
      .min(least, least === 1 && !field.min ? required(field) : 'CONFIGURATION_TOO_FEW')
      .max(Math.min(field.max ?? FIELD_MAX_ITEMS, FIELD_MAX_ITEMS), 'CONFIGURATION_TOO_MANY');
  }
  if (field.default !== undefined) return schema.default(field.default as never);
  if (field.required && mode === 'release') return schema;
  return schema.optional();
}

/** The object of a list of fields. */
export function fieldsObject(fields: readonly ConfigurationField[], mode: SchemaMode = 'release'): z.ZodObject {
  return z.object(Object.fromEntries(fields.map((f) => [f.key, fieldSchema(f, mode)])));
}

/** The zod schema of a list of fields (spec 002 §5): the list checked first (reserved keys, options, limits). */
export function configurationSchema(fields: readonly ConfigurationField[], mode: SchemaMode = 'release'): z.ZodObject {
  z.array(ConfigurationFieldSchema).parse(fields);
  return fieldsObject(fields, mode);
}

/** The values of the fields' defaults (what a configuration holds before anyone changes it). */
export function defaultsOf(fields: readonly ConfigurationField[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f.default !== undefined).map((f) => [f.key, f.default]));
}

/* The known configurations (spec 002 §3, §5, §9). */

export interface ConfigurationDefinition {
  key: string;
  category: ConfigurationCategory;
  label: string;
  description: string;
  /** An on/off switch, stored as `enabled` beside the fields of its visibility. */
  switch?: { default: boolean; visibility: FieldVisibility; permissions: Record<ConfigurationScope, FieldPermission> };
  fields: readonly ConfigurationField[];
}

const everyone = (permission: FieldPermission): Record<ConfigurationScope, FieldPermission> => ({
  ORG_ADMIN: permission,
  ORG_SUPPORT: permission,
  ORG_MARKETING: permission,
  ORG_DEVELOPER: permission,
});
const writers = (...scopes: ConfigurationScope[]): Record<ConfigurationScope, FieldPermission> =>
  Object.fromEntries(configurationScopes.map((s) => [s, scopes.includes(s) ? 'READ/WRITE' : 'READ'])) as Record<ConfigurationScope, FieldPermission>;

export const integrationServiceTypes = [
  'consumption_trade',
  'consumption_grid',
  'production_trade',
  'production_grid',
  'broadband',
  'tv',
  'water',
  'heating',
  'cooling',
  'gas_trade',
  'gas_grid',
  'waste',
] as const;
export const integrationEnvironments = ['local', 'develop', 'staging', 'production'] as const;
export const wasteEnvironments = ['test', 'production'] as const;

export const knownConfigurations = [
  {
    key: 'customerSupport',
    category: 'customerSupport',
    label: 'Customer support',
    description: 'How customers reach support.',
    fields: [
      {
        key: 'accessibilityEmail',
        label: 'Accessibility support e-mail',
        description: 'Where customers write about the accessibility of the app and the portal.',
        type: 'email',
        visibility: 'public',
        required: true,
        permissions: writers('ORG_ADMIN', 'ORG_SUPPORT', 'ORG_MARKETING'),
      },
    ],
  },
  {
    key: 'generalIntegration',
    category: 'apiIntegration',
    label: 'General integration',
    description: "How the organisation's own systems are integrated.",
    fields: [
      {
        key: 'supportedServiceTypes',
        label: 'Supported service types',
        description: 'The service types the integration delivers. Set by the platform.',
        type: 'enumArray',
        options: integrationServiceTypes,
        max: integrationServiceTypes.length,
        visibility: 'protected',
        default: [...integrationServiceTypes],
        permissions: everyone('READ'),
      },
      {
        key: 'environmentsAllowingUserUpdates',
        label: 'Environments allowing user updates',
        description: 'Where customers may change their details through the integration.',
        type: 'enumArray',
        options: integrationEnvironments,
        max: integrationEnvironments.length,
        visibility: 'protected',
        default: ['local', 'develop'],
        permissions: writers('ORG_ADMIN', 'ORG_DEVELOPER'),
      },
      {
        key: 'validateResponse',
        label: 'Validate responses',
        description: "Check the integration's answers against their schema. Set by the platform.",
        type: 'boolean',
        visibility: 'protected',
        default: true,
        permissions: everyone('READ'),
      },
      {
        key: 'sendValidationResultsToLogger',
        label: 'Send validation results to the log',
        type: 'boolean',
        visibility: 'protected',
        default: false,
        permissions: writers('ORG_ADMIN', 'ORG_DEVELOPER'),
      },
    ],
  },
  {
    key: 'wasteIntegration',
    category: 'apiIntegration',
    label: 'Waste integration',
    description: 'Where waste collection events come from and how many the app shows.',
    fields: [
      {
        key: 'environment',
        label: 'Environment',
        type: 'enum',
        options: wasteEnvironments,
        visibility: 'protected',
        default: 'production',
        permissions: writers('ORG_ADMIN', 'ORG_DEVELOPER'),
      },
      {
        key: 'pathSuffix',
        label: 'Path suffix',
        type: 'string',
        max: 200,
        visibility: 'protected',
        default: '/Bright',
        permissions: writers('ORG_ADMIN', 'ORG_DEVELOPER'),
      },
      { key: 'testBaseUrl', label: 'Test base URL', type: 'url', max: 2000, visibility: 'protected', permissions: writers('ORG_ADMIN', 'ORG_DEVELOPER') },
      {
        key: 'historicalMonths',
        label: 'Historical months',
        type: 'number',
        min: 1,
        max: 6,
        visibility: 'protected',
        default: 3,
        permissions: writers('ORG_ADMIN', 'ORG_DEVELOPER'),
      },
      {
        key: 'upcomingEventsToFetch',
        label: 'Upcoming events to fetch',
        type: 'number',
        min: 1,
        max: 10,
        visibility: 'protected',
        default: 5,
        permissions: writers('ORG_ADMIN', 'ORG_DEVELOPER'),
      },
      {
        key: 'maxUpcomingToShow',
        label: 'Upcoming events to show',
        type: 'number',
        min: 3,
        max: 8,
        visibility: 'public',
        default: 3,
        permissions: writers('ORG_ADMIN', 'ORG_DEVELOPER', 'ORG_MARKETING'),
      },
      {
        key: 'maxHistoricalToShow',
        label: 'Past events to show',
        type: 'number',
        min: 3,
        max: 10,
        visibility: 'public',
        default: 3,
        permissions: writers('ORG_ADMIN', 'ORG_DEVELOPER', 'ORG_MARKETING'),
      },
    ],
  },
  {
    key: 'homeside',
    category: 'brightNativeIntegrations',
    label: 'Homeside',
    description: 'The Homeside heating integration.',
    switch: { default: false, visibility: 'protected', permissions: writers('ORG_ADMIN', 'ORG_DEVELOPER') },
    fields: [
      {
        key: 'accountName',
        label: 'Account name',
        type: 'string',
        min: 1,
        max: 200,
        visibility: 'protected',
        permissions: writers('ORG_ADMIN', 'ORG_DEVELOPER'),
        messages: { tooShort: 'HOMESIDE_ACCOUNT_NAME_EMPTY' },
      },
    ],
  },
  {
    key: 'ngenic',
    category: 'brightNativeIntegrations',
    label: 'Ngenic',
    description: 'The Ngenic heating integration.',
    switch: { default: true, visibility: 'protected', permissions: writers('ORG_ADMIN', 'ORG_DEVELOPER') },
    fields: [],
  },
] as const satisfies readonly ConfigurationDefinition[];
export type KnownConfigurationKey = (typeof knownConfigurations)[number]['key'];

/** A configuration's fields on one side, with its switch as a boolean field `enabled` where it sits there. */
export function sideFields(definition: ConfigurationDefinition, side: FieldVisibility): ConfigurationField[] {
  const fields: ConfigurationField[] = definition.fields.filter((f) => f.visibility === side);
  if (definition.switch?.visibility === side) {
    fields.unshift({
      key: 'enabled',
      label: 'Enabled',
      type: 'boolean',
      visibility: side,
      default: definition.switch.default,
      permissions: definition.switch.permissions,
    });
  }
  return fields;
}

/** The known configurations' objects on one side: in a release, each required where a field is required; stored, each defaulted. */
function sideShape(side: FieldVisibility, mode: SchemaMode): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const definition of knownConfigurations as readonly ConfigurationDefinition[]) {
    const fields = sideFields(definition, side);
    if (fields.length === 0) continue;
    const needed = mode === 'release' && fields.some((f) => f.required && f.default === undefined);
    // A configuration with a required field is required itself in a release (a draft leaves it out until it is written).
    shape[definition.key] = needed
      ? z.object(fieldsObject(fields, mode).shape, { error: (issue) => (issue.input === undefined ? 'CONFIGURATION_REQUIRED' : 'CONFIGURATION_OBJECT') })
      : fieldsObject(fields, mode).default(defaultsOf(fields) as never);
  }
  return shape;
}

const basePublic = {
  links: z.object({ appStore: z.url().optional(), googlePlay: z.url().optional() }).default({}),
  contact: z.object({ email: z.email().optional(), phone: z.string().max(40).optional() }).default({}),
  /** The support chat's provider and identifiers (spec 000 §2.2); no chat without it. */
  supportChat: SupportChat.optional(),
};

const baseProtected = {
  /** The back-office areas the organisation turns on (spec 002 §1; `areasOf` on the server). */
  backOfficeAreas: z.array(z.string().max(100)).max(20).optional(),
  /** The organisation's OpenID Connect client (issuer, clientId, …; its secret is a secret). */
  openId: z.record(z.string(), z.unknown()).optional(),
};

/** What customers (and the portal) may read of the configurations. */
export const PublicConfiguration = z.object({ ...basePublic, ...sideShape('public', 'stored') });
export type PublicConfiguration = z.infer<typeof PublicConfiguration>;
/** What only staff and the server read; keys not described here are kept as they are. */
export const ProtectedConfiguration = z.object({ ...baseProtected, ...sideShape('protected', 'stored') }).catchall(z.unknown());
export type ProtectedConfiguration = z.infer<typeof ProtectedConfiguration>;

/** The part as releases are read (lenient: every new field defaulted, so stored releases parse). */
export const StoredFeatureConfigurations = z.object({
  public: PublicConfiguration,
  protected: ProtectedConfiguration.default(() => ProtectedConfiguration.parse({})),
});

type Issue = { path: Array<string | number>; message: string };
const at = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);

/** The rules that join fields (spec 002 §5); a release is checked against them, a draft not yet. */
export function crossFieldIssues(part: unknown): Issue[] {
  const issues: Issue[] = [];
  const waste = at(part, 'protected', 'wasteIntegration');
  if (at(waste, 'environment') === 'test' && !at(waste, 'testBaseUrl'))
    issues.push({ path: ['protected', 'wasteIntegration', 'testBaseUrl'], message: 'WASTE_TEST_BASE_URL_REQUIRED' });
  const homeside = at(part, 'protected', 'homeside');
  if (at(homeside, 'enabled') === true && at(homeside, 'accountName') === undefined)
    issues.push({ path: ['protected', 'homeside', 'accountName'], message: 'HOMESIDE_ACCOUNT_NAME_REQUIRED' });
  return issues;
}

/** The part as a release holds it (`releasePartSchemas['feature-configurations']`): every field's rule, required fields, and the rules that join fields. */
export const FeatureConfigurationsRelease = z
  .object({
    public: z.object({ ...basePublic, ...sideShape('public', 'release') }),
    protected: z.object({ ...baseProtected, ...sideShape('protected', 'release') }).catchall(z.unknown()),
  })
  .superRefine((part, ctx) => {
    for (const issue of crossFieldIssues(part)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

/* Who may change what (spec 002 §6). */

/** Whether a staff scope may change a field: an organisation scope as the field says; a platform admin where any organisation scope may. */
export function mayWriteField(scope: StaffScope, permissions: Record<ConfigurationScope, FieldPermission>): boolean {
  if (scope === 'ADMIN') return Object.values(permissions).includes('READ/WRITE');
  return (configurationScopes as readonly string[]).includes(scope) && permissions[scope as ConfigurationScope] === 'READ/WRITE';
}

/** Each described field (and switch) of the known configurations with its path in the part. */
export function describedFields(): Array<{ path: [FieldVisibility, string, string]; definition: ConfigurationDefinition; field: ConfigurationField }> {
  return (knownConfigurations as readonly ConfigurationDefinition[]).flatMap((definition) =>
    fieldVisibilities.flatMap((side) =>
      sideFields(definition, side).map((field) => ({ path: [side, definition.key, field.key] as [FieldVisibility, string, string], definition, field })),
    ),
  );
}

/** Keys of the part not described by fields: writable by organisation and platform admins only. */
const adminOnly: ReadonlyArray<[FieldVisibility, string]> = [
  ['protected', 'backOfficeAreas'],
  ['protected', 'openId'],
];

/**
 * The fields a scope changed but may not (dotted paths): `before` and `after` are the part as
 * publishing would release it, read with their defaults so that a default filled in is no change.
 */
export function configurationWriteViolations(scope: StaffScope, before: unknown, after: unknown): string[] {
  const read = (value: unknown) => StoredFeatureConfigurations.safeParse(value ?? {}).data ?? value;
  const [b, a] = [read(before), read(after)];
  const same = (path: string[]) => JSON.stringify(at(b, ...path)) === JSON.stringify(at(a, ...path));
  const out = describedFields()
    .filter(({ path, field }) => !same(path) && !mayWriteField(scope, field.permissions))
    .map(({ path }) => path.join('.'));
  const admin = scope === 'ADMIN' || scope === 'ORG_ADMIN';
  const known = new Set([...Object.keys(baseProtected), ...(knownConfigurations as readonly ConfigurationDefinition[]).map((d) => d.key)]);
  const others = new Set(
    [...Object.keys((at(b, 'protected') as object | undefined) ?? {}), ...Object.keys((at(a, 'protected') as object | undefined) ?? {})].filter(
      (k) => !known.has(k),
    ),
  );
  for (const [side, key] of [...adminOnly, ...[...others].map((k) => ['protected', k] as [FieldVisibility, string])]) {
    if (!admin && !same([side, key])) out.push(`${side}.${key}`);
  }
  return out;
}
