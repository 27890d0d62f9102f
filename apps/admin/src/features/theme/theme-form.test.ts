import { describe, expect, it } from 'vitest';
import { deriveTheme } from '@gridline/contracts/settings-theme';
import { contrastFailures, fieldContrast, formatRatio, getAt, issueOf, replaceColour, setAt } from './theme-form.ts';

describe('the theme editor helpers', () => {
  it('sets a value by path without touching the original, and removes one with undefined', () => {
    const theme = { buttons: { variants: { filled: { text: '#ffffff' } } } };
    const next = setAt(theme, ['buttons', 'variants', 'filled', 'text'], '#000000');
    expect(getAt(next, ['buttons', 'variants', 'filled', 'text'])).toBe('#000000');
    expect(theme.buttons.variants.filled.text).toBe('#ffffff');
    expect(setAt({ views: { variants: { home: {} } } }, ['views', 'variants', 'home'], undefined)).toEqual({ views: { variants: {} } });
  });

  it('gives a field its contrast against the colour the theme draws it on, and lists the failing fields', () => {
    const theme = setAt(deriveTheme('#0b5d4b', '#f2b705'), ['label', 'primary', 'text'], '#3a8f7c');
    expect(fieldContrast(theme, ['label', 'primary', 'text'])).toMatchObject({ background: '#0b5d4b', min: 4.5, kind: 'text', ok: false });
    expect(fieldContrast(theme, ['label', 'primary', 'background'])).toBeNull();
    expect(fieldContrast(theme, ['favorites', 'variants', 'good', 'icon'])).toMatchObject({ min: 3, kind: 'ui', ok: true });
    expect(contrastFailures(theme)).toEqual([['label', 'primary', 'text']]);
    expect(formatRatio(4.4999)).toBe('4.49');
  });

  it("reads a server issue's path and key", () => {
    expect(issueOf({ path: 'body.label.primary.text', message: 'THEME_TEXT_CONTRAST: text #b0b0b0 on #ffffff …' })).toEqual({ path: 'label.primary.text', key: 'THEME_TEXT_CONTRAST' });
    expect(issueOf({ path: 'graph.shared.radial', message: 'GRAPH_COLORS_COUNT' })).toEqual({ path: 'graph.shared.radial', key: 'GRAPH_COLORS_COUNT' });
  });

  it('carries a brand colour to the parts drawn in it, and not to the other brand colour', () => {
    const theme = { primaryColor: '#0B5D4B', secondaryColor: '#0b5d4b', buttons: { variants: { filled: { background: '#0b5d4b', text: '#ffffff' } } }, graph: { shared: { cartesian: ['#0b5d4b', '#111111'] } } };
    expect(replaceColour(theme, '#0b5d4b', '#7a1f5c', ['secondaryColor'])).toEqual({
      primaryColor: '#7a1f5c',
      secondaryColor: '#0b5d4b',
      buttons: { variants: { filled: { background: '#7a1f5c', text: '#ffffff' } } },
      graph: { shared: { cartesian: ['#7a1f5c', '#111111'] } },
    });
  });
});
