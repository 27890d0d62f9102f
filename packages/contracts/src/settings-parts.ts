import { z } from 'zod';
import { Id } from './common.ts';
import type { StaffScope } from './staff.ts';
import { FeatureConfigurationsRelease } from './settings-configurations.ts';
import { BackOfficePages } from './settings-flags.ts';
import { ModulesPart } from './settings-modules.ts';
import { PortalFlags, ReleaseTheme } from './settings.ts';
import { checkTheme } from './settings-theme.ts';

/**
 * The five parts of an organisation's settings (spec 002 §3 "Draft and release", §7; issue 18,
 * decision 0054): each is edited as a draft and published as part of a release. A draft is
 * partial (what staff have changed so far); a release part is whole and carries an id, kept
 * while the part is unchanged and new whenever a release changes it.
 */

export const settingsParts = ['themes', 'feature-flags', 'modules', 'feature-configurations', 'custom-favorites'] as const;
export const SettingsPart = z.enum(settingsParts, { message: 'UNKNOWN_SETTINGS_PART' });
export type SettingsPart = z.infer<typeof SettingsPart>;

/** Where each part sits in a release's content. */
export const partKey = {
  themes: 'theme',
  'feature-flags': 'featureFlags',
  modules: 'modules',
  'feature-configurations': 'featureConfigurations',
  'custom-favorites': 'customFavorites',
} as const satisfies Record<SettingsPart, string>;
export type PartKey = (typeof partKey)[SettingsPart];

/** Staff who edit drafts, ask for and give approval and publish: an organisation's admins, marketers and developers, and platform admins. */
export const settingsEditors = ['ADMIN', 'ORG_ADMIN', 'ORG_MARKETING', 'ORG_DEVELOPER'] as const satisfies readonly StaffScope[];
/** Staff who read drafts, releases and change requests. */
export const settingsReaders = ['ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_MARKETING', 'ORG_DEVELOPER', 'ORG_SUPPORT', 'ORG_USER'] as const satisfies readonly StaffScope[];

/* The custom favorites (spec 002 §3 "Custom favorite"). */

export const pollingFrequencies = ['once', 'occasionally', 'often'] as const;
export const CustomFavorite = z
  .object({
    id: Id,
    remoteId: z.string().trim().min(1, 'CUSTOM_FAVORITE_REMOTE_ID_REQUIRED').max(100),
    title: z.string().trim().min(1, 'CUSTOM_FAVORITE_TITLE_REQUIRED').max(100),
    navigation: z
      .object({
        webviewUrl: z.url({ protocol: /^https$/, message: 'CUSTOM_FAVORITE_URL' }).max(2000).optional(),
        appNavigation: z.string().max(100).optional(),
      })
      .refine((n) => Boolean(n.webviewUrl) !== Boolean(n.appNavigation), { message: 'CUSTOM_FAVORITE_NAVIGATION' }),
    pollingFrequency: z.enum(pollingFrequencies),
    testCustomerIds: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
    icon: z.object({ type: z.string().min(1).max(40), name: z.string().min(1).max(100) }).optional(),
  })
  .strict();
export type CustomFavorite = z.infer<typeof CustomFavorite>;

/**
 * Each part's whole content as a release holds it, without its id. The theme, the modules and the
 * feature configurations grow with their editors (issue 18); a release is checked against these.
 */
export const releasePartSchemas = {
  themes: ReleaseTheme.omit({ id: true }).superRefine(checkTheme),
  'feature-flags': z.object({ flags: PortalFlags, backOfficePages: BackOfficePages }),
  modules: ModulesPart,
  'feature-configurations': FeatureConfigurationsRelease,
  'custom-favorites': z.object({ items: z.array(CustomFavorite).max(50).default([]) }),
} as const satisfies Record<SettingsPart, z.ZodType>;

/**
 * The schema a draft is checked against: every object's fields optional at every depth (a draft
 * is what staff have changed so far), lists and values as the release has them. Rules that join
 * several fields (refinements of an object) wait for the release.
 */
export function draftSchema(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { def: { type: string } }).def;
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => [key, draftSchema(field).optional()]));
    const strict = (def as { catchall?: z.ZodType }).catchall instanceof z.ZodNever;
    return strict ? z.strictObject(shape) : z.object(shape);
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) return draftSchema(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return draftSchema(schema.unwrap() as z.ZodType).nullable();
  return schema;
}

/** Draft content of each part: partial; the custom favorites' draft is the list itself (spec 002 §7). */
export const draftPartSchemas = {
  // The theme's contrast rules also hold for every pair a draft holds whole (decision 0055).
  themes: draftSchema(releasePartSchemas.themes).superRefine(checkTheme),
  'feature-flags': draftSchema(releasePartSchemas['feature-flags']),
  modules: draftSchema(releasePartSchemas.modules),
  'feature-configurations': draftSchema(releasePartSchemas['feature-configurations']),
  'custom-favorites': z.array(CustomFavorite).max(50),
} as const satisfies Record<SettingsPart, z.ZodType>;

/** A draft of one part as staff read it: its content, what is live, and who changed it last. */
export const SettingsDraft = z.object({
  part: SettingsPart,
  /** The draft's own content (partial), `null` when there is none. */
  content: z.unknown(),
  /** What publishing would release: the draft over the live part (whole when it passes the release's rules). */
  merged: z.record(z.string(), z.unknown()),
  /** The live part's content. */
  live: z.record(z.string(), z.unknown()),
  /** Bumped by every change; an approval and a schedule bind to it. */
  revision: z.number().int(),
  /** Whether publishing the draft would change the live part. */
  changed: z.boolean(),
  /** The rules the merged content breaks for a release (empty when it could be published). */
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type SettingsDraft = z.infer<typeof SettingsDraft>;

/* Releases. */

/** One release of an organisation: a version of the whole settings, with the parts it changed. */
export const ReleaseSummary = z.object({
  id: Id,
  version: z.number().int(),
  parts: z.array(SettingsPart),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  comment: z.string().nullable(),
  /** The version whose content this release brought back (a rollback). */
  rollbackOf: z.number().int().nullable(),
  /** Ties together this release's audit entries. */
  groupId: z.string().nullable(),
  /** Whether it is the release in force. */
  live: z.boolean(),
});
export type ReleaseSummary = z.infer<typeof ReleaseSummary>;

/** One part as a release holds it (`GET releases/themes/{org}` and the others): the part with its id and its release. */
export const PartRelease = z.object({
  id: Id,
  part: SettingsPart,
  releaseId: Id,
  version: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  live: z.boolean(),
  content: z.record(z.string(), z.unknown()),
});
export type PartRelease = z.infer<typeof PartRelease>;

/* Comparing two states: the draft, the live release, or any version. */

/** `draft`, `live`, or a release's version number. */
export const SettingsState = z.union([z.enum(['draft', 'live']), z.coerce.number().int().min(1).max(1_000_000)], { message: 'SETTINGS_STATE' });

export const SettingsChange = z.object({
  part: SettingsPart,
  /** The field's path inside the part, dotted (`primaryColor`, `items.2.title`). */
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  before: z.unknown(),
  after: z.unknown(),
});
export type SettingsChange = z.infer<typeof SettingsChange>;

/** Field by field, where two values differ: objects by key, lists by position, anything else by value. */
export function diffValues(part: SettingsPart, before: unknown, after: unknown, path = ''): SettingsChange[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => k !== 'id').sort();
    return keys.flatMap((key) => diffValues(part, before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) => diffValues(part, before[i], after[i], path ? `${path}.${i}` : String(i))).flat();
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (before === undefined) return [{ part, path, kind: 'added', before: null, after }];
  if (after === undefined) return [{ part, path, kind: 'removed', before, after: null }];
  return [{ part, path, kind: 'changed', before, after }];
}

/* Publishing: change requests, approval, schedules. */

export const changeRequestStatuses = ['open', 'approved', 'scheduled', 'suspended', 'published', 'cancelled'] as const;
export const ChangeRequestStatus = z.enum(changeRequestStatuses);
export type ChangeRequestStatus = z.infer<typeof ChangeRequestStatus>;

/**
 * What a comment the system wrote says, as a key the back office words in the reader's language
 * (`releases.comments.systemTexts.<key>`); `text` keeps the English sentence for other readers.
 * Comments stored before the keys (decision 0061) have none and show their text.
 */
export const changeRequestSystemKeys = [
  /** A draft changed after the approval: the approval is taken back. Params: `part`. */
  'approvalWithdrawn',
  /** The same, of a scheduled request: its schedule waits for a new approval. Params: `part`. */
  'approvalWithdrawnScheduled',
  /** A draft changed after the request was scheduled (no approval required). Params: `part`. */
  'scheduleSuspended',
  /** Approved without a comment. */
  'approved',
  /** The scheduler could not publish at the time. Params: `error` (an error key). */
  'notPublishedAtTime',
] as const;
export const ChangeRequestSystemKey = z.enum(changeRequestSystemKeys);
export type ChangeRequestSystemKey = z.infer<typeof ChangeRequestSystemKey>;

export const ChangeRequestComment = z.object({
  id: Id,
  author: z.string(),
  text: z.string(),
  /** A comment the system wrote (approval reset, schedule suspended). */
  system: z.boolean(),
  /** What a system comment says, for the reader's language (absent on people's comments and older rows). */
  systemKey: ChangeRequestSystemKey.optional(),
  /** The values the system comment's words need (a part's name, an error key). */
  params: z.record(z.string(), z.string()).optional(),
  createdAt: z.string(),
});
export type ChangeRequestComment = z.infer<typeof ChangeRequestComment>;

/**
 * A request to publish drafts: what it publishes, who asked, who approved, when it publishes.
 * Without four-eyes approval a request publishes at once (or at its time); with it, a second
 * editor approves first, and a change to a draft after the approval takes the approval back.
 */
export const ChangeRequest = z.object({
  id: Id,
  parts: z.array(SettingsPart),
  status: ChangeRequestStatus,
  title: z.string(),
  author: z.string(),
  createdAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** The release it made. */
  releaseVersion: z.number().int().nullable(),
  /** The draft revisions it was made from (an approval or a schedule holds for these). */
  revisions: z.partialRecord(SettingsPart, z.number().int()),
  comments: z.array(ChangeRequestComment),
  /** What it would change (while open) or changed. */
  changes: z.array(SettingsChange),
});
export type ChangeRequest = z.infer<typeof ChangeRequest>;

const Instant = z.iso.datetime({ offset: true, message: 'INVALID_DATE' });

export const CreateChangeRequest = z
  .object({
    parts: z.array(SettingsPart).min(1, 'SETTINGS_PARTS_REQUIRED').max(settingsParts.length),
    title: z.string().trim().min(1, 'CHANGE_REQUEST_TITLE_REQUIRED').max(200),
    comment: z.string().trim().max(2000).optional(),
    /** Publish at this time instead of at once (after approval, where it is required). */
    scheduledAt: Instant.optional(),
  })
  .strict();
export type CreateChangeRequest = z.infer<typeof CreateChangeRequest>;

export const ScheduleBody = z.object({ scheduledAt: Instant.nullable() }).strict();
export const RollbackBody = z.object({ comment: z.string().trim().max(2000).optional() }).strict();

export const CommentBody = z.object({ text: z.string().trim().min(1, 'COMMENT_REQUIRED').max(2000) }).strict();

/** The organisation's publishing rule. */
export const PublishingPolicy = z.object({ approvalRequired: z.boolean() });
