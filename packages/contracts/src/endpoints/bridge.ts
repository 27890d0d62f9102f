import { z } from 'zod';
import {
  BridgeAuth,
  BridgeDashboard,
  BridgeDashboardQuery,
  cacheClearers,
  CacheKey,
  ClearCacheQuery,
  ClearedCaches,
  DeepLinks,
  messageSenders,
  MessageCreateRequest,
  MessagesQuery,
  PremiumFeature,
  premiumFeatureManagers,
  PremiumFeatureQuery,
  PremiumFeatureRequest,
  PremiumFeaturesQuery,
  PushSendRequest,
  TestEmailRequest,
  testEmailSenders,
  TestEmailSent,
} from '../bridge.ts';
import { anyStaff, Done } from '../staff.ts';
import { endpoint } from '../endpoint.ts';

/*
 * The rest of spec 002 §7's "Other bridge calls" (issue 17; decision 0050). Spec 001 §7 writes
 * `/cache/{key}`, `/premiumfeatures` and `/email/…` without a prefix: the calls about one
 * organisation's data are under `/v4/{organisation}/…` as the customers' calls are; the cache,
 * which may be the whole platform's, is `/v3/cache/{key}` with the organisation in the query.
 */

export const clearCache = endpoint({
  method: 'DELETE',
  path: '/v3/cache/{key}',
  operationId: 'clearCache',
  tag: 'bridge',
  summary: "Clear one of the server's caches in every API process (staff)",
  description:
    "`copy`: the merged copy texts; `settings`: the organisations with their published release; `members`: the customers' kept reads (`users/me`, locations, invoices); `all`: the three. The platform admin clears every organisation's entries, or one organisation's with `?organisation=`; an organisation admin their own organisation's. Every API process drops them when PostgreSQL's announcement arrives (the one that answers, before it answers). Audited as `cache.clear`.",
  auth: { scopes: cacheClearers },
  params: z.object({ key: CacheKey }),
  query: ClearCacheQuery,
  response: { data: ClearedCaches },
  errors: ['UNKNOWN_CACHE_KEY', 'UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { params: { key: 'copy' }, query: { organisation: 'solvik' } },
});

export const listPremiumFeatures = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/premiumfeatures',
  operationId: 'listPremiumFeatures',
  tag: 'bridge',
  summary: "An account's active premium features, or the accounts that have one (staff)",
  description: 'Name `accountId` (its features), `featureName` (the accounts with it, newest first) or both. An account of another organisation is 404.',
  auth: { scopes: premiumFeatureManagers },
  params: z.object({ organisation: z.string() }),
  query: PremiumFeaturesQuery,
  response: { data: z.array(PremiumFeature), paged: true },
  errors: ['UNKNOWN_PREMIUM_FEATURE', 'ACCOUNT_OR_FEATURE_REQUIRED', 'NOT_FOUND'],
  examples: { params: { organisation: 'solvik' }, query: { accountId: '64b7f0c2a1d3e4f5a6b7c8d9' } },
});

export const activatePremiumFeature = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/premiumfeatures',
  operationId: 'activatePremiumFeature',
  tag: 'bridge',
  summary: 'Activate a premium feature for an account (staff)',
  description: 'Activating an active feature changes nothing and answers it as it is. Audited as `premium-feature.activate`.',
  auth: { scopes: premiumFeatureManagers },
  params: z.object({ organisation: z.string() }),
  body: PremiumFeatureRequest,
  response: { data: PremiumFeature },
  errors: ['UNKNOWN_PREMIUM_FEATURE', 'NOT_FOUND'],
  examples: { params: { organisation: 'solvik' }, body: { accountId: '64b7f0c2a1d3e4f5a6b7c8d9', featureName: 'smartCharging' } },
});

export const deactivatePremiumFeature = endpoint({
  method: 'DELETE',
  path: '/v4/{organisation}/premiumfeatures',
  operationId: 'deactivatePremiumFeature',
  tag: 'bridge',
  summary: 'Deactivate a premium feature of an account (staff)',
  description: 'A feature the account does not have is 404. Audited as `premium-feature.deactivate`.',
  auth: { scopes: premiumFeatureManagers },
  params: z.object({ organisation: z.string() }),
  query: PremiumFeatureQuery,
  response: { data: Done },
  errors: ['UNKNOWN_PREMIUM_FEATURE', 'NOT_FOUND'],
  examples: { params: { organisation: 'solvik' }, query: { accountId: '64b7f0c2a1d3e4f5a6b7c8d9', featureName: 'smartCharging' } },
});

export const sendTestEmail = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/email/send/test',
  operationId: 'sendTestEmail',
  tag: 'bridge',
  summary: "Send a test e-mail with a deep link into the organisation's portal (staff)",
  description:
    "`linkTarget` is a link target's name (`GET …/email/deeplink` lists them) or one of those pages of the organisation's own portal, as a path or a whole address; any other page or host is `LINK_TARGET_NOT_ALLOWED`. At most 5 per staff member in 15 minutes (`TOO_MANY_REQUESTS`). Audited as `email.test`.",
  auth: { scopes: testEmailSenders },
  params: z.object({ organisation: z.string() }),
  body: TestEmailRequest,
  response: { data: TestEmailSent },
  errors: ['MALFORMED_EMAIL', 'LINK_TARGET_NOT_ALLOWED', 'TOO_MANY_REQUESTS', 'MESSAGE_NOT_SENT', 'NOT_FOUND'],
  examples: { params: { organisation: 'solvik' }, body: { emailAddress: 'someone@solvik.example', linkTarget: 'INVOICE' } },
});

export const getEmailDeepLinks = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/email/deeplink',
  operationId: 'getEmailDeepLinks',
  tag: 'bridge',
  summary: "The deep links the organisation's e-mails may carry (staff)",
  description: "The organisation's portal on the configured public address, and each link target with its page there.",
  auth: { scopes: testEmailSenders },
  params: z.object({ organisation: z.string() }),
  response: { data: DeepLinks },
  errors: ['NOT_FOUND'],
  examples: { params: { organisation: 'solvik' } },
});

const inboxNote = 'The inbox and push sending come in a later issue: the body, the scope, the organisation and the recipients are checked, then the call answers `501 INBOX_NOT_AVAILABLE` and changes nothing (decision 0050).';

export const sendPushMessage = endpoint({
  method: 'POST',
  path: '/v3/account/messages/push/send',
  operationId: 'sendPushMessage',
  tag: 'bridge',
  summary: "Send a push notification to customers (staff; not yet available)",
  description: `${inboxNote} Every recipient must be a customer of the organisation (\`?organisation=\` for platform staff); another's is 404.`,
  auth: { scopes: messageSenders },
  query: MessagesQuery,
  body: PushSendRequest,
  response: { data: Done },
  errors: ['INBOX_NOT_AVAILABLE', 'RECIPIENTS_REQUIRED', 'NOT_FOUND', 'UNKNOWN_ORGANISATION'],
  examples: {
    query: { organisation: 'solvik' },
    body: { notificationItem: { title: 'New invoice', body: 'Your invoice for March is ready.', type: 'INVOICE', navigationParams: { type: 'INVOICE' } }, recipients: [{ userId: '64b7f0c2a1d3e4f5a6b7c8d9' }] },
  },
});

export const createInboxMessage = endpoint({
  method: 'POST',
  path: '/v3/account/messages/create',
  operationId: 'createInboxMessage',
  tag: 'bridge',
  summary: "Put a message in customers' inboxes (staff; not yet available)",
  description: `${inboxNote} With \`pushType\`, a push of that notification type goes with it.`,
  auth: { scopes: messageSenders },
  query: MessagesQuery,
  body: MessageCreateRequest,
  response: { data: Done },
  errors: ['INBOX_NOT_AVAILABLE', 'RECIPIENTS_REQUIRED', 'NOT_FOUND', 'UNKNOWN_ORGANISATION'],
  examples: {
    query: { organisation: 'solvik' },
    body: { message: { title: 'Planned maintenance', body: 'Sign-in may be unavailable tonight.', type: 'INFORMATION' }, recipients: [{ userId: '64b7f0c2a1d3e4f5a6b7c8d9' }], pushType: 'info' },
  },
});

export const validateBridgeAuth = endpoint({
  method: 'POST',
  path: '/v3/layout/bridge/validate/auth',
  operationId: 'validateBridgeAuth',
  tag: 'bridge',
  summary: "Check the back office's session token and say whose it is (staff)",
  description:
    'The bearer staff token is checked as every staff call checks it (spec 002 §5: a token without an expiry is `INVALID_TOKEN`, an expired one `TOKEN_EXPIRED`, an ended session `SESSION_REVOKED`); a valid one answers its staff member, scope and expiry.',
  auth: { scopes: anyStaff },
  response: { data: BridgeAuth },
  errors: [],
});

export const getBridgeDashboard = endpoint({
  method: 'GET',
  path: '/v3/layout/bridge/dashboard/{name}',
  operationId: 'getBridgeDashboard',
  tag: 'bridge',
  summary: "A named dashboard of the back office: the widgets the staff member's scope may show (staff)",
  description: '`home`, `customer` or `operations`; any other name is 404. Each widget names the call that fills it; a widget whose call the scope may not make is left out.',
  auth: { scopes: anyStaff },
  params: z.object({ name: z.string().max(50) }),
  query: BridgeDashboardQuery,
  response: { data: BridgeDashboard },
  errors: ['NOT_FOUND', 'UNKNOWN_ORGANISATION'],
  examples: { params: { name: 'home' } },
});
