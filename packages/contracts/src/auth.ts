import { z } from 'zod';
import { AccessScope, AuthProcessStatus, Language, SignInType } from './enums.ts';
import { BoundedText, Id, Slug, Username } from './common.ts';
import { PASSWORD_MAX_LENGTH } from './contact.ts';

/*
 * Bounds of the sign-in fields (decision 0030). A password that is checked is at most twice what
 * a new one may have (PASSWORD_MAX_LENGTH), so no hash runs over a megabyte; an e-mail at most
 * the 254 characters of RFC 5321; identity numbers, PINs and codes far less than 100.
 */
const Password = z.string().max(2 * PASSWORD_MAX_LENGTH);
const Email = BoundedText(254);
const Short = BoundedText(100);
/** A sign-in's ref (a UUID) or a refresh token (a JWT) as the client sends it back. */
const Ref = BoundedText(100, { min: 1 });
const TokenText = BoundedText(4000, { min: 1 });

/** The login payload fields of spec 000 section 3; `type` names the sign-in method. */
export const LoginRequest = z.object({
  type: SignInType,
  organisation: Slug,
  username: Username.optional(),
  password: Password.optional(),
  pin: Short.optional(),
  code: Short.optional(),
  ref: Ref.optional(),
  customerId: Short.optional(),
  organisationId: Short.optional(),
  personalId: Short.optional(),
  email: Email.optional(),
  asPersonalId: Short.optional(),
  asCustomerId: Short.optional(),
  asUsername: Username.optional(),
  otherDevice: z.boolean().optional(),
  inspectorLogin: z.boolean().optional(),
  accessType: Short.optional(),
  /** OpenID (ours): the portal page the provider sends the user back to, and whether the client polls. */
  redirectUri: BoundedText(2000).optional(),
  disablePolling: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * `POST /v3/auth/{type}/callback`: the second step of a method — the PIN of USR_PIN, the code and
 * state an OpenID provider sent back (or its error).
 */
export const AuthCallbackRequest = z.object({
  organisation: Slug,
  ref: Ref,
  pin: Short.optional(),
  code: BoundedText(4000).optional(),
  state: BoundedText(500).optional(),
  iss: BoundedText(2000).optional(),
  error: BoundedText(200).optional(),
});
export type AuthCallbackRequest = z.infer<typeof AuthCallbackRequest>;

/** `POST /v3/auth/cancel` (ours): the user gives up a sign-in under way (BankID, PIN, e-mail link, OpenID). */
export const AuthCancelRequest = z.object({ organisation: Slug, ref: Ref });

export const PasswordLoginRequest = LoginRequest.extend({
  type: z.literal('USR_PWD'),
  username: Username.trim().min(1, 'MISSING_USERNAME'),
  password: Password.min(1, 'MISSING_PASSWORD'),
});

/**
 * The scope of a customer session: USER, or INSPECTOR for an admin in support mode acting on a
 * customer's behalf (read-only; issue 5). Any other access scope is accepted as the spec lists it.
 */
export const SessionScope = z.union([AccessScope, z.literal('INSPECTOR')]);
export type SessionScope = z.infer<typeof SessionScope>;

/** One entry per account the user belongs to; a token pair for each (spec 000 section 3). */
export const AuthRecord = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  exp: z.number().int().describe('Access token expiry, seconds since the epoch'),
  scope: SessionScope,
  accountId: Id,
  userId: Id,
});
export type AuthRecord = z.infer<typeof AuthRecord>;

/** What the status poll answers about a sign-in process (before tokens are exchanged). */
export const AuthSummary = z.object({ scope: SessionScope, accountId: Id, userId: Id });
export type AuthSummary = z.infer<typeof AuthSummary>;

export const AuthProcess = z.object({
  ref: z.string(),
  status: AuthProcessStatus,
  error: z.string().optional(),
  errorMessage: z.string().optional(),
  auths: z.array(AuthSummary).optional(),
  accounts: z.array(Id).optional(),
  locations: z.array(Id).optional(),
  language: Language.optional(),
  /** Which method the process is (ours). */
  type: SignInType.optional(),
  /** BankID: the latest hint code of the order (outstandingTransaction, userSign, userCancel, …). */
  hintCode: z.string().optional(),
  /** BankID, other device: an image (PNG, 300×300) of the current animated QR code; ask again every second. */
  qrCodeUri: z.string().optional(),
  /** BankID, same device: the token to start the app with, and the address that does it. */
  autoStartToken: z.string().optional(),
  autoStartUrl: z.string().optional(),
  /** OpenID: the provider's address to send the user to. */
  url: z.string().optional(),
  /** PIN and e-mail link: where the code or link went, partly hidden (`+46 70•••••67`, `a•••@example.com`). */
  sentTo: z.string().optional(),
  /** PIN: wrong PINs the process still accepts. */
  attemptsLeft: z.number().int().optional(),
  /** When the process (PIN, link, order) stops being valid, ISO 8601. */
  expiresAt: z.string().optional(),
});
export type AuthProcess = z.infer<typeof AuthProcess>;

export const AuthStatusQuery = z.object({ ref: Ref, organisation: Slug });

export const AccessTokenQuery = z
  .object({
    ref: Ref.optional(),
    refreshToken: TokenText.optional(),
    /** Poll an account being created (after a 409 on `ref`); `organisation` may repeat the path's. */
    prospect: Ref.optional(),
    organisation: Slug.optional(),
  })
  .refine((q) => [q.ref, q.refreshToken, q.prospect].filter(Boolean).length === 1, {
    message: 'EXACTLY_ONE_OF_REF_REFRESH_TOKEN_OR_PROSPECT',
  });

/** The statuses an account prospect moves through (spec 001 §3), from `new` to `signed_in`. */
export const ProspectStatus = z.enum([
  'new', 'updated', 'provider_pending', 'provider_resolved', 'provider_failed', 'valid', 'account_waiting',
  'account_pending', 'account_resolved', 'account_failed', 'signed_in', 'abandoned',
]);
export type ProspectStatus = z.infer<typeof ProspectStatus>;

/** The account exists: fetch the token again. */
export const prospectReadyStatuses: readonly ProspectStatus[] = ['account_resolved', 'signed_in'];
/** The account will not be created. */
export const prospectFailedStatuses: readonly ProspectStatus[] = ['provider_failed', 'account_failed', 'abandoned'];

/** `GET …/accessToken?prospect`: where the account creation stands. */
export const ProspectState = z.object({ prospect: Id, status: ProspectStatus });
export type ProspectState = z.infer<typeof ProspectState>;

export const AccessTokenResponse = z.object({ auths: z.array(AuthRecord) });
export type AccessTokenResponse = z.infer<typeof AccessTokenResponse>;

/** Sign-out revokes the given refresh tokens (one per account of the sign-in). */
export const LogoutRequest = z.object({ refreshTokens: z.array(TokenText).max(50).default([]) });

export const ShortAccessToken = z.object({ accessToken: z.string(), exp: z.number().int() });
export type ShortAccessToken = z.infer<typeof ShortAccessToken>;
