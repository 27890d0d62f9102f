import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@gridline/contracts/endpoint';
import { registerErrorHandler } from '../plugins/errors.ts';
import { AppError } from './errors.ts';
import { onlyContractRoutes, route } from './route.ts';

const Thing = z.object({ _id: z.string(), amount: z.number().nullable(), count: z.number(), createdAt: z.string(), tags: z.array(z.object({ name: z.string() })) });

const getThing = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/things/{id}',
  operationId: 'getThing',
  tag: 'users',
  summary: 'A thing',
  auth: 'none',
  params: z.object({ organisation: z.string(), id: z.string() }),
  response: { data: Thing },
  errors: ['NOT_FOUND'],
});

const listThings = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/things',
  operationId: 'listThings',
  tag: 'users',
  summary: 'Things',
  auth: 'none',
  response: { data: z.array(Thing), paged: true },
  errors: [],
});

let app: FastifyInstance;
afterEach(async () => app.close());

/** A bare app with the contract machinery of buildApp: zod on the way in, JSON Schema on the way out. */
function bare(verifyResponses: boolean, answer: unknown): FastifyInstance {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.decorate('verifyResponses', verifyResponses);
  registerErrorHandler(app);
  route(app, getThing, async (request) => {
    if (request.params.id === 'missing') throw new AppError('NOT_FOUND');
    return answer as never;
  });
  route(app, listThings, async () => ({ data: [answer], pagination: { limit: 24, page: 1, total: 1 } }) as never);
  return app;
}

const stored = { _id: 'a1', amount: null, count: 7, createdAt: new Date('2025-10-26T01:00:00Z'), tags: [{ name: 'x', secret: 's' }], passwordHash: '$argon2id$…' };

describe('route(): a route registered from its contract', () => {
  it('answers the envelope with only the fields the contract names: nothing undeclared leaks', async () => {
    const response = await bare(false, stored).inject({ url: '/v4/solvik/things/a1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, data: { _id: 'a1', amount: null, count: 7, createdAt: '2025-10-26T01:00:00.000Z', tags: [{ name: 'x' }] } });
    expect(response.body).not.toContain('argon2');
  });

  it('adds the pagination of a paged list', async () => {
    const response = await bare(false, stored).inject({ url: '/v4/solvik/things' });
    expect(response.json()).toMatchObject({ status: 200, data: [{ _id: 'a1' }], pagination: { limit: 24, page: 1, total: 1 } });
  });

  it('answers an error in the error shape, through the same response schemas', async () => {
    const response = await bare(false, stored).inject({ url: '/v4/solvik/things/missing', headers: { 'x-uid': 'req-1' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ name: 'NOT_FOUND', status: 404, message: 'Not found', key: 'NOT_FOUND', uid: 'req-1' });
  });

  it('with verifyResponses (the tests), refuses data that fast-json-stringify would silently coerce', async () => {
    // A count that is a string (PostgreSQL's bigint and numeric arrive so) is answered as a number,
    // a null name as "": the contract and the data disagree, and only the check says so.
    const wrong = { ...stored, count: '7', createdAt: '2025-10-26T01:00:00.000Z' };
    expect((await bare(false, wrong).inject({ url: '/v4/solvik/things/a1' })).json().data.count).toBe(7);
    await app.close();
    const response = await bare(true, wrong).inject({ url: '/v4/solvik/things/a1' });
    expect(response.statusCode).toBe(500);
  });

  it('refuses an API route registered without a contract', async () => {
    app = Fastify();
    onlyContractRoutes(app);
    expect(() => app.get('/v4/:organisation/secret', async () => ({}))).toThrow(/has no contract/);
    expect(() => app.get('/demo/page', { schema: { hide: true } }, async () => '')).not.toThrow();
  });
});
