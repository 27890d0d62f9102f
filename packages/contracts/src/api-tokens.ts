import { z } from 'zod';
import { BoundedInstant, BoundedText, Id, Slug } from './common.ts';
import type { StaffScope } from './staff.ts';

/*
 * API tokens for a provider's own systems (spec 002 §3 ApiToken, §5, §7; issue 16): scoped to one
 * organisation, expiring, revocable, stored as a SHA-256 hash. The token itself is answered once,
 * when it is created; no later answer carries it or its hash.
 */

/** What a token may do (spec 002 §3): `syncAccount` sends readings (ingest), the others are reserved for their calls. */
export const TokenScope = z.enum(['syncAccount', 'getLocations', 'sendMessage']);
export type TokenScope = z.infer<typeof TokenScope>;
export const tokenScopes = TokenScope.options;

/** Who manages API tokens: the platform admin everywhere, an organisation's admin and developer in their own. */
export const apiTokenManagers = ['ADMIN', 'ORG_ADMIN', 'ORG_DEVELOPER'] as const satisfies readonly StaffScope[];

/** Every API token starts with this (so that it is never taken for a JWT, and is easy to find in a leak). */
export const API_TOKEN_PREFIX = 'glt_';

export const ApiToken = z.object({
  _id: Id,
  name: z.string(),
  /** The organisation's slug. */
  organisation: z.string(),
  tokenScopes: z.array(TokenScope),
  /** The e-mail of the staff member who created it (`command line` for `npm run token:create`). */
  issuedBy: z.string(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** When a call last used it (to the minute). */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** The e-mail of the staff member who revoked it. */
  revokedBy: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

/** The answer to a creation: the stored record and, this once, the token. */
export const CreatedApiToken = ApiToken.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

export const API_TOKEN_NAME_MIN = 3;
export const API_TOKEN_NAME_MAX = 100;
/** A token's name: 3–100 characters once trimmed (spec 002 §5). */
export const ApiTokenName = BoundedText(API_TOKEN_NAME_MAX).refine((value) => value.trim().length >= API_TOKEN_NAME_MIN, `TOO_SHORT: at least ${API_TOKEN_NAME_MIN} characters`);

const Scopes = z
  .array(TokenScope)
  .min(1)
  .max(tokenScopes.length)
  .refine((scopes) => new Set(scopes).size === scopes.length, 'DUPLICATE: each scope once');

/** `GET /v3/admins/apitokens`: an organisation's tokens, or the one a pasted token string is. */
export const ListApiTokensQuery = z.object({
  /** The organisation's slug (platform staff name it; organisation staff may leave it out). */
  organisation: Slug.optional(),
  /** A pasted token: answers the token it is (within what the caller may see), or none. */
  token: BoundedText(200, { min: 1 }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ListApiTokensQuery = z.input<typeof ListApiTokensQuery>;

/** `POST /v3/admins/apitokens`: strict (spec 002 §5), an extra field is refused. */
export const CreateApiTokenRequest = z.strictObject({
  name: ApiTokenName,
  /** The organisation's slug; organisation staff may leave it out (their own). */
  organisation: Slug.optional(),
  tokenScopes: Scopes,
  /** When it stops working (in the future); none: until revoked. */
  expiresAt: BoundedInstant.nullable().optional(),
});
export type CreateApiTokenRequest = z.input<typeof CreateApiTokenRequest>;

/** `PATCH /v3/admins/apitokens/{id}`: a new name, scopes or expiry, or `revoke: true` (for good). */
export const UpdateApiTokenRequest = z
  .strictObject({
    name: ApiTokenName.optional(),
    tokenScopes: Scopes.optional(),
    expiresAt: BoundedInstant.nullable().optional(),
    /** Revoke: the token stops working at once and cannot be changed any more; `revokedAt` and `revokedBy` say when and by whom. */
    revoke: z.literal(true).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'EMPTY: name, tokenScopes, expiresAt or revoke');
export type UpdateApiTokenRequest = z.input<typeof UpdateApiTokenRequest>;
