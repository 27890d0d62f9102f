import { describe, expect, it } from 'vitest';
import { themeContrastIssues } from '@gridline/contracts/settings-theme';
import { organisationProfiles } from './profiles.ts';
import { demoRelease } from './releases.ts';

describe('the demo releases', () => {
  it.each(organisationProfiles.map((p) => [p.slug, p] as const))('give %s a whole theme from its brand colours, every pair passing AA', (_slug, profile) => {
    const { theme } = demoRelease(profile).content;
    expect(themeContrastIssues(theme)).toEqual([]);
    expect(theme.buttons.variants.filled.background).toBe(profile.theme.primaryColor.toLowerCase());
    expect(theme.label.secondary.background).toBe(profile.theme.secondaryColor.toLowerCase());
    expect(theme.views.variants.home?.behavior).toBe('sticky');
    expect(theme.graph.shared.cartesian.length).toBeGreaterThanOrEqual(6);
  });
});
