import { z } from 'zod';
import { Id, Slug } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { Admin, AdminByEmailRequest, adminManagers, CreateAdminRequest, Done, ListAdminsQuery, SendAdminCreatedEmailRequest, StaffPolicy, UpdateAdminRequest, UpdateStaffPolicyRequest } from '../staff.ts';

/**
 * Admins (spec 002 §7, issue 16): the staff of an organisation and of the platform. The platform
 * admin manages every organisation's admins; an organisation admin their own organisation's, with
 * scopes up to their own (never a platform scope). Another organisation's admin answers 404.
 * Every change is an audit entry.
 */

const IdParams = z.object({ id: Id });
const exampleId = { id: '64b7f0c2a1d3e4f5a6b7c8d9' };

export const listAdmins = endpoint({
  method: 'GET',
  path: '/v3/admins',
  operationId: 'listAdmins',
  tag: 'admins',
  summary: "An organisation's admins, paged, sorted and filtered",
  description:
    '`organisation` names the organisation (platform staff; organisation staff may leave it out or name their own). `q` searches e-mail and names; `scope` filters. ' +
    'Platform admins are listed when platform staff leave `organisation` out.',
  auth: { scopes: adminManagers },
  query: ListAdminsQuery,
  response: { data: z.array(Admin), paged: true },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { query: { organisation: 'solvik', sortBy: 'email', order: 'asc', limit: 25, page: 1 } },
});

export const getAdmin = endpoint({
  method: 'GET',
  path: '/v3/admins/{id}',
  operationId: 'getAdmin',
  tag: 'admins',
  summary: 'One admin',
  auth: { scopes: adminManagers },
  params: IdParams,
  response: { data: Admin },
  errors: ['NOT_FOUND'],
  examples: { params: exampleId },
});

export const getAdminByEmail = endpoint({
  method: 'POST',
  path: '/v3/admins/adminByEmail',
  operationId: 'getAdminByEmail',
  tag: 'admins',
  summary: 'The admin with an e-mail',
  auth: { scopes: adminManagers },
  body: AdminByEmailRequest,
  response: { data: Admin },
  errors: ['NOT_FOUND', 'UNKNOWN_ORGANISATION'],
  examples: { body: { email: 'support@solvik.example', organisation: 'solvik' } },
});

export const createAdmin = endpoint({
  method: 'POST',
  path: '/v3/admins',
  operationId: 'createAdmin',
  tag: 'admins',
  summary: 'Create an admin (and send the admin-created e-mail with a link to set a password)',
  description:
    'An organisation admin creates admins of their organisation with an ORG_ scope; the platform admin any. The new admin has no password until they follow the link, ' +
    'which works once within 72 hours. An e-mail already in use is `409 ADMIN_EXISTS`.',
  auth: { scopes: adminManagers },
  body: CreateAdminRequest,
  response: { data: Admin },
  errors: ['ADMIN_EXISTS', 'SCOPE_NOT_GRANTABLE', 'UNKNOWN_ORGANISATION', 'NOT_FOUND', 'MESSAGE_NOT_SENT'],
  examples: { body: { email: 'new.admin@solvik.example', firstName: 'Nora', lastName: 'Berg', scope: 'ORG_MARKETING', organisation: 'solvik' } },
});

export const updateAdmin = endpoint({
  method: 'PUT',
  path: '/v3/admins/{id}',
  operationId: 'updateAdmin',
  tag: 'admins',
  summary: "Change an admin's names, scope, language or BankID personal number, or reset their second factor",
  description: 'A changed scope or a reset second factor ends the admin\'s sessions. Nobody changes their own scope (`409 CANNOT_CHANGE_SELF`).',
  auth: { scopes: adminManagers },
  params: IdParams,
  body: UpdateAdminRequest,
  response: { data: Admin },
  errors: ['NOT_FOUND', 'SCOPE_NOT_GRANTABLE', 'CANNOT_CHANGE_SELF'],
  examples: { params: exampleId, body: { scope: 'ORG_SUPPORT' } },
});

export const deleteAdmin = endpoint({
  method: 'DELETE',
  path: '/v3/admins/{owner}/{id}',
  operationId: 'deleteAdmin',
  tag: 'admins',
  summary: 'Delete an admin',
  description:
    'Spec 002 §7 writes `DELETE /v3/admins/{id}/{id}`: the first (`owner`) is the organisation of the admin (its slug, or `platform` for platform staff), the second the admin. ' +
    'Their sessions end at once; their audit entries stay.',
  auth: { scopes: adminManagers },
  params: z.object({ owner: z.union([z.literal('platform'), Slug]), id: Id }),
  response: { data: Done },
  errors: ['NOT_FOUND', 'CANNOT_CHANGE_SELF', 'UNKNOWN_ORGANISATION'],
  examples: { params: { owner: 'solvik', ...exampleId } },
});

export const sendAdminCreatedEmail = endpoint({
  method: 'POST',
  path: '/v3/auth/adminPassword/send-admin-created-email',
  operationId: 'sendAdminCreatedEmail',
  tag: 'admins',
  summary: 'Send an admin the admin-created e-mail again (a new link to set the password)',
  description: 'Earlier links of the admin stop working.',
  auth: { scopes: adminManagers },
  body: SendAdminCreatedEmailRequest,
  response: { data: Done },
  errors: ['NOT_FOUND', 'UNKNOWN_ORGANISATION', 'INVALID_REDIRECT_URI', 'MESSAGE_NOT_SENT'],
  examples: { body: { emailType: 'created', newAdminEmail: 'new.admin@solvik.example', newAdminOrganisation: 'solvik' } },
});

const OrganisationParams = z.object({ organisation: z.string() });

export const getStaffPolicy = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/staff/policy',
  operationId: 'getStaffPolicy',
  tag: 'admins',
  summary: "The organisation's rules for its staff: whether they sign in with a second factor",
  auth: { scopes: adminManagers },
  params: OrganisationParams,
  response: { data: StaffPolicy },
  errors: [],
  examples: { params: { organisation: 'solvik' } },
});

export const updateStaffPolicy = endpoint({
  method: 'PUT',
  path: '/v4/{organisation}/staff/policy',
  operationId: 'updateStaffPolicy',
  tag: 'admins',
  summary: 'Require a second factor (TOTP) of the organisation\'s staff, or stop requiring it',
  description:
    'Required: every staff sign-in at the organisation asks for a code, and staff without one enrol at their next sign-in (sessions already open go on until they end). ' +
    'Other API processes apply the change within 30 seconds (their cache of the organisation).',
  auth: { scopes: adminManagers },
  params: OrganisationParams,
  body: UpdateStaffPolicyRequest,
  response: { data: StaffPolicy },
  errors: [],
  examples: { params: { organisation: 'solvik' }, body: { staffSecondFactor: true } },
});
