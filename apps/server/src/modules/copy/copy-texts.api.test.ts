import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyTextItem } from '@gridline/contracts/copy-texts';
import { copyBundles } from '@gridline/copy/bundles';
import { call, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { buildApp } from '../../app.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';

/**
 * Copy texts for staff (issue 17, decision 0046): every call with the right and a wrong scope and
 * organisation and with bad input; optimistic concurrency; the audit; and a write reaching
 * `/v3/copy/aggregated` (its ETag) at once, and the default coming back after a delete.
 */

let t: TestApp;
const tokens = { platform: '', admin: '', marketing: '', support: '', user: '', developer: '', koivuAdmin: '' };

beforeAll(async () => {
  t = await startTestApp();
  tokens.platform = (await staffSignIn(t.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
  tokens.admin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  tokens.marketing = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_MARKETING'))).accessToken;
  tokens.support = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_SUPPORT'))).accessToken;
  tokens.user = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_USER'))).accessToken;
  tokens.developer = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_DEVELOPER'))).accessToken;
  tokens.koivuAdmin = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
});
afterAll(async () => {
  await t.close();
});

type Req = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; token?: string; payload?: unknown; headers?: Record<string, string> };
const req = ({ method, url, token = tokens.marketing, payload, headers }: Req) => call(t.app, { method, url, token, ...(payload === undefined ? {} : { payload: payload as object }), ...(headers ? { headers } : {}) });
const getKey = (type: string, key: string, query = 'organisation=solvik', token = tokens.marketing) => req({ method: 'GET', url: `/v3/copy/${type}/${key}?${query}`, token });
const put = (type: string, key: string, texts: unknown, options: { token?: string; query?: string; version?: string } = {}) =>
  req({ method: 'PUT', url: `/v3/copy/${type}/${key}?${options.query ?? 'organisation=solvik'}`, token: options.token ?? tokens.marketing, payload: { texts }, ...(options.version ? { headers: { 'if-match': options.version } } : {}) });
const aggregated = (language: string, organisation = 'solvik') => call(t.app, { method: 'GET', url: `/v3/copy/aggregated?organisation=${organisation}&language=${language}&types=my-pages` });
const auditOf = (subjectId: string) =>
  t.db.selectFrom('audit_logs').select(['action', 'actor_email', 'organisation_id', 'before', 'after']).where('subject_type', '=', 'copy').where('subject_id', '=', subjectId).orderBy('seq').execute();

describe('GET /v3/copy/{type}/', () => {
  it('lists every bundled key of the group with its six texts, defaults and version, paged by 50', async () => {
    const answer = await req({ method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(50);
    expect(answer.body.pagination.limit).toBe(50);
    expect(answer.body.pagination.total).toBeGreaterThan(200);
    for (const item of answer.body.data) CopyTextItem.parse(item);
    const title = (await getKey('my-pages', 'dashboard.title')).body.data;
    expect(title).toMatchObject({ type: 'my-pages', key: 'dashboard.title', overridden: [], _updatedAt: null, placeholders: [] });
    expect(title.texts.en).toBe('Overview');
    expect(title.texts).toEqual(title.defaults);
    expect((await getKey('my-pages', 'dashboard.greeting')).body.data.placeholders).toEqual(['name']);
  });

  it('searches keys and texts, filters missing languages and texts equal to the default, sorts and pages; itemsPerPage=0 is all', async () => {
    const search = await req({ method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik&search=OVERVIEW&itemsPerPage=0' });
    expect(search.body.data.map((i: { key: string }) => i.key)).toContain('dashboard.title');
    const byKey = await req({ method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik&search=dashboard.gree' });
    expect(byKey.body.data.map((i: { key: string }) => i.key)).toEqual(['dashboard.greeting']);
    const all = await req({ method: 'GET', url: '/v3/copy/shared/?organisation=solvik&itemsPerPage=0' });
    expect(all.body.data.length).toBe(all.body.pagination.total);
    const page2 = await req({ method: 'GET', url: '/v3/copy/shared/?organisation=solvik&itemsPerPage=10&page=2' });
    expect(page2.body.data.map((i: { key: string }) => i.key)).toEqual(all.body.data.slice(10, 20).map((i: { key: string }) => i.key));
    const desc = await req({ method: 'GET', url: '/v3/copy/shared/?organisation=solvik&itemsPerPage=0&order=desc' });
    expect(desc.body.data[0].key).toBe(all.body.data.at(-1).key);

    const since = new Date().toISOString();
    await put('my-pages', 'dashboard.welcome', { fi: null, de: 'Willkommen bei Solvik.' }, { token: tokens.admin });
    const created = await req({ method: 'POST', url: '/v3/copy/my-pages/?organisation=solvik', token: tokens.admin, payload: { key: 'dashboard.onlyEnglish', texts: { en: 'Only in English' } } });
    expect(created.status).toBe(200);
    const missingFi = await req({ method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik&missing=fi&itemsPerPage=0' });
    expect(missingFi.body.data.map((i: { key: string }) => i.key)).toContain('dashboard.onlyEnglish');
    expect(missingFi.body.data.every((i: { texts: Record<string, string | null> }) => !i.texts.fi)).toBe(true);
    const missingAny = await req({ method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik&missing=any&itemsPerPage=0' });
    expect(missingAny.body.data.map((i: { key: string }) => i.key)).toContain('dashboard.onlyEnglish');
    const same = await req({ method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik&sameAsDefault=true&search=dashboard.&itemsPerPage=0' });
    expect(same.body.data.map((i: { key: string }) => i.key)).toEqual(['dashboard.greeting', 'dashboard.missingUser', 'dashboard.title']);
    const own = await req({ method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik&sameAsDefault=false&search=dashboard.&itemsPerPage=0' });
    // (solvik's FAQ is its own too: demo/help)
    expect(own.body.data.map((i: { key: string }) => i.key).filter((key: string) => key.startsWith('dashboard.'))).toEqual(['dashboard.onlyEnglish', 'dashboard.welcome']);
    const recent = await req({ method: 'GET', url: `/v3/copy/my-pages/?organisation=solvik&sortBy=updatedAt&order=desc&updatedSince=${encodeURIComponent(since)}` });
    expect(recent.body.data.map((i: { key: string }) => i.key)).toEqual(['dashboard.onlyEnglish', 'dashboard.welcome']);
  });

  it('refuses an unknown type, bad queries, the wrong scope and another organisation', async () => {
    const unknown = await req({ method: 'GET', url: '/v3/copy/nope/?organisation=solvik' });
    expect([unknown.status, unknown.body.key]).toEqual([400, 'UNKNOWN_COPY_TYPE']);
    expect((await req({ method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik&missing=xx' })).body.key).toBe('VALIDATION_FAILED');
    expect((await req({ method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik&itemsPerPage=-1' })).body.key).toBe('VALIDATION_FAILED');
    expect((await req({ method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik&search=a%00b' })).body.key).toBe('INVALID_CHARACTERS');
    expect((await req({ method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik', token: tokens.support })).status).toBe(200);
    expect((await req({ method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik', token: tokens.user })).status).toBe(403);
    expect((await req({ method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik', token: tokens.developer })).status).toBe(403);
    expect((await req({ method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik', token: tokens.koivuAdmin })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: '/v3/copy/my-pages/?organisation=solvik' })).status).toBe(401);
    // Organisation staff without the organisation: their own. The platform admin without it: the platform's defaults.
    expect((await req({ method: 'GET', url: '/v3/copy/my-pages/dashboard.title' })).status).toBe(200);
    expect((await req({ method: 'GET', url: '/v3/copy/my-pages/dashboard.title', token: tokens.platform })).body.data.overridden).toEqual([]);
  });
});

describe('writes', () => {
  it("a Swedish text reaches the aggregated texts at once (new ETag), is audited, and the default comes back after the delete", async () => {
    const first = await aggregated('sv');
    const etag = first.response.headers.etag as string;
    expect(first.response.headers['cache-control']).toBe('public, no-cache');
    const before = (await getKey('my-pages', 'dashboard.title')).body.data;
    const saved = await put('my-pages', 'dashboard.title', { sv: 'Min översikt' }, { version: before.version });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ texts: { sv: 'Min översikt', en: 'Overview' }, defaults: { sv: before.defaults.sv }, overridden: ['sv'], updatedBy: demoStaffEmail('solvik', 'ORG_MARKETING') });
    expect(saved.body.data.version).not.toBe(before.version);
    const after = await aggregated('sv');
    expect(after.body.data['my-pages'].dashboard.title).toBe('Min översikt');
    expect(after.response.headers.etag).not.toBe(etag);
    // koivu's texts are not solvik's.
    expect((await aggregated('sv', 'koivu')).body.data['my-pages'].dashboard.title).toBe(before.defaults.sv);
    const audit = await auditOf('my-pages:dashboard.title');
    expect(audit.at(-1)).toMatchObject({ action: 'copy.update', actor_email: demoStaffEmail('solvik', 'ORG_MARKETING') });
    expect(audit.at(-1)!.before).toMatchObject({ texts: { sv: before.texts.sv } });
    expect(audit.at(-1)!.after).toMatchObject({ texts: { sv: 'Min översikt' }, overridden: ['sv'] });

    const deleted = await req({ method: 'DELETE', url: '/v3/copy/my-pages/dashboard.title?organisation=solvik', headers: { 'if-match': saved.body.data.version } });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ texts: { sv: before.defaults.sv }, overridden: [], _updatedAt: null });
    expect((await aggregated('sv')).body.data['my-pages'].dashboard.title).toBe(copyBundles.sv['my-pages']!.dashboard && before.defaults.sv);
    expect((await auditOf('my-pages:dashboard.title')).at(-1)).toMatchObject({ action: 'copy.delete', after: { overridden: [] } });
  });

  it('reaches another API process on the same database at once: its merged texts are dropped through PostgreSQL', async () => {
    const other = await buildApp({
      verifyResponses: true,
      config: { accessTokenTtlSeconds: 900, refreshTokenTtlDays: 30, defaultOrganisation: 'solvik', portalDist: '/nonexistent', adminDist: '/nonexistent', logLevel: 'silent' },
      db: t.db,
      keys: await generateKeyPair('EdDSA'),
    });
    try {
      await other.ready();
      await expect.poll(() => other.reads.active, { timeout: 5_000 }).toBe(true);
      const read = async () => (await call(other, { method: 'GET', url: '/v3/copy/aggregated?organisation=solvik&language=nb&types=my-pages' })).body.data['my-pages'].dashboard.title;
      // The other process has merged and kept the texts (30 s)…
      expect(await read()).toBe('Oversikt');
      expect((await put('my-pages', 'dashboard.title', { nb: 'Endret oversikt' })).status).toBe(200);
      // …and drops them when this one's write is announced.
      await expect.poll(read, { timeout: 3_000, interval: 20 }).toBe('Endret oversikt');
      await req({ method: 'DELETE', url: '/v3/copy/my-pages/dashboard.title?organisation=solvik' });
      await expect.poll(read, { timeout: 3_000, interval: 20 }).toBe('Oversikt');
    } finally {
      await other.close();
    }
  });

  it('refuses a stale If-Match with 412 and changes nothing; a write without If-Match is accepted', async () => {
    const start = (await getKey('my-pages', 'login.title')).body.data;
    const mine = await put('my-pages', 'login.title', { sv: 'Logga in här' }, { version: start.version });
    expect(mine.status).toBe(200);
    const theirs = await put('my-pages', 'login.title', { sv: 'Logga in nu' }, { version: start.version });
    expect([theirs.status, theirs.body.key]).toEqual([412, 'COPY_KEY_STALE']);
    expect(theirs.body.data).toEqual({ key: 'login.title', version: mine.body.data.version });
    expect((await getKey('my-pages', 'login.title')).body.data.texts.sv).toBe('Logga in här');
    expect((await put('my-pages', 'login.title', { sv: 'Logga in nu' }, { version: `W/"${mine.body.data.version}"` })).status).toBe(200);
    expect((await put('my-pages', 'login.title', { sv: 'Logga in' })).status).toBe(200);
    const staleDelete = await req({ method: 'DELETE', url: '/v3/copy/my-pages/login.title?organisation=solvik', headers: { 'if-match': start.version } });
    expect([staleDelete.status, staleDelete.body.key]).toEqual([412, 'COPY_KEY_STALE']);
  });

  it('checks placeholders, lengths, NUL bytes, keys and types, and answers 400 without changing anything', async () => {
    const differ = await put('my-pages', 'dashboard.greeting', { sv: 'Hej {{firstName}}' });
    expect([differ.status, differ.body.key]).toEqual([400, 'COPY_PLACEHOLDERS_DIFFER']);
    expect(differ.body.data.languages).toContainEqual({ language: 'sv', placeholders: ['firstName'] });
    expect(differ.body.data.languages).toContainEqual({ language: 'en', placeholders: ['name'] });
    expect((await put('my-pages', 'dashboard.greeting', { sv: 'Hej {{ name }}!' })).status).toBe(200);
    const long = await put('my-pages', 'dashboard.welcome', { sv: 'x'.repeat(10_001) });
    expect([long.status, long.body.key]).toEqual([400, 'COPY_TEXT_TOO_LONG']);
    expect((await put('my-pages', 'dashboard.welcome', { sv: 'x'.repeat(10_000) })).status).toBe(200);
    const nul = await put('my-pages', 'dashboard.welcome', { sv: 'a\u0000b' });
    expect([nul.status, nul.body.key]).toEqual([400, 'INVALID_CHARACTERS']);
    expect((await put('my-pages', 'dashboard.welcome', { sv: '' })).body.key).toBe('VALIDATION_FAILED');
    expect((await put('my-pages', 'dashboard.welcome', { xx: 'Hi' })).body.key).toBe('VALIDATION_FAILED');
    expect((await put('nope', 'dashboard.welcome', { sv: 'Hej' })).body.key).toBe('UNKNOWN_COPY_TYPE');
    expect((await put('my-pages', 'dashboard..welcome', { sv: 'Hej' })).body.key).toBe('MALFORMED_COPY_KEY');
    expect((await put('my-pages', '__proto__.x', { sv: 'Hej' })).body.key).toBe('MALFORMED_COPY_KEY');
    expect((await put('my-pages', 'a'.repeat(201), { sv: 'Hej' })).body.key).toBe('MALFORMED_COPY_KEY');
    expect((await put('my-pages', 'dashboard.doesNotExist', { sv: 'Hej' })).status).toBe(404);
    expect((await getKey('my-pages', 'dashboard.doesNotExist')).status).toBe(404);
    expect((await getKey('my-pages', 'dashboard.welcome')).body.data.texts.sv).toBe('x'.repeat(10_000));
  });

  it('creates a key (409 when it exists), bulk-writes in one transaction, and keeps scopes and organisations apart', async () => {
    const create = (key: string, token = tokens.marketing, query = 'organisation=solvik') => req({ method: 'POST', url: `/v3/copy/tips/?${query}`, token, payload: { key, texts: { en: 'Save {{amount}}', sv: 'Spara {{amount}}' } } });
    const made = await create('winter.saving');
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ key: 'winter.saving', overridden: ['en', 'sv'], placeholders: ['amount'], defaults: { en: null } });
    expect((await create('winter.saving')).body.key).toBe('COPY_KEY_EXISTS');
    expect((await create('dashboard.title', tokens.marketing, 'organisation=solvik').then(() => req({ method: 'POST', url: '/v3/copy/my-pages/?organisation=solvik', payload: { key: 'dashboard.title', texts: { en: 'x' } } }))).body.key).toBe('COPY_KEY_EXISTS');
    expect((await req({ method: 'POST', url: '/v3/copy/tips/?organisation=solvik', payload: { key: 'empty.one', texts: {} } })).body.key).toBe('VALIDATION_FAILED');
    expect((await create('winter.other', tokens.support)).status).toBe(403);
    expect((await create('winter.other', tokens.koivuAdmin)).status).toBe(404);
    // koivu does not see solvik's key.
    expect((await getKey('tips', 'winter.saving', 'organisation=koivu', tokens.koivuAdmin)).status).toBe(404);

    const bulk = (items: unknown, token = tokens.marketing) => req({ method: 'PUT', url: '/v3/copy/tips/?organisation=solvik', token, payload: { items } });
    const current = (await getKey('tips', 'winter.saving')).body.data;
    const both = await bulk([
      { key: 'winter.saving', texts: { fi: 'Säästä {{amount}}' }, version: current.version },
      { key: 'winter.saving2', texts: { sv: 'Nope' } },
    ]);
    expect(both.status).toBe(404);
    expect((await getKey('tips', 'winter.saving')).body.data.texts.fi).toBeNull();
    const ok = await bulk([{ key: 'winter.saving', texts: { fi: 'Säästä {{amount}}' }, version: current.version }]);
    expect(ok.status).toBe(200);
    expect(ok.body.data[0].texts.fi).toBe('Säästä {{amount}}');
    const stale = await bulk([{ key: 'winter.saving', texts: { fi: 'Säästä {{amount}}!' }, version: current.version }]);
    expect(stale.body.key).toBe('COPY_KEY_STALE');
    expect((await bulk([{ key: 'winter.saving', texts: { fi: 'x' } }], tokens.user)).status).toBe(403);
    expect((await bulk([{ key: 'winter.saving', texts: { fi: 'Säästä {{sum}}' } }])).body.key).toBe('COPY_PLACEHOLDERS_DIFFER');
    expect((await put('tips', 'winter.saving', { fi: 'x' }, { token: tokens.support })).status).toBe(403);
    expect((await put('tips', 'winter.saving', { fi: 'x' }, { token: tokens.koivuAdmin })).status).toBe(404);
    expect((await req({ method: 'DELETE', url: '/v3/copy/tips/winter.saving?organisation=solvik', token: tokens.koivuAdmin })).status).toBe(404);
    expect((await req({ method: 'DELETE', url: '/v3/copy/tips/winter.saving?organisation=solvik', token: tokens.support })).status).toBe(403);
    // A key only this layer has: deleting it leaves nothing.
    const gone = await req({ method: 'DELETE', url: '/v3/copy/tips/winter.saving?organisation=solvik' });
    expect(gone.body.data.texts).toEqual({ en: null, sv: null, nb: null, nn: null, fi: null, de: null });
    expect((await getKey('tips', 'winter.saving')).status).toBe(404);
  });

  it("lets only the platform admin edit the platform's defaults, which every organisation sees under its own", async () => {
    const platformPut = (texts: unknown, token = tokens.platform) => req({ method: 'PUT', url: '/v3/copy/my-pages/dashboard.missingUser', token, payload: { texts } });
    const before = (await aggregated('de', 'koivu')).body.data['my-pages'].dashboard.missingUser;
    const written = await platformPut({ de: 'Plattform-Standard.' });
    expect(written.status).toBe(200);
    expect(written.body.data).toMatchObject({ overridden: ['de'], texts: { de: 'Plattform-Standard.' }, defaults: { de: before } });
    expect((await aggregated('de', 'koivu')).body.data['my-pages'].dashboard.missingUser).toBe('Plattform-Standard.');
    // In solvik's layer it is now the default.
    const solvik = (await getKey('my-pages', 'dashboard.missingUser', 'organisation=solvik', tokens.admin)).body.data;
    expect(solvik).toMatchObject({ defaults: { de: 'Plattform-Standard.' }, overridden: [] });
    expect((await platformPut({ de: 'x' }, tokens.admin)).status).toBe(200); // the organisation admin's own layer (organisation from the token)
    expect((await getKey('my-pages', 'dashboard.missingUser', 'organisation=solvik', tokens.admin)).body.data.overridden).toEqual(['de']);
    expect((await req({ method: 'DELETE', url: '/v3/copy/my-pages/dashboard.missingUser', token: tokens.platform })).body.data.texts.de).toBe(before);
    const platformAudit = (await auditOf('my-pages:dashboard.missingUser')).find((a) => a.organisation_id === null);
    expect(platformAudit).toMatchObject({ action: 'copy.update', actor_email: DEMO_PLATFORM_ADMIN });
  });
});

describe('CSV export and import', () => {
  it('exports with the bearer, quoted and guarded against formulas; the import takes the guard off', async () => {
    await put('shared', 'errors.generic', { en: '=HYPERLINK("http://evil.example","Click")', sv: 'Fel, "något" hände\nigen' }, { token: tokens.admin });
    const csv = await call(t.app, { method: 'GET', url: `/v3/copy/export?format=csv&type=shared&organisation=solvik&key=errors.gen&itemsPerPage=0`, token: tokens.marketing });
    expect(csv.status).toBe(200);
    expect(csv.response.headers['content-type']).toContain('text/csv');
    expect(csv.response.headers['content-disposition']).toContain('copy-solvik-shared.csv');
    const lines = csv.response.body.split('\r\n');
    expect(lines[0]).toBe('type,key,en,sv,nb,nn,fi,de,_updatedAt');
    expect(lines[1]).toMatch(/^shared,errors\.generic,"'=HYPERLINK\(""http:\/\/evil\.example"",""Click""\)","Fel, ""något"" hände\nigen",Noe gikk galt/);
    // the export, read back as an import: nothing changes.
    const back = await req({ method: 'PUT', url: '/v3/copy/shared/import?organisation=solvik&dryRun=true', payload: { csv: csv.response.body } });
    expect(back.status).toBe(200);
    expect(back.body.data.changes.every((c: { action: string }) => c.action === 'unchanged')).toBe(true);
    expect(back.body.data.changes.find((c: { language: string }) => c.language === 'en').after).toBe('=HYPERLINK("http://evil.example","Click")');

    // every group; a wrong token, a customer scope and another organisation do not.
    const all = await call(t.app, { method: 'GET', url: '/v3/copy/export?format=csv&organisation=solvik', token: tokens.support });
    expect(all.status).toBe(200);
    expect(new Set(all.response.body.split('\r\n').slice(1, -1).map((l) => l.split(',')[0]))).toEqual(new Set(['my-pages', 'shared', 'tips', 'organisation']));
    expect((await call(t.app, { method: 'GET', url: '/v3/copy/export?format=csv&organisation=solvik', token: 'nope' })).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/v3/copy/export?format=csv&organisation=solvik' })).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: `/v3/copy/export?format=csv&organisation=solvik`, token: tokens.user })).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: `/v3/copy/export?format=csv&organisation=solvik`, token: tokens.koivuAdmin })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/v3/copy/export?format=json&organisation=solvik`, token: tokens.marketing })).status).toBe(400);
    expect((await call(t.app, { method: 'GET', url: `/v3/copy/export?format=csv&type=nope`, token: tokens.marketing })).body.key).toBe('UNKNOWN_COPY_TYPE');
    // A token in the address is no token: it would stay in histories, proxies' logs and referrers.
    expect((await call(t.app, { method: 'GET', url: `/v3/copy/export?format=csv&organisation=solvik&token=${tokens.marketing}` })).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: `/v3/copy/my-pages/?organisation=solvik&token=${tokens.marketing}` })).status).toBe(401);
    expect((await t.db.selectFrom('audit_logs').select('action').where('action', '=', 'copy.export').execute()).length).toBeGreaterThanOrEqual(2);
  });

  it('answers a dry run of what would change without changing it, then applies the same in one transaction', async () => {
    const title = (await getKey('my-pages', 'nav.invoices')).body.data;
    const csv = ['type,key,sv,fi', `my-pages,nav.invoices,Mina fakturor,${title.texts.fi}`, 'my-pages,dashboard.importNew,Ny text,', `my-pages,dashboard.greeting,,`].join('\n');
    await put('my-pages', 'dashboard.greeting', { fi: 'Hei {{name}}!' });
    const dry = await req({ method: 'PUT', url: '/v3/copy/my-pages/import?organisation=solvik&dryRun=true', payload: { csv } });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ dryRun: true, applied: false });
    expect(dry.body.data.changes).toEqual([
      { key: 'nav.invoices', language: 'sv', before: title.texts.sv, after: 'Mina fakturor', action: 'add' },
      { key: 'nav.invoices', language: 'fi', before: title.texts.fi, after: title.texts.fi, action: 'unchanged' },
      { key: 'dashboard.importNew', language: 'sv', before: null, after: 'Ny text', action: 'add' },
      { key: 'dashboard.importNew', language: 'fi', before: null, after: null, action: 'unchanged' },
      expect.objectContaining({ key: 'dashboard.greeting', language: 'sv', action: expect.any(String) }),
      { key: 'dashboard.greeting', language: 'fi', before: 'Hei {{name}}!', after: (await getKey('my-pages', 'dashboard.greeting')).body.data.defaults.fi, action: 'remove' },
    ]);
    expect((await getKey('my-pages', 'nav.invoices')).body.data.texts.sv).toBe(title.texts.sv);
    const applied = await req({ method: 'PUT', url: '/v3/copy/my-pages/import?organisation=solvik', payload: { csv } });
    expect(applied.body.data.applied).toBe(true);
    expect(applied.body.data.changes).toEqual(dry.body.data.changes);
    expect((await getKey('my-pages', 'nav.invoices')).body.data.texts.sv).toBe('Mina fakturor');
    expect((await getKey('my-pages', 'dashboard.importNew')).body.data.overridden).toEqual(['sv']);
    expect((await getKey('my-pages', 'dashboard.greeting')).body.data.overridden).not.toContain('fi');
    expect((await auditOf('my-pages:nav.invoices')).at(-1)).toMatchObject({ action: 'copy.import' });
    // rows instead of a CSV
    const rows = await req({ method: 'PUT', url: '/v3/copy/my-pages/import?organisation=solvik&dryRun=true', payload: { rows: [{ key: 'nav.invoices', sv: 'Mina fakturor' }] } });
    expect(rows.body.data.changes).toEqual([{ key: 'nav.invoices', language: 'sv', before: 'Mina fakturor', after: 'Mina fakturor', action: 'unchanged' }]);
  });

  it('refuses a broken CSV, another type, a bad key, a placeholder mismatch and the wrong scope, changing nothing', async () => {
    const imp = (payload: unknown, token = tokens.marketing, type = 'my-pages') => req({ method: 'PUT', url: `/v3/copy/${type}/import?organisation=solvik`, token, payload });
    expect((await imp({ csv: 'type,key,sv\nmy-pages,nav.invoices,"open' })).body).toMatchObject({ key: 'COPY_IMPORT_MALFORMED', data: { line: 2 } });
    expect((await imp({ csv: 'type,key,xx\nmy-pages,nav.invoices,a' })).body.key).toBe('COPY_IMPORT_MALFORMED');
    expect((await imp({ csv: 'type,key,sv\nshared,errors.generic,a' })).body.key).toBe('COPY_IMPORT_MALFORMED');
    expect((await imp({ csv: 'type,key,sv\nmy-pages,nav.invoices,a,b' })).body.key).toBe('COPY_IMPORT_MALFORMED');
    expect((await imp({ csv: 'type,key,sv\nmy-pages,nav..x,a' })).body.key).toBe('MALFORMED_COPY_KEY');
    expect((await imp({ csv: 'key,sv\nnav.invoices,a\nnav.invoices,b' })).body.key).toBe('COPY_IMPORT_MALFORMED');
    expect((await imp({ csv: 'key,sv\ndashboard.greeting,Hej {{vem}}\nnav.invoices,Changed' })).body.key).toBe('COPY_PLACEHOLDERS_DIFFER');
    expect((await imp({ csv: `key,sv\nnav.invoices,${'x'.repeat(10_001)}` })).body.key).toBe('COPY_TEXT_TOO_LONG');
    expect((await imp({ csv: 'key,sv\nnav.invoices,a\u0000' })).body.key).toBe('INVALID_CHARACTERS');
    expect((await imp({})).body.key).toBe('COPY_IMPORT_MALFORMED');
    expect((await imp({ csv: 'key,sv\nnav.invoices,a' }, tokens.support)).status).toBe(403);
    expect((await imp({ csv: 'key,sv\nnav.invoices,a' }, tokens.koivuAdmin)).status).toBe(404);
    expect((await imp({ csv: 'key,sv\nnav.invoices,a' }, tokens.marketing, 'nope')).body.key).toBe('UNKNOWN_COPY_TYPE');
    expect((await getKey('my-pages', 'nav.invoices')).body.data.texts.sv).toBe('Mina fakturor');
  });
});
