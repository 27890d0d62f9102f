import { z } from 'zod';
import { AccessScope, AuthProcessStatus, Language, SignInType } from './enums.ts';
import { Id } from './common.ts';

/** The login payload fields of spec 000 section 3; `type` names the sign-in method. */
export const LoginRequest = z.object({
  type: SignInType,
  organisation: z.string().min(1),
  username: z.string().optional(),
  password: z.string().optional(),
  pin: z.string().optional(),
  code: z.string().optional(),
  ref: z.string().optional(),
  customerId: z.string().optional(),
  organisationId: z.string().optional(),
  personalId: z.string().optional(),
  email: z.string().optional(),
  asPersonalId: z.string().optional(),
  asCustomerId: z.string().optional(),
  asUsername: z.string().optional(),
  otherDevice: z.boolean().optional(),
  inspectorLogin: z.boolean().optional(),
  accessType: z.string().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const PasswordLoginRequest = LoginRequest.extend({
  type: z.literal('USR_PWD'),
  username: z.string().trim().min(1, 'MISSING_USERNAME'),
  password: z.string().min(1, 'MISSING_PASSWORD'),
});

/** One entry per account the user belongs to; a token pair for each (spec 000 section 3). */
export const AuthRecord = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  exp: z.number().int().describe('Access token expiry, seconds since the epoch'),
  scope: AccessScope,
  accountId: Id,
  userId: Id,
});
export type AuthRecord = z.infer<typeof AuthRecord>;

/** What the status poll answers about a sign-in process (before tokens are exchanged). */
export const AuthSummary = z.object({ scope: AccessScope, accountId: Id, userId: Id });
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
});
export type AuthProcess = z.infer<typeof AuthProcess>;

export const AuthStatusQuery = z.object({ ref: z.string().min(1), organisation: z.string().min(1) });

export const AccessTokenQuery = z
  .object({
    ref: z.string().min(1).optional(),
    refreshToken: z.string().min(1).optional(),
  })
  .refine((q) => Boolean(q.ref) !== Boolean(q.refreshToken), {
    message: 'EXACTLY_ONE_OF_REF_OR_REFRESH_TOKEN',
  });

export const AccessTokenResponse = z.object({ auths: z.array(AuthRecord) });
export type AccessTokenResponse = z.infer<typeof AccessTokenResponse>;

/** Sign-out revokes the given refresh tokens (one per account of the sign-in). */
export const LogoutRequest = z.object({ refreshTokens: z.array(z.string().min(1)).max(50).default([]) });

export const ShortAccessToken = z.object({ accessToken: z.string(), exp: z.number().int() });
export type ShortAccessToken = z.infer<typeof ShortAccessToken>;
