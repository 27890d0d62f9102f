import { matchesSegment, type SegmentAttributes, type SegmentRuleSet } from '@gridline/contracts/segments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';

/** Home modules through the drafts and change requests (decision 0058), and the preview's calls, against the demo's solvik and koivu. */

let t: TestApp;
const tokens: Record<'admin' | 'marketing' | 'support' | 'user' | 'koivuMarketing' | 'customer', string> = { admin: '', marketing: '', support: '', user: '', koivuMarketing: '', customer: '' };

beforeAll(async () => {
  t = await startTestApp();
  tokens.admin = (await staffSignIn(t.app, 'solvik', 'org-admin@solvik.example')).accessToken;
  tokens.marketing = (await staffSignIn(t.app, 'solvik', 'org-marketing@solvik.example')).accessToken;
  tokens.support = (await staffSignIn(t.app, 'solvik', 'org-support@solvik.example')).accessToken;
  tokens.user = (await staffSignIn(t.app, 'solvik', 'org-user@solvik.example')).accessToken;
  tokens.koivuMarketing = (await staffSignIn(t.app, 'koivu', 'org-marketing@koivu.example')).accessToken;
  tokens.customer = (await signIn(t.app, 'solvik', 'demo'))[0]!.accessToken;
});
afterAll(async () => {
  await t?.close();
});

type Who = keyof typeof tokens;
const as = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, { method, url, token: tokens[who], ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

const id = (n: number) => n.toString(16).padStart(24, 'a');
const item = (over: Record<string, unknown> = {}) => ({
  id: id(100),
  theme: { light: { backgroundColors: ['#0b5d3b'], foregroundColor: '#ffffff', accentColor: '#0b5d3b', accentBackgroundColor: '#ffffff' } },
  segments: { match: 'AND', rules: [{ name: 'heatingTypes', operator: 'anyOf', value: ['direct'] }] },
  copy: { en: { title: 'Switch to a heat pump', body: 'It uses a third of the electricity.', label: 'Offer' } },
  navigation: { page: 'EXTERNAL_URL', url: 'https://solvik.example/heat-pumps' },
  ...over,
});
const offers = (items: unknown[]) => ({ id: id(1), name: 'Offers', items });
const favorites = (list: unknown[]) => ({ id: id(2), name: 'Favorites', copy: { en: { title: 'Favorites' } }, favorites: list });

describe('the modules draft', () => {
  it('starts from the demo release: news, shortcuts, favorites and an offer', async () => {
    const draft = await as('marketing', 'GET', '/v3/settings/drafts/modules/solvik');
    expect(draft.status).toBe(200);
    const names = (draft.body.data.live.items as Array<{ name: string }>).map((m) => m.name);
    expect(names).toEqual(['News', 'Shortcuts', 'Favorites', 'Offers']);
    expect(draft.body.data.issues).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ['MODULE_UNKNOWN', { items: [{ id: id(1), name: 'Weather' }] }, ''],
    ['MODULE_DUPLICATE_ID', { items: [offers([item(), item()])] }, 'items.0.items.1.id'],
    ['MODULE_COPY_REQUIRED', { items: [offers([item({ copy: {} })])] }, 'items.0.items.0.copy'],
    ['MODULE_TITLE_REQUIRED', { items: [offers([item({ copy: { en: { title: ' ' } } })])] }, 'items.0.items.0.copy.en.title'],
    ['MODULE_TEXT_TOO_LONG', { items: [offers([item({ copy: { en: { title: 'Offer', label: 'x'.repeat(41) } } })])] }, 'items.0.items.0.copy.en.label'],
    ['MODULE_NAVIGATION_TARGET', { items: [offers([item({ navigation: { page: 'SHOP' } })])] }, 'items.0.items.0.navigation.page'],
    ['MODULE_NAVIGATION_URL', { items: [offers([item({ navigation: { page: 'EXTERNAL_URL', url: 'http://solvik.example' } })])] }, 'items.0.items.0.navigation.url'],
    ['MODULE_NAVIGATION_URL_ONLY_EXTERNAL', { items: [offers([item({ navigation: { page: 'INVOICE', url: 'https://solvik.example' } })])] }, 'items.0.items.0.navigation.url'],
    ['MODULE_ITEM_CONTRAST', { items: [offers([item({ theme: { light: { backgroundColors: ['#ffffff'], foregroundColor: '#dddddd', accentColor: '#000000', accentBackgroundColor: '#ffffff' } } })])] }, 'items.0.items.0.theme.light.foregroundColor'],
    ['MODULE_SCHEDULE_ORDER', { items: [offers([item({ schedule: { startDate: '2026-05-01T00:00:00Z', endDate: '2026-05-01T00:00:00Z' } })])] }, 'items.0.items.0.schedule.endDate'],
    ['MODULE_VARIANT', { items: [{ id: id(1), name: 'News', url: 'https://solvik.example/rss', variant: 'square' }] }, 'items.0.variant'],
    ['MODULE_NEWS_URL', { items: [{ id: id(1), name: 'News', url: 'ftp://solvik.example/rss' }] }, 'items.0.url'],
    ['MODULE_IMAGE_REQUIRED', { items: [{ id: id(1), name: 'ImageFooter' }] }, 'items.0.image'],
    ['INVOICE_FAVORITE_REQUIRED', { items: [favorites([{ name: 'WeatherFavorite' }])] }, 'items.0.favorites'],
    ['FAVORITE_UNKNOWN', { items: [favorites([{ name: 'InvoiceFavorite' }, { name: 'TeaFavorite' }])] }, 'items.0.favorites.1.name'],
    ['FAVORITE_DUPLICATE', { items: [favorites([{ name: 'InvoiceFavorite' }, { name: 'InvoiceFavorite' }])] }, 'items.0.favorites.1.name'],
  ])('refuses %s with its key at its field', async (key, content, path) => {
    const res = await as('marketing', 'PUT', '/v3/settings/drafts/modules/solvik', content);
    expect([res.status, res.body.key]).toEqual([400, 'VALIDATION_FAILED']);
    const issue = (res.body.data.issues as Array<{ path: string; message: string }>).find((i) => i.message.startsWith(key));
    expect(issue, JSON.stringify(res.body.data.issues)).toBeDefined();
    if (path) expect(issue!.path).toBe(`body.${path}`);
  });

  it('offers the conditional favorites only where the organisation has the service', async () => {
    const solvik = await as('marketing', 'GET', '/v4/solvik/settings/modules/favorites');
    expect(solvik.status).toBe(200);
    // solvik's grid tariffs have a power fee; no demo organisation has waste services or realtime measurements
    expect(solvik.body.data).toEqual({ WasteRemovalFavorite: false, RecyclingCentralFavorite: false, LoadPeaksFavorite: true, RealtimeProviderFavorite: false });
    expect((await as('koivuMarketing', 'GET', '/v4/koivu/settings/modules/favorites')).body.data.LoadPeaksFavorite).toBe(false);

    const loadPeaks = { items: [favorites([{ name: 'InvoiceFavorite' }, { name: 'LoadPeaksFavorite' }])] };
    expect((await as('marketing', 'PUT', '/v3/settings/drafts/modules/solvik', loadPeaks)).status).toBe(200);
    const koivu = await as('koivuMarketing', 'PUT', '/v3/settings/drafts/modules/koivu', loadPeaks);
    expect([koivu.status, koivu.body.key]).toEqual([400, 'VALIDATION_FAILED']);
    expect(koivu.body.data.issues).toEqual([{ path: 'items.0.favorites.1.name', message: expect.stringMatching(/^FAVORITE_NOT_AVAILABLE/) }]);
    // listed but turned off is allowed: the app does not offer it
    const off = { items: [favorites([{ name: 'InvoiceFavorite' }, { name: 'WasteRemovalFavorite', enabled: false }])] };
    expect((await as('marketing', 'PUT', '/v3/settings/drafts/modules/solvik', off)).status).toBe(200);
    await as('marketing', 'DELETE', '/v3/settings/drafts/modules/solvik');
    await as('koivuMarketing', 'DELETE', '/v3/settings/drafts/modules/koivu');
  });

  it('checks the favorites again when a release is made: a change request and the direct release refuse an unavailable favorite', async () => {
    const solvikId = (await t.db.selectFrom('organisations').select('id').where('slug', '=', 'solvik').executeTakeFirstOrThrow()).id;
    const live = (await as('marketing', 'GET', '/v3/settings/drafts/modules/solvik')).body.data.live as { items: Array<Record<string, unknown>> };
    const waste = { items: live.items.map((m) => (m.name === 'Favorites' ? { ...m, favorites: [...(m.favorites as unknown[]), { name: 'WasteRemovalFavorite', enabled: true, copy: {} }] } : m)) };
    // a draft saved while the organisation still had the service (written here directly)
    await as('marketing', 'DELETE', '/v3/settings/drafts/modules/solvik');
    await t.db.insertInto('settings_drafts').values({ organisation_id: solvikId, part: 'modules', content: JSON.stringify(waste), updated_by: 'someone@solvik.example' } as never).execute();
    const request = await as('marketing', 'POST', '/v4/solvik/settings/change-requests', { parts: ['modules'], title: 'Waste' });
    expect([request.status, request.body.key]).toEqual([400, 'SETTINGS_RELEASE_INVALID']);
    expect(request.body.data.issues[0]).toEqual({ path: 'modules.items.2.favorites.4.name', message: expect.stringMatching(/^FAVORITE_NOT_AVAILABLE/) });
    await as('marketing', 'DELETE', '/v3/settings/drafts/modules/solvik');
    const direct = await as('admin', 'POST', '/v3/settings/releases/modules/solvik', waste);
    expect([direct.status, direct.body.key]).toEqual([400, 'SETTINGS_RELEASE_INVALID']);
  });

  it('publishes an offer for a segment through a change request, and the portal reads it', async () => {
    const live = (await as('marketing', 'GET', '/v3/settings/drafts/modules/solvik')).body.data.live as { items: Array<Record<string, unknown>> };
    const next = { items: [...live.items, { ...offers([item({ id: id(200) })]), id: id(201), variant: 'largeListCard' }] };
    const draft = await as('marketing', 'PUT', '/v3/settings/drafts/modules/solvik', next);
    expect(draft.status).toBe(200);
    expect(draft.body.data).toMatchObject({ changed: true, issues: [] });
    const request = await as('marketing', 'POST', '/v4/solvik/settings/change-requests', { parts: ['modules'], title: 'Heat pump offer' });
    expect(request.status).toBe(200);
    expect(request.body.data.status).toBe('published');
    const release = await call(t.app, { method: 'GET', url: '/v3/settings/releases/solvik?bypassCache=true' });
    const published = release.body.data.modules.items as Array<{ id: string; items?: Array<{ segments: unknown }> }>;
    expect(published.at(-1)).toMatchObject({ id: id(201), name: 'Offers', items: [{ segments: { match: 'AND', rules: [{ name: 'heatingTypes' }] } }] });
  });
});

describe("a location's attributes (the preview)", () => {
  const attributes = (who: Who, organisation: string, locationId: string) => as(who, 'GET', `/v4/${organisation}/settings/audience/locations/${locationId}/attributes`);

  it('answers the attributes the audience counts by, so the one evaluator agrees with the audience', async () => {
    const rules: SegmentRuleSet = { match: 'AND', rules: [{ name: 'heatingTypes', operator: 'anyOf', value: ['direct'] }] };
    const inside = (await as('marketing', 'POST', '/v4/solvik/settings/audience', { rules })).body.data;
    const outside = (await as('marketing', 'POST', '/v4/solvik/settings/audience', { rules: { match: 'AND', rules: [{ name: 'heatingTypes', operator: 'noneOf', value: ['direct'] }] } })).body.data;
    expect(inside.matched).toBeGreaterThan(0);
    expect(outside.matched).toBeGreaterThan(0);
    for (const [example, expected] of [[inside.examples[0], true], [outside.examples[0], false]] as const) {
      const res = await attributes('marketing', 'solvik', example.locationId);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ locationId: example.locationId, customerName: example.customerName, address: example.address });
      expect(matchesSegment(rules, res.body.data.attributes as SegmentAttributes)).toBe(expected);
    }
  });

  it('refuses the wrong scope (403), another organisation (404), an unknown or malformed id and no token', async () => {
    const example = (await as('marketing', 'POST', '/v4/solvik/settings/audience', { rules: { match: 'AND', rules: [] } })).body.data.examples[0] as { locationId: string };
    expect((await attributes('admin', 'solvik', example.locationId)).status).toBe(200);
    expect((await attributes('support', 'solvik', example.locationId)).status).toBe(403);
    expect((await attributes('user', 'solvik', example.locationId)).status).toBe(403);
    expect((await attributes('customer', 'solvik', example.locationId)).status).toBe(403);
    expect((await attributes('koivuMarketing', 'solvik', example.locationId)).status).toBe(404);
    // a solvik location under koivu's path is not koivu's
    const koivu = await attributes('koivuMarketing', 'koivu', example.locationId);
    expect([koivu.status, koivu.body.key]).toEqual([404, 'NOT_FOUND']);
    expect((await attributes('marketing', 'solvik', 'f'.repeat(24))).status).toBe(404);
    expect((await attributes('marketing', 'solvik', 'not-an-id')).status).toBe(400);
    expect((await call(t.app, { method: 'GET', url: `/v4/solvik/settings/audience/locations/${example.locationId}/attributes` })).status).toBe(401);
    expect((await as('customer', 'GET', '/v4/solvik/settings/modules/favorites')).status).toBe(403);
    expect((await as('koivuMarketing', 'GET', '/v4/solvik/settings/modules/favorites')).status).toBe(404);
  });
});
