import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocument } from '@gridline/contracts/api-document';
import { allEndpoints } from '@gridline/contracts/endpoints/all';
import { routerPath } from '@gridline/contracts/endpoint';
import { startTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the OpenAPI document served by the app', () => {
  it('is the one generated from the contracts, at /docs/openapi.json, with a browsable page at /docs', async () => {
    const response = await t.app.inject({ url: '/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(apiDocument())));
    const page = await t.app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('lists every route of the app, and the app has a route for every operation', async () => {
    const document = apiDocument() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations).toHaveLength(allEndpoints.length);
    for (const e of allEndpoints) expect(t.app.hasRoute({ method: e.method, url: routerPath(e.path) }), `${e.method} ${e.path}`).toBe(true);
    // Hidden pages stay out of the document.
    expect(Object.keys(document.paths).some((path) => path.startsWith('/dev') || path.startsWith('/demo') || path === '/health')).toBe(false);
  });
});
