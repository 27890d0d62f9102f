import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { Secret, SecretKey, SecretMeta, secretReaders, SecretsMetaQuery, SecretWriteRequest } from '../secrets.ts';
import { Done } from '../staff.ts';

/**
 * Secrets (spec 002 §7, issue 16). Access as spec 002 §6: ADMIN, SUPPORT and SERVICE every
 * secret of every organisation; ORG_ADMIN the customer-facing ones of their own organisation (a
 * secret that is not customer facing is `403 FORBIDDEN`, whether it is set or not: the keys are a
 * public list, so 403 leaks nothing, and it says why); nobody else (403). Another organisation's
 * secrets answer 404. An unknown key is 400. Writes and reads of values are audit entries
 * (`changed: ['value']`, never the value).
 */

const SecretParams = z.object({ organisation: z.string(), key: SecretKey });
const exampleParams = { organisation: 'solvik', key: 'harkApiKey' };
const forbidden = 'An organisation admin reaches only the customer-facing secrets; another scope none (403).';

export const listSecretsMeta = endpoint({
  method: 'GET',
  path: '/v4/secrets/meta',
  operationId: 'listSecretsMeta',
  tag: 'secrets',
  summary: "Every defined secret key of an organisation, with whether it is set, without values",
  description: `\`organisation\` names the organisation (platform staff must). An organisation admin sees only the customer-facing keys.`,
  auth: { scopes: secretReaders },
  query: SecretsMetaQuery,
  response: { data: z.array(SecretMeta) },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { query: { organisation: 'solvik' } },
});

export const getSecretMeta = endpoint({
  method: 'GET',
  path: '/v4/secrets/{organisation}/{key}/meta',
  operationId: 'getSecretMeta',
  tag: 'secrets',
  summary: 'One secret without its value',
  description: `404 while the key holds no value. ${forbidden}`,
  auth: { scopes: secretReaders },
  params: SecretParams,
  response: { data: SecretMeta },
  errors: ['NOT_FOUND'],
  examples: { params: exampleParams },
});

export const getSecret = endpoint({
  method: 'GET',
  path: '/v4/secrets/{organisation}/{key}',
  operationId: 'getSecret',
  tag: 'secrets',
  summary: 'One secret with its value (the read is audited)',
  description: `404 while the key holds no value. ${forbidden}`,
  auth: { scopes: secretReaders },
  params: SecretParams,
  response: { data: Secret },
  errors: ['NOT_FOUND'],
  examples: { params: exampleParams },
});

export const createSecret = endpoint({
  method: 'POST',
  path: '/v4/secrets/{organisation}/{key}',
  operationId: 'createSecret',
  tag: 'secrets',
  summary: 'Set a secret that holds no value yet',
  description: `The value is trimmed and sealed. A key that holds a value already is \`409 SECRET_EXISTS\` (replace it with PUT). ${forbidden}`,
  auth: { scopes: secretReaders },
  params: SecretParams,
  body: SecretWriteRequest,
  response: { data: Done },
  errors: ['SECRET_EXISTS'],
  examples: { params: exampleParams, body: { value: 'hark-live-3f9a…' } },
});

export const replaceSecret = endpoint({
  method: 'PUT',
  path: '/v4/secrets/{organisation}/{key}',
  operationId: 'replaceSecret',
  tag: 'secrets',
  summary: "Replace a secret's value",
  description: `404 while the key holds no value (set it with POST). ${forbidden}`,
  auth: { scopes: secretReaders },
  params: SecretParams,
  body: SecretWriteRequest,
  response: { data: Done },
  errors: ['NOT_FOUND'],
  examples: { params: exampleParams, body: { value: 'hark-live-7c21…' } },
});

export const deleteSecret = endpoint({
  method: 'DELETE',
  path: '/v4/secrets/{organisation}/{key}',
  operationId: 'deleteSecret',
  tag: 'secrets',
  summary: 'Delete a secret',
  description: `404 while the key holds no value. ${forbidden}`,
  auth: { scopes: secretReaders },
  params: SecretParams,
  response: { data: Done },
  errors: ['NOT_FOUND'],
  examples: { params: exampleParams },
});
