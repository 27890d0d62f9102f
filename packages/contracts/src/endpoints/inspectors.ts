import { z } from 'zod';
import { Id } from '../common.ts';
import { AddInspectorRequest, Inspector, InspectorsOfAdminRequest, RemovedInspectors, RemoveInspectorQuery, RemoveInspectorsQuery, SupportSession, SupportSessionRequest } from '../customers.ts';
import { endpoint } from '../endpoint.ts';
import { customerSupport } from '../staff.ts';

/**
 * Inspectors (spec 001 §6–7, spec 002 §7; issue 16; decision 0038): admins attached to customers'
 * accounts, and "open as this customer", the portal's read-only support session started from the
 * back office. The spec writes the paths without a prefix; they live under `/v4/{organisation}/…`.
 * Staff who may help customers only (ADMIN, SUPPORT, ORG_ADMIN, ORG_SUPPORT); every change and
 * every support session is an audit entry.
 */

const OrganisationParams = z.object({ organisation: z.string() });
const example = { organisation: 'solvik' };
const adminId = '64b7f0c2a1d3e4f5a6b7c8d9';
const accountId = '64b7f0c2a1d3e4f5a6b7c8da';

export const inspectorsOfAdmin = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/inspectors/user',
  operationId: 'getInspectorAccountsOfAdmin',
  tag: 'inspectors',
  summary: "The organisation's accounts an admin (by e-mail) is attached to as inspector",
  description: 'An admin the caller may not see (another organisation\'s) is `404 NOT_FOUND`.',
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  body: InspectorsOfAdminRequest,
  response: { data: z.array(Inspector) },
  errors: ['NOT_FOUND'],
  examples: { params: example, body: { email: 'org-support@solvik.example' } },
});

export const inspectorsOfAccount = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/inspectors/{id}',
  operationId: 'getInspectorsOfAccount',
  tag: 'inspectors',
  summary: 'The admins attached to an account (`{id}`) as inspectors',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ id: Id }),
  response: { data: z.array(Inspector) },
  errors: ['NOT_FOUND'],
  examples: { params: { ...example, id: accountId } },
});

export const addInspector = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/inspectors',
  operationId: 'addInspector',
  tag: 'inspectors',
  summary: 'Attach an admin to an account as inspector',
  description:
    'The admin must be one who may help this organisation\'s customers (ADMIN or SUPPORT, or ORG_ADMIN or ORG_SUPPORT of the organisation): another is `409 ADMIN_CANNOT_INSPECT`. ' +
    'Attaching twice changes nothing and answers the attachment.',
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  body: AddInspectorRequest,
  response: { data: Inspector },
  errors: ['NOT_FOUND', 'ADMIN_CANNOT_INSPECT'],
  examples: { params: example, body: { adminId, accountId } },
});

export const removeInspector = endpoint({
  method: 'DELETE',
  path: '/v4/{organisation}/inspectors/{id}',
  operationId: 'removeInspector',
  tag: 'inspectors',
  summary: 'Remove an admin (`?adminId`) as inspector of an account (`{id}`)',
  description: 'An attachment that does not exist is `404 NOT_FOUND`.',
  auth: { scopes: customerSupport },
  params: OrganisationParams.extend({ id: Id }),
  query: RemoveInspectorQuery,
  response: { data: RemovedInspectors },
  errors: ['NOT_FOUND'],
  examples: { params: { ...example, id: accountId }, query: { adminId } },
});

export const removeInspectors = endpoint({
  method: 'DELETE',
  path: '/v4/{organisation}/inspectors',
  operationId: 'removeInspectorFromAccounts',
  tag: 'inspectors',
  summary: 'Remove an admin (`?adminId`) as inspector of several accounts (`?accountIds`, 1–100 ids, comma separated)',
  description: 'Answers how many attachments were removed (accounts the admin was not attached to count none).',
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  query: RemoveInspectorsQuery,
  response: { data: RemovedInspectors },
  errors: ['NOT_FOUND'],
  examples: { params: example, query: { adminId, accountIds: accountId } },
});

export const startSupportSession = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/inspectors/session',
  operationId: 'startSupportSession',
  tag: 'inspectors',
  summary: 'Open the portal as this customer: a read-only support session for one account',
  description:
    'Path ours (decision 0038). Starts the same sign-in as the portal\'s support mode (type `ADMIN`, scope INSPECTOR, the caller as inspector) for the account\'s owner (or `userId`, a user of the account), ' +
    'and answers its ref and the portal\'s `/login?ref=…` address, which signs in once within two minutes with tokens for that account only. The portal shows its support banner and refuses changes. ' +
    'Recorded in the audit log as `support.session`. An account without users is `409 NO_ACCOUNT_USER`.',
  auth: { scopes: customerSupport },
  params: OrganisationParams,
  body: SupportSessionRequest,
  response: { data: SupportSession },
  errors: ['NOT_FOUND', 'NO_ACCOUNT_USER'],
  examples: { params: example, body: { accountId } },
});
