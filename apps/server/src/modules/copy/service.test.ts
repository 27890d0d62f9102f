import { describe, expect, it } from 'vitest';
import { copyBundles } from '@gridline/copy/bundles';
import { AppError } from '../../lib/errors.ts';
import { etagMatches, weakEtag } from '../../lib/etag.ts';
import type { CopyLayersQuery, CopyTextRow } from './repository.ts';
import { CopyService, mergeLayers, splitCopyTypes } from './service.ts';

const platform = (group: string, key: string, value: string): CopyTextRow => ({ organisationId: null, group, key, value });
const own = (group: string, key: string, value: string): CopyTextRow => ({ organisationId: 'org1', group, key, value });

describe('mergeLayers', () => {
  const bundle = { shared: { signOut: 'Sign out', errors: { generic: 'Oops', WRONG_PASSWORD: 'Wrong' } } };

  it('sets dotted keys in the nested structure, the organisation over the platform over the bundle', () => {
    const merged = mergeLayers(bundle, [
      own('shared', 'errors.generic', 'Organisation'),
      platform('shared', 'errors.generic', 'Platform'),
      platform('shared', 'errors.WRONG_PASSWORD', 'Platform wrong'),
      platform('my-pages', 'dashboard.greeting', 'Hi {{name}}'),
    ]);
    expect(merged.shared).toEqual({ signOut: 'Sign out', errors: { generic: 'Organisation', WRONG_PASSWORD: 'Platform wrong' } });
    expect(merged['my-pages']).toEqual({ dashboard: { greeting: 'Hi {{name}}' } });
    expect(merged.organisation).toEqual({});
  });

  it('never turns a group of texts into a text or a text into a group', () => {
    const merged = mergeLayers(bundle, [platform('shared', 'errors', 'flat'), own('shared', 'signOut.label', 'nested')]);
    expect(merged.shared).toEqual(bundle.shared);
  });

  it('leaves out keys that would reach a prototype', () => {
    const merged = mergeLayers(bundle, [platform('shared', '__proto__.polluted', 'yes'), platform('shared', 'constructor', 'x')]);
    expect(merged.shared).toEqual(bundle.shared);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('does not change the bundle it merges over', () => {
    mergeLayers(copyBundles.en, [platform('shared', 'signOut', 'Log out')]);
    expect(copyBundles.en.shared?.['signOut']).toBe('Sign out');
  });
});

describe('splitCopyTypes', () => {
  it('splits, trims and drops empty and repeated names', () => {
    expect(splitCopyTypes(' shared, my-pages,,shared ')).toEqual(['shared', 'my-pages']);
    expect(splitCopyTypes('')).toBeUndefined();
    expect(splitCopyTypes(undefined)).toBeUndefined();
  });
});

describe('CopyService', () => {
  function setup(rows: CopyTextRow[] = []) {
    const queries: CopyLayersQuery[] = [];
    let now = 1_000_000;
    const repository = {
      listLayers: async (query: CopyLayersQuery) => {
        queries.push(query);
        return rows;
      },
    };
    const service = new CopyService(repository, { now: () => now });
    return { service, queries, rows, advance: (ms: number) => (now += ms) };
  }
  const org1 = { id: 'org1' };
  const org2 = { id: 'org2' };

  it('reads each organisation, language and version once in 30 s, whatever groups are asked', async () => {
    const { service, queries, advance } = setup([own('shared', 'signOut', 'Bye')]);
    const first = await service.aggregated(org1, 'en', ['shared']);
    await service.aggregated(org1, 'en', ['my-pages', 'shared']);
    await service.aggregated(org1, 'en');
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatchObject({ organisationId: 'org1', language: 'en', version: 'v3.0' });
    expect(first.texts).toEqual({ shared: { ...copyBundles.en.shared, signOut: 'Bye' } });

    await service.aggregated(org1, 'sv', ['shared']);
    await service.aggregated(org2, 'en', ['shared']);
    expect(queries).toHaveLength(3);

    advance(29_999);
    await service.aggregated(org1, 'en', ['shared']);
    expect(queries).toHaveLength(3);
    advance(1);
    await service.aggregated(org1, 'en', ['shared']);
    expect(queries).toHaveLength(4);
  });

  it("forgets one organisation's sets, or all of them", async () => {
    const { service, queries, rows } = setup();
    await service.aggregated(org1, 'en', ['shared']);
    await service.aggregated(org2, 'en', ['shared']);
    rows.push(own('shared', 'signOut', 'Bye'));

    service.invalidate('org1');
    expect((await service.aggregated(org1, 'en', ['shared'])).texts['shared']).toMatchObject({ signOut: 'Bye' });
    expect((await service.aggregated(org2, 'en', ['shared'])).texts['shared']).toMatchObject({ signOut: 'Sign out' });
    expect(queries).toHaveLength(3);

    service.invalidate();
    await service.aggregated(org1, 'en', ['shared']);
    await service.aggregated(org2, 'en', ['shared']);
    expect(queries).toHaveLength(5);
  });

  it('gives the same selection the same ETag and another selection another', async () => {
    const { service } = setup();
    const a = await service.aggregated(org1, 'en', ['shared', 'my-pages']);
    const b = await service.aggregated(org1, 'en', ['my-pages', 'shared']);
    const c = await service.aggregated(org1, 'en', ['shared']);
    expect(Object.keys(a.texts)).toEqual(['shared', 'my-pages']);
    expect(b.etag).toBe(a.etag);
    expect(c.etag).not.toBe(a.etag);
    expect(a.etag).toBe(weakEtag(a.texts));
  });

  it('does not remember a failed read', async () => {
    let fail = true;
    const service = new CopyService({
      listLayers: async () => {
        if (fail) throw new Error('connection lost');
        return [];
      },
    });
    await expect(service.aggregated(org1, 'en', ['shared'])).rejects.toThrow('connection lost');
    fail = false;
    await expect(service.aggregated(org1, 'en', ['shared'])).resolves.toMatchObject({ texts: { shared: copyBundles.en.shared } });
  });

  it('refuses unknown groups and versions with VALIDATION_FAILED', async () => {
    const { service, queries } = setup();
    await expect(service.aggregated(org1, 'en', ['shared', 'nope'])).rejects.toMatchObject({
      key: 'VALIDATION_FAILED',
      message: expect.stringContaining('nope'),
    });
    await expect(service.aggregated(org1, 'en', undefined, 'v2.0')).rejects.toBeInstanceOf(AppError);
    expect(queries).toHaveLength(0);
  });
});

describe('etagMatches', () => {
  it('compares weakly, in a list, and accepts *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});
