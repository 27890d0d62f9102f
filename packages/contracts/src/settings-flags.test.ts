import { describe, expect, it } from 'vitest';
import { releasePartSchemas } from './settings-parts.ts';
import { PortalFlags, ReleaseContent } from './settings.ts';
import { backOfficePages, flagCatalogue } from './settings-flags.ts';

describe('the feature-flag catalogue', () => {
  it('describes every portal flag and every back-office page flag, once each', () => {
    const keys = flagCatalogue.map((f) => `${f.group}.${f.key}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual([...Object.keys(PortalFlags.shape).map((k) => `flags.${k}`), ...backOfficePages.map((p) => `backOfficePages.${p}`)].sort());
  });

  it('gives a list flag the options its schema takes', () => {
    const languages = flagCatalogue.find((f) => f.key === 'LANGUAGES');
    expect(languages).toMatchObject({ kind: 'list', min: 1 });
    expect(PortalFlags.shape.LANGUAGES.parse(languages?.kind === 'list' ? languages.options : [])).toHaveLength(6);
  });

  it('turns every back-office page on in a release from before the page flags', () => {
    const part = releasePartSchemas['feature-flags'].parse({ flags: {} });
    expect(part.backOfficePages).toEqual(Object.fromEntries(backOfficePages.map((p) => [p, true])));
    expect(releasePartSchemas['feature-flags'].parse({ flags: {}, backOfficePages: { Signs: false } }).backOfficePages.Signs).toBe(false);
    const content = ReleaseContent.shape.featureFlags.parse({ id: '64b7f0c2a1d3e4f5a6b7c8d9', flags: {} });
    expect(content.backOfficePages['Custom Favorites']).toBe(true);
  });
});
