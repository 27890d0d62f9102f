import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  AccessTokenQuery,
  AccessTokenResponse,
  AuthCallbackRequest,
  AuthCancelRequest,
  AuthProcess,
  AuthStatusQuery,
  LoginRequest,
  LogoutRequest,
  ProspectState,
  ShortAccessToken,
} from '../auth.ts';
import { SignInType } from '../enums.ts';

/** Sign-in, tokens and sign-out (spec 000 §4.1 and §7, spec 001 §7; decisions 0003, 0011). */

/** Where an OpenID provider sends an app's web view back to (OPENID_WEB_VIEW). */
export const OPENID_RETURN_PATH = '/v3/auth/openid/return';

const ref = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const processExample = { ref, status: 'process', type: 'USR_PWD' };

export const startSignIn = endpoint({
  method: 'POST',
  path: '/v3/auth/',
  operationId: 'startSignIn',
  tag: 'auth',
  summary: 'Start a sign-in (USR_PWD, BANKID, USR_PIN, EMAIL_LINK, OPENID, …)',
  description:
    'Answers the process (`ref`, `status`, and per method `hintCode`, `qrCodeUri`, `autoStartToken`, `url`, `sentTo`, `attemptsLeft`, `expiresAt`); poll `GET /v3/auth/` until `done`, `error` or `aborted`, then exchange the `ref` for tokens.',
  auth: 'none',
  body: LoginRequest,
  response: { data: AuthProcess },
  errors: [
    'UNKNOWN_ORGANISATION',
    'SIGN_IN_METHOD_DISABLED',
    'USER_NOT_FOUND',
    'WRONG_PASSWORD',
    'MALFORMED_PERSONAL_NUMBER',
    'MALFORMED_ORGANISATION_NUMBER',
    'MISSING_PHONE_NUMBER',
    'MISSING_EMAIL',
    'INVALID_REDIRECT_URI',
    'BANKID_ALREADY_IN_PROGRESS',
    'TOO_MANY_ATTEMPTS',
    'MESSAGE_NOT_SENT',
    'BANKID_UNAVAILABLE',
  ],
  examples: { body: { type: 'USR_PWD', organisation: 'solvik', username: 'anna', password: 'demo' }, data: processExample },
});

export const getSignInStatus = endpoint({
  method: 'GET',
  path: '/v3/auth/',
  operationId: 'getSignInStatus',
  tag: 'auth',
  summary: 'Sign-in process status',
  description: 'Poll every 500 ms. Once `done`, `auths` lists `{ scope, accountId, userId }` per account (empty for a user without accounts).',
  auth: 'none',
  query: AuthStatusQuery,
  response: { data: AuthProcess },
  errors: ['UNKNOWN_ORGANISATION', 'AUTH_REF_NOT_FOUND'],
  examples: { query: { ref, organisation: 'solvik' }, data: { ...processExample, status: 'done', auths: [{ scope: 'USER', accountId: '64b7f0c2a1d3e4f5a6b7c8d9', userId: '64b7f0c2a1d3e4f5a6b7c8d0' }] } },
});

export const signInCallback = endpoint({
  method: 'POST',
  path: '/v3/auth/{type}/callback',
  operationId: 'signInCallback',
  tag: 'auth',
  summary: 'The second step of a sign-in: the PIN (USR_PIN), the provider’s answer (OPENID)',
  auth: 'none',
  params: z.object({ type: SignInType }),
  body: AuthCallbackRequest,
  response: { data: AuthProcess },
  errors: ['UNKNOWN_ORGANISATION', 'AUTH_REF_NOT_FOUND', 'SIGN_IN_METHOD_DISABLED', 'MALFORMED_PIN', 'WRONG_PIN', 'PIN_EXPIRED', 'PIN_ATTEMPTS_EXCEEDED', 'OPENID_STATE_MISMATCH', 'OPENID_FAILED'],
  examples: { params: { type: 'USR_PIN' }, body: { organisation: 'solvik', ref, pin: '1234' } },
});

export const cancelSignIn = endpoint({
  method: 'POST',
  path: '/v3/auth/cancel',
  operationId: 'cancelSignIn',
  tag: 'auth',
  summary: 'Give up a sign-in under way (ours)',
  auth: 'none',
  body: AuthCancelRequest,
  response: { data: AuthProcess },
  errors: ['UNKNOWN_ORGANISATION', 'AUTH_REF_NOT_FOUND'],
  examples: { body: { organisation: 'solvik', ref } },
});

export const getSignInQrCode = endpoint({
  method: 'GET',
  path: '/v3/auth/qr',
  operationId: 'getSignInQrCode',
  tag: 'auth',
  summary: 'The current animated BankID QR code of a sign-in on another device, 300×300 PNG (ours)',
  description: 'Ask again every second (`t` only defeats caches); `404` once the order is no longer waiting.',
  auth: 'none',
  query: AuthStatusQuery.extend({ t: z.string().optional() }),
  response: { file: { contentTypes: ['image/png'], description: 'The QR code, `cache-control: no-store`' } },
  errors: ['UNKNOWN_ORGANISATION', 'AUTH_REF_NOT_FOUND', 'NOT_FOUND'],
  examples: { query: { ref, organisation: 'solvik', t: '1' } },
});

export const openIdReturn = endpoint({
  method: 'GET',
  path: OPENID_RETURN_PATH,
  operationId: 'openIdReturn',
  tag: 'auth',
  summary: 'Where an OpenID provider sends an app’s web view back to (OPENID_WEB_VIEW with polling); finishes the sign-in (ours)',
  description: 'Answers a small page in the organisation’s language saying whether the sign-in went through; the app keeps polling `GET /v3/auth/`.',
  auth: 'none',
  query: z.object({ code: z.string().max(4000).optional(), state: z.string().max(500).optional(), iss: z.string().max(2000).optional(), error: z.string().max(200).optional() }),
  response: { file: { contentTypes: ['text/html'], description: 'A page saying whether the sign-in went through' }, errorsAsHtml: true },
  errors: ['UNKNOWN_ORGANISATION', 'AUTH_REF_NOT_FOUND', 'OPENID_STATE_MISMATCH', 'OPENID_FAILED', 'SIGN_IN_METHOD_DISABLED'],
});

export const getAccessToken = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/account/sessions/accessToken',
  operationId: 'getAccessToken',
  tag: 'auth',
  summary: 'Exchange a ref for tokens (409 ACCOUNT_PENDING while a new account is created), poll that account (`prospect`), or renew with a refresh token',
  description:
    'Exactly one of `ref` (once per sign-in; one token pair per account), `refreshToken` (rotates; reusing a rotated one revokes its family) or `prospect` (answers `{ prospect, status }`).',
  auth: 'none',
  params: z.object({ organisation: z.string() }),
  query: AccessTokenQuery,
  response: { data: z.union([AccessTokenResponse, ProspectState]) },
  errors: ['AUTH_REF_NOT_FOUND', 'AUTH_REF_USED', 'MISSING_USER', 'ACCOUNT_PENDING', 'ACCOUNT_CREATION_FAILED', 'REFRESH_TOKEN_INVALID', 'REFRESH_TOKEN_REUSED', 'NOT_FOUND'],
  examples: { params: { organisation: 'solvik' }, query: { ref } },
});

export const signOut = endpoint({
  method: 'DELETE',
  path: '/v3/auth/',
  operationId: 'signOut',
  tag: 'auth',
  summary: 'Sign out',
  description: 'Revokes the given refresh tokens (one per account of the sign-in).',
  auth: 'user',
  body: LogoutRequest.nullish(),
  response: { data: z.object({ signedOut: z.literal(true) }) },
  errors: [],
  examples: { body: { refreshTokens: ['d41d8cd98f00b204e9800998ecf8427e'] }, data: { signedOut: true } },
});

export const getShortAccessToken = endpoint({
  method: 'GET',
  path: '/v3/auth/short-accesstoken',
  operationId: 'getShortAccessToken',
  tag: 'auth',
  summary: 'A 60-second token for document links',
  auth: 'user',
  response: { data: ShortAccessToken },
  errors: [],
  examples: { data: { accessToken: 'eyJhbGciOiJFZERTQSJ9.e30.c2lnbmF0dXJl', exp: 1767225660 } },
});
