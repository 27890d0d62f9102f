import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoHome, signIn, startTestApp, type TestApp } from './app.ts';
import { allowsNull, concrete, constrainsString, operationsOf, typesOf, type Operation, type Parameter, type Schema } from './openapi-operations.ts';

/*
 * Every operation of the OpenAPI document, sent malformed input (issue 14, decision 0030): path
 * parameters, query parameters and JSON bodies with wrong types, NUL and other control
 * characters, very long strings, dates out of range (years 0000, 0001, 9999), extra fields, empty
 * and invalid JSON. Each malformed request goes once without a token and once with a demo user's
 * token, so that it reaches validation and the services. Nothing may answer 5xx; every refusal
 * has the client error shape with a key; what is malformed by construction (a NUL byte, invalid
 * JSON, a value its schema excludes) must be refused with a 4xx.
 *
 * The document is read generically (OpenAPI 3.0 or 3.1, `$ref`s resolved), so an operation
 * added later is fuzzed on arrival. Deterministic: the random parts come from a fixed seed.
 */

const SEED = 0x0030_f022;
/** At most this many malformed requests per operation (each sent with and without a token). */
const PER_OPERATION = 3_000;
/** Rounds over every operation; each draws other baselines (optional fields, choices) from the seed. */
const ROUNDS = 3;

/** mulberry32: a small seeded generator, the same sequence on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const shuffled = <T>(items: readonly T[]): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};
/** A string of mixed letters, digits, punctuation, accents, emoji and control characters. */
const noise = (length: number) =>
  Array.from({ length }, () => pick(['a', 'Z', '0', '9', '-', '_', '.', ' ', '/', '%', '"', "'", '\\', '{', '}', 'é', 'ß', 'Å', '€', '漢', '💥', '\u200b'])).join('');

/** A string bounded by its length only (a message's text, decision 0047): any text of `length` characters is valid in it. */
const freeTextOf = (schema: Schema, length: number): boolean => {
  const s = concrete(schema);
  return typesOf(s).includes('string') && s.maxLength !== undefined && s.maxLength >= length && s.pattern === undefined && s.format === undefined && s.enum === undefined && s.const === undefined;
};

const OUT_OF_RANGE_DATES = ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '0000-01-01', '0001-01-01', '9999-12-31', '+275760-09-13T00:00:00Z', '2025-02-30'];
const LONG = 'x'.repeat(5_000);
const VERY_LONG = 'y'.repeat(20_000);

interface Ids {
  organisation: string;
  locationId: string;
  serviceId: string;
  accountId: string;
  userId: string;
}

/** A value for a parameter or property that its schema accepts, so that one malformed value at a time goes deep. */
function validString(name: string, schema: Schema, path: string, ids: Ids): string {
  const s = concrete(schema);
  // Any of the values, chosen by the seed: a body's `type` decides which rules the rest meets.
  if (s.enum && s.enum.length > 0) return String(pick(s.enum.filter((v) => v !== null)));
  if (s.const !== undefined) return String(s.const);
  if (s.format === 'date-time') return '2026-10-01T00:00:00Z';
  if (s.format === 'date') return '2026-10-01';
  const lower = name.toLowerCase();
  if (lower === 'organisation') return ids.organisation;
  if (s.pattern === '^[0-9a-f]{24}$' || lower.endsWith('id')) {
    if (lower === 'serviceid') return ids.serviceId;
    if (lower === 'accountid') return ids.accountId;
    if (lower === 'id' && path.includes('/users/')) return ids.userId;
    return ids.locationId;
  }
  if (lower === 'key' || lower === 'datekey') {
    if (path.includes('/year/')) return '2025';
    if (path.includes('/week/')) return '2026-W40';
    if (path.includes('/day/')) return '2026-10-01';
    return '2026-10';
  }
  if (lower === 'month') return '2026-10';
  if (lower === 'date') return '2026-10-01';
  if (lower === 'zone' || lower === 'area') return 'SE3';
  if (lower === 'language') return 'sv';
  return 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

/** `fill`: which optional properties an object gets: about half of them (by the seed), or all. */
function validValue(name: string, schema: Schema, path: string, ids: Ids, fill: 'half' | 'all' = 'half', depth = 0): unknown {
  const s = concrete(schema);
  if (s.default !== undefined && !s.enum) return s.default;
  const types = typesOf(s);
  if (s.enum || s.const !== undefined || types.includes('string')) return validString(name, s, path, ids);
  if (types.includes('integer') || types.includes('number')) return s.minimum ?? 1;
  if (types.includes('boolean')) return false;
  if (types.includes('array')) return s.minItems ? Array.from({ length: s.minItems }, () => validValue(name, s.items ?? {}, path, ids, fill, depth + 1)) : [];
  if (types.includes('object') || s.properties) {
    if (depth > 4) return {};
    const keys = Object.keys(s.properties ?? {}).filter((key) => (s.required ?? []).includes(key) || fill === 'all' || rand() < 0.5);
    return Object.fromEntries(keys.map((key) => [key, validValue(key, s.properties?.[key] ?? {}, path, ids, fill, depth + 1)]));
  }
  return 'x';
}

/** One malformed request: the part changed, how, and whether its schema excludes it outright. */
interface Case {
  what: string;
  pathValues: Record<string, string>;
  query: Array<[string, string]>;
  body?: { raw: string; contentType: string };
  mustRefuse: boolean;
}

/** Percent-encodes a value for a URL, except the escapes a case wrote on purpose (`%00`, `%FF`). */
const encode = (value: string) => (value.startsWith('%RAW%') ? value.slice(5) : encodeURIComponent(value));
const raw = (escaped: string) => `%RAW%${escaped}`;

function urlOf(op: Operation, c: Case): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(c.pathValues[name] ?? 'x'));
  const query = c.query.map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`).join('&');
  return query ? `${path}?${query}` : path;
}

function casesOf(op: Operation, ids: Ids): Case[] {
  const pathValues = Object.fromEntries(op.params.map((p) => [p.name, validString(p.name, p.schema, op.path, ids)]));
  // A fresh valid baseline per case: the required query parameters and about half of the others.
  const baseQuery = () => op.query.filter((p) => p.required || rand() < 0.5).map((p): [string, string] => [p.name, validString(p.name, p.schema, op.path, ids)]);
  const baseBody = (fill: 'half' | 'all' = 'half') => (op.body ? validValue('body', op.body.schema, op.path, ids, fill) : undefined) as object | undefined;
  const jsonBody = (value: unknown) => ({ raw: JSON.stringify(value), contentType: 'application/json' });
  const base = (): Omit<Case, 'what' | 'mustRefuse'> => {
    const body = baseBody();
    return { pathValues: { ...pathValues }, query: baseQuery(), ...(body !== undefined ? { body: jsonBody(body) } : {}) };
  };
  const cases: Case[] = [];

  // Path parameters: each refused (400 or 404) whatever the route does with it.
  for (const p of op.params) {
    const values = [raw('a%00b'), raw('%01x'), raw('%FF%FE'), LONG.slice(0, 150), ...OUT_OF_RANGE_DATES.slice(0, 6), '-1', '1e309', 'true', '{}', '💥', noise(12)];
    for (const value of values) cases.push({ ...base(), pathValues: { ...pathValues, [p.name]: value }, what: `path ${p.name}=${value.slice(0, 40)}`, mustRefuse: true });
  }

  // Query parameters, declared and one that is not.
  const queryValue = (p: Parameter | null, value: string, excluded: boolean, what: string) => {
    const b = base();
    const name = p?.name ?? 'unexpectedField';
    cases.push({ ...b, query: [...b.query.filter(([k]) => k !== name), [name, value]], what: `query ${name}: ${what}`, mustRefuse: excluded });
  };
  for (const p of [...op.query, null]) {
    const s = p ? concrete(p.schema) : {};
    const types = p ? typesOf(s) : [];
    const typed = types.length > 0 && !types.includes('string');
    queryValue(p, raw('x%00y'), true, 'NUL');
    queryValue(p, raw('%1Fx'), true, 'control character');
    queryValue(p, raw('%FF'), false, 'malformed percent-encoding');
    queryValue(p, LONG, p !== null && constrainsString(s), 'long');
    for (const date of OUT_OF_RANGE_DATES) queryValue(p, date, p !== null && (s.format === 'date-time' || s.format === 'date' || typed || s.enum !== undefined), `date ${date}`);
    for (const value of ['abc', '-1', '1e309', '99999999999999999999999', 'NaN', '', '[]', noise(20)]) {
      queryValue(p, value, p !== null && typed && !['-1', '99999999999999999999999'].includes(value) && !(value === '' && !p.required), `value ${JSON.stringify(value)}`);
    }
    if (p) {
      const b = base();
      cases.push({ ...b, query: [...b.query.filter(([k]) => k !== p.name), [p.name, 'a'], [p.name, 'b']], what: `query ${p.name} twice`, mustRefuse: false });
    }
  }

  // Ranges: every date-like query parameter at once, the first a day before the others
  // (`start=0000-01-01T00:00:00Z&end=0000-01-02T00:00:00Z`), as days and as instants.
  const formatted = op.query.filter((p) => ['date-time', 'date'].includes(concrete(p.schema).format ?? ''));
  const dateLike = formatted.length > 0 ? formatted : op.query.filter((p) => /date|start|end|from|to$|time$/i.test(p.name) && !/key/i.test(p.name));
  if (dateLike.length > 0) {
    for (const year of ['0000', '0001', '1969', '2101', '9999', '275760']) {
      for (const form of ['instant', 'day'] as const) {
        const at = (day: string) => (form === 'instant' ? `${year}-01-${day}T00:00:00Z` : `${year}-01-${day}`);
        const b = base();
        const names = new Set(dateLike.map((p) => p.name));
        const excluded = dateLike.some((p) => ['date-time', 'date'].includes(concrete(p.schema).format ?? ''));
        cases.push({ ...b, query: [...b.query.filter(([k]) => !names.has(k)), ...dateLike.map((p, i): [string, string] => [p.name, at(i === 0 ? '01' : '02')])], what: `query range in ${year} (${form}s)`, mustRefuse: excluded });
      }
    }
  }

  // Bodies: to every operation that takes one, and to every write (which might read one undeclared).
  if (op.body || ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method)) {
    const declared = op.body !== null;
    const objectBody = declared && typesOf(concrete(op.body!.schema)).includes('object');
    const bodyCase = (raw: string, contentType: string, mustRefuse: boolean, what: string) => cases.push({ ...base(), body: { raw, contentType }, what: `body ${what}`, mustRefuse });
    bodyCase('{', 'application/json', true, 'invalid JSON');
    bodyCase('{"a":1,}', 'application/json', true, 'invalid JSON (trailing comma)');
    bodyCase('', 'application/json', true, 'empty with a JSON content type');
    bodyCase('\u0000', 'application/json', true, 'a NUL byte');
    for (const value of ['null', '[]', '"text"', '42', 'true']) bodyCase(value, 'application/json', declared && op.body!.required && objectBody, `JSON ${value}`);
    bodyCase(`{"a":${'['.repeat(40)}${']'.repeat(40)}}`, 'application/json', declared && objectBody, 'nested 40 deep');
    bodyCase(JSON.stringify({ ...baseBody(), ['bad\u0000key']: 1 }), 'application/json', true, 'a NUL in a key');
    bodyCase('hello', 'text/plain', declared, 'as text/plain');
    if (objectBody) {
      const schema = concrete(op.body!.schema);
      const extra = { ...baseBody(), unexpectedField: 'x' };
      bodyCase(JSON.stringify(extra), 'application/json', schema.additionalProperties === false, 'an extra field');
      // A body's rules often hang on one required choice (a sign-in's `type`): each property is
      // fuzzed under every value of it, with the other properties left out and filled in.
      const choice = Object.entries(schema.properties ?? {}).find(([key, p]) => (schema.required ?? []).includes(key) && (concrete(p).enum?.length ?? 0) > 1);
      const variants: Array<Record<string, unknown>> = choice ? concrete(choice[1]).enum!.filter((v) => v !== null).map((v) => ({ [choice[0]]: v })) : [{}];
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const s = concrete(property);
        const types = typesOf(s);
        const isString = types.includes('string') || s.enum !== undefined;
        const nested = types.includes('object') || types.includes('array');
        const values: Array<[unknown, boolean, string]> = [
          ['a\u0000b', true, 'NUL'],
          ['\u0007bell', true, 'control character'],
          [VERY_LONG, constrainsString(s), 'very long'],
          [1e308, !types.includes('number') && !types.includes('integer'), 'a huge number'],
          [-1, !types.includes('number') && !types.includes('integer'), 'minus one'],
          [null, !allowsNull(property) && (schema.required ?? []).includes(name), 'null'],
          [true, !types.includes('boolean'), 'true'],
          [{}, !nested && types.length > 0, 'an object'],
          [[], !nested && types.length > 0, 'an array'],
          // A password, or a text bounded by its length only (a message), may be any text within its bounds: noise is a valid one, not garbage.
          [noise(30), isString ? constrainsString(s) && !/password/i.test(name) && !freeTextOf(s, 30) : types.length > 0, 'noise'],
        ];
        for (const date of OUT_OF_RANGE_DATES.slice(0, 4)) values.push([date, s.format === 'date-time' || s.format === 'date' || (types.length > 0 && !isString), `date ${date}`]);
        // Every value on a seeded baseline; the strings that go deepest under every choice, all properties filled in.
        for (const [value, mustRefuse, what] of values) bodyCase(JSON.stringify({ ...baseBody(), [name]: value }), 'application/json', mustRefuse, `${name}: ${what}`);
        if (name === choice?.[0]) continue;
        for (const variant of variants) {
          for (const [value, mustRefuse, what] of [values[0]!, [LONG.slice(0, 600), constrainsString(s) && !freeTextOf(s, 600), '600 characters'] as [unknown, boolean, string], values[2]!, values[9]!, values[10]!]) {
            bodyCase(JSON.stringify({ ...baseBody('all'), ...variant, [name]: value }), 'application/json', mustRefuse, `${name}: ${what} (${JSON.stringify(variant)})`);
          }
        }
      }
    }
  }

  // Bounded per operation; which ones are kept is decided by the seed.
  return cases.length <= PER_OPERATION ? cases : shuffled(cases).slice(0, PER_OPERATION);
}

let t: TestApp;
let ids: Ids;
let operations: Operation[];
let passwordHash: string | null;

/**
 * A fresh token of the demo user. A malformed write may still be a valid one (noise is a fine new
 * password), so the user's password is put back first.
 */
async function demoToken(): Promise<string> {
  await t.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', ids.userId).execute();
  return (await signIn(t.app, 'solvik', 'demo'))[0]!.accessToken;
}

beforeAll(async () => {
  t = await startTestApp();
  const home = await demoHome(t, 'solvik');
  ids = { organisation: 'solvik', locationId: home.locationId, serviceId: home.serviceId, accountId: home.auth.accountId, userId: home.auth.userId };
  const document = await call(t.app, { method: 'GET', url: '/docs/openapi.json' });
  operations = operationsOf(document.body);
  ({ password_hash: passwordHash } = await t.db.selectFrom('users').select('password_hash').where('id', '=', ids.userId).executeTakeFirstOrThrow());
});
afterAll(() => t?.close());

describe('malformed input to every operation of the OpenAPI document', () => {
  // About a minute on a quiet machine for some 240 operations; the limit only guards against a
  // hang, and a loaded machine (several test runs on two cores) takes four times as long.
  it('is answered 4xx with a key, never 5xx', { timeout: 600_000 }, async () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
    const problems: string[] = [];
    const statuses = new Map<string, number>();
    let sent = 0;
    let largest = 0;
    let token = '';
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const op of operations) {
        // A fresh token after a write that may have ended the session (a sign-out, a password or a
        // user deleted); staff writes and the customer's other writes leave it as it is, and a
        // 401 below fetches one anyway (a sign-in costs a password hash: most writes need none).
        if (!token || (op.method !== 'GET' && /auth|password|session|users|delete/i.test(op.path))) token = await demoToken();
        const cases = casesOf(op, ids);
        largest = Math.max(largest, cases.length);
        for (const c of cases) {
          for (const withToken of [false, true]) {
            const url = urlOf(op, c);
            sent += 1;
            const response = await t.app.inject({
              method: op.method as 'GET',
              url,
              // An address per request: the per-address limits would otherwise answer most of them 429.
              remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
              headers: { ...(withToken ? { authorization: `Bearer ${token}` } : {}), ...(c.body ? { 'content-type': c.body.contentType } : {}) },
              ...(c.body ? { payload: c.body.raw } : {}),
            });
            const status = response.statusCode;
            if (withToken && status === 401) token = await demoToken();
            const type = String(response.headers['content-type'] ?? '');
            const label = `${op.method} ${op.path} (${c.what})${withToken ? ' with a token' : ''}: ${url.slice(0, 160)}`;
            let body: { key?: unknown; status?: unknown; uid?: unknown } | undefined;
            try {
              body = type.includes('json') ? response.json() : undefined;
            } catch {
              body = undefined;
            }
            const tally = `${status}${withToken ? ' with a token' : ''}`;
            statuses.set(tally, (statuses.get(tally) ?? 0) + 1);
            // A page for a browser (the OpenID return of an app's web view) refuses with a page.
            const page = type.startsWith('text/html');
            if (status >= 500) problems.push(`${status} ${String(body?.key)} ← ${label}`);
            else if (status >= 400 && !page && (typeof body?.key !== 'string' || body.status !== status || typeof body.uid !== 'string')) problems.push(`${status} without the error shape (${response.body.slice(0, 120)}) ← ${label}`);
            else if (c.mustRefuse && status < 400) problems.push(`${status} accepted ← ${label}`);
          }
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `OpenAPI fuzz: ${operations.length} operations, ${ROUNDS} rounds, ${sent} requests in ${seconds.toFixed(1)} s (at most ${largest} cases an operation), ${problems.length} problems\n` +
        [...statuses].sort().map(([status, count]) => `${status}: ${count}`).join(', '),
    );
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
  });
});

describe('the reader of the OpenAPI document', () => {
  it('reads 3.1 documents: references to components, type arrays, path-level parameters', () => {
    const operations31 = operationsOf({
      openapi: '3.1.0',
      paths: {
        '/v4/{organisation}/things/{id}': {
          parameters: [{ $ref: '#/components/parameters/Organisation' }],
          put: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } }, { name: 'at', in: 'query', schema: { type: ['string', 'null'], format: 'date-time' } }],
            requestBody: { $ref: '#/components/requestBodies/Thing' },
          },
        },
      },
      components: {
        parameters: { Organisation: { name: 'organisation', in: 'path', required: true, schema: { type: 'string' } } },
        schemas: { Id: { type: 'string', pattern: '^[0-9a-f]{24}$' }, Thing: { type: 'object', properties: { kind: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] } }, required: ['kind'], additionalProperties: false } },
        requestBodies: { Thing: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    });
    expect(operations31).toHaveLength(1);
    const [op] = operations31;
    expect(op!.params.map((p) => [p.name, p.schema.pattern ?? null])).toEqual([
      ['organisation', null],
      ['id', '^[0-9a-f]{24}$'],
    ]);
    expect(concrete(op!.query[0]!.schema).format).toBe('date-time');
    expect(allowsNull(op!.query[0]!.schema)).toBe(true);
    const kind = op!.body!.schema.properties!.kind!;
    expect([typesOf(kind), allowsNull(kind), concrete(kind).enum]).toEqual([['string'], true, ['a', 'b']]);
    expect(op!.body!.required).toBe(true);
  });
});
