import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyBundles } from '@gridline/copy/bundles';
import { copyGroups } from '@gridline/copy/types';
import { call, startTestApp, type TestApp } from '../../../test/app.ts';
import { newId } from '../../lib/ids.ts';

// One app for the file. The server caches a merged set per (organisation, language, version)
// for 30 s, so every test inserts its rows before the first read of the organisation and
// language it looks at, and no two tests share such a pair.
let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  const rows = await t.db.selectFrom('organisations').select(['id', 'slug']).execute();
  ids = Object.fromEntries(rows.map((row) => [row.slug, row.id]));
});
afterAll(async () => {
  await t.close();
});

interface TextRow {
  organisation?: string;
  group: string;
  language: string;
  key: string;
  value: string;
  version?: string;
}

async function insertTexts(rows: TextRow[]): Promise<void> {
  await t.db
    .insertInto('copy_texts')
    .values(
      rows.map((row) => ({
        id: newId(),
        organisation_id: row.organisation ? (ids[row.organisation] ?? null) : null,
        copy_group: row.group,
        language: row.language,
        key: row.key,
        value: row.value,
        ...(row.version ? { version: row.version } : {}),
      })),
    )
    .execute();
}

const aggregated = (query: string, headers: Record<string, string> = {}) => call(t.app, { method: 'GET', url: `/v3/copy/aggregated?${query}`, headers });

describe('GET /v3/copy/aggregated', () => {
  it('serves the bundled defaults of the language for the groups asked for, cacheable, with a weak ETag', async () => {
    const answer = await aggregated('version=v3.0&organisation=solvik&language=en&types=my-pages,shared');
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe(200);
    expect(Object.keys(answer.body.data).sort()).toEqual(['my-pages', 'shared']);
    expect(answer.body.data.shared).toEqual(copyBundles.en.shared);
    // The defaults, and solvik's own FAQ (the demo writes it as the organisation's rows, demo/help).
    const defaults = copyBundles.en['my-pages'] as Record<string, Record<string, unknown>>;
    expect(answer.body.data['my-pages']).toEqual({ ...defaults, faq: { ...defaults.faq, items: expect.any(Object) } });
    expect(answer.body.data.shared.errors.WRONG_PASSWORD).toBe('The password is incorrect.');
    expect(answer.response.headers['cache-control']).toBe('public, no-cache');
    expect(answer.response.headers['etag']).toMatch(/^W\/"[\w-]+"$/);
  });

  it('answers every group when types is absent, and v3.0 when version is absent', async () => {
    const answer = await aggregated('organisation=koivu&language=fi');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data).sort()).toEqual([...copyGroups].sort());
    expect(answer.body.data.shared.months['1']).toBe('tammikuu');
    expect(answer.body.data.shared.bankid.userCancel).toBe('Toiminto peruttiin.');
    // A group without defaults or rows is present and empty.
    expect(answer.body.data.chat).toEqual({});
  });

  it('lets a platform row override the bundled default for every organisation, nested at its dotted key', async () => {
    await insertTexts([
      { group: 'shared', language: 'sv', key: 'errors.WRONG_PASSWORD', value: 'Lösenordet stämmer inte.' },
      { group: 'my-pages', language: 'sv', key: 'dashboard.greeting', value: 'Välkommen, {{name}}!' },
      { group: 'my-pages', language: 'sv', key: 'campaign.banner.title', value: 'Ny elhandel' },
      // Other languages and versions stay out of the Swedish v3.0 answer.
      { group: 'shared', language: 'fi', key: 'signOut', value: 'ei tämä' },
      { group: 'shared', language: 'sv', key: 'signOut', value: 'inte den här', version: 'v2.0' },
    ]);

    for (const organisation of ['solvik', 'fjellkraft']) {
      const answer = await aggregated(`version=v3.0&organisation=${organisation}&language=sv&types=shared,my-pages`);
      expect(answer.status).toBe(200);
      const { shared, 'my-pages': myPages } = answer.body.data;
      expect(shared.errors.WRONG_PASSWORD).toBe('Lösenordet stämmer inte.');
      expect(myPages.dashboard.greeting).toBe('Välkommen, {{name}}!');
      expect(myPages.campaign).toEqual({ banner: { title: 'Ny elhandel' } });
      // The texts around the overridden ones are still the defaults.
      expect(shared.errors.USER_NOT_FOUND).toBe('Det finns inget konto med det användarnamnet.');
      expect(myPages.dashboard.title).toBe('Översikt');
      expect(shared.signOut).toBe('Logga ut');
    }
  });

  it("lets an organisation's row override the platform row for that organisation only", async () => {
    await insertTexts([
      { group: 'shared', language: 'nb', key: 'signOut', value: 'Logg av' },
      { organisation: 'fjellkraft', group: 'shared', language: 'nb', key: 'signOut', value: 'Logg ut av Fjellkraft' },
      { organisation: 'fjellkraft', group: 'organisation', language: 'nb', key: 'contactUrl', value: 'https://fjellkraft.example/kontakt' },
    ]);

    const own = await aggregated('version=v3.0&organisation=fjellkraft&language=nb&types=shared,organisation');
    expect(own.status).toBe(200);
    expect(own.body.data.shared.signOut).toBe('Logg ut av Fjellkraft');
    // Beside fjellkraft's own demo texts (contact lines, addresses: demo/help).
    expect(own.body.data.organisation).toMatchObject({ contactUrl: 'https://fjellkraft.example/kontakt' });

    const other = await aggregated('version=v3.0&organisation=solvik&language=nb&types=shared,organisation');
    expect(other.status).toBe(200);
    expect(other.body.data.shared.signOut).toBe('Logg av');
    expect(other.body.data.organisation).toEqual({});
    expect(other.response.headers['etag']).not.toBe(own.response.headers['etag']);
  });

  it('answers only the groups asked for', async () => {
    const one = await aggregated('version=v3.0&organisation=alpenwerk&language=de&types=my-pages');
    expect(one.status).toBe(200);
    expect(Object.keys(one.body.data)).toEqual(['my-pages']);
    expect(one.body.data['my-pages'].login.title).toBe('Anmelden');

    const spaced = await aggregated('version=v3.0&organisation=alpenwerk&language=de&types=%20shared%20,shared');
    expect(Object.keys(spaced.body.data)).toEqual(['shared']);
    expect(spaced.body.data.shared.months['1']).toBe('Jänner');
  });

  it('refuses unknown groups with a 400 that names them', async () => {
    const answer = await aggregated('version=v3.0&organisation=solvik&language=en&types=shared,bogus,tipz');
    expect(answer.status).toBe(400);
    expect(answer.body.key).toBe('VALIDATION_FAILED');
    expect(answer.body.data.issues).toEqual([{ path: 'querystring.types', message: expect.stringContaining('bogus, tipz') }]);
  });

  it('refuses a version other than v3.0 with a 400', async () => {
    const answer = await aggregated('version=v2.0&organisation=solvik&language=en');
    expect(answer.status).toBe(400);
    expect(answer.body.key).toBe('VALIDATION_FAILED');
    expect(answer.body.data.issues).toEqual([{ path: 'querystring.version', message: expect.stringContaining('v3.0') }]);
  });

  it('answers 304 without a body when If-None-Match holds the current ETag', async () => {
    const first = await aggregated('version=v3.0&organisation=solvik&language=en&types=shared');
    const etag = String(first.response.headers['etag']);

    const same = await aggregated('version=v3.0&organisation=solvik&language=en&types=shared', { 'if-none-match': etag });
    expect(same.status).toBe(304);
    expect(same.response.body).toBe('');
    expect(same.response.headers['etag']).toBe(etag);
    expect(same.response.headers['cache-control']).toBe('public, no-cache');

    const inList = await aggregated('version=v3.0&organisation=solvik&language=en&types=shared', { 'if-none-match': `W/"old", ${etag}` });
    expect(inList.status).toBe(304);

    const stale = await aggregated('version=v3.0&organisation=solvik&language=en&types=shared', { 'if-none-match': 'W/"old"' });
    expect(stale.status).toBe(200);
    expect(stale.body.data.shared.signIn).toBe('Sign in');

    // Other content, another tag: the tag is not a 304 for a different selection.
    const wider = await aggregated('version=v3.0&organisation=solvik&language=en&types=shared,my-pages', { 'if-none-match': etag });
    expect(wider.status).toBe(200);
    expect(wider.response.headers['etag']).not.toBe(etag);
  });

  it('answers 404 for an organisation that does not exist', async () => {
    const answer = await aggregated('version=v3.0&organisation=no-such-org&language=sv');
    expect(answer.status).toBe(404);
    expect(answer.body.key).toBe('UNKNOWN_ORGANISATION');
  });
});

describe('the OpenAPI document', () => {
  it('describes the call with its versions and groups', async () => {
    const doc = await call(t.app, { method: 'GET', url: '/docs/openapi.json' });
    const parameters = doc.body.paths['/v3/copy/aggregated'].get.parameters as Array<{ name: string; description?: string; schema: { enum?: string[] } }>;
    expect(parameters.map((p) => p.name).sort()).toEqual(['language', 'organisation', 'types', 'version']);
    expect(parameters.find((p) => p.name === 'version')?.schema.enum).toEqual(['v3.0']);
    expect(parameters.find((p) => p.name === 'types')?.description).toContain('my-pages');
  });
});
