import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page, type Route, type TestInfo } from '@playwright/test';

/** The port playwright.config.ts starts the product on. */
export const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * Collects the Content-Security-Policy refusals Chromium reports on the console of any page of
 * the context (the portal, its frames, the chat widget, pages opened from it).
 */
export function watchCspViolations(context: BrowserContext): string[] {
  const violations: string[] = [];
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
  });
  return violations;
}

/** An organisation's portal, reached by its host name as a provider's customers would. */
export const orgUrl = (organisation: string, path = '/') => `http://${organisation}.localhost:${port}${path}`;

/**
 * The login page with the username and password form open (`?method=` chooses a method, as its
 * list of methods does): the demo organisations offer their e-IDs first (issue 5).
 */
export const passwordLoginPath = '/login?method=USR_PWD';

/** The sign-in form's texts in the languages the tests use. */
export const loginTexts = {
  sv: { username: 'Användarnamn', password: 'Lösenord', submit: 'Logga in' },
  en: { username: 'Username', password: 'Password', submit: 'Sign in' },
  de: { username: 'Benutzername', password: 'Passwort', submit: 'Anmelden' },
  fi: { username: 'Käyttäjätunnus', password: 'Salasana', submit: 'Kirjaudu sisään' },
  nb: { username: 'Brukernavn', password: 'Passord', submit: 'Logg inn' },
} as const;

export type LoginLanguage = keyof typeof loginTexts;

/**
 * Signs in on an organisation's login page with the form in the given language. The customer's
 * accounts have seen the welcome dialog already (`skipWelcome`), unless `welcome` asks to meet it.
 */
export async function signInAt(
  page: Page,
  organisation: string,
  language: LoginLanguage,
  username = 'demo',
  password = 'demo',
  options: { welcome?: boolean } = {},
) {
  if (!options.welcome) await skipWelcome(page.context(), organisation, username, password);
  const texts = loginTexts[language];
  await page.goto(orgUrl(organisation, passwordLoginPath));
  await page.getByLabel(texts.username).fill(username);
  await page.getByLabel(texts.password).fill(password);
  await page.getByRole('button', { name: texts.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe (WCAG 2.0–2.2 A and AA) on the page as it is. Every violation is attached to the
 * report; the test fails on those with impact serious or critical.
 */
export async function expectNoSeriousViolations(page: Page, testInfo: TestInfo, name: string) {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  expect(results.passes.length, 'axe checked nothing').toBeGreaterThan(0);
  const all = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
  if (all.length > 0) {
    await testInfo.attach(`axe ${name}`, { body: JSON.stringify(all, null, 2), contentType: 'application/json' });
    testInfo.annotations.push({ type: 'axe', description: `${name}: ${all.map((v) => `${v.id} (${v.impact})`).join(', ')}` });
  }
  const serious = all.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} [${v.impact}] ${v.help}: ${v.targets.join(', ')}`);
  expect(serious, `serious or critical axe violations on ${name}`).toEqual([]);
}

/**
 * Saves a demo customer's language through the API (as the portal's language select does), so a
 * test can start from a known language without going through the interface.
 */
export async function setUserLanguage(request: APIRequestContext, organisation: string, username: string, language: string) {
  const base = `http://localhost:${port}`;
  const start = await request.post(`${base}/v3/auth/`, { data: { type: 'USR_PWD', organisation, username, password: 'demo' } });
  expect(start.status()).toBe(200);
  const { ref } = (await start.json()).data as { ref: string };
  const tokens = await request.get(`${base}/v4/${organisation}/account/sessions/accessToken?ref=${encodeURIComponent(ref)}`);
  expect(tokens.status()).toBe(200);
  const [auth] = (await tokens.json()).data.auths as Array<{ accessToken: string }>;
  const saved = await request.put(`${base}/v4/${organisation}/users/me/language`, {
    data: { language },
    headers: { authorization: `Bearer ${auth?.accessToken ?? ''}` },
  });
  expect(saved.status()).toBe(200);
}

const accountIdCache = new Map<string, string[]>();

/** A demo customer's account ids, through the API as the portal's sign-in gets them (kept for the run). */
export async function accountIdsOf(request: APIRequestContext, organisation: string, username = 'demo', password = 'demo'): Promise<string[]> {
  const cacheKey = `${organisation}/${username}`;
  const cached = accountIdCache.get(cacheKey);
  if (cached) return cached;
  const base = `http://localhost:${port}`;
  const start = await request.post(`${base}/v3/auth/`, { data: { type: 'USR_PWD', organisation, username, password } });
  // Wrong credentials (a test of the sign-in errors): no account, nothing to welcome.
  if (start.status() === 401) return [];
  expect(start.status()).toBe(200);
  const { ref } = (await start.json()).data as { ref: string };
  const tokens = await request.get(`${base}/v4/${organisation}/account/sessions/accessToken?ref=${encodeURIComponent(ref)}`);
  expect(tokens.status()).toBe(200);
  const ids = ((await tokens.json()).data.auths as Array<{ accountId: string }>).map((auth) => auth.accountId);
  accountIdCache.set(cacheKey, ids);
  return ids;
}

/**
 * Marks the welcome dialog as dismissed for every account of a demo customer (the portal's
 * cookie `hasSeenWelcome`, spec 000 §2.3) on the organisation's host and on plain localhost, so
 * that a test about something else is not met by it.
 */
export async function skipWelcome(context: BrowserContext, organisation: string, username = 'demo', password = 'demo') {
  const ids = await accountIdsOf(context.request, organisation, username, password);
  for (const url of [orgUrl(organisation), `http://localhost:${port}/`]) {
    // Added to the ids already there, as the portal does, so an earlier sign-in keeps its own.
    const earlier = (await context.cookies(url)).find((cookie) => cookie.name === 'hasSeenWelcome')?.value.split(',') ?? [];
    const value = [...new Set([...earlier.filter(Boolean), ...ids])].join(',');
    await context.addCookies([{ name: 'hasSeenWelcome', value, url, sameSite: 'Lax' }]);
  }
}

/** The parts of a release the tests change (as the portal receives it: JSON). */
export interface ReleaseJson {
  featureFlags: { flags: Record<string, unknown> };
  theme: Record<string, unknown>;
}

/**
 * Changes the organisation's release for this page, wherever the portal reads it: the data block
 * the server puts in the page (decision 0034) and `GET /v3/settings/releases/…`. The test runner
 * cannot resolve *.localhost: both are fetched from localhost with the page's host, which names
 * the organisation.
 */
export async function withRelease(page: Page, edit: (release: ReleaseJson) => void): Promise<void> {
  const fetchFromLocalhost = (route: Route) => {
    const url = new URL(route.request().url());
    return route.fetch({ url: `http://localhost:${port}${url.pathname}${url.search}`, headers: { ...route.request().headers(), host: url.host } });
  };
  await page.route('**/v3/settings/releases/**', async (route) => {
    const response = await fetchFromLocalhost(route);
    const body = await response.json();
    edit(body.data);
    await route.fulfill({ response, json: body });
  });
  await page.route(
    (url) => !/^\/(v3|v4|assets|docs|health)(\/|$)/.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await fetchFromLocalhost(route);
      const html = (await response.text()).replace(
        /(<script type="application\/json" id="gridline-release">)([^<]*)(<\/script>)/,
        (_all, open: string, json: string, close: string) => {
          const release = JSON.parse(json) as ReleaseJson;
          edit(release);
          return `${open}${JSON.stringify(release).replace(/</g, '\\u003c')}${close}`;
        },
      );
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length', 'etag'].includes(name)));
      await route.fulfill({ status: response.status(), headers, body: html });
    },
  );
}

/** Changes the organisation's feature flags for this page, as if it had published them (`withRelease`). */
export async function withReleaseFlags(page: Page, flags: Record<string, unknown>): Promise<void> {
  await withRelease(page, (release) => {
    release.featureFlags.flags = { ...release.featureFlags.flags, ...flags };
  });
}
