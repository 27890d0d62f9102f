import { z } from 'zod';
import { Id } from '../common.ts';
import { AccountCreationLog, AccountIdList, AccountProspect, CustomerAccount, CustomerOverview, CustomerSearchQuery, CustomerSearchRequest, CustomerUser, StaffAccountsQuery, StaffLocationsQuery, StaffUsersQuery, UserSearchRequest, ProspectSearchQuery, ProspectsByRefQuery, CreateCustomerUserRequest, UpdateCustomerUserRequest, RemoveMemberQuery, QueuedJobAnswer, Deleted, CreateCustomerAccountRequest, AttachSiteRequest, StaffPushTokensQuery } from '../customers.ts';
import { PushToken } from '../push-tokens.ts';
import { HomeExtrasUpdate } from '../home.ts';
import { Location } from '../locations.ts';
import { endpoint } from '../endpoint.ts';
import { customerSupport } from '../staff.ts';

/**
 * Customers for staff (spec 001 §7, spec 002 §7 "Other bridge calls", §9; issue 16; decision 0038):
 * find a customer and see what the customer page needs. The spec writes the bridge calls without a
 * version (`/accounts/bridge/search`); they live under `/v4/{organisation}/…` (decision 0035's
 * convention for paths the spec shows short). Only staff who may help customers call them
 * (ADMIN and SUPPORT everywhere, ORG_ADMIN and ORG_SUPPORT in their own organisation; another
 * organisation answers 404). Every answer that shows a customer is an audit entry `customer.view`.
 */

const OrganisationParams = z.object({ organisation: z.string() });
const example = { organisation: 'solvik' };
const exampleId = '64b7f0c2a1d3e4f5a6b7c8d9';
const searchRules =
  '`searchBy` (default `customerId`, spec 002 §9): `customerId` the provider\'s customer number, exact or its beginning; `personalId` a personal number in any form the portal\'s sign-in takes, ' +
  'normalised the same way (`400 MALFORMED_PERSONAL_NUMBER`); `organisationId` an organisation number, normalised (`400 MALFORMED_ORGANISATION_NUMBER`); `email` a part of the address, at least 3 characters. ' +
  '`limit` (1–100, default 25) and `page` (from 1) page the hits.';

export const searchAccounts = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/accounts/bridge/search',
  operationId: 'searchCustomerAccounts',
  tag: 'customers',
  summary: "Find customers' accounts by customer number, personal number, organisation number or e-mail",
  description: `Spec 002 §7 \`POST /accounts/bridge/search\`, under \`/v4/{organisation}\`. ${searchRules} An account matches by its own customer or organisation number, or by any of its users' personal numbers and e-mails.`,
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  body: CustomerSearchRequest,
  response: { data: z.array(CustomerAccount), paged: true },
  errors: ['MALFORMED_PERSONAL_NUMBER', 'MALFORMED_ORGANISATION_NUMBER', 'NOT_FOUND'],
  examples: { params: example, body: { search: '100234', searchBy: 'customerId', limit: 25, page: 1 } },
});

export const fetchAccount = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/accounts/bridge/fetch/{id}',
  operationId: 'fetchCustomerAccount',
  tag: 'customers',
  summary: 'One account of the organisation, with its owner and users',
  description: 'Spec 002 §7 `GET /accounts/bridge/fetch/{id}`, under `/v4/{organisation}`. Another organisation\'s account, or none, is `404 NOT_FOUND`.',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ id: Id }),
  response: { data: CustomerAccount },
  errors: ['NOT_FOUND'],
  examples: { params: { ...example, id: exampleId } },
});

export const fetchAccounts = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/accounts/bridge/fetch',
  operationId: 'fetchCustomerAccounts',
  tag: 'customers',
  summary: 'Several accounts by id (`?ids=` 1–100 ids, comma separated)',
  description: 'Spec 002 §7 `GET /accounts/bridge/fetch?ids`, under `/v4/{organisation}`. Answers the accounts of the organisation among the ids, in the order asked; the others are left out.',
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  query: z.object({ ids: AccountIdList }),
  response: { data: z.array(CustomerAccount) },
  errors: [],
  examples: { params: example, query: { ids: `${exampleId},64b7f0c2a1d3e4f5a6b7c8da` } },
});

export const searchUsers = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/users/bridge/search',
  operationId: 'searchCustomerUsers',
  tag: 'customers',
  summary: 'Find users by customer number, personal number, organisation number or e-mail',
  description: `Spec 001 §7 \`POST /users/bridge/search\`, under \`/v4/{organisation}\`. ${searchRules} A user matches by their own personal number and e-mail, or by the customer or organisation number of an account they are a member of.`,
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  body: UserSearchRequest,
  response: { data: z.array(CustomerUser), paged: true },
  errors: ['MALFORMED_PERSONAL_NUMBER', 'MALFORMED_ORGANISATION_NUMBER', 'NOT_FOUND'],
  examples: { params: example, body: { search: '19811218-9876', searchBy: 'personalId' } },
});

export const customerOverview = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/users/{id}/overview',
  operationId: 'getCustomerOverview',
  tag: 'customers',
  summary: "The back office's customer page in one answer: the user, accounts, locations with services, agreements, latest invoices, recent sign-ins",
  description:
    'Path ours (decision 0038). Locations in every status (the portal shows customers only ACTIVE, ACTIVE_PROCESS and PENDING); the latest three invoices of each account; the last ten sign-ins, support sessions marked; ' +
    'the customer\'s deletion request, if any, and their push tokens (decision 0042). ' +
    'A user of another organisation, or none, is `404 MISSING_USER_ID`.',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ id: Id }),
  response: { data: CustomerOverview },
  errors: ['MISSING_USER_ID'],
  examples: { params: { ...example, id: exampleId } },
});

const pagingRule = '`limit` (1–100, default 25) and `page` (from 1) are digits only (spec 001 §5).';

export const listUsers = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/users',
  operationId: 'listCustomerUsers',
  tag: 'customers',
  summary: "The organisation's users, newest first, paged (or the users of one account)",
  description: `Spec 001 §7 \`GET /users/\`. ${pagingRule} \`accountId\` keeps the users of one account (another organisation's: none).`,
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  query: StaffUsersQuery,
  response: { data: z.array(CustomerUser), paged: true },
  errors: [],
  examples: { params: example, query: { limit: '25', page: '1' } },
});

export const searchUsersByQuery = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/users/search',
  operationId: 'searchCustomerUsersByQuery',
  tag: 'customers',
  summary: 'Find users (the bridge search as a query)',
  description: `Spec 001 §7 \`GET /users/search\`. ${searchRules}`,
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  query: CustomerSearchQuery,
  response: { data: z.array(CustomerUser), paged: true },
  errors: ['MALFORMED_PERSONAL_NUMBER', 'MALFORMED_ORGANISATION_NUMBER'],
  examples: { params: example, query: { search: 'anna', searchBy: 'email' } },
});

export const getUser = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/users/{id}',
  operationId: 'getCustomerUser',
  tag: 'customers',
  summary: 'One user of the organisation, with their accounts and roles',
  description: 'Spec 001 §7 `GET /users/{id}`. A user of another organisation, or none, is `404 MISSING_USER_ID` (spec 001 §8).',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ id: Id }),
  response: { data: CustomerUser },
  errors: ['MISSING_USER_ID'],
  examples: { params: { ...example, id: exampleId } },
});

export const listAccounts = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/accounts',
  operationId: 'listCustomerAccounts',
  tag: 'customers',
  summary: "The organisation's accounts by customer number, paged, filtered by type and last visit",
  description: `Spec 001 §7 \`GET /accounts\` (filters). ${pagingRule} \`type\` one of the account types; \`seenSince\` a day (YYYY-MM-DD): accounts used on or after it.`,
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  query: StaffAccountsQuery,
  response: { data: z.array(CustomerAccount), paged: true },
  errors: [],
  examples: { params: example, query: { type: 'CUSTOMER', limit: '25', page: '1' } },
});

export const searchAccountsByQuery = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/accounts/search',
  operationId: 'searchCustomerAccountsByQuery',
  tag: 'customers',
  summary: "Find accounts (the bridge search as a query)",
  description: `Spec 001 §7 \`GET /accounts/search\`. ${searchRules}`,
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  query: CustomerSearchQuery,
  response: { data: z.array(CustomerAccount), paged: true },
  errors: ['MALFORMED_PERSONAL_NUMBER', 'MALFORMED_ORGANISATION_NUMBER'],
  examples: { params: example, query: { search: '3100', searchBy: 'customerId' } },
});

export const getAccount = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/accounts/{accountId}',
  operationId: 'getCustomerAccount',
  tag: 'customers',
  summary: 'One account of the organisation',
  description: 'Spec 001 §7 `GET /accounts/{id}`. Another organisation\'s account, or none, is `404 MISSING_ACCOUNT_ID`.',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ accountId: Id }),
  response: { data: CustomerAccount },
  errors: ['MISSING_ACCOUNT_ID'],
  examples: { params: { ...example, accountId: exampleId } },
});

export const accountLocations = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/accounts/{accountId}/locations',
  operationId: 'getCustomerAccountLocations',
  tag: 'customers',
  summary: "An account's locations in every status, with services; paged and filtered by service type and status",
  description:
    `Spec 001 §7 \`GET /accounts/{id}/locations\` with the paged location query of spec 001/002 §5: ${pagingRule} ` +
    '`services.type` and `services.status` are comma-separated lists of the service types and statuses (an unknown value is `400 VALIDATION_FAILED`): a location is listed when one of its services has one of the types and one of the statuses.',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ accountId: Id }),
  query: StaffLocationsQuery,
  response: { data: z.array(Location), paged: true },
  errors: ['MISSING_ACCOUNT_ID'],
  examples: { params: { ...example, accountId: exampleId }, query: { limit: '10', page: '1', 'services.type': 'consumption_trade,consumption_grid', 'services.status': 'active' } },
});

const prospectSearchRule = `${pagingRule} \`status\` one of the prospect statuses; \`customerId\` the customer number; \`from\` and \`to\` days (YYYY-MM-DD, inclusive) of when they began. Newest first.`;

export const prospectsByRef = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/account-prospects',
  operationId: 'listAccountProspectsByRef',
  tag: 'customers',
  summary: 'The account prospects a sign-in (`?ref`) began',
  description: 'Spec 001 §7 "Account prospects: GET list (ref)", under `/v4/{organisation}`. The ref is a filter only; no answer carries it.',
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  query: ProspectsByRefQuery,
  response: { data: z.array(AccountProspect) },
  errors: [],
  examples: { params: example, query: { ref: '2b1f2e9c-5a4e-4d7e-9b8e-1f0c2d3e4f5a' } },
});

export const searchProspects = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/account-prospects/search',
  operationId: 'searchAccountProspects',
  tag: 'customers',
  summary: 'Account prospects by status, customer number and time, paged',
  description: `Spec 001 §7 \`GET /account-prospects/search\`, under \`/v4/{organisation}\`. ${prospectSearchRule}`,
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  query: ProspectSearchQuery,
  response: { data: z.array(AccountProspect), paged: true },
  errors: [],
  examples: { params: example, query: { status: 'account_failed' } },
});

export const getProspect = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/account-prospects/{id}',
  operationId: 'getAccountProspect',
  tag: 'customers',
  summary: 'One account prospect',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ id: Id }),
  response: { data: AccountProspect },
  errors: ['NOT_FOUND'],
  examples: { params: { ...example, id: exampleId } },
});

export const creationLogsByRef = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/account-creation-logs',
  operationId: 'listAccountCreationLogsByRef',
  tag: 'customers',
  summary: 'The account-creation logs of a sign-in (`?ref`)',
  description: 'Spec 001 §7 `GET /account-creation-logs?ref`, under `/v4/{organisation}`. A log is a prospect\'s steps (its id is the prospect\'s); the ref is a filter only.',
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  query: ProspectsByRefQuery,
  response: { data: z.array(AccountCreationLog) },
  errors: [],
  examples: { params: example, query: { ref: '2b1f2e9c-5a4e-4d7e-9b8e-1f0c2d3e4f5a' } },
});

export const searchCreationLogs = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/account-creation-logs/search',
  operationId: 'searchAccountCreationLogs',
  tag: 'customers',
  summary: 'Account-creation logs by status, customer number and time, paged',
  description: `Spec 001 §7 \`GET /account-creation-logs/search\`, under \`/v4/{organisation}\`. ${prospectSearchRule}`,
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  query: ProspectSearchQuery,
  response: { data: z.array(AccountCreationLog), paged: true },
  errors: [],
  examples: { params: example, query: { status: 'provider_failed' } },
});

export const getCreationLog = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/account-creation-logs/{id}',
  operationId: 'getAccountCreationLog',
  tag: 'customers',
  summary: 'One account-creation log',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ id: Id }),
  response: { data: AccountCreationLog },
  errors: ['NOT_FOUND'],
  examples: { params: { ...example, id: exampleId } },
});

export const createUser = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/users',
  operationId: 'createCustomerUser',
  tag: 'customers',
  summary: 'Add a new user to an account (role GUEST unless named)',
  description:
    'Spec 001 §7 `POST /users/` (user, organisation — the path\'s —, account (role, accountId), inviterId). E-mail and phone follow the portal\'s rules (`400 MALFORMED_EMAIL`, `400 MALFORMED_PHONE_NUMBER`; the phone is stored normalised); ' +
    'a personal number is normalised as the sign-in does (`400 MALFORMED_PERSONAL_NUMBER`), and one another user of the organisation has is `409 USER_EXISTS`. ' +
    'The account and the inviter (a user of the account) must be the organisation\'s (`404 NOT_FOUND`). Audited as `user.create`.',
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  body: CreateCustomerUserRequest,
  response: { data: CustomerUser },
  errors: ['NOT_FOUND', 'MALFORMED_EMAIL', 'MALFORMED_PHONE_NUMBER', 'MALFORMED_PERSONAL_NUMBER', 'USER_EXISTS'],
  examples: { params: example, body: { firstName: 'Elsa', lastName: 'Lindqvist', email: 'elsa@example.com', account: { accountId: exampleId, role: 'GUEST' }, inviterId: '64b7f0c2a1d3e4f5a6b7c8da' } },
});

export const updateUserForStaff = endpoint({
  method: 'PATCH',
  path: '/v4/{organisation}/users/{id}',
  operationId: 'updateCustomerUser',
  tag: 'customers',
  summary: "Change a user's e-mail, phone number, names or language",
  description:
    'Spec 001 §7 `PUT /users/{id}` for staff: the customer\'s own `PUT` of the path keeps its rules (a recent sign-in or the current password), so the staff change is a `PATCH` (decision 0038). ' +
    'Passwords are never set by staff. `null` clears the e-mail, phone or language. Audited as `user.update` with before and after.',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ id: Id }),
  body: UpdateCustomerUserRequest,
  response: { data: CustomerUser },
  errors: ['MISSING_USER_ID', 'MALFORMED_EMAIL', 'MALFORMED_PHONE_NUMBER'],
  examples: { params: { ...example, id: exampleId }, body: { phoneNumber: '+46 701234567' } },
});

export const removeUserFromAccount = endpoint({
  method: 'DELETE',
  path: '/v4/{organisation}/users/{id}',
  operationId: 'removeCustomerUserFromAccount',
  tag: 'customers',
  summary: 'Remove a user from an account (`?accountId`)',
  description:
    'Spec 001 §7 `DELETE /users/{id}` (query accountId). The account\'s owner cannot be removed (`409 CANNOT_REMOVE_OWNER`); a user who is not a member is `404 NOT_FOUND`. ' +
    'Their sessions of that account end at their next refresh, and every member read checks the membership. Audited as `user.remove-from-account`. Answers the user.',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ id: Id }),
  query: RemoveMemberQuery,
  response: { data: CustomerUser },
  errors: ['MISSING_USER_ID', 'NOT_FOUND', 'CANNOT_REMOVE_OWNER'],
  examples: { params: { ...example, id: exampleId }, query: { accountId: '64b7f0c2a1d3e4f5a6b7c8da' } },
});

export const updateSiteExtra = endpoint({
  method: 'PUT',
  path: '/v4/{organisation}/accounts/{accountId}/sites/{siteId}/extra',
  operationId: 'updateCustomerSiteExtra',
  tag: 'customers',
  summary: "Change a location's home details (its extras) for the customer",
  description:
    'Spec 001 §7 `PUT /accounts/{id}/sites/{siteId}/extra`, under `/v4/{organisation}`. The body is the portal\'s strict home details (packages/contracts/src/home.ts): the fields named replace theirs, the others stay. ' +
    'A location of any status; one not of that account of the organisation is `404 NOT_FOUND`. Audited as `location.extra.update` with before and after. Answers the location.',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ accountId: Id, siteId: Id }),
  // the portal's rule, as a schema of its own (the OpenAPI document names a shared one only once)
  body: z.strictObject({ ...HomeExtrasUpdate.shape }),
  response: { data: Location },
  errors: ['NOT_FOUND'],
  examples: { params: { ...example, accountId: exampleId, siteId: '64b7f0c2a1d3e4f5a6b7c8da' }, body: { numberOfResidens: 3, heating: 'district' } },
});

export const syncAccount = endpoint({
  method: 'PUT',
  path: '/v4/{organisation}/accounts/{accountId}/sync',
  operationId: 'requestCustomerAccountSync',
  tag: 'customers',
  summary: "Sync the account from the provider's customer register (a queued job)",
  description:
    'Spec 001 §7 `PUT /accounts/{id}/sync`, under `/v4/{organisation}`. Queues the job `account-sync` and answers at once: the owner\'s names, e-mail, phone and language are taken from the provider\'s register where it has them (audited `account.sync` by the system). ' +
    'One job per account waits at a time: a second request while one waits answers `already-queued`. The request is audited as `account.sync.request`.',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ accountId: Id }),
  response: { data: QueuedJobAnswer },
  errors: ['MISSING_ACCOUNT_ID', 'JOBS_UNAVAILABLE'],
  examples: { params: { ...example, accountId: exampleId } },
});

export const updateSiteHistory = endpoint({
  method: 'PUT',
  path: '/v4/{organisation}/accounts/{accountId}/sites/{siteId}/updatehistory',
  operationId: 'requestCustomerSiteHistoryUpdate',
  tag: 'customers',
  summary: "Rebuild a site's history from its readings (a queued job)",
  description:
    'Spec 001 §7 `PUT /accounts/{id}/sites/{siteId}/updatehistory`, under `/v4/{organisation}`. Queues the job `site-history-update`, which recomputes every service of the location (hours, days, months, cost) from its first reading on, and answers at once. ' +
    'One job per site waits at a time. A location not of that account of the organisation is `404 NOT_FOUND`. Audited as `site.history.request`.',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ accountId: Id, siteId: Id }),
  response: { data: QueuedJobAnswer },
  errors: ['NOT_FOUND', 'JOBS_UNAVAILABLE'],
  examples: { params: { ...example, accountId: exampleId, siteId: '64b7f0c2a1d3e4f5a6b7c8da' } },
});

export const deleteUser = endpoint({
  method: 'DELETE',
  path: '/v4/{organisation}/users/{id}/deleteuser',
  operationId: 'deleteCustomerUser',
  tag: 'customers',
  summary: 'Delete a user outright: their memberships, sessions and ways to sign in',
  description:
    'Spec 001 §7 `DELETE /users/{id}/deleteuser` (decision 0041). The user row goes, and with it their memberships, sign-in processes and refresh tokens (username, password hash and personal number are columns of the row); ' +
    'every session of theirs ends at once (401 `SESSION_REVOKED`). The accounts stay with their locations and invoices: they are the account\'s, not the person\'s. ' +
    'An account they own that other users share is refused (`409 USER_OWNS_SHARED_ACCOUNT`, the accounts named in the message: remove those users first); an account only they used is kept without an owner. ' +
    'A user of another organisation, or none, is `404 MISSING_USER_ID`. Audited as `user.delete` with the user and their memberships before.',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ id: Id }),
  response: { data: Deleted },
  errors: ['MISSING_USER_ID', 'USER_OWNS_SHARED_ACCOUNT'],
  examples: { params: { ...example, id: exampleId } },
});

export const createAccount = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/accounts',
  operationId: 'createCustomerAccount',
  tag: 'customers',
  summary: 'Create an account: customer number, type (private or business), organisation number, owner',
  description:
    'Spec 001 §7 `POST /accounts` ("ref, or full payload"): the full payload, for staff (decision 0041). `type` CUSTOMER (private) or BUSINESS; `customerId` the provider\'s customer number, unique in the organisation (`409 ACCOUNT_EXISTS`); ' +
    '`organisationNumber` normalised for the organisation\'s country (`400 MALFORMED_ORGANISATION_NUMBER`), required for BUSINESS; `ownerId` an existing user of the organisation (`404 NOT_FOUND` otherwise), who becomes the OWNER. ' +
    'Sign-in refs create accounts through the prospects (the portal\'s first sign-in), not here. Audited as `account.create`. Answers the account.',
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  body: CreateCustomerAccountRequest,
  response: { data: CustomerAccount },
  errors: ['ACCOUNT_EXISTS', 'MALFORMED_ORGANISATION_NUMBER', 'NOT_FOUND'],
  examples: { params: example, body: { type: 'BUSINESS', customerId: '3100900', organisationNumber: '556734-5126', ownerId: exampleId } },
});

export const deleteAccount = endpoint({
  method: 'DELETE',
  path: '/v4/{organisation}/accounts/{accountId}',
  operationId: 'deleteCustomerAccount',
  tag: 'customers',
  summary: 'Delete an empty account (no users, no locations, no invoices)',
  description:
    'Spec 001 §7 `DELETE /accounts/{id}` (decision 0041). Only an account with nothing left in it: users (`409 ACCOUNT_HAS_MEMBERS`: remove or delete them first), locations in any status (`409 ACCOUNT_HAS_SITES`: detach them first) ' +
    'or invoices (`409 ACCOUNT_HAS_INVOICES`: invoices are kept, so such an account stays). Its inspector attachments go with it. Another organisation\'s account, or none, is `404 MISSING_ACCOUNT_ID`. Audited as `account.delete`.',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ accountId: Id }),
  response: { data: Deleted },
  errors: ['MISSING_ACCOUNT_ID', 'ACCOUNT_HAS_MEMBERS', 'ACCOUNT_HAS_SITES', 'ACCOUNT_HAS_INVOICES'],
  examples: { params: { ...example, accountId: exampleId } },
});

export const attachSite = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/accounts/{accountId}/sites',
  operationId: 'attachCustomerSite',
  tag: 'customers',
  summary: 'Attach a location of the organisation that no account holds to this account',
  description:
    'Spec 001 §7 `POST /accounts/{id}/sites` (decision 0041): `siteId` a location of the organisation, in any status, with its services, agreements and readings; one that another account holds is `409 SITE_ATTACHED` (detach it there first), ' +
    'one of another organisation or none `404 NOT_FOUND`; attaching it again to the same account changes nothing. New locations come from the provider\'s register with a new account (the prospects), not from here. Audited as `site.attach`. Answers the location.',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ accountId: Id }),
  body: AttachSiteRequest,
  response: { data: Location },
  errors: ['MISSING_ACCOUNT_ID', 'NOT_FOUND', 'SITE_ATTACHED'],
  examples: { params: { ...example, accountId: exampleId }, body: { siteId: '64b7f0c2a1d3e4f5a6b7c8da' } },
});

export const detachSite = endpoint({
  method: 'DELETE',
  path: '/v4/{organisation}/accounts/{accountId}/sites/{siteId}',
  operationId: 'detachCustomerSite',
  tag: 'customers',
  summary: 'Detach a location from the account (it is kept, with its services and readings)',
  description:
    'Spec 001 §7 `DELETE /accounts/{id}/sites/{siteId}` (decision 0041). The location leaves the account and no account holds it: its users no longer see it; its services, agreements, readings and the invoices that name it are kept, ' +
    'and `POST …/accounts/{accountId}/sites` attaches it to an account again (a move). A location not of that account of the organisation is `404 NOT_FOUND`. Audited as `site.detach`.',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ accountId: Id, siteId: Id }),
  response: { data: Deleted },
  errors: ['NOT_FOUND'],
  examples: { params: { ...example, accountId: exampleId, siteId: '64b7f0c2a1d3e4f5a6b7c8da' } },
});

export const listPushTokens = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/users/pushtokens/all',
  operationId: 'listPushTokens',
  tag: 'customers',
  summary: "The organisation's push tokens, newest registration first, paged (or one user's)",
  description:
    `Spec 001 §7 \`GET /users/pushtokens/all\` (decision 0042). ${pagingRule} \`userId\` keeps one user's tokens (another organisation's user: none). ` +
    'Only the organisation\'s tokens, whoever asks. Audited as `customer.view` of each user shown.',
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  query: StaffPushTokensQuery,
  response: { data: z.array(PushToken), paged: true },
  errors: [],
  examples: { params: example, query: { limit: '25', page: '1' } },
});
