import { z } from 'zod';
import { BoundedText, Id, Slug } from './common.ts';
import { Language } from './enums.ts';
import { StaffEmail, StaffScope, type StaffScope as StaffScopeType } from './staff.ts';

/*
 * The rest of the back office's bridge calls (spec 001 §3, §7; spec 002 §7 "Other bridge calls",
 * §9; issue 17, decision 0050): clearing the server's caches, premium features per account, the
 * test e-mail and its deep links, the push and inbox message calls (validated, answered
 * INBOX_NOT_AVAILABLE until the inbox exists), the bridge's session check and its dashboards.
 */

/* Caches (`DELETE /v3/cache/{key}`). */

/**
 * The caches a staff member may clear, each kept in every API process: `copy` the merged copy
 * texts (30 s), `settings` the organisations with their published release (30 s), `members` the
 * member reads of decision 0033 (`users/me`, an account's locations and invoices), `all` the
 * three.
 */
export const cacheKeys = ['copy', 'settings', 'members', 'all'] as const;
export const CacheKey = z.enum(cacheKeys, { error: 'UNKNOWN_CACHE_KEY' });
export type CacheKey = z.infer<typeof CacheKey>;
/** Who may clear caches: the platform admin (everywhere or one organisation), an organisation admin (their own organisation's entries). */
export const cacheClearers = ['ADMIN', 'ORG_ADMIN'] as const satisfies readonly StaffScopeType[];
export const ClearCacheQuery = z.object({ organisation: Slug.optional() });
export const ClearedCaches = z.object({
  /** The caches cleared (`all` names each). */
  cleared: z.array(CacheKey),
  /** The organisation whose entries were cleared; null: every organisation's (platform admin only). */
  organisation: z.string().nullable(),
});
export type ClearedCaches = z.infer<typeof ClearedCaches>;

/* Premium features (`/v4/{organisation}/premiumfeatures`). */

/**
 * The premium features an account can have (spec 001 §3 "Smart home and EV": activated or
 * deactivated per account; the names are ours, decision 0050): smart charging of an EV or a
 * charging station, smart heating (night settings, away mode), the realtime meter, solar
 * production and the detailed insights.
 */
export const premiumFeatureNames = ['smartCharging', 'smartHeating', 'realtime', 'solarProduction', 'detailedInsights'] as const;
export const PremiumFeatureName = z.enum(premiumFeatureNames, { error: 'UNKNOWN_PREMIUM_FEATURE' });
export type PremiumFeatureName = z.infer<typeof PremiumFeatureName>;
/** Who may see and switch premium features: those who help customers (decision 0038). */
export const premiumFeatureManagers = ['ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_SUPPORT'] as const satisfies readonly StaffScopeType[];

export const PremiumFeature = z.object({
  accountId: z.string(),
  featureName: PremiumFeatureName,
  activatedAt: z.string(),
  /** The e-mail of the staff member who activated it. */
  activatedBy: z.string(),
});
export type PremiumFeature = z.infer<typeof PremiumFeature>;

/** `GET`: by account (its active features) or by feature (the accounts that have it), one of them at least. */
export const PremiumFeaturesQuery = z
  .object({
    accountId: Id.optional(),
    featureName: PremiumFeatureName.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((q) => q.accountId !== undefined || q.featureName !== undefined, { message: 'ACCOUNT_OR_FEATURE_REQUIRED: name an accountId or a featureName', path: ['accountId'] });
export const PremiumFeatureRequest = z.strictObject({ accountId: Id, featureName: PremiumFeatureName });
export const PremiumFeatureQuery = z.object({ accountId: Id, featureName: PremiumFeatureName });

/* E-mail (`POST /v4/{organisation}/email/send/test`, `GET /v4/{organisation}/email/deeplink`). */

/**
 * The pages a link in an e-mail may open: spec 002 §2's content navigation targets that the
 * portal has a page for, each with its path there (spec 000 §2).
 */
export const emailLinkTargets = {
  HOME: '/dashboard',
  INVOICE: '/invoices',
  AGREEMENTS: '/electricity-agreement',
  ANALYSIS: '/analysis',
  ACCOUNT_PROFILE: '/account',
  SITE_PROFILE: '/my-home',
  FAQ: '/faq',
} as const;
export type EmailLinkTarget = keyof typeof emailLinkTargets;
export const emailLinkTargetNames = Object.keys(emailLinkTargets) as EmailLinkTarget[];
/** Who may send the test e-mail: admins, support and marketing staff (they write the e-mails' texts). */
export const testEmailSenders = ['ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_SUPPORT', 'ORG_MARKETING'] as const satisfies readonly StaffScopeType[];
/** Test e-mails a staff member may send in 15 minutes. */
export const TEST_EMAIL_LIMIT = 5;

export const TestEmailRequest = z.strictObject({
  emailAddress: StaffEmail,
  /** A link target's name (`INVOICE`), or a page of the organisation's portal: its path (`/invoices`) or its whole address. */
  linkTarget: BoundedText(500, { min: 1 }),
});
export const TestEmailSent = z.object({
  emailAddress: z.string(),
  linkTarget: z.string(),
  /** The deep link the e-mail carries. */
  link: z.string(),
  messageId: z.string(),
});
export type TestEmailSent = z.infer<typeof TestEmailSent>;

export const DeepLinks = z.object({
  /** The organisation's portal on the configured public address: every link the server sends starts with it. */
  base: z.string(),
  targets: z.array(z.object({ target: z.string(), path: z.string(), url: z.string() })),
});
export type DeepLinks = z.infer<typeof DeepLinks>;

/* Push and inbox messages (`/v3/account/messages/…`): validated now, sent once the inbox exists. */

/** Spec 001 §3 Inbox: item types, creators, notification types. */
export const InboxItemType = z.enum(['WASTE', 'INVOICE', 'MONTHLY_REPORT', 'IOT', 'INFORMATION', 'WARNING']);
export const InboxCreator = z.enum(['SYSTEM', 'WEBHOOK']);
export const NotificationType = z.enum(['daily', 'newInvoice', 'overdueInvoice', 'paidInvoice', 'clean', 'dirty', 'highPrice', 'lowPrice', 'dailyPrice', 'dailyCO2', 'actionErrors', 'info', 'monthlyReport']);
/** Spec 002 §2: the pages an item can open. */
export const NavigationTarget = z.enum([
  'SPOTPRICE', 'ANALYSIS', 'IOT', 'IOT_PROVIDER', 'INVOICE', 'RECYCLING_CENTRAL', 'WASTE', 'HOME', 'ACCOUNT_PROFILE', 'SITE_PROFILE', 'NOTIFICATIONS',
  'MONTHLY_REPORT', 'EXTERNAL_URL', 'DISRUPTIONS', 'REALTIME', 'AGREEMENTS', 'MESSAGE_FEED', 'MESSAGE', 'NONE', 'FAQ', 'CONTACT_US', 'SOLAR_PRODUCTION',
  'ELIS_TIPS', 'ANALYSIS_DETAILS', 'ANALYSIS_COMPARISON', 'ANALYSIS_HISTORY', 'ANALYSIS_DETAILS_COST', 'ANALYSIS_DETAILS_CONSUMPTION', 'LOAD_MEASUREMENTS',
  'FAMILY_SHARE', 'DEVIATIONS', 'IOT_PROVIDER_BRAND_MODEL_LIST', 'SETTINGS', 'IOT_HOMESIDE_DEVICE_SCREEN', 'CONTROL_WEBVIEW', 'MONTHLY_REPORT_SCREEN', 'PICOFROST_ONBOARDING',
]);
/** Who may send messages to customers: admins and marketing staff (spec 002 §1 "Messaging"). */
export const messageSenders = ['ADMIN', 'ORG_ADMIN', 'ORG_MARKETING'] as const satisfies readonly StaffScopeType[];
/** Recipients per call. */
export const MESSAGE_RECIPIENTS_MAX = 1_000;

/** Spec 001 §3 Inbox item: title, body, type, createdBy, navigationParams (type, props). */
export const NotificationItem = z.strictObject({
  title: BoundedText(200, { min: 1 }),
  body: BoundedText(2_000, { min: 1, multiline: true }),
  type: InboxItemType,
  createdBy: InboxCreator.default('SYSTEM'),
  navigationParams: z
    .strictObject({
      type: NavigationTarget,
      props: z.record(BoundedText(50, { min: 1 }), BoundedText(500)).refine((p) => Object.keys(p).length <= 20, 'TOO_MANY: at most 20 props').optional(),
    })
    .optional(),
});
/** Spec 001 §3 Recipient: userId, language, organisation, pushTokens, email, badgeCount (all but the user optional here). */
export const MessageRecipient = z.strictObject({
  userId: Id,
  language: Language.optional(),
  organisation: Slug.optional(),
  pushTokens: z.array(BoundedText(2_048, { min: 1 })).max(20).optional(),
  email: StaffEmail.optional(),
  badgeCount: z.number().int().min(0).max(9_999).optional(),
});
const Recipients = z.array(MessageRecipient).min(1, 'RECIPIENTS_REQUIRED: at least one recipient').max(MESSAGE_RECIPIENTS_MAX, `TOO_MANY: at most ${MESSAGE_RECIPIENTS_MAX} recipients`);
export const MessagesQuery = z.object({ organisation: Slug.optional() });
export const PushSendRequest = z.strictObject({ notificationItem: NotificationItem, recipients: Recipients });
/** `create`: an inbox message (as the inbox's `POST /inbox/`: message, recipients, pushType), with a push when `pushType` is named. */
export const MessageCreateRequest = z.strictObject({ message: NotificationItem, recipients: Recipients, pushType: NotificationType.optional() });

/* The bridge's session check and dashboards (`/v3/layout/bridge/…`). */

export const BridgeAuth = z.object({
  valid: z.literal(true),
  adminId: z.string(),
  email: z.string(),
  scope: StaffScope,
  /** The staff member's organisation's slug; null for the platform scopes. */
  organisation: z.string().nullable(),
  /** When the access token expires (ISO instant). */
  expiresAt: z.string(),
  method: z.enum(['password', 'bankid']),
  secondFactorUsed: z.boolean(),
});
export type BridgeAuth = z.infer<typeof BridgeAuth>;

/**
 * The back office's named dashboards: each a list of widgets, each shown by the call it makes
 * (its operationId). A staff member gets the widgets whose call their scope may make.
 */
export const bridgeDashboards = {
  home: [
    { id: 'customers', operationId: 'searchCustomerUsers' },
    { id: 'disruptions', operationId: 'listDisruptions' },
    { id: 'scheduledJobs', operationId: 'listScheduledJobs' },
    { id: 'auditLog', operationId: 'searchAuditLogs' },
  ],
  customer: [
    { id: 'overview', operationId: 'getCustomerOverview' },
    { id: 'premiumFeatures', operationId: 'listPremiumFeatures' },
    { id: 'pushDevices', operationId: 'listPushTokens' },
  ],
  operations: [
    { id: 'scheduledJobs', operationId: 'listScheduledJobs' },
    { id: 'testEmail', operationId: 'sendTestEmail' },
    { id: 'caches', operationId: 'clearCache' },
  ],
} as const;
export type BridgeDashboardName = keyof typeof bridgeDashboards;
export const BridgeDashboardQuery = z.object({ organisation: Slug.optional() });
export const BridgeDashboard = z.object({
  name: z.string(),
  organisation: z.string().nullable(),
  widgets: z.array(z.object({ id: z.string(), operationId: z.string(), method: z.string(), path: z.string() })),
});
export type BridgeDashboard = z.infer<typeof BridgeDashboard>;
