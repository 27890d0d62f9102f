import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { Done } from '../staff.ts';
import { Me, ResetPasswordRequest, SetActiveAccountRequest, SetLanguageRequest, UpdateUserRequest, User } from '../users.ts';

/** The signed-in user and the accounts it belongs to (spec 000 §7, spec 001 §7). */

const OrganisationParams = z.object({ organisation: z.string() });
const example = { organisation: 'solvik' };

export const getCurrentUser = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/users/me',
  operationId: 'getCurrentUser',
  tag: 'users',
  summary: 'The signed-in user',
  auth: 'user',
  params: OrganisationParams,
  response: { data: User },
  errors: ['MISSING_USER_ID'],
  examples: { params: example },
});

export const setActiveAccount = endpoint({
  method: 'PUT',
  path: '/v4/{organisation}/users/me/active-account',
  operationId: 'setActiveAccount',
  tag: 'users',
  summary: 'Set the active account',
  description: 'One of the accounts the user is a member of (another is `404 NOT_FOUND`). Answers the user.',
  auth: 'user',
  params: OrganisationParams,
  body: SetActiveAccountRequest,
  response: { data: User },
  errors: ['MISSING_ACCOUNT_ID', 'NOT_FOUND', 'MISSING_USER_ID'],
  examples: { params: example, body: { accountId: '64b7f0c2a1d3e4f5a6b7c8d9' } },
});

export const setLanguage = endpoint({
  method: 'PUT',
  path: '/v4/{organisation}/users/me/language',
  operationId: 'setLanguage',
  tag: 'users',
  summary: "Set the user's interface language",
  description: "One of the organisation's languages (its `LANGUAGES` flag); another is `400 LANGUAGE_NOT_OFFERED`. Answers the user.",
  auth: 'user',
  params: OrganisationParams,
  body: SetLanguageRequest,
  response: { data: User },
  errors: ['LANGUAGE_NOT_OFFERED', 'MISSING_USER_ID'],
  examples: { params: example, body: { language: 'sv' } },
});

export const updateUser = endpoint({
  method: 'PUT',
  path: '/v4/{organisation}/users/{id}',
  operationId: 'updateUser',
  tag: 'users',
  summary: "Change the signed-in user's e-mail and phone number, or password",
  description:
    'Spec 001 §7 `PUT /users/{id}`. `{id}` must be the signed-in user (any other is `404 NOT_FOUND`). Body: `email` and/or `phoneNumber`, or `newPassword` alone. ' +
    'Rules (packages/contracts/src/contact.ts): e-mail at most 35 characters (`400 MALFORMED_EMAIL`); phone `+`, a 1–4 digit country code, an optional space or dash, 9–15 digits ' +
    '(`400 MALFORMED_PHONE_NUMBER`; stored normalised); a detail the organisation does not let customers edit is `403 CONTACT_NOT_EDITABLE`; a password of 3–128 characters (`400 MALFORMED_PASSWORD`). ' +
    'Each is a way to sign in, so the change needs a sign-in within the last 10 minutes or `currentPassword` (`403 REAUTHENTICATION_REQUIRED`, `403 CURRENT_PASSWORD_WRONG`); a new password ends every other session. Answers the user.',
  auth: 'user',
  params: OrganisationParams.extend({ id: z.string() }),
  body: UpdateUserRequest,
  response: { data: User },
  errors: ['NOT_FOUND', 'MALFORMED_EMAIL', 'MALFORMED_PHONE_NUMBER', 'MALFORMED_PASSWORD', 'CONTACT_NOT_EDITABLE', 'REAUTHENTICATION_REQUIRED', 'CURRENT_PASSWORD_WRONG', 'MISSING_USER_ID'],
  examples: { params: { ...example, id: '64b7f0c2a1d3e4f5a6b7c8d0' }, body: { email: 'anna@example.com', phoneNumber: '+46 701234567', currentPassword: 'demo' } },
});

export const requestPasswordReset = endpoint({
  method: 'PUT',
  path: '/v4/{organisation}/users/resetPassword',
  operationId: 'requestPasswordReset',
  tag: 'users',
  summary: 'E-mail a link to choose a new password',
  description:
    'Spec 001 §7 `PUT /users/resetPassword` (decision 0043), for organisations that offer username and password sign-in (`403 SIGN_IN_METHOD_DISABLED` otherwise). ' +
    'Every user of the organisation with this e-mail and a password gets a link that works once within the hour: `callbackUrl?ref=…`, where `callbackUrl` is a page of the organisation\'s portal ' +
    '(`400 INVALID_REDIRECT_URI` otherwise; the portal\'s `/reset-password` when left out). That page exchanges the `ref` like any sign-in ref (`GET /v4/{organisation}/account/sessions/accessToken`) and sets the password with ' +
    '`PUT /users/{id}` `newPassword` and the new bearer. The answer is the same whether or not the e-mail belongs to anyone; five requests per e-mail in 15 minutes (`429 TOO_MANY_ATTEMPTS`).',
  auth: 'none',
  params: OrganisationParams,
  body: ResetPasswordRequest,
  response: { data: Done },
  errors: ['MALFORMED_EMAIL', 'INVALID_REDIRECT_URI', 'SIGN_IN_METHOD_DISABLED', 'TOO_MANY_ATTEMPTS', 'MESSAGE_NOT_SENT', 'UNKNOWN_ORGANISATION'],
  examples: { params: example, body: { email: 'anna@example.com', callbackUrl: 'https://solvik.gridline.example/reset-password' } },
});

export const getAccountMe = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/accounts/{accountId}/me',
  operationId: 'getAccountMe',
  tag: 'accounts',
  summary: "The account's owner, users and provider",
  description: '`404 NOT_FOUND` unless the user is a member of the account.',
  auth: 'user',
  params: OrganisationParams.extend({ accountId: z.string() }),
  response: { data: Me },
  errors: ['MISSING_ACCOUNT_ID', 'NOT_FOUND'],
  examples: {
    params: { ...example, accountId: '64b7f0c2a1d3e4f5a6b7c8d9' },
    data: {
      accountId: '64b7f0c2a1d3e4f5a6b7c8d9',
      accountOwner: { _id: '64b7f0c2a1d3e4f5a6b7c8d0', email: 'anna@example.com', firstName: 'Anna', lastName: 'Berg', phoneNumber: '+46701234567' },
      users: [{ _id: '64b7f0c2a1d3e4f5a6b7c8d0', email: 'anna@example.com', firstName: 'Anna', lastName: 'Berg', phoneNumber: '+46701234567', role: 'OWNER' }],
      provider: { customerId: '100234' },
    },
  },
});

