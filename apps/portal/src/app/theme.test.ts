import { describe, expect, it } from 'vitest';
import { contrast } from '@gridline/contracts/colors';
import { StoredReleaseTheme } from '@gridline/contracts/settings';
import { deriveTheme } from '@gridline/contracts/settings-theme';
import { cssImage, isThemePreview, textColourOn, themeVariables } from './theme.ts';

describe('themeVariables', () => {
  it('maps the border radius and the colours', () => {
    expect(themeVariables({ primaryColor: '#0b5cad', secondaryColor: '#ffd23f', borderRadius: 'LARGE' })).toEqual({
      '--radius': '16px',
      '--color-primary': '#0b5cad',
      '--color-on-primary': '#ffffff',
      '--color-primary-text': '#0b5cad',
      '--color-secondary': '#ffd23f',
      '--color-on-secondary': '#111827',
    });
    expect(themeVariables({ primaryColor: '#000', secondaryColor: '#fff', borderRadius: 'NONE' })['--radius']).toBe('0px');
    expect(themeVariables({ primaryColor: '#000', secondaryColor: '#fff', borderRadius: 'SMALL' })['--radius']).toBe('4px');
    expect(themeVariables({ primaryColor: '#000', secondaryColor: '#fff', borderRadius: 'MEDIUM' })['--radius']).toBe('8px');
  });

  it('leaves out colours that are not hex colours', () => {
    const variables = themeVariables({ primaryColor: 'red;}', secondaryColor: '', borderRadius: 'SMALL' });
    expect(variables).toEqual({ '--radius': '4px' });
  });
});

describe('the theme parts the portal draws with (decision 0055)', () => {
  it('maps the buttons, the primary surface and the primary view, and leaves out what is not a colour', () => {
    const variables = themeVariables({
      primaryColor: '#0b5d4b',
      secondaryColor: '#f2b705',
      borderRadius: 'MEDIUM',
      buttons: {
        borderRadius: 'MAX',
        variants: { filled: { background: '#7a1f5c', text: '#ffffff' }, outlined: { background: '#ffffff', text: 'url(x)', border: '#7a1f5c' } },
      },
      surfaces: { variants: { primary: { background: '#fafafa', text: '#111827' } } },
      views: { variants: { primary: { background: { color: '#eeeeee' } } } },
    });
    expect(variables).toMatchObject({
      '--button-radius': '9999px',
      '--button-filled-background': '#7a1f5c',
      '--button-filled-text': '#ffffff',
      '--button-outlined-background': '#ffffff',
      '--button-outlined-border': '#7a1f5c',
      '--color-surface': '#fafafa',
      '--color-text': '#111827',
      '--color-background': '#eeeeee',
    });
    expect(variables['--button-outlined-text']).toBeUndefined();
  });
});

describe('primary text colour', () => {
  it('falls back to dark grey when the primary colour is too light to read on white', () => {
    const variables = themeVariables({ primaryColor: '#ffd23f', secondaryColor: '#000', borderRadius: 'SMALL' });
    expect(variables['--color-primary-text']).toBe('#1f2937');
    expect(variables['--color-on-primary']).toBe('#111827');
  });
});

describe('textColourOn', () => {
  it('picks white on dark colours and dark text on light ones', () => {
    expect(textColourOn('#003366')).toBe('#ffffff');
    expect(textColourOn('#f5f5f5')).toBe('#111827');
    expect(textColourOn('#fc0')).toBe('#111827');
  });
});

describe('every part the portal draws, from a whole theme (decision 0062)', () => {
  const brand = { primaryColor: '#0b5d4b', secondaryColor: '#f2b705', borderRadius: 'MEDIUM' as const };

  it('maps a release theme to the CSS variables: surfaces, view, menu, selector, tabs, labels, text and graph', () => {
    const parts = deriveTheme(brand.primaryColor, brand.secondaryColor, { borderRadius: 'MAX' });
    parts.menu.onSurface = { active: { background: '#123456', text: '#ffffff' }, inactive: { background: '#fafafa', text: '#222222' } };
    parts.tabs.onSurface.active = { background: '#0b5d4b', text: '#ffffff' };
    parts.graph.shared.cartesian = ['#7a1f5c', '#000000', '#111111', '#222222', '#333333', '#444444'];
    const variables = themeVariables({ ...brand, ...parts });
    expect(variables).toMatchObject({
      '--radius': '8px',
      '--button-radius': '9999px',
      '--color-surface': '#ffffff',
      '--color-text': '#111827',
      '--color-surface-border': '#e5e7eb',
      '--surface-secondary-background': parts.surfaces.variants.secondary.background,
      '--surface-info-background': '#eff6ff',
      '--surface-info-text': '#1e3a8a',
      '--surface-attention-border': '#fdba74',
      '--color-page': '#f3f4f6',
      '--color-background': '#f3f4f6',
      '--view-text': '#111827',
      '--view-attachment': 'scroll',
      '--menu-background': '#fafafa',
      '--menu-text': '#222222',
      '--menu-active-background': '#123456',
      '--menu-active-text': '#ffffff',
      '--menu-indicator': '#123456',
      '--tabs-indicator': '#0b5d4b',
      '--selector-active-background': '#0b5d4b',
      '--selector-active-text': '#ffffff',
      '--tabs-active-background': '#0b5d4b',
      '--label-primary-background': '#0b5d4b',
      '--label-secondary-background': '#f2b705',
      '--label-secondary-text': '#111827',
      '--text-h1-size': '2rem',
      '--text-h1-line-height': '1.25',
      '--text-h1-weight': '600',
      '--text-h2-size': '1.75rem',
      '--text-medium-size': '1rem',
      '--text-medium-line-height': '1.5',
      '--text-medium-weight': '400',
      '--graph-bar': '#7a1f5c',
      '--graph-part-1': expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    // No image where the view is a colour.
    expect(variables['--view-image']).toBeUndefined();
    // The grey secondary text reads on the white card and the grey page.
    expect(variables['--color-muted-on-surface']).toBe('#4b5563');
    expect(variables['--view-muted']).toBe('#4b5563');
  });

  it('draws an image view over its colour, fixed where the view is sticky, and a light text colour on a dark view', () => {
    const parts = deriveTheme(brand.primaryColor, brand.secondaryColor);
    const image = '/v3/assets/0123456789abcdef01234567';
    parts.views.variants.primary = { background: { type: 'image', color: '#1b2a3a', image }, behavior: 'sticky', text: '#ffffff' };
    const variables = themeVariables({ ...brand, ...parts });
    expect(variables['--view-image']).toBe(`url("${image}")`);
    expect(variables['--view-attachment']).toBe('fixed');
    expect(variables['--color-page']).toBe('#1b2a3a');
    expect(variables['--view-text']).toBe('#ffffff');
    // The grey does not read on the dark page: lightened to 4.5:1; the tint inside cards stays the card's own colour.
    expect(contrast(variables['--view-muted']!, '#1b2a3a')).toBeGreaterThanOrEqual(4.5);
    expect(variables['--color-background']).toBe('#ffffff');
    // An image chosen but not an address a release may hold, or an image on a colour view: no image.
    parts.views.variants.primary.background.image = 'javascript:alert(1)';
    expect(themeVariables({ ...brand, ...parts })['--view-image']).toBeUndefined();
    parts.views.variants.primary.background = { type: 'color', color: '#1b2a3a', image };
    expect(themeVariables({ ...brand, ...parts })['--view-image']).toBeUndefined();
  });

  it('keeps a quote or a backslash in an image address inside its url()', () => {
    expect(cssImage('https://cdn.example/a") ; x: url("b\\c.png')).toBe('url("https://cdn.example/a\\") ; x: url(\\"b\\\\c.png")');
    expect(cssImage('data:image/png;base64,AAAA')).toBe('url("data:image/png;base64,AAAA")');
    expect(cssImage('http://insecure.example/a.png')).toBeNull();
    expect(cssImage(42)).toBeNull();
  });

  it('draws a stored release without the parts from parts derived from its own brand colours', () => {
    const stored = StoredReleaseTheme.parse({
      id: '0123456789abcdef01234567',
      primaryColor: '#b71c1c',
      secondaryColor: '#37474f',
      borderRadius: 'NONE',
      logo: null,
      logoText: 'Alpenwerk',
      favicon: null,
    });
    const variables = themeVariables(stored);
    expect(variables).toMatchObject({
      '--radius': '0px',
      '--button-radius': '0px',
      '--button-filled-background': '#b71c1c',
      '--menu-active-background': '#b71c1c',
      '--selector-active-background': '#b71c1c',
      '--label-secondary-background': '#37474f',
      '--label-secondary-text': '#ffffff',
      '--graph-bar': '#b71c1c',
      '--graph-part-1': '#37474f',
      '--graph-part-2': '#b71c1c',
    });
  });

  it('keeps AA for every demo brand: each text on what it is drawn on, the graph at 3:1', () => {
    const brands = [
      ['#0B5D4B', '#F2B705', 'MEDIUM'],
      ['#B71C1C', '#37474F', 'NONE'],
      ['#1F3A5F', '#E4572E', 'SMALL'],
      ['#3A5A40', '#E9C46A', 'MAX'],
    ] as const;
    for (const [primaryColor, secondaryColor, borderRadius] of brands) {
      const v = themeVariables({ primaryColor, secondaryColor, borderRadius, ...deriveTheme(primaryColor, secondaryColor, { borderRadius, home: true }) });
      const pairs: Array<[string, string, number]> = [
        ['--view-text', '--color-page', 4.5],
        ['--view-muted', '--color-page', 4.5],
        ['--color-text', '--color-surface', 4.5],
        ['--color-muted-on-surface', '--color-surface', 4.5],
        ['--color-text', '--color-background', 4.5],
        ['--menu-text', '--menu-background', 4.5],
        ['--menu-muted', '--menu-background', 4.5],
        ['--menu-active-text', '--menu-active-background', 4.5],
        ['--selector-text', '--selector-background', 4.5],
        ['--selector-active-text', '--selector-active-background', 4.5],
        ['--tabs-text', '--tabs-background', 4.5],
        ['--tabs-active-text', '--tabs-active-background', 4.5],
        ['--label-secondary-text', '--label-secondary-background', 4.5],
        ['--surface-secondary-text', '--surface-secondary-background', 4.5],
        ['--surface-info-text', '--surface-info-background', 4.5],
        ['--surface-attention-text', '--surface-attention-background', 4.5],
        ['--graph-bar', '--color-surface', 3],
        ['--graph-part-1', '--color-surface', 3],
        ['--graph-part-4', '--color-surface', 3],
      ];
      for (const [text, background, min] of pairs) {
        expect(contrast(v[text]!, v[background]!), `${primaryColor}: ${text} on ${background}`).toBeGreaterThanOrEqual(min);
      }
    }
  });

  it('draws the parts of the day in radial colours that differ, skipping one that looks like a chosen one once darkened', () => {
    // Solvik: its yellow darkened to 3:1 on white is close to the palette's dark yellow, and its green close to the slate.
    const variables = themeVariables({ ...brand, ...deriveTheme(brand.primaryColor, brand.secondaryColor) });
    expect([1, 2, 3, 4].map((i) => variables[`--graph-part-${i}`])).toEqual(['#b68904', '#0b5d4b', '#db2777', '#65a30d']);
    // Fewer than four that differ: the skipped ones fill up, in order (white darkened to 3:1 on the white card).
    const same = themeVariables({ ...brand, graph: { shared: { radial: ['#111111', '#121212', '#131313', '#141414', '#ffffff'] } } });
    expect([1, 2, 3, 4].map((i) => same[`--graph-part-${i}`])).toEqual(['#111111', '#8c8c8c', '#121212', '#131313']);
  });

  it('takes a partial draft (the preview) without failing and leaves out what is not there', () => {
    const variables = themeVariables({
      ...brand,
      menu: { onSurface: { active: { text: '#ffffff' } } },
      text: { variants: { h1: { fontSize: 500 } } },
      graph: { shared: { radial: ['nope'] } },
    });
    expect(variables['--menu-active-text']).toBe('#ffffff');
    expect(variables['--menu-active-background']).toBeUndefined();
    expect(variables['--text-h1-size']).toBeUndefined();
    expect(variables['--graph-part-1']).toBeUndefined();
    // A white active tab on the white card: its underline takes its text colour, so the chosen tab still shows without colour alone.
    expect(themeVariables({ ...brand, tabs: { onSurface: { active: { background: '#ffffff', text: '#0b5d4b' } } } })['--tabs-indicator']).toBe('#0b5d4b');
  });
});

describe('isThemePreview (decisions 0055, 0063)', () => {
  const origin = 'http://solvik.localhost:3000';
  const page = (search: string, parent: unknown): Window => {
    const win: { location: unknown; parent: unknown } = { location: { origin, search, pathname: '/dashboard' }, parent: undefined };
    win.parent = parent === 'self' ? win : parent;
    return win as unknown as Window;
  };
  const admin = { location: { origin, pathname: '/admin/solvik/theme' } };

  it('holds in a frame of the back office on the same origin with the flag', () => {
    expect(isThemePreview(page('?themePreview=1', admin))).toBe(true);
  });

  it('is off outside a frame, without the flag, under another parent page or another origin', () => {
    expect(isThemePreview(page('?themePreview=1', 'self'))).toBe(false);
    expect(isThemePreview(page('', admin))).toBe(false);
    expect(isThemePreview(page('?themePreview=yes', admin))).toBe(false);
    expect(isThemePreview(page('?themePreview=1', { location: { origin, pathname: '/dashboard' } }))).toBe(false);
    expect(isThemePreview(page('?themePreview=1', { location: { origin: 'http://evil.example', pathname: '/admin/x' } }))).toBe(false);
    // A parent of another origin: reading its location throws.
    const foreign = {
      get location(): never {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    };
    expect(isThemePreview(page('?themePreview=1', foreign))).toBe(false);
  });
});
