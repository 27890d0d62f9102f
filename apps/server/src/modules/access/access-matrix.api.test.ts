import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoHome, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { demoStaffEmail } from '../../demo/staff.ts';
import { png } from '../assets/test-images.ts';
import { stableId } from '../../demo/releases.ts';

/**
 * The access matrix (decision 0026), generated from the OpenAPI document: every operation the
 * document lists must follow one of the rules below, and each rule is tried with the identities it
 * must refuse. For an operation that takes an id (a path parameter other than `organisation`, or
 * an id-like query parameter), the owner's ids are sent with a token of another user of the same
 * organisation, a token of another organisation and no token; the owner's own call proves that
 * the ids are real. An operation the table does not know fails the test, so a new endpoint is
 * covered on arrival: add it to `rules` with the rule it follows.
 *
 * The document is read generically (paths, methods, parameters, path-level parameters and
 * `$ref`s), so the OpenAPI 3.0 document of @fastify/swagger and a 3.1 document generated from the
 * contracts both work.
 */

type RuleName =
  /** Bearer token of a member of the account, location, service or invoice the ids name. */
  | 'member'
  /** `/v3/data/…`: no organisation in the path; the token's organisation and membership decide. */
  | 'token-tenant'
  /** A document link: the 60-second `accessToken` in the query (not a header) is the credential. */
  | 'document-link'
  /** Bearer token; the call acts on the signed-in user only and names nothing else. */
  | 'self'
  /** An API token with a scope (machine ingest); a user's token is refused. */
  | 'api-token'
  /** The provider's staff (admin scopes of the organisation); a customer's token is 403. */
  | 'staff'
  /** Public by design: market data, published settings, copy texts, disruptions. */
  | 'public'
  /** The sign-in process: its own secret (ref, code, state) is the credential; tested in modules/auth. */
  | 'sign-in'
  /** Both `member` (the customer on their own data) and `staff` (who help customers): `orUser` contracts (decision 0042). */
  | 'member-or-staff'
  /** An environment sync's import (decision 0060): only a one-time sync token the installation issued opens it; tried in modules/environment-sync. */
  | 'sync-token';

interface Rule {
  rule: RuleName;
  /** The request body (for writes); the values are the owner's. */
  body?: (ids: Ids) => unknown;
  /** Query parameters the operation needs besides those the document marks required. */
  query?: Record<string, string>;
  /**
   * What the owner's own call answers. `ok`: 2xx. `not-404`: a write whose success needs more than
   * access (a re-authentication); the owner must not get 404, which proves the ids are real.
   */
  owner?: 'ok' | 'not-404';
  /** `self`, `sign-in`: whether the call needs a bearer token (no token: 401). */
  needsUser?: boolean;
  /** `staff`: every staff scope may call it (no wrong scope to try). */
  anyScope?: boolean;
  /** `staff`: it names nothing of an organisation (another organisation's staff get their own answer). */
  ownOnly?: boolean;
  /** Run just before the owner's own call: what the call needs to exist (an attachment it removes). */
  setUp?: (ids: Ids) => Promise<void>;
}

const rules: Record<string, Rule> = {
  // sign-in (modules/auth): the ref, the code or the state is the secret
  'POST /v3/auth/': { rule: 'sign-in' },
  'GET /v3/auth/': { rule: 'sign-in' },
  'DELETE /v3/auth/': { rule: 'sign-in', needsUser: true, body: () => ({}) },
  'POST /v3/auth/{type}/callback': { rule: 'sign-in' },
  'POST /v3/auth/cancel': { rule: 'sign-in' },
  'GET /v3/auth/qr': { rule: 'sign-in' },
  'GET /v3/auth/openid/return': { rule: 'sign-in' },
  'GET /v4/{organisation}/account/sessions/accessToken': { rule: 'sign-in' },
  'GET /v3/auth/short-accesstoken': { rule: 'self' },
  'PUT /v4/{organisation}/users/resetPassword': { rule: 'sign-in' },
  // published configuration and texts of an organisation
  'GET /v3/settings/releases/{organisation}': { rule: 'public' },
  'GET /v3/settings/releases/flags/{organisation}': { rule: 'public' },
  'GET /v3/settings/releases/full/{organisation}': { rule: 'staff' },
  // drafts, releases and change requests (decision 0054): every staff member reads; editors write
  'GET /v3/settings/drafts/themes/{organisation}': { rule: 'staff', anyScope: true },
  'POST /v3/settings/drafts/themes/{organisation}': { rule: 'staff', body: () => ({}), owner: 'not-404' },
  'PUT /v3/settings/drafts/themes/{organisation}': { rule: 'staff', body: () => ({}) },
  'PATCH /v3/settings/drafts/themes/{organisation}': { rule: 'staff', body: () => ({}) },
  'DELETE /v3/settings/drafts/themes/{organisation}': { rule: 'staff', setUp: () => startDraft('themes') },
  'GET /v3/settings/releases/themes/{organisation}': { rule: 'staff', anyScope: true },
  'GET /v3/settings/releases/themes/latest/{organisation}': { rule: 'staff', anyScope: true },
  // the live content again: nothing to publish (409), which proves the organisation was reached
  'POST /v3/settings/releases/themes/{organisation}': { rule: 'staff', body: (ids) => ids.settingsLive['themes'], owner: 'not-404' },
  // the part in force: 409 RELEASE_IN_FORCE, not 404
  'DELETE /v3/settings/releases/themes/{organisation}/{id}': { rule: 'staff', owner: 'not-404' },
  'GET /v3/settings/drafts/feature-flags/{organisation}': { rule: 'staff', anyScope: true },
  'POST /v3/settings/drafts/feature-flags/{organisation}': { rule: 'staff', body: () => ({}), owner: 'not-404' },
  'PUT /v3/settings/drafts/feature-flags/{organisation}': { rule: 'staff', body: () => ({}) },
  'PATCH /v3/settings/drafts/feature-flags/{organisation}': { rule: 'staff', body: () => ({}) },
  'DELETE /v3/settings/drafts/feature-flags/{organisation}': { rule: 'staff', setUp: () => startDraft('feature-flags') },
  'GET /v3/settings/releases/feature-flags/{organisation}': { rule: 'staff', anyScope: true },
  'GET /v3/settings/releases/feature-flags/latest/{organisation}': { rule: 'staff', anyScope: true },
  'POST /v3/settings/releases/feature-flags/{organisation}': { rule: 'staff', body: (ids) => ids.settingsLive['feature-flags'], owner: 'not-404' },
  'DELETE /v3/settings/releases/feature-flags/{organisation}/{id}': { rule: 'staff', owner: 'not-404' },
  'GET /v3/settings/drafts/modules/{organisation}': { rule: 'staff', anyScope: true },
  'POST /v3/settings/drafts/modules/{organisation}': { rule: 'staff', body: () => ({}), owner: 'not-404' },
  'PUT /v3/settings/drafts/modules/{organisation}': { rule: 'staff', body: () => ({}) },
  'PATCH /v3/settings/drafts/modules/{organisation}': { rule: 'staff', body: () => ({}) },
  'DELETE /v3/settings/drafts/modules/{organisation}': { rule: 'staff', setUp: () => startDraft('modules') },
  'GET /v3/settings/releases/modules/{organisation}': { rule: 'staff', anyScope: true },
  'POST /v3/settings/releases/modules/{organisation}': { rule: 'staff', body: (ids) => ids.settingsLive['modules'], owner: 'not-404' },
  'DELETE /v3/settings/releases/modules/{organisation}/{id}': { rule: 'staff', owner: 'not-404' },
  'GET /v3/settings/drafts/feature-configurations/{organisation}': { rule: 'staff', anyScope: true },
  'POST /v3/settings/drafts/feature-configurations/{organisation}': { rule: 'staff', body: () => ({}), owner: 'not-404' },
  'PUT /v3/settings/drafts/feature-configurations/{organisation}': { rule: 'staff', body: () => ({}) },
  'PATCH /v3/settings/drafts/feature-configurations/{organisation}': { rule: 'staff', body: () => ({}) },
  'DELETE /v3/settings/drafts/feature-configurations/{organisation}': { rule: 'staff', setUp: () => startDraft('feature-configurations') },
  'GET /v3/settings/releases/feature-configurations/{organisation}': { rule: 'staff', anyScope: true },
  'GET /v3/settings/releases/feature-configurations/latest/{organisation}': { rule: 'staff', anyScope: true },
  'POST /v3/settings/releases/feature-configurations/{organisation}': { rule: 'staff', body: (ids) => ids.settingsLive['feature-configurations'], owner: 'not-404' },
  'DELETE /v3/settings/releases/feature-configurations/{organisation}/{id}': { rule: 'staff', owner: 'not-404' },
  'GET /v3/settings/drafts/custom-favorites/{organisation}': { rule: 'staff', anyScope: true },
  'POST /v3/settings/drafts/custom-favorites/{organisation}': { rule: 'staff', body: () => ([]), owner: 'not-404' },
  'PUT /v3/settings/drafts/custom-favorites/{organisation}': { rule: 'staff', body: () => ([]) },
  'PATCH /v3/settings/drafts/custom-favorites/{organisation}': { rule: 'staff', body: () => ([]) },
  'DELETE /v3/settings/drafts/custom-favorites/{organisation}': { rule: 'staff', setUp: () => startDraft('custom-favorites') },
  'GET /v3/settings/releases/custom-favorites/{organisation}': { rule: 'staff', anyScope: true },
  'GET /v3/settings/releases/custom-favorites/latest/{organisation}': { rule: 'staff', anyScope: true },
  'POST /v3/settings/releases/custom-favorites/{organisation}': { rule: 'staff', body: (ids) => ids.settingsLive['custom-favorites'], owner: 'not-404' },
  'DELETE /v3/settings/releases/custom-favorites/{organisation}/{id}': { rule: 'staff', owner: 'not-404' },
  'GET /v3/settings/releases/status': { rule: 'staff', anyScope: true, query: { organisation: 'solvik' } },
  'GET /v4/{organisation}/settings/releases': { rule: 'staff', anyScope: true },
  'GET /v4/{organisation}/settings/diff': { rule: 'staff', anyScope: true, query: { from: 'live', to: 'draft' } },
  'POST /v4/{organisation}/settings/releases/{version}/rollback': { rule: 'staff', body: () => ({}), owner: 'not-404' },
  'GET /v4/{organisation}/settings/policy': { rule: 'staff', anyScope: true },
  'PUT /v4/{organisation}/settings/policy': { rule: 'staff', body: () => ({ approvalRequired: false }) },
  'GET /v4/{organisation}/settings/change-requests': { rule: 'staff', anyScope: true },
  'POST /v4/{organisation}/settings/change-requests': { rule: 'staff', body: () => ({ parts: ['modules'], title: 'Matrix' }), owner: 'not-404' },
  'GET /v4/{organisation}/settings/change-requests/{id}': { rule: 'staff', anyScope: true },
  'POST /v4/{organisation}/settings/change-requests/{id}/approve': { rule: 'staff', body: () => ({}), owner: 'not-404' },
  'POST /v4/{organisation}/settings/change-requests/{id}/publish': { rule: 'staff', owner: 'not-404' },
  'PUT /v4/{organisation}/settings/change-requests/{id}/schedule': { rule: 'staff', body: () => ({ scheduledAt: new Date(Date.now() + 86_400_000).toISOString() }), owner: 'not-404' },
  'POST /v4/{organisation}/settings/change-requests/{id}/cancel': { rule: 'staff', owner: 'not-404' },
  'POST /v4/{organisation}/settings/change-requests/{id}/comments': { rule: 'staff', body: () => ({ text: 'Matrix' }) },
  // the back office's sign-in and its admins (issue 16)
  'POST /v3/auth/staff': { rule: 'sign-in' },
  'POST /v3/auth/staff/second-factor': { rule: 'sign-in' },
  'POST /v3/auth/staff/bankid': { rule: 'sign-in' },
  'POST /v3/auth/staff/bankid/status': { rule: 'sign-in' },
  'POST /v3/auth/staff/refresh': { rule: 'sign-in' },
  'DELETE /v3/auth/staff': { rule: 'sign-in', needsUser: true },
  'POST /v3/auth/adminPassword/set-password': { rule: 'sign-in' },
  'POST /v3/auth/adminPassword/reset-password': { rule: 'sign-in' },
  'POST /v3/admins/adminInfo': { rule: 'staff', anyScope: true, ownOnly: true },
  'GET /v3/admins': { rule: 'staff', query: { organisation: 'solvik' } },
  'GET /v3/admins/{id}': { rule: 'staff' },
  'POST /v3/admins/adminByEmail': { rule: 'staff', body: (ids) => ({ email: ids.adminEmail }) },
  'POST /v3/admins': { rule: 'staff', body: () => ({ email: `matrix.${Date.now()}@solvik.example`, scope: 'ORG_USER', organisation: 'solvik', sendEmail: false }) },
  'PUT /v3/admins/{id}': { rule: 'staff', body: () => ({ firstName: 'Matrix' }) },
  'DELETE /v3/admins/{owner}/{id}': { rule: 'staff' },
  'GET /v4/{organisation}/staff/policy': { rule: 'staff' },
  'PUT /v4/{organisation}/staff/policy': { rule: 'staff', body: () => ({ staffSecondFactor: false }) },
  'GET /v3/admins/apitokens': { rule: 'staff', query: { organisation: 'solvik' } },
  'POST /v3/admins/apitokens': { rule: 'staff', body: () => ({ name: 'Matrix token', organisation: 'solvik', tokenScopes: ['syncAccount'] }) },
  'PATCH /v3/admins/apitokens/{id}': { rule: 'staff', body: () => ({ name: 'Matrix renamed' }) },
  'DELETE /v3/admins/apitokens/{id}': { rule: 'staff' },
  'GET /v4/secrets/meta': { rule: 'staff', query: { organisation: 'solvik' } },
  // environment sync (decision 0060): the test app has no target, so the owner's send is 400, not 404
  'GET /v3/settings/environment-sync': { rule: 'staff', ownOnly: true },
  'POST /v3/settings/environment-sync': { rule: 'staff', body: () => ({ organisation: 'solvik', targetEnvironment: 'staging', token: `gls_${'m'.repeat(43)}` }), owner: 'not-404' },
  'POST /v4/secrets/environment-sync': { rule: 'staff', body: () => ({ organisation: 'solvik', targetEnvironment: 'staging', token: `gls_${'m'.repeat(43)}` }), owner: 'not-404' },
  'POST /v3/settings/environment-sync/tokens': { rule: 'staff', body: () => ({ organisation: 'solvik' }) },
  'PUT /v3/settings/environment-sync/import/settings': { rule: 'sync-token', body: () => ({ organisation: 'solvik', source: { environment: 'production', version: 1 }, content: {}, assets: [] }) },
  'PUT /v3/settings/environment-sync/import/secrets': { rule: 'sync-token', body: () => ({ organisation: 'solvik', source: { environment: 'production' }, secrets: [] }) },
  'GET /v4/secrets/{organisation}/{key}/meta': { rule: 'staff' },
  'GET /v4/secrets/{organisation}/{key}': { rule: 'staff' },
  'POST /v4/secrets/{organisation}/{key}': { rule: 'staff', body: () => ({ value: 'matrix value' }) },
  'PUT /v4/secrets/{organisation}/{key}': { rule: 'staff', body: () => ({ value: 'matrix value' }) },
  'DELETE /v4/secrets/{organisation}/{key}': { rule: 'staff' },
  'POST /v4/{organisation}/audit-logs/search': { rule: 'staff', body: () => ({ action: 'api-token.' }) },
  // audiences (decision 0052)
  'POST /v4/{organisation}/settings/audience': { rule: 'staff', body: () => ({ rules: { match: 'AND', rules: [{ name: 'propertyType', operator: 'equals', value: 'HOUSE' }] } }) },
  // the home modules' preview and favorites (decision 0058)
  'GET /v4/{organisation}/settings/audience/locations/{locationId}/attributes': { rule: 'staff' },
  'GET /v4/{organisation}/settings/modules/favorites': { rule: 'staff', anyScope: true },
  'GET /v4/{organisation}/audit-logs/export': { rule: 'staff' },
  'GET /v4/{organisation}/audit-logs/retention': { rule: 'staff' },
  'PUT /v4/{organisation}/audit-logs/retention': { rule: 'staff', body: () => ({ days: 730 }) },
  'GET /v4/{organisation}/audit-logs/{id}': { rule: 'staff' },
  'POST /v3/auth/adminPassword/send-admin-created-email': { rule: 'staff', body: (ids) => ({ newAdminEmail: ids.adminEmail, newAdminOrganisation: 'solvik' }), owner: 'not-404' },
  // scheduled jobs (decision 0045): `{id}` is the owner's organisation's audit-retention job
  'GET /v3/queues/scheduled-jobs': { rule: 'staff', query: { queueTypes: 'settings,data', organisation: 'solvik' } },
  'PATCH /v3/queues/scheduled-jobs/{id}': { rule: 'staff', body: () => ({ schedule: { cron: '20 3 * * *' } }) },
  'PUT /v3/queues/scheduled-jobs/{id}/{action}': { rule: 'staff' },
  // the back office's home page (decision 0049)
  'GET /v3/account/statistics/{kind}': { rule: 'staff', query: { organisation: 'solvik', start_date: '2026-11-01', end_date: '2026-11-20' } },
  'GET /v3/account/statistics/iot/users': { rule: 'staff', query: { organisation: 'solvik' } },
  'GET /v3/account/statistics/bridge/{org}': { rule: 'staff' },
  'GET /v3/account/monitoring/alerts': { rule: 'staff', query: { organisation: 'solvik' } },
  // customers for staff who may help them (decision 0038)
  'POST /v4/{organisation}/accounts/bridge/search': { rule: 'staff', body: () => ({ search: '1' }) },
  'GET /v4/{organisation}/accounts/bridge/fetch/{id}': { rule: 'staff' },
  'GET /v4/{organisation}/accounts/bridge/fetch': { rule: 'staff' },
  'POST /v4/{organisation}/users/bridge/search': { rule: 'staff', body: (ids) => ({ search: ids.email.slice(0, 5), searchBy: 'email' }) },
  'GET /v4/{organisation}/users/{id}/overview': { rule: 'staff' },
  'GET /v4/{organisation}/users': { rule: 'staff' },
  'GET /v4/{organisation}/users/search': { rule: 'staff' },
  'GET /v4/{organisation}/users/{id}': { rule: 'staff' },
  'GET /v4/{organisation}/accounts': { rule: 'staff' },
  'GET /v4/{organisation}/accounts/search': { rule: 'staff' },
  'GET /v4/{organisation}/accounts/{accountId}': { rule: 'staff' },
  'GET /v4/{organisation}/accounts/{accountId}/locations': { rule: 'staff', query: { 'services.status': 'active,pending' } },
  'POST /v4/{organisation}/users': { rule: 'staff', body: (ids) => ({ firstName: 'Matrix', account: { accountId: ids.accountId } }) },
  'PATCH /v4/{organisation}/users/{id}': { rule: 'staff', body: () => ({ language: 'en' }) },
  // the owner of the account cannot be removed from it (409): not 404 proves the ids are real
  'DELETE /v4/{organisation}/users/{id}': { rule: 'staff', owner: 'not-404' },
  // decision 0041: a guest of the owner's account, made for the matrix, is deleted outright
  'DELETE /v4/{organisation}/users/{id}/deleteuser': { rule: 'staff' },
  'POST /v4/{organisation}/accounts': { rule: 'staff', body: () => ({ type: 'CUSTOMER', customerId: `M${Date.now()}` }) },
  // the owner's account has users, locations and invoices (409): not 404 proves the ids are real
  'DELETE /v4/{organisation}/accounts/{accountId}': { rule: 'staff', owner: 'not-404' },
  // the owner's location is already the account's: attaching it again changes nothing
  'POST /v4/{organisation}/accounts/{accountId}/sites': { rule: 'staff', body: (ids) => ({ siteId: ids.locationId }) },
  // a spare location of the owner's account, made for the matrix, is detached
  'DELETE /v4/{organisation}/accounts/{accountId}/sites/{siteId}': { rule: 'staff' },
  'PUT /v4/{organisation}/accounts/{accountId}/sites/{siteId}/extra': { rule: 'staff', body: () => ({ numberOfResidens: 2 }) },
  'PUT /v4/{organisation}/accounts/{accountId}/sync': { rule: 'staff' },
  'PUT /v4/{organisation}/accounts/{accountId}/sites/{siteId}/updatehistory': { rule: 'staff' },
  'GET /v4/{organisation}/account-prospects': { rule: 'staff' },
  'GET /v4/{organisation}/account-prospects/search': { rule: 'staff' },
  'GET /v4/{organisation}/account-prospects/{id}': { rule: 'staff' },
  'GET /v4/{organisation}/account-creation-logs': { rule: 'staff' },
  'GET /v4/{organisation}/account-creation-logs/search': { rule: 'staff' },
  'GET /v4/{organisation}/account-creation-logs/{id}': { rule: 'staff' },
  // inspectors (decision 0038)
  'POST /v4/{organisation}/inspectors/user': { rule: 'staff', body: (ids) => ({ email: ids.inspectorAdminEmail }) },
  'GET /v4/{organisation}/inspectors/{id}': { rule: 'staff' },
  'POST /v4/{organisation}/inspectors': { rule: 'staff', body: (ids) => ({ adminId: ids.inspectorAdminId, accountId: ids.accountId }) },
  'DELETE /v4/{organisation}/inspectors/{id}': { rule: 'staff', setUp: (ids) => attachInspector(ids) },
  'DELETE /v4/{organisation}/inspectors': { rule: 'staff', setUp: (ids) => attachInspector(ids) },
  'POST /v4/{organisation}/inspectors/session': { rule: 'staff', body: (ids) => ({ accountId: ids.accountId }) },
  // the rest of the bridge calls (decision 0050); the inbox's answer 501 until it exists
  'DELETE /v3/cache/{key}': { rule: 'staff', query: { organisation: 'solvik' } },
  'GET /v4/{organisation}/premiumfeatures': { rule: 'staff' },
  'POST /v4/{organisation}/premiumfeatures': { rule: 'staff', body: (ids) => ({ accountId: ids.accountId, featureName: 'realtime' }) },
  'DELETE /v4/{organisation}/premiumfeatures': { rule: 'staff', setUp: (ids) => activatePremiumFeature(ids) },
  // no mail server in this app (503): not 404 proves the organisation is reached
  'POST /v4/{organisation}/email/send/test': { rule: 'staff', body: () => ({ emailAddress: 'matrix@solvik.example', linkTarget: 'INVOICE' }), owner: 'not-404' },
  'GET /v4/{organisation}/email/deeplink': { rule: 'staff' },
  'POST /v3/account/messages/push/send': { rule: 'staff', query: { organisation: 'solvik' }, body: (ids) => ({ notificationItem: { title: 'Matrix', body: 'Matrix', type: 'INFORMATION' }, recipients: [{ userId: ids.userId }] }), owner: 'not-404' },
  'POST /v3/account/messages/create': { rule: 'staff', query: { organisation: 'solvik' }, body: (ids) => ({ message: { title: 'Matrix', body: 'Matrix', type: 'INFORMATION' }, recipients: [{ userId: ids.userId }] }), owner: 'not-404' },
  'POST /v3/layout/bridge/validate/auth': { rule: 'staff', anyScope: true, ownOnly: true },
  'GET /v3/layout/bridge/dashboard/{name}': { rule: 'staff', anyScope: true, query: { organisation: 'solvik' } },
  'GET /v3/copy/aggregated': { rule: 'public' },
  'GET /v4/disruptions/{product}/active-disruption': { rule: 'public' },
  'GET /v4/{organisation}/disruptions': { rule: 'self' },
  // copy texts for staff (issue 17, decision 0046): `?organisation=` names the layer
  'GET /v3/copy/{type}/': { rule: 'staff', query: { organisation: 'solvik' } },
  'GET /v3/copy/export': { rule: 'staff', query: { organisation: 'solvik' } },
  'GET /v3/copy/{type}/{key}': { rule: 'staff', query: { organisation: 'solvik' } },
  'POST /v3/copy/{type}/': { rule: 'staff', query: { organisation: 'solvik' }, body: () => ({ key: `matrix.k${Date.now()}${Math.floor(Math.random() * 1e6)}`, texts: { en: 'Matrix' } }) },
  'PUT /v3/copy/{type}/{key}': { rule: 'staff', query: { organisation: 'solvik' }, body: () => ({ texts: { sv: 'Matrix' } }) },
  'PUT /v3/copy/{type}/': { rule: 'staff', query: { organisation: 'solvik' }, body: () => ({ items: [{ key: 'dashboard.title', texts: { sv: 'Matrix' } }] }) },
  'PUT /v3/copy/{type}/import': { rule: 'staff', query: { organisation: 'solvik' }, body: () => ({ csv: 'key,sv\ndashboard.title,Matrix' }) },
  'DELETE /v3/copy/{type}/{key}': { rule: 'staff', query: { organisation: 'solvik' } },
  // disruptions for staff (issue 17, decision 0044): `{product}` is the organisation
  'GET /v4/disruptions/bridge/{product}/disruptions': { rule: 'staff' },
  'POST /v4/disruptions/bridge/{product}/disruption': { rule: 'staff', body: () => matrixDisruption },
  'PUT /v4/disruptions/bridge/{product}/disruption/{id}': { rule: 'staff', body: () => matrixDisruption },
  'PUT /v4/disruptions/bridge/{product}/disruption/{id}/toggle': { rule: 'staff' },
  'DELETE /v4/disruptions/bridge/{product}/disruption/{id}': { rule: 'staff' },
  // support messages and feedback (decision 0047): the customer's own, and staff of the organisation
  'GET /v4/{organisation}/support/messages': { rule: 'self' },
  'POST /v4/{organisation}/support/messages': { rule: 'self', body: () => ({ text: 'Matrix question' }) },
  'GET /v4/{organisation}/support/feedback': { rule: 'self' },
  'POST /v4/{organisation}/support/feedback': { rule: 'self', body: () => ({ text: 'Matrix feedback' }) },
  'GET /v3/data/support/conversations': { rule: 'staff', query: { organisation: 'solvik' } },
  'GET /v3/data/support/conversations/{userId}': { rule: 'staff' },
  'POST /v3/data/support/conversations/{userId}/messages': { rule: 'staff', body: () => ({ text: 'Matrix answer' }) },
  'GET /v3/data/feedback': { rule: 'staff', query: { organisation: 'solvik' } },
  'GET /v3/data/feedback/export': { rule: 'staff', query: { organisation: 'solvik' } },
  'POST /v3/data/feedback': { rule: 'staff', query: { organisation: 'solvik' }, body: () => ({ text: 'Matrix feedback by staff' }) },
  'GET /v3/data/feedback/{id}': { rule: 'staff' },
  'PUT /v3/data/feedback/{id}': { rule: 'staff', body: () => ({ handled: true, note: 'Matrix' }) },
  'DELETE /v3/data/feedback/{id}': { rule: 'staff' },
  'GET /v3/assets': { rule: 'staff', query: { organisation: 'solvik' } },
  'PUT /v3/assets': { rule: 'staff', query: { organisation: 'solvik' }, body: (ids) => ({ id: ids.assetId, name: 'matrix.png', kind: 'image', content: png(2, 2).toString('base64') }) },
  'DELETE /v3/assets': { rule: 'staff', query: { organisation: 'solvik' } },
  'GET /v3/assets/{id}': { rule: 'public' },
  // tips (decision 0053): the customer's by location (the token's organisation), the staff's by ?organisation=
  'GET /v3/tips/{locationId}': { rule: 'token-tenant' },
  'PATCH /v3/tips/{locationId}/{tipId}/completed': { rule: 'token-tenant', body: () => ({ completed: true }) },
  'GET /v3/data/tips/': { rule: 'staff', query: { organisation: 'solvik' } },
  'POST /v3/data/tips': { rule: 'staff', query: { organisation: 'solvik' }, body: () => ({ texts: { en: { title: 'Matrix tip', body: 'Matrix' } } }) },
  'PUT /v3/data/tips/{id}': { rule: 'staff', body: () => ({ texts: { en: { title: 'Matrix tip', body: 'Matrix' } }, enabled: true }) },
  'DELETE /v3/data/tips/{id}': { rule: 'staff' },
  // the signed-in user
  'GET /v4/{organisation}/users/me': { rule: 'self' },
  'PUT /v4/{organisation}/users/me/language': { rule: 'self', body: () => ({ language: 'sv' }) },
  'PUT /v4/{organisation}/users/me/active-account': { rule: 'member', body: (ids) => ({ accountId: ids.accountId }) },
  // the changes of contact details and password may need a recent sign-in (issue 14, item 4)
  'PUT /v4/{organisation}/users/{id}': { rule: 'member', body: (ids) => ({ email: ids.email }), owner: 'not-404' },
  // push tokens and the deletion request (decision 0042): `{id}` is the signed-in user's own
  'PUT /v4/{organisation}/users/{id}/pushtoken': { rule: 'member', body: (ids) => ({ token: ids.pushToken }) },
  'GET /v4/{organisation}/users/{id}/pushstatus': { rule: 'member' },
  'DELETE /v4/{organisation}/users/{id}/pushtoken/{token}': { rule: 'member-or-staff', setUp: (ids) => registerPushToken(ids) },
  'GET /v4/{organisation}/users/requestDelete': { rule: 'self' },
  'GET /v4/{organisation}/users/pushtokens/all': { rule: 'staff' },
  // accounts, locations, invoices, agreements
  'GET /v4/{organisation}/accounts/{accountId}/me': { rule: 'member' },
  'GET /v4/{organisation}/locations/accounts/{accountId}': { rule: 'member' },
  'GET /v4/{organisation}/locations/accounts/{accountId}/location': { rule: 'member' },
  'PATCH /v4/{organisation}/locations/accounts/{accountId}/location': { rule: 'member', body: () => ({ extras: { size: 120 } }) },
  'GET /v4/{organisation}/invoices/accounts/{accountId}/invoices': { rule: 'member' },
  'GET /v4/{organisation}/invoices/accounts/{accountId}/invoice': { rule: 'document-link' },
  'GET /v4/{organisation}/locations/{id}/agreements': { rule: 'member' },
  'GET /v4/{organisation}/locations/{id}/third-party-data-inquiries': { rule: 'member' },
  // the inquiry's own status again: an answer that changes nothing
  'PUT /v4/{organisation}/locations/{id}/third-party-data-inquiries/{inquiryId}': { rule: 'member', body: (ids) => ({ status: ids.inquiryStatus }) },
  // location data
  'GET /v4/{organisation}/locations/{id}/data/year/{key}': { rule: 'member' },
  'GET /v4/{organisation}/locations/{id}/data/month/{key}': { rule: 'member' },
  'GET /v4/{organisation}/locations/{id}/data/week/{key}': { rule: 'member' },
  'GET /v4/{organisation}/locations/{id}/data/day/{key}': { rule: 'member' },
  'GET /v4/{organisation}/locations/{id}/data/year/': { rule: 'member' },
  'GET /v4/{organisation}/locations/{id}/data/hour': { rule: 'member' },
  'GET /v4/{organisation}/sites/{id}/load': { rule: 'member', query: { dateKey: '2025-03-10' } },
  'GET /v4/{organisation}/locations/{id}/data/distribution/{key}': { rule: 'member' },
  'GET /v4/{organisation}/locations/{id}/services-data': { rule: 'member' },
  'GET /v4/{organisation}/locations/{id}/data/export-url': { rule: 'member' },
  'GET /v4/{organisation}/locations/{id}/data/export': { rule: 'document-link' },
  'GET /v3/data/hour': { rule: 'token-tenant' },
  'GET /v3/data/day/{key}': { rule: 'token-tenant' },
  'GET /v3/data/month/{key}': { rule: 'token-tenant' },
  'GET /v3/data/year/{key}': { rule: 'token-tenant' },
  // machine ingest
  'POST /v4/{organisation}/ingest/readings': { rule: 'api-token' },
  // market data
  'GET /v3/data/storage/zone/{zone}/spotprices': { rule: 'public' },
  'GET /v3/data/storage/zone/{zone}': { rule: 'public' },
  'GET /v3/data/spotprices/delivery-area/{area}/average': { rule: 'public' },
  'GET /v3/data/spotprices/delivery-area/{area}': { rule: 'public' },
  'GET /v3/data/zone/{zone}/hour': { rule: 'public' },
  'GET /v3/data/zone/{zone}/day/{date}': { rule: 'public' },
  'GET /v3/data/zone/{zone}/month/{month}': { rule: 'public' },
};

const matrixDisruption = { name: 'Matrix disruption', type: 'warning', targets: ['app'], message: { en: 'Matrix' } };

/** The owner's data: what the ids in a request are. */
interface Ids {
  organisation: string;
  userId: string;
  email: string;
  accountId: string;
  locationId: string;
  serviceId: string;
  inquiryId: string;
  inquiryStatus: string;
  invoiceProvider: string;
  /** An admin of the owner's organisation, and another one the matrix deletes. */
  adminId: string;
  adminEmail: string;
  deletableAdminId: string;
  /** An API token of the owner's organisation, and another one the matrix deletes. */
  apiTokenId: string;
  deletableApiTokenId: string;
  /** An entry of the owner's organisation's audit log. */
  auditLogId: string;
  /** A disruption of the owner's organisation, and another one the matrix deletes. */
  disruptionId: string;
  deletableDisruptionId: string;
  /** An admin who may help customers, attached to the owner's account as inspector. */
  inspectorAdminId: string;
  inspectorAdminEmail: string;
  /** A guest of the owner's account that the matrix deletes outright, and a spare location it detaches (decision 0041). */
  deletableUserId: string;
  deletableLocationId: string;
  /** An account prospect of the owner's organisation and the sign-in ref that began it. */
  prospectId: string;
  prospectRef: string;
  /** A push token the owner registers (decision 0042). */
  pushToken: string;
  /** The owner's organisation's audit-retention job (decision 0045). */
  scheduledJobId: string;
  /** Feedback the owner left, and another entry the matrix deletes (decision 0047). */
  feedbackId: string;
  deletableFeedbackId: string;
  /** An image of the owner's organisation, and another one the matrix deletes (decision 0048). */
  assetId: string;
  deletableAssetId: string;
  /** The live content and id of each settings part, and a scheduled change request (decision 0054). */
  settingsLive: Record<string, unknown>;
  settingsPartIds: Record<string, string>;
  changeRequestId: string;
  /** A tip of the owner's organisation for the owner's home (a demo tip for all users), and another one the matrix deletes (decision 0053). */
  tipId: string;
  deletableTipId: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
}
interface Operation {
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
/** Parameters that name a row of the owner, and the owner's field they carry (`id` depends on the path). */
const swappable: Record<string, keyof Ids> = { accountId: 'accountId', locationId: 'locationId', siteId: 'locationId', serviceId: 'serviceId', inquiryId: 'inquiryId', provider: 'invoiceProvider' };
/** Query parameters that name a row: an id of the caller's data. */
const isIdQuery = (name: string) => name === 'id' || /Id$/.test(name);

/** Every operation of the document with its parameters (path-level ones merged, `$ref`s resolved). */
function operationsOf(document: { paths: Record<string, Record<string, unknown>> } & Record<string, unknown>): Operation[] {
  const resolve = (value: unknown): Parameter => {
    const ref = (value as { $ref?: string }).$ref;
    if (!ref) return value as Parameter;
    return ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')], document) as Parameter;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = ((item.parameters as unknown[] | undefined) ?? []).map(resolve);
    for (const method of METHODS) {
      const operation = item[method] as { parameters?: unknown[] } | undefined;
      if (!operation) continue;
      const own = (operation.parameters ?? []).map(resolve);
      const parameters = [...own, ...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in))];
      operations.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, parameters });
    }
  }
  return operations;
}

const takesId = (op: Operation) => op.parameters.some((p) => (p.in === 'path' && p.name !== 'organisation') || (p.in === 'query' && isIdQuery(p.name)));

/** The value the owner would send for a parameter of an operation; undefined to leave it out. */
function valueOf(op: Operation, parameter: Parameter, ids: Ids): string | undefined {
  const before = (name: string) => {
    const segments = op.path.split('/');
    return segments[segments.indexOf(`{${name}}`) - 1];
  };
  switch (parameter.name) {
    case 'organisation':
      return ids.organisation;
    case 'accountId':
    case 'accountIds':
    case 'ids':
      return ids.accountId;
    case 'adminId':
      return ids.inspectorAdminId;
    case 'version':
      return op.path.includes('/settings/releases/{version}') ? '1' : undefined;
    case 'from':
      return op.path.endsWith('/settings/diff') ? 'live' : undefined;
    case 'to':
      return op.path.endsWith('/settings/diff') ? 'draft' : undefined;
    case 'id':
      if (op.path.includes('/settings/change-requests/')) return ids.changeRequestId;
      if (op.path.startsWith('/v3/settings/releases/')) return ids.settingsPartIds[op.path.split('/')[4]!];
      if (op.path.includes('/audit-logs/')) return ids.auditLogId;
      if (op.path.startsWith('/v4/disruptions/')) return op.method === 'DELETE' ? ids.deletableDisruptionId : ids.disruptionId;
      if (op.path.startsWith('/v3/queues/scheduled-jobs/')) return ids.scheduledJobId;
      if (op.path.startsWith('/v3/data/feedback/')) return op.method === 'DELETE' ? ids.deletableFeedbackId : ids.feedbackId;
      if (op.path.startsWith('/v3/assets')) return op.method === 'DELETE' ? ids.deletableAssetId : ids.assetId;
      if (op.path.startsWith('/v3/data/tips/')) return op.method === 'DELETE' ? ids.deletableTipId : ids.tipId;
      if (op.path.startsWith('/v3/admins/apitokens/')) return op.method === 'DELETE' ? ids.deletableApiTokenId : ids.apiTokenId;
      if (op.path.startsWith('/v3/admins/{owner}/')) return ids.deletableAdminId;
      if (op.path.startsWith('/v3/admins/')) return ids.adminId;
      if (op.path.includes('/accounts/bridge/') || op.path.includes('/inspectors/')) return ids.accountId;
      if (op.path.includes('/account-prospects/') || op.path.includes('/account-creation-logs/')) return ids.prospectId;
      if (op.path.endsWith('/deleteuser')) return ids.deletableUserId;
      return op.path.includes('/users/') ? ids.userId : ids.locationId;
    case 'userId':
      return ids.userId;
    case 'locationId':
      return ids.locationId;
    case 'tipId':
      return ids.tipId;
    case 'owner':
    case 'org':
      return ids.organisation;
    case 'kind':
      return op.path.startsWith('/v3/assets') ? 'image' : 'signIns';
    case 'queueTypes':
      return 'settings,data';
    case 'featureName':
      return 'realtime';
    case 'name':
      return op.path.startsWith('/v3/layout/bridge/dashboard/') ? 'home' : undefined;
    case 'action':
      return op.path.startsWith('/v3/queues/scheduled-jobs/') ? 'pause' : undefined;
    case 'siteId':
      return op.method === 'DELETE' && op.path.endsWith('/sites/{siteId}') ? ids.deletableLocationId : ids.locationId;
    case 'serviceId':
      return ids.serviceId;
    case 'token':
      return op.path.includes('/pushtoken/') ? ids.pushToken : undefined;
    case 'inquiryId':
      return ids.inquiryId;
    case 'provider':
      return ids.invoiceProvider;
    case 'type':
      return op.path.startsWith('/v3/copy/') ? 'my-pages' : undefined;
    case 'key':
      if (op.path.startsWith('/v3/cache/')) return 'copy';
      if (op.path.startsWith('/v3/copy/')) return parameter.in === 'path' ? 'dashboard.title' : undefined;
      // customer-facing secrets (an organisation admin reaches them): set in beforeAll, one to create, one to delete
      if (op.path.startsWith('/v4/secrets/')) return op.method === 'POST' ? 'harkClientId' : op.method === 'DELETE' ? 'harkWebhookSecret' : 'harkApiKey';
      return { year: '2025', month: '2025-03', week: '2025-W11', day: '2025-03-10', distribution: '2025-03' }[before('key') ?? ''];
    case 'start_date':
      return parameter.required ? '2025-03-10T00:00:00Z' : undefined;
    case 'end_date':
      return parameter.required ? '2025-03-11T00:00:00Z' : undefined;
    case 'dateKey':
      return parameter.required ? '2025-03' : undefined;
    // public market data and published texts
    case 'zone':
    case 'area':
      return parameter.in === 'path' ? 'SE3' : undefined;
    case 'date':
      return '2025-03-10';
    case 'month':
      return parameter.in === 'path' ? '2025-03' : undefined;
    case 'product':
      return parameter.in === 'path' ? ids.organisation : 'mypages';
    case 'language':
      return 'en';
    case 'format':
      return op.path.endsWith('/audit-logs/export') || op.path === '/v3/copy/export' ? 'csv' : undefined;
    case 'search':
      return '1';
    case 'ref':
      return op.path.includes('/account-prospects') || op.path.includes('/account-creation-logs') ? ids.prospectRef : undefined;
    default:
      return undefined;
  }
}

/** The owner's request for an operation: its url (with `organisation` as given) and body. */
function requestOf(op: Operation, rule: Rule, ids: Ids, organisation = ids.organisation, extraQuery: Record<string, string> = {}) {
  const owned = { ...ids, organisation };
  let url = op.path;
  const query = new URLSearchParams();
  for (const parameter of op.parameters) {
    if (parameter.in === 'header' || parameter.in === 'cookie' || parameter.name === 'accessToken') continue;
    const value = parameter.in === 'query' && parameter.name === 'organisation' && !parameter.required ? undefined : valueOf(op, parameter, owned);
    if (value === undefined) {
      if (parameter.required) throw new Error(`${op.key}: no value for the required ${parameter.in} parameter ${parameter.name}; add one to valueOf`);
      continue;
    }
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else query.set(parameter.name, value);
  }
  for (const [name, value] of Object.entries({ ...rule.query, ...extraQuery })) query.set(name, value);
  const search = query.toString();
  return { method: op.method as 'GET', url: search ? `${url}?${search}` : url, ...(rule.body ? { payload: rule.body(ids) as object } : {}) };
}

let t: TestApp;
let operations: Operation[];
let owner: Ids;
/** The ids of another customer of the same organisation (solvik's business user): sent one at a time with the owner's token. */
let neighbour: Partial<Ids>;
/** Tokens: the owner (solvik's demo user), another user of solvik, solvik-less fjellkraft's demo user. */
const tokens = { owner: '', sameOrganisation: '', otherOrganisation: '' };
/** Staff tokens: solvik's organisation admin, koivu's, and solvik's ORG_USER (a scope that manages nothing). */
const staffTokens = { owner: '', otherOrganisation: '', wrongScope: '' };
const linkTokens = { owner: '', sameOrganisation: '', otherOrganisation: '' };

beforeAll(async () => {
  t = await startTestApp();
  const document = await call(t.app, { method: 'GET', url: '/docs/openapi.json' });
  operations = operationsOf(document.response.json());

  staffTokens.owner = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  staffTokens.otherOrganisation = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
  staffTokens.wrongScope = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_USER'))).accessToken;
  const admins = await t.db.selectFrom('admins').innerJoin('organisations', 'organisations.id', 'admins.organisation_id').select(['admins.id', 'admins.email', 'admins.scope']).where('organisations.slug', '=', 'solvik').execute();
  const marketing = admins.find((a) => a.scope === 'ORG_MARKETING')!;
  const support = admins.find((a) => a.scope === 'ORG_SUPPORT')!;
  const developer = admins.find((a) => a.scope === 'ORG_DEVELOPER')!;
  const newApiToken = async (name: string): Promise<string> =>
    (await call(t.app, { method: 'POST', url: '/v3/admins/apitokens', token: staffTokens.owner, payload: { name, tokenScopes: ['syncAccount'] } })).body.data._id;
  const newDisruption = async (): Promise<string> =>
    (await call(t.app, { method: 'POST', url: '/v4/disruptions/bridge/solvik/disruption', token: staffTokens.owner, payload: matrixDisruption })).body.data._id;
  const newFeedback = async (token: string): Promise<string> =>
    (await call(t.app, { method: 'POST', url: '/v4/solvik/support/feedback', token, payload: { text: 'Matrix feedback' } })).body.data._id;
  const newAsset = async (name: string): Promise<string> =>
    (await call(t.app, { method: 'PUT', url: '/v3/assets', token: staffTokens.owner, payload: { name, kind: 'image', content: png(2, 2).toString('base64') } })).body.data._id;
  for (const key of ['harkApiKey', 'harkWebhookSecret']) {
    expect((await call(t.app, { method: 'POST', url: `/v4/secrets/solvik/${key}`, token: staffTokens.owner, payload: { value: `matrix ${key}` } })).status).toBe(200);
  }
  const home = await demoHome(t, 'solvik');
  const [business] = await signIn(t.app, 'solvik', 'business');
  const [other] = await signIn(t.app, 'fjellkraft', 'demo');
  tokens.owner = home.token;
  tokens.sameOrganisation = business!.accessToken;
  tokens.otherOrganisation = other!.accessToken;
  for (const who of ['owner', 'sameOrganisation', 'otherOrganisation'] as const) {
    linkTokens[who] = (await call(t.app, { method: 'GET', url: '/v3/auth/short-accesstoken', token: tokens[who] })).body.data.accessToken;
  }
  const me = (await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: home.token })).body.data;
  const inquiries = (await call(t.app, { method: 'GET', url: `/v4/solvik/locations/${home.locationId}/third-party-data-inquiries`, token: home.token })).body.data;
  const invoices = (await call(t.app, { method: 'GET', url: `/v4/solvik/invoices/accounts/${home.home.accountId}/invoices`, token: home.token })).body.data;
  const invoice = invoices.find((i: { invoice: { type: string } }) => i.invoice.type === 'pdf');
  owner = {
    organisation: 'solvik',
    userId: me._id,
    email: me.email,
    accountId: home.home.accountId,
    locationId: home.locationId,
    serviceId: home.serviceId,
    inquiryId: inquiries[0].inquiryId,
    inquiryStatus: inquiries[0].status,
    invoiceProvider: JSON.stringify(invoice.invoice.provider),
    adminId: marketing.id,
    adminEmail: marketing.email,
    deletableAdminId: developer.id,
    apiTokenId: await newApiToken('Matrix feed'),
    deletableApiTokenId: await newApiToken('Matrix feed to delete'),
    auditLogId: '',
    disruptionId: await newDisruption(),
    deletableDisruptionId: await newDisruption(),
    inspectorAdminId: support.id,
    inspectorAdminEmail: support.email,
    deletableUserId: (await call(t.app, { method: 'POST', url: '/v4/solvik/users', token: staffTokens.owner, payload: { firstName: 'Matrix guest', account: { accountId: home.home.accountId } } })).body.data._id,
    deletableLocationId: await spareLocation(home.locationId),
    ...(await demoProspect()),
    pushToken: 'ExponentPushToken[matrix-owner-device]',
    feedbackId: await newFeedback(home.token),
    deletableFeedbackId: await newFeedback(home.token),
    assetId: await newAsset('matrix.png'),
    deletableAssetId: await newAsset('matrix-deleted.png'),
    tipId: stableId('gridline-demo', 'solvik', 'tip', 'dishwasher-at-night'),
    deletableTipId: (await call(t.app, { method: 'POST', url: '/v3/data/tips', token: staffTokens.owner, payload: { texts: { en: { title: 'Matrix deleted', body: 'Matrix' } } } })).body.data._id,
    scheduledJobId: (await call(t.app, { method: 'GET', url: '/v3/queues/scheduled-jobs?queueTypes=settings', token: staffTokens.owner })).body.data.find((j: { organisation: string | null }) => j.organisation === 'solvik')._id,
    ...(await settingsOf()),
  };
  owner.auditLogId = (await call(t.app, { method: 'POST', url: '/v4/solvik/audit-logs/search', token: staffTokens.owner, payload: { limit: 1 } })).body.data[0]._id;
  // the other user of solvik must see none of it, or the matrix would prove nothing
  const theirs = (await call(t.app, { method: 'GET', url: '/v4/solvik/users/me', token: tokens.sameOrganisation })).body.data;
  const theirLocation = theirs.locations[0];
  const theirInquiries = (await call(t.app, { method: 'GET', url: `/v4/solvik/locations/${theirLocation._id}/third-party-data-inquiries`, token: tokens.sameOrganisation })).body.data;
  const theirInvoices = (await call(t.app, { method: 'GET', url: `/v4/solvik/invoices/accounts/${theirLocation.accountId}/invoices`, token: tokens.sameOrganisation })).body.data;
  neighbour = {
    userId: theirs._id,
    accountId: theirLocation.accountId,
    locationId: theirLocation._id,
    serviceId: theirLocation.services[0]._id,
    ...(theirInquiries[0] ? { inquiryId: theirInquiries[0].inquiryId } : {}),
    ...(theirInvoices[0] ? { invoiceProvider: JSON.stringify(theirInvoices[0].invoice.provider) } : {}),
  };
  expect(theirs.accounts.map((a: { accountId: string }) => a.accountId)).not.toContain(owner.accountId);
  expect(theirs.locations.map((l: { _id: string }) => l._id)).not.toContain(owner.locationId);
});
afterAll(async () => {
  await t?.close();
});

/** Solvik's live settings parts, and a change request scheduled a month ahead (its modules draft adds an item). */
async function settingsOf(): Promise<Pick<Ids, 'settingsLive' | 'settingsPartIds' | 'changeRequestId'>> {
  const parts = ['themes', 'feature-flags', 'modules', 'feature-configurations', 'custom-favorites'];
  const settingsLive: Record<string, unknown> = {};
  const settingsPartIds: Record<string, string> = {};
  for (const part of parts) {
    const draft = await call(t.app, { method: 'GET', url: `/v3/settings/drafts/${part}/solvik`, token: staffTokens.owner });
    settingsLive[part] = draft.body.data.live;
  }
  const status = await call(t.app, { method: 'GET', url: '/v3/settings/releases/status', token: staffTokens.owner });
  for (const { part, id } of status.body.data.parts as Array<{ part: string; id: string }>) settingsPartIds[part] = id;
  await call(t.app, { method: 'PUT', url: '/v3/settings/drafts/modules/solvik', token: staffTokens.owner, payload: { items: [{ id: 'a'.repeat(24), name: 'Help', copy: { en: { title: 'Matrix' } } }] } });
  const request = await call(t.app, { method: 'POST', url: '/v4/solvik/settings/change-requests', token: staffTokens.owner, payload: { parts: ['modules'], title: 'Matrix', scheduledAt: new Date(Date.now() + 30 * 86_400_000).toISOString() } });
  expect(request.status).toBe(200);
  return { settingsLive, settingsPartIds, changeRequestId: request.body.data.id };
}

/** A draft of a part for the matrix to discard. */
async function startDraft(part: string): Promise<void> {
  const res = await call(t.app, { method: 'PUT', url: `/v3/settings/drafts/${part}/solvik`, token: staffTokens.owner, payload: (part === 'custom-favorites' ? [] : {}) as unknown as Record<string, unknown> });
  expect(res.status).toBe(200);
}

/** An account prospect of solvik (the demo has none): what the prospect and creation-log calls read. */
async function demoProspect(): Promise<{ prospectId: string; prospectRef: string }> {
  const organisation = await t.db.selectFrom('organisations').select('id').where('slug', '=', 'solvik').executeTakeFirstOrThrow();
  const customer = await t.db.selectFrom('provider_customers').select('id').where('organisation_id', '=', organisation.id).orderBy('customer_number').executeTakeFirstOrThrow();
  const prospect = { prospectId: 'c0ffee00c0ffee00c0ffee00', prospectRef: 'matrix-prospect-ref' };
  await t.db
    .insertInto('account_prospects')
    .values({ id: prospect.prospectId, organisation_id: organisation.id, provider_customer_id: customer.id, auth_ref: prospect.prospectRef, status: 'new', user_id: 'a'.repeat(24), account_id: 'b'.repeat(24) })
    .execute();
  return prospect;
}

/** A copy of the owner's home (another id and site), of the same account: what the matrix detaches. */
async function spareLocation(locationId: string): Promise<string> {
  const home = await t.db.selectFrom('locations').selectAll().where('id', '=', locationId).executeTakeFirstOrThrow();
  const id = 'd'.repeat(24);
  await t.db.insertInto('locations').values({ ...home, id, provider_site_id: `${home.provider_site_id}-spare`, extras: JSON.stringify(home.extras), sort_order: 99 }).execute();
  return id;
}

/** Registers the owner's push token (what the removals need to find). */
async function registerPushToken(ids: Ids): Promise<void> {
  const res = await call(t.app, { method: 'PUT', url: `/v4/${ids.organisation}/users/${ids.userId}/pushtoken`, token: tokens.owner, payload: { token: ids.pushToken } });
  expect(res.status).toBe(200);
}

/** Activates a premium feature of the owner's account (what the deactivation needs to find). */
async function activatePremiumFeature(ids: Ids): Promise<void> {
  const res = await call(t.app, { method: 'POST', url: `/v4/${ids.organisation}/premiumfeatures`, token: staffTokens.owner, payload: { accountId: ids.accountId, featureName: 'realtime' } });
  expect(res.status).toBe(200);
}

/** Attaches the inspector admin to the owner's account (what the removals need to find). */
async function attachInspector(ids: Ids): Promise<void> {
  const organisation = await t.db.selectFrom('organisations').select('id').where('slug', '=', ids.organisation).executeTakeFirstOrThrow();
  await t.db
    .insertInto('account_inspectors')
    .values({ admin_id: ids.inspectorAdminId, account_id: ids.accountId, organisation_id: organisation.id, created_by: null, created_at: new Date() })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** No data in a refusal: the error shape only, and none of the owner's details. */
function expectNoData(body: unknown) {
  const text = JSON.stringify(body ?? null);
  expect((body as { data?: unknown } | undefined)?.data ?? null).toBeNull();
  expect(text).not.toContain(owner.email);
}

describe('the access matrix, from the OpenAPI document', () => {
  it('knows every operation of the document, and every rule names an operation that exists', () => {
    expect(operations.length).toBeGreaterThan(40);
    const unknown = operations.filter((op) => !rules[op.key]).map((op) => op.key);
    expect(unknown, 'operations without an access rule: add them to `rules`').toEqual([]);
    const stale = Object.keys(rules).filter((key) => !operations.some((op) => op.key === key));
    expect(stale, 'rules for operations the document no longer has').toEqual([]);
    // a call that names a row must say whose row it is
    const selfWithId = operations.filter((op) => rules[op.key]?.rule === 'self' && takesId(op)).map((op) => op.key);
    expect(selfWithId, 'operations that take an id cannot follow the rule self').toEqual([]);
  });

  it('answers 404 with no data to another user and another organisation, and 401 without a token', async () => {
    const tried: string[] = [];
    const failures: string[] = [];
    const expectStatus = async (label: string, request: Parameters<typeof call>[1], check: (status: number, body: { key?: string; data?: unknown } | undefined) => boolean) => {
      tried.push(label);
      const res = await call(t.app, request);
      if (!check(res.status, res.body)) failures.push(`${label}: ${res.status} ${JSON.stringify(res.body ?? null).slice(0, 200)}`);
      else if (res.status >= 400) {
        try {
          expectNoData(res.body);
        } catch {
          failures.push(`${label}: refused, but with data ${JSON.stringify(res.body).slice(0, 200)}`);
        }
      }
    };
    const is = (...statuses: number[]) => (status: number) => statuses.includes(status);
    const ok = (status: number) => status >= 200 && status < 300;

    /** The owner's token (or link) with one of the owner's ids replaced by the neighbour's: 404, whichever id it is. */
    const swapped = async (op: Operation, rule: Rule, send: (request: ReturnType<typeof requestOf>) => Parameters<typeof call>[1]) => {
      for (const parameter of op.parameters) {
        const field = parameter.name === 'id' ? (op.path.includes('/users/') ? 'userId' : 'locationId') : swappable[parameter.name];
        const value = field && neighbour[field];
        if (!field || value === undefined) continue;
        await expectStatus(`${op.key} × the owner with another customer's ${parameter.name}`, send(requestOf(op, rule, { ...owner, [field]: value })), is(404));
      }
    };

    for (const op of operations) {
      const rule = rules[op.key];
      // the sign-in process's own secrets are tried in modules/auth
      if (!rule || (rule.rule === 'sign-in' && !rule.needsUser)) continue;
      const own = requestOf(op, rule, owner);
      const onOther = requestOf(op, rule, owner, 'fjellkraft');
      switch (rule.rule) {
        case 'member':
          await expectStatus(`${op.key} × another user of the organisation`, { ...own, token: tokens.sameOrganisation }, is(404));
          if (op.path.includes('{organisation}')) {
            await expectStatus(`${op.key} × another organisation, under its own prefix`, { ...onOther, token: tokens.otherOrganisation }, is(404));
            await expectStatus(`${op.key} × another organisation's token, under this prefix`, { ...own, token: tokens.otherOrganisation }, is(401));
          }
          await expectStatus(`${op.key} × no token`, own, is(401));
          await swapped(op, rule, (request) => ({ ...request, token: tokens.owner }));
          await expectStatus(`${op.key} × the owner`, { ...own, token: tokens.owner }, rule.owner === 'not-404' ? (s) => s !== 404 && s < 500 : ok);
          break;
        case 'member-or-staff':
          await expectStatus(`${op.key} × another user of the organisation`, { ...own, token: tokens.sameOrganisation }, is(404));
          await expectStatus(`${op.key} × another organisation, under its own prefix`, { ...onOther, token: tokens.otherOrganisation }, is(404));
          await expectStatus(`${op.key} × another organisation's token, under this prefix`, { ...own, token: tokens.otherOrganisation }, is(401));
          await expectStatus(`${op.key} × no token`, own, is(401));
          await swapped(op, rule, (request) => ({ ...request, token: tokens.owner }));
          await expectStatus(`${op.key} × staff of a scope without the right`, { ...own, token: staffTokens.wrongScope }, is(403));
          await expectStatus(`${op.key} × staff of another organisation`, { ...own, token: staffTokens.otherOrganisation }, is(404));
          await rule.setUp?.(owner);
          await expectStatus(`${op.key} × the owner`, { ...own, token: tokens.owner }, ok);
          await rule.setUp?.(owner);
          await expectStatus(`${op.key} × the organisation's staff`, { ...own, token: staffTokens.owner }, ok);
          break;
        case 'token-tenant':
          await expectStatus(`${op.key} × another user of the organisation`, { ...own, token: tokens.sameOrganisation }, is(404));
          await expectStatus(`${op.key} × another organisation`, { ...own, token: tokens.otherOrganisation }, is(404));
          await expectStatus(`${op.key} × no token`, own, is(401));
          await swapped(op, rule, (request) => ({ ...request, token: tokens.owner }));
          await expectStatus(`${op.key} × the owner`, { ...own, token: tokens.owner }, ok);
          break;
        case 'document-link': {
          const withLink = (request: typeof own, token: string) => ({ ...request, url: `${request.url}${request.url.includes('?') ? '&' : '?'}accessToken=${encodeURIComponent(token)}` });
          await expectStatus(`${op.key} × another user's link`, withLink(own, linkTokens.sameOrganisation), is(404));
          await expectStatus(`${op.key} × another organisation's link, under its own prefix`, withLink(onOther, linkTokens.otherOrganisation), is(404));
          await expectStatus(`${op.key} × another organisation's link, under this prefix`, withLink(own, linkTokens.otherOrganisation), is(401));
          await expectStatus(`${op.key} × the owner's access token instead of a link token`, withLink(own, tokens.owner), is(401));
          // the spec's key for a link without its token
          await expectStatus(`${op.key} × no token`, own, (s, body) => s === 404 && body?.key === 'MISSING_TOKEN');
          await swapped(op, rule, (request) => withLink(request, linkTokens.owner));
          await expectStatus(`${op.key} × the owner's link`, withLink(own, linkTokens.owner), ok);
          break;
        }
        case 'self':
          await expectStatus(`${op.key} × no token`, own, is(401));
          await expectStatus(`${op.key} × another organisation's token, under this prefix`, { ...own, token: tokens.otherOrganisation }, op.path.includes('{organisation}') ? is(401) : ok);
          break;
        case 'api-token':
          await expectStatus(`${op.key} × no token`, own, is(401));
          await expectStatus(`${op.key} × a user's access token`, { ...own, token: tokens.owner }, is(401, 403));
          break;
        case 'staff':
          await expectStatus(`${op.key} × no token`, own, is(401));
          await expectStatus(`${op.key} × a customer's token`, { ...own, token: tokens.owner }, is(403));
          await expectStatus(`${op.key} × another organisation's customer token`, { ...own, token: tokens.otherOrganisation }, is(403));
          if (!rule.anyScope) await expectStatus(`${op.key} × staff of a scope without the right`, { ...own, token: staffTokens.wrongScope }, is(403));
          if (!rule.ownOnly) await expectStatus(`${op.key} × staff of another organisation`, { ...own, token: staffTokens.otherOrganisation }, is(404));
          await rule.setUp?.(owner);
          // the test app has no mail server: a call that sends mail answers 503 to the owner, not 404
          await expectStatus(`${op.key} × the organisation's staff`, { ...own, token: staffTokens.owner }, rule.owner === 'not-404' ? (s) => s !== 404 && s !== 403 && s !== 401 : ok);
          break;
        case 'public':
          await expectStatus(`${op.key} × no token (public)`, own, ok);
          break;
        case 'sign-in':
          if (rule.needsUser) await expectStatus(`${op.key} × no token`, own, is(401));
          break;
        case 'sync-token':
          await expectStatus(`${op.key} × no token`, own, (s, body) => s === 401 && body?.key === 'SYNC_TOKEN_INVALID');
          await expectStatus(`${op.key} × the organisation's staff access token`, { ...own, token: staffTokens.owner }, is(401));
          await expectStatus(`${op.key} × a customer's access token`, { ...own, token: tokens.owner }, is(401));
          break;
      }
    }
    console.log(`access matrix: ${tried.length} (operation × identity) pairs over ${operations.length} operations`);
    expect(failures).toEqual([]);
  });

  it('decides access before it reads the input: a caller without the right hears 401 or 403, not which field was wrong', async () => {
    const failures: string[] = [];
    const guarded = operations.filter((op) => ['member', 'member-or-staff', 'token-tenant', 'staff', 'self', 'api-token', 'sync-token'].includes(rules[op.key]!.rule));
    expect(guarded.length).toBeGreaterThan(40);
    for (const op of guarded) {
      const rule = rules[op.key]!;
      if (rule.rule === 'self' && !rule.needsUser) continue;
      const own = requestOf(op, rule, owner);
      // Every query parameter and the body replaced by values no contract takes.
      const url = own.url.replace(/([?&][^=]+)=[^&]*/g, '$1=%7B%7D');
      const wrong = { method: own.method, url, ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { payload: [42] as unknown as object } : {}) };
      const anonymous = await call(t.app, wrong);
      if (anonymous.status !== 401) failures.push(`${op.key} × no token and bad input: ${anonymous.status} ${anonymous.body?.key ?? ''}`);
      if (rule.rule === 'staff') {
        const customer = await call(t.app, { ...wrong, token: tokens.owner });
        if (customer.status !== 403) failures.push(`${op.key} × a customer's token and bad input: ${customer.status} ${customer.body?.key ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
