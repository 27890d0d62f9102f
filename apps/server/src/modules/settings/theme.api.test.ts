import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrast } from '@gridline/contracts/colors';
import type { ReleaseTheme } from '@gridline/contracts/settings';
import { call, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';

/**
 * The theme's rules through the draft and the publishing calls (spec 002 §3 "Theme", §5; issue 18,
 * decision 0055), against the demo's solvik: each rule answers its key, and a published theme
 * reaches the portal's release.
 */

let t: TestApp;
const tokens = { admin: '', marketing: '' };

beforeAll(async () => {
  t = await startTestApp();
  tokens.admin = (await staffSignIn(t.app, 'solvik', 'org-admin@solvik.example')).accessToken;
  tokens.marketing = (await staffSignIn(t.app, 'solvik', 'org-marketing@solvik.example')).accessToken;
});
afterAll(async () => {
  await t.close();
});

const as = (who: keyof typeof tokens, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, { method, url, token: tokens[who], ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
const putDraft = (content: unknown) => as('marketing', 'PUT', '/v3/settings/drafts/themes/solvik', content);
const liveTheme = async () => (await as('admin', 'GET', '/v3/settings/releases/themes/latest/solvik')).body.data.content as Omit<ReleaseTheme, 'id'>;
const discard = () => as('marketing', 'DELETE', '/v3/settings/drafts/themes/solvik');

describe('the theme draft', () => {
  it('refuses a text colour below 4.5:1 on the background the draft gives it, with the key and the ratio', async () => {
    const res = await putDraft({ label: { primary: { background: '#ffffff', text: '#b0b0b0' } } });
    expect([res.status, res.body.key]).toEqual([400, 'VALIDATION_FAILED']);
    const ratio = contrast('#b0b0b0', '#ffffff').toFixed(2);
    expect(res.body.data.issues).toEqual([{ path: 'body.label.primary.text', message: `THEME_TEXT_CONTRAST: text #b0b0b0 on #ffffff has a contrast of ${ratio}:1; text needs at least 4.5:1 (WCAG AA)` }]);
  });

  it('refuses an icon below 3:1, a graph list outside 6 to 12, an image view without its image, and a border radius outside the spec', async () => {
    const icon = await putDraft({ favorites: { variants: { good: { background: '#e7f6ec', icon: '#a7d8b5' } } } });
    expect(icon.body.data.issues).toEqual([expect.objectContaining({ path: 'body.favorites.variants.good.icon', message: expect.stringMatching(/^THEME_UI_CONTRAST: #a7d8b5 on #e7f6ec has a contrast of 1\.\d\d:1/) })]);
    const five = ['#111111', '#222222', '#333333', '#444444', '#555555'];
    const graph = await putDraft({ graph: { shared: { cartesian: five, radial: [...five, ...five, ...five] } } });
    expect(graph.body.data.issues).toEqual([
      { path: 'body.graph.shared.cartesian', message: 'GRAPH_COLORS_COUNT' },
      { path: 'body.graph.shared.radial', message: 'GRAPH_COLORS_COUNT' },
    ]);
    const image = await putDraft({ views: { variants: { home: { background: { type: 'image', color: '#0b5d4b', image: null } } } } });
    expect(image.body.data.issues).toEqual([{ path: 'body.views.variants.home.background.image', message: 'VIEW_BACKGROUND_IMAGE_REQUIRED' }]);
    const radius = await putDraft({ buttons: { borderRadius: 'ROUND' } });
    expect([radius.status, radius.body.data.issues[0].path]).toEqual([400, 'body.buttons.borderRadius']);
    expect((await as('marketing', 'GET', '/v3/settings/drafts/themes/solvik')).body.data.content).toBeNull();
  });

  it('keeps a text colour whose background is live, lists the pair as an issue, and refuses to publish it', async () => {
    const live = await liveTheme();
    const background = live.buttons.variants.filled.background as string;
    const draft = await putDraft({ buttons: { variants: { filled: { text: background } } } });
    expect(draft.status).toBe(200);
    expect(draft.body.data.issues).toEqual([{ path: 'buttons.variants.filled.text', message: expect.stringMatching(/^THEME_TEXT_CONTRAST: text #\w{6} on #\w{6} has a contrast of 1\.00:1/) }]);
    const request = await as('marketing', 'POST', '/v4/solvik/settings/change-requests', { parts: ['themes'], title: 'Invisible buttons' });
    expect([request.status, request.body.key]).toEqual([400, 'SETTINGS_RELEASE_INVALID']);
    expect(request.body.data.issues).toEqual([expect.objectContaining({ path: 'themes.buttons.variants.filled.text', message: expect.stringMatching(/^THEME_TEXT_CONTRAST/) })]);
    await discard();
  });
});

describe('a theme release', () => {
  it('needs the primary and secondary views and the idle, heating and cooling icons; the home view and the solar icons are optional', async () => {
    const live = await liveTheme();
    const { cooling: _cooling, 'solar-idle': _idle, 'solar-producing': _producing, ...icons } = live.pulsingIcon.variants;
    const { secondary: _secondary, home: _home, ...views } = live.views.variants;
    const missing = await as('admin', 'POST', '/v3/settings/releases/themes/solvik', { ...live, pulsingIcon: { variants: icons }, views: { variants: views } });
    expect([missing.status, missing.body.key]).toEqual([400, 'VALIDATION_FAILED']);
    expect(missing.body.data.issues).toEqual([
      expect.objectContaining({ path: 'body.pulsingIcon.variants.cooling', message: 'PULSING_ICON_VARIANT_REQUIRED' }),
      expect.objectContaining({ path: 'body.views.variants.secondary', message: 'VIEW_VARIANT_REQUIRED' }),
    ]);
    const pale = await as('admin', 'POST', '/v3/settings/releases/themes/solvik', { ...live, surfaces: { variants: { ...live.surfaces.variants, info: { background: '#eff6ff', text: '#93c5fd', border: '#bfdbfe' } } } });
    expect([pale.status, pale.body.data.issues[0].path]).toEqual([400, 'body.surfaces.variants.info.text']);
    expect(pale.body.data.issues[0].message).toMatch(/^THEME_TEXT_CONTRAST: text #93c5fd on #eff6ff has a contrast of 1\.\d\d:1/);
  });

  it('published through a change request, reaches the portal’s release', async () => {
    const live = await liveTheme();
    const filled = { background: '#7a1f5c', text: '#ffffff', border: '#7a1f5c' };
    const draft = await putDraft({
      primaryColor: '#7a1f5c',
      buttons: { borderRadius: 'MAX', variants: { filled } },
      graph: { shared: { cartesian: ['#7a1f5c', '#f2b705', '#2563eb', '#16a34a', '#dc2626', '#9333ea'] } },
      views: { variants: { home: { background: { type: 'image', color: '#7a1f5c', image: 'https://cdn.example/home.jpg' }, behavior: 'sticky', text: '#ffffff' } } },
    });
    expect([draft.status, draft.body.data.issues, draft.body.data.changed]).toEqual([200, [], true]);
    const request = await as('marketing', 'POST', '/v4/solvik/settings/change-requests', { parts: ['themes'], title: 'Plum buttons' });
    expect([request.status, request.body.data.status]).toEqual([200, 'published']);
    const release = (await call(t.app, { method: 'GET', url: '/v3/settings/releases/solvik?bypassCache=true' })).body.data.theme;
    expect(release).toMatchObject({
      primaryColor: '#7a1f5c',
      buttons: { borderRadius: 'MAX', variants: { filled, outlined: live.buttons.variants.outlined } },
      graph: { shared: { cartesian: ['#7a1f5c', '#f2b705', '#2563eb', '#16a34a', '#dc2626', '#9333ea'], radial: live.graph.shared.radial } },
      views: { variants: { home: { background: { type: 'image', image: 'https://cdn.example/home.jpg' }, behavior: 'sticky' } } },
      pulsingIcon: live.pulsingIcon,
      legacyComponents: live.legacyComponents,
    });
  });
});
