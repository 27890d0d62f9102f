/**
 * The operations of an OpenAPI document (3.0 or 3.1), read generically for the tests generated
 * from it: methods, paths, parameters and the JSON request body's schema, with every `$ref` to
 * the document's components resolved. Nothing here knows a route of this API.
 */

/** A JSON schema as the document has it, `$ref`s resolved (3.0: `nullable`; 3.1: `type` arrays, `const`). */
export interface Schema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  /** The document's path template (`/v4/{organisation}/users/me`). */
  path: string;
  params: Parameter[];
  query: Parameter[];
  /** The `application/json` request body, when the operation declares one. */
  body: { required: boolean; schema: Schema } | null;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type Json = Record<string, unknown>;

/** Resolves `$ref`s (`#/components/schemas/X`, `#/components/parameters/Y`, …) everywhere below a node. */
function resolver(doc: Json) {
  const pointer = (ref: string): unknown => {
    if (!ref.startsWith('#/')) throw new Error(`Only local references are supported: ${ref}`);
    return ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], doc);
  };
  const resolve = (node: unknown, seen: ReadonlySet<string> = new Set()): unknown => {
    if (Array.isArray(node)) return node.map((item) => resolve(item, seen));
    if (node === null || typeof node !== 'object') return node;
    const ref = (node as Json).$ref;
    if (typeof ref === 'string') {
      // A recursive schema (a tree) is cut at its second appearance: enough to generate input.
      if (seen.has(ref)) return {};
      return resolve(pointer(ref), new Set([...seen, ref]));
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value, seen)]));
  };
  return resolve;
}

export function operationsOf(document: unknown): Operation[] {
  const doc = document as Json;
  const version = String(doc.openapi ?? '');
  if (!/^3\.[01]\./.test(version)) throw new Error(`Not an OpenAPI 3.0 or 3.1 document: ${version}`);
  const resolve = resolver(doc);
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries((doc.paths ?? {}) as Json)) {
    const item = resolve(rawItem) as Json;
    const shared = (item.parameters ?? []) as Json[];
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      // An operation's own parameter replaces a path item's of the same name and place.
      const byKey = new Map<string, Json>();
      for (const p of [...shared, ...((op.parameters ?? []) as Json[])]) byKey.set(`${String(p.in)}:${String(p.name)}`, p);
      const parameters = [...byKey.values()].map((p) => ({
        name: String(p.name),
        in: p.in as Parameter['in'],
        required: p.required === true || p.in === 'path',
        schema: (p.schema ?? {}) as Schema,
      }));
      // Path parameters come from the template itself too, in case a document leaves one undeclared.
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        if (!parameters.some((p) => p.in === 'path' && p.name === name)) parameters.push({ name: name!, in: 'path', required: true, schema: { type: 'string' } });
      }
      const requestBody = op.requestBody as Json | undefined;
      const json = (requestBody?.content as Json | undefined)?.['application/json'] as Json | undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: json ? { required: requestBody?.required === true, schema: (json.schema ?? {}) as Schema } : null,
      });
    }
  }
  return operations;
}

/** The schema's types (3.1 `type: [...]`, 3.0 `nullable`, `anyOf`/`oneOf` members), without `null`. */
export function typesOf(schema: Schema): string[] {
  const members = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const own = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const types = new Set([...own, ...members.flatMap(typesOf)]);
  if (types.size === 0 && (schema.enum ?? (schema.const !== undefined ? [schema.const] : [])).length > 0) {
    for (const value of schema.enum ?? [schema.const]) types.add(value === null ? 'null' : typeof value);
  }
  types.delete('null');
  return [...types];
}

export function allowsNull(schema: Schema): boolean {
  const own = Array.isArray(schema.type) ? schema.type.includes('null') : schema.type === 'null';
  return schema.nullable === true || own || (schema.enum ?? []).includes(null) || [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(allowsNull);
}

/** The schema's first concrete member (an `anyOf` of a type and null gives the type). */
export function concrete(schema: Schema): Schema {
  const members = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].filter((m) => typesOf(m).length > 0 || m.enum || m.const !== undefined);
  if (schema.type === undefined && members.length > 0) return concrete(members[0]!);
  if (schema.allOf && schema.allOf.length > 0) return concrete(Object.assign({}, ...schema.allOf.map(concrete), { ...schema, allOf: undefined }) as Schema);
  return schema;
}

/** Whether a schema admits only some strings: a length bound, a pattern, a format, a list of values. */
export function constrainsString(schema: Schema): boolean {
  const s = concrete(schema);
  return s.maxLength !== undefined || s.pattern !== undefined || s.format !== undefined || s.enum !== undefined || s.const !== undefined || !typesOf(s).includes('string');
}
