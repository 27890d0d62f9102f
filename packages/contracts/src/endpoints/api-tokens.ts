import { z } from 'zod';
import { Id } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { ApiToken, apiTokenManagers, CreateApiTokenRequest, CreatedApiToken, ListApiTokensQuery, UpdateApiTokenRequest } from '../api-tokens.ts';
import { Done } from '../staff.ts';

/**
 * API tokens (spec 002 §7, issue 16): the tokens an organisation's own systems call the API with
 * (ingest's `syncAccount`). Managed by ADMIN (any organisation), ORG_ADMIN and ORG_DEVELOPER (their
 * own); another organisation's token answers 404. Every change is an audit entry (never the token).
 */

const IdParams = z.object({ id: Id });
const exampleId = { id: '64b7f0c2a1d3e4f5a6b7c8d9' };

export const listApiTokens = endpoint({
  method: 'GET',
  path: '/v3/admins/apitokens',
  operationId: 'listApiTokens',
  tag: 'api tokens',
  summary: "An organisation's API tokens, newest first, or the token a pasted token string is",
  description:
    '`organisation` names the organisation (platform staff must, unless they give `token`). `token`: the token a pasted token string is, as a list of one ' +
    '(none when it is unknown or of an organisation the caller may not see). Never the token or its hash.',
  auth: { scopes: apiTokenManagers },
  query: ListApiTokensQuery,
  response: { data: z.array(ApiToken), paged: true },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { query: { organisation: 'solvik', limit: 25, page: 1 } },
});

export const createApiToken = endpoint({
  method: 'POST',
  path: '/v3/admins/apitokens',
  operationId: 'createApiToken',
  tag: 'api tokens',
  summary: 'Create an API token; the answer carries the token this once',
  description: 'The token (`glt_…`) is stored as its SHA-256 only: keep it from this answer. `expiresAt` must be in the future.',
  auth: { scopes: apiTokenManagers },
  body: CreateApiTokenRequest,
  response: { data: CreatedApiToken },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { body: { name: 'Meter feed', organisation: 'solvik', tokenScopes: ['syncAccount'], expiresAt: '2027-01-01T00:00:00Z' } },
});

export const updateApiToken = endpoint({
  method: 'PATCH',
  path: '/v3/admins/apitokens/{id}',
  operationId: 'updateApiToken',
  tag: 'api tokens',
  summary: "Rename an API token, change its scopes or expiry, or revoke it",
  description: 'A revoked token stops working at once (the next call is 401) and can no longer be changed (`409 API_TOKEN_REVOKED`).',
  auth: { scopes: apiTokenManagers },
  params: IdParams,
  body: UpdateApiTokenRequest,
  response: { data: ApiToken },
  errors: ['NOT_FOUND', 'API_TOKEN_REVOKED'],
  examples: { params: exampleId, body: { revoke: true } },
});

export const deleteApiToken = endpoint({
  method: 'DELETE',
  path: '/v3/admins/apitokens/{id}',
  operationId: 'deleteApiToken',
  tag: 'api tokens',
  summary: 'Delete an API token (it stops working at once)',
  auth: { scopes: apiTokenManagers },
  params: IdParams,
  response: { data: Done },
  errors: ['NOT_FOUND'],
  examples: { params: exampleId },
});
