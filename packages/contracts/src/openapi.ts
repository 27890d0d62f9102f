import { z } from 'zod';
import { ApiErrorBody, Pagination } from './common.ts';
import { errorKeysOf, endpointTags, pathParamNames, type Endpoint } from './endpoint.ts';
import { errorCatalogue, type ErrorKey } from './errors.ts';

/**
 * The OpenAPI 3.1 document, generated from the endpoint objects (decision 0024): the server
 * serves it at `/docs/openapi.json`, `npm run openapi` writes it to `docs/openapi.json`, and a test
 * fails when the committed file drifts from this. Entities named in `components` are written once
 * under `#/components/schemas` and referred to; every other schema is inlined where it is used.
 */

type Json = Record<string, unknown>;

export interface OpenApiInput {
  endpoints: readonly Endpoint[];
  /** Schemas written once as components (and every recursive one, which must be named). */
  components: Readonly<Record<string, z.ZodType>>;
  version: string;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const uri = (id: string) => `#/components/schemas/${id}`;

/** JSON Schema of many schemas at once: named components become references, the rest inline. */
function schemasOf(components: OpenApiInput['components'], parts: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  const idOf = new Map<z.ZodType, string>();
  for (const [id, schema] of Object.entries(components)) {
    registry.add(schema, { id });
    idOf.set(schema, id);
  }
  // A part used by several operations (or that is a component) is generated once.
  for (const [id, schema] of Object.entries(parts)) {
    if (idOf.has(schema)) continue;
    registry.add(schema, { id });
    idOf.set(schema, id);
  }
  const { schemas } = z.toJSONSchema(registry, { io, uri, unrepresentable: 'any' }) as { schemas: Record<string, Json> };
  if (schemas.__shared) throw new Error(`A recursive or repeated schema without a name: give it an id in components (${JSON.stringify(schemas.__shared).slice(0, 200)})`);
  const clean: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _s, $id: _i, ...rest } = schema;
    clean[id] = rest;
  }
  for (const [id, schema] of Object.entries(parts)) {
    const first = idOf.get(schema)!;
    clean[id] = first in components ? ref(first) : clean[first]!;
  }
  return clean;
}

/** Every `$ref` of the document names a component (a part nested in another part would not). */
function checkReferences(document: Json): void {
  const schemas = ((document.components as Json).schemas ?? {}) as Json;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          const name = value.replace('#/components/schemas/', '');
          if (!(name in schemas)) throw new Error(`${value} is not a component: a schema of one operation is used inside another; name it in components`);
        } else visit(value);
      }
    }
  };
  visit(document.paths);
  visit(schemas);
}

function securityOf(e: Endpoint): Json[] {
  if (e.auth === 'none') return [];
  if (e.auth === 'user') return [{ accessToken: [] }];
  if (e.auth === 'document') return [{ documentToken: [] }];
  // Either scheme (OpenAPI: the entries of `security` are alternatives).
  if ('scopes' in e.auth) return e.auth.orUser ? [{ accessToken: [] }, { staffToken: [...e.auth.scopes] }] : [{ staffToken: [...e.auth.scopes] }];
  return [{ apiToken: [...e.auth.apiToken] }];
}

const securitySchemes = {
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The access token of a sign-in (`GET /v4/{organisation}/account/sessions/accessToken`), valid 15 minutes, for the organisation it was issued in. ' +
      'Every operation that takes it accepts any customer session of that organisation.',
  },
  staffToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "A staff member's access token from the back office's sign-in (`POST /v3/auth/staff`), valid 15 minutes. An operation lists the staff scopes it takes " +
      '(spec 002 §6): ADMIN and SUPPORT act in every organisation, the ORG_ scopes in their own only (another organisation\'s data answers 404). ' +
      "A customer's token is 403.",
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    description: "An organisation's API token (`npm run token:create`); an operation lists the API scopes it needs.",
  },
  documentToken: {
    type: 'apiKey',
    in: 'query',
    name: 'accessToken',
    description: 'The 60-second token of `GET /v3/auth/short-accesstoken`, put into document and export links.',
  },
} as const;

/** Parameters of one place (path or query) from an object schema's JSON Schema. */
function parametersOf(schema: Json | undefined, where: 'path' | 'query', names: readonly string[], examples: Readonly<Record<string, unknown>> | undefined): Json[] {
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema?.required ?? []) as string[]);
  const all = where === 'path' ? names : Object.keys(properties);
  return all.map((name) => {
    const { description, ...property } = properties[name] ?? { type: 'string' };
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: property,
      ...(examples?.[name] !== undefined ? { example: examples[name] } : {}),
    };
  });
}

/** The error responses, one per status, each naming its keys. */
function errorResponses(keys: readonly ErrorKey[], html: boolean): Record<string, Json> {
  const byStatus = new Map<number, ErrorKey[]>();
  for (const key of keys) {
    const status = errorCatalogue[key].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), key]);
  }
  const responses: Record<string, Json> = {};
  for (const [status, statusKeys] of [...byStatus].sort(([a], [b]) => a - b)) {
    const first = statusKeys[0]!;
    responses[String(status)] = {
      description: statusKeys.map((key) => `\`${key}\`: ${errorCatalogue[key].message}`).join('; '),
      content: {
        'application/json': {
          schema: { allOf: [ref('Error'), { type: 'object', properties: { key: { type: 'string', enum: statusKeys } } }] },
          example: { name: first, status, message: errorCatalogue[first].message, key: first, uid: '5f0c6f5e-8a4e-4c1e-9f3a-2d1b7c9e4a10' },
        },
        ...(html ? { 'text/html': { schema: { type: 'string' } } } : {}),
      },
    };
  }
  return responses;
}

export function openApiDocument(input: OpenApiInput): Json {
  const parts = { output: {} as Record<string, z.ZodType>, input: {} as Record<string, z.ZodType> };
  for (const e of input.endpoints) {
    if ('data' in e.response) parts.output[`${e.operationId}.data`] = e.response.data;
    if (e.params) parts.input[`${e.operationId}.params`] = e.params;
    if (e.query) parts.input[`${e.operationId}.query`] = e.query;
    if (e.body) parts.input[`${e.operationId}.body`] = e.body;
  }
  const components = { ...input.components, Error: ApiErrorBody, Pagination };
  const output = schemasOf(components, parts.output, 'output');
  const inputs = schemasOf({}, parts.input, 'input');

  const paths: Record<string, Record<string, Json>> = {};
  const ids = new Set<string>();
  for (const e of input.endpoints) {
    if (ids.has(e.operationId)) throw new Error(`Two endpoints are called ${e.operationId}`);
    ids.add(e.operationId);
    const op = e.operationId;
    const parameters = [
      ...parametersOf(inputs[`${op}.params`], 'path', pathParamNames(e.path), e.examples?.params),
      ...parametersOf(inputs[`${op}.query`], 'query', [], e.examples?.query),
    ];
    let requestBody: Json | undefined;
    if (e.body) {
      requestBody = {
        required: !e.body.safeParse(undefined).success,
        content: { 'application/json': { schema: inputs[`${op}.body`], ...(e.examples?.body !== undefined ? { example: e.examples.body } : {}) } },
      };
    } else if (e.rawBody) {
      requestBody = {
        required: true,
        description: e.rawBody.description,
        content: Object.fromEntries(e.rawBody.contentTypes.map((type) => [type, { schema: { type: 'string' }, ...(e.rawBody?.example ? { example: e.rawBody.example } : {}) }])),
      };
    }
    const responses: Record<string, Json> = {};
    if ('data' in e.response) {
      const envelope: Json = {
        type: 'object',
        properties: { status: { type: 'integer', const: 200 }, data: output[`${op}.data`], ...(e.response.paged ? { pagination: ref('Pagination') } : {}) },
        required: ['status', 'data', ...(e.response.paged ? ['pagination'] : [])],
        additionalProperties: false,
      };
      responses['200'] = {
        description: e.summary,
        content: { 'application/json': { schema: envelope, ...(e.examples?.data !== undefined ? { example: { status: 200, data: e.examples.data } } : {}) } },
      };
      if (e.response.notModified) responses['304'] = { description: 'Not modified: the `If-None-Match` tag is still current' };
    } else {
      responses['200'] = {
        description: e.response.file.description,
        content: Object.fromEntries(e.response.file.contentTypes.map((type) => [type, { schema: type.startsWith('text/') ? { type: 'string' } : { type: 'string', contentMediaType: type } }])),
      };
    }
    Object.assign(responses, errorResponses(errorKeysOf(e), 'file' in e.response && e.response.errorsAsHtml === true));

    paths[e.path] ??= {};
    paths[e.path]![e.method.toLowerCase()] = {
      operationId: op,
      tags: [e.tag],
      summary: e.summary,
      ...(e.description ? { description: e.description } : {}),
      security: securityOf(e),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }

  const usedTags = new Set(input.endpoints.map((e) => e.tag));
  const schemas = Object.fromEntries(Object.entries(output).filter(([id]) => !id.includes('.')).sort(([a], [b]) => a.localeCompare(b)));
  const document: Json = {
    openapi: '3.1.0',
    info: {
      title: 'Gridline platform API',
      version: input.version,
      summary: 'The platform API of spec 001 (and the calls of spec 000) that the portal, the back office, apps and providers use.',
      description:
        'Every answer is `{ status, data }` (paged lists add `pagination`); every error is `{ name, status, message, key, uid, data?, info? }` with a stable `key`. ' +
        'See docs/api.md for the conventions and the mapping from the specification.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Gridline' },
    },
    // Relative: the API answers on the host that serves this document (a local `npm start`: http://localhost:3000).
    servers: [{ url: '/', description: 'The host that serves this document' }],
    tags: Object.entries(endpointTags)
      .filter(([name]) => usedTags.has(name as keyof typeof endpointTags))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: { schemas, securitySchemes },
  };
  checkReferences(document);
  return document;
}
