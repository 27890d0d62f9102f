import { z } from 'zod';
import { Deleted } from '../customers.ts';
import { endpoint } from '../endpoint.ts';
import { PushStatus, PushToken, RegisterPushTokenRequest } from '../push-tokens.ts';
import { customerSupport, Done } from '../staff.ts';
import { DeletionRequest, Me, ResetPasswordRequest, SetActiveAccountRequest, SetLanguageRequest, UpdateUserRequest, User } from '../users.ts';

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


// ── push tokens and the deletion request (spec 001 §7 users calls; decision 0042) ──────────────

const exampleUserId = '64b7f0c2a1d3e4f5a6b7c8d0';
const pushTokenRules =
  'A token is an Expo push token (`ExponentPushToken[…]` or `ExpoPushToken[…]`) or a Web Push subscription as its JSON text ' +
  '(`{"endpoint":"https://…","keys":{"p256dh":"…","auth":"…"}}`, an `expirationTime` allowed; the endpoint an https address of a public host by name), ' +
  'at most 2048 characters; anything else is `400 MALFORMED_PUSH_TOKEN` with the `reason` in `data`.';

export const registerPushToken = endpoint({
  method: 'PUT',
  path: '/v4/{organisation}/users/{id}/pushtoken',
  operationId: 'registerPushToken',
  tag: 'users',
  summary: "Register a device's push token for the signed-in user",
  description:
    `Spec 001 §7 \`PUT /users/{id}/pushtoken\`. \`{id}\` must be the signed-in user (any other is \`404 NOT_FOUND\`). ${pushTokenRules} ` +
    'A token is unique in the organisation: registering one another user registered moves it to this user (the device changed hands); registering it again only renews `lastRegisteredAt`. ' +
    'A user keeps at most 20 tokens: the one registered longest ago gives way. A Web Push subscription is kept in one form, `{"endpoint","keys":{"p256dh","auth"}}`. Answers the registration.',
  auth: 'user',
  params: OrganisationParams.extend({ id: z.string() }),
  body: RegisterPushTokenRequest,
  response: { data: PushToken },
  errors: ['NOT_FOUND', 'MALFORMED_PUSH_TOKEN', 'MISSING_USER_ID'],
  examples: { params: { ...example, id: exampleUserId }, body: { token: 'ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]' } },
});

export const deletePushToken = endpoint({
  method: 'DELETE',
  path: '/v4/{organisation}/users/{id}/pushtoken/{token}',
  operationId: 'deletePushToken',
  tag: 'users',
  summary: "Remove one of a user's push tokens (the user, or staff who help customers)",
  description:
    'Spec 001 §7 `DELETE /users/{id}/pushtoken/{token}`. `{token}` is the Expo token as registered, or the registration\'s `_id` ' +
    '(a Web Push subscription is longer than a path segment may be, 100 characters, so it is removed by its id). ' +
    'The signed-in customer removes their own (`{id}` another user is `404 NOT_FOUND`); staff with the customer scopes (ADMIN, SUPPORT, ORG_ADMIN, ORG_SUPPORT) remove any user\'s of their organisation, audited as `user.push-token.delete`. ' +
    'A token the user does not have is `404 NOT_FOUND`.',
  auth: { scopes: customerSupport, orUser: true },
  params: OrganisationParams.extend({ id: z.string(), token: z.string().min(1).max(200) }),
  response: { data: Deleted },
  errors: ['NOT_FOUND'],
  examples: { params: { ...example, id: exampleUserId, token: 'ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]' } },
});

export const getPushStatus = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/users/{id}/pushstatus',
  operationId: 'getPushStatus',
  tag: 'users',
  summary: 'Whether push can reach the signed-in user: their tokens by kind and their notification preferences',
  description:
    'Spec 001 §7 `GET /users/{id}/pushstatus`. `{id}` must be the signed-in user (any other is `404 NOT_FOUND`). `reachable` is whether they have a token; ' +
    '`notifications` their saved preferences per notification type, null until they save any (`PUT /users/{id}/notifications`, a later issue: decision 0042).',
  auth: 'user',
  params: OrganisationParams.extend({ id: z.string() }),
  response: { data: PushStatus },
  errors: ['NOT_FOUND'],
  examples: { params: { ...example, id: exampleUserId }, data: { reachable: true, tokens: 1, kinds: { expo: 1, webpush: 0 }, notifications: null } },
});

export const requestDeletion = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/users/requestDelete',
  operationId: 'requestUserDeletion',
  tag: 'users',
  summary: 'Ask the provider to delete the signed-in user\'s account',
  description:
    'Spec 001 §7 `GET /users/requestDelete` (the spec\'s method, though it records). The request is kept once: asking again answers the first date and changes nothing. ' +
    'The first time, it is audited as the customer\'s `user.deletion.request` and the customer gets a confirmation e-mail in their language (when they have an address and a mail server is configured; the request stands either way). ' +
    'Staff see it on the customer page; deleting the user (`DELETE …/users/{id}/deleteuser`) removes it with them. A support session (INSPECTOR) may not ask (`403 READ_ONLY_SESSION`).',
  auth: 'user',
  params: OrganisationParams,
  response: { data: DeletionRequest },
  writes: true,
  errors: ['READ_ONLY_SESSION', 'MISSING_USER_ID'],
  examples: { params: example, data: { requestedAt: '2026-11-02T09:41:00.000Z' } },
});
