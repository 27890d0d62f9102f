import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations, orgUrl, setUserLanguage, signInAt } from './helpers.ts';

/**
 * axe (WCAG 2.0, 2.1 and 2.2, A and AA) on every page of the portal, in Swedish and in English:
 * login, dashboard, not-found, the fatal page and the download-app dialog; and the login page and
 * dashboard of every demo organisation's theme. Serious and critical violations fail the test;
 * all violations are attached to the report.
 */

const texts = {
  sv: {
    login: 'Logga in',
    dashboard: 'Översikt',
    notFound: 'Sidan hittades inte',
    dialog: 'Hämta vår app',
    continue: 'Fortsätt',
    disruption: 'Planerat underhåll',
  },
  en: { login: 'Sign in', dashboard: 'Overview', notFound: 'Page not found', dialog: 'Get our app', continue: 'Continue', disruption: 'Planned maintenance' },
} as const;

/** The fatal page needs a fatal disruption in the router's state, as the portal puts it there. */
async function openFatalPage(page: Page, title: string) {
  await page.evaluate((disruptionTitle) => {
    const state = { usr: { disruption: { title: disruptionTitle, message: 'My pages are closed for maintenance until 06:00.' } }, key: 'e2e-fatal', idx: 1 };
    window.history.pushState(state, '', '/fatal');
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }, title);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

for (const language of ['sv', 'en'] as const) {
  test.describe(`in ${language === 'sv' ? 'Swedish' : 'English'}`, () => {
    test.use({ locale: language === 'sv' ? 'sv-SE' : 'en-GB' });
    const t = texts[language];

    test('login, not-found and fatal pages', async ({ page }, testInfo) => {
      await page.goto(orgUrl('solvik', '/login'));
      await expect(page.getByRole('heading', { name: t.login, level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoSeriousViolations(page, testInfo, `login (${language})`);

      await openFatalPage(page, t.disruption);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoSeriousViolations(page, testInfo, `fatal (${language})`);

      await page.goto(orgUrl('solvik', '/no/such/page'));
      await expect(page.getByRole('heading', { name: t.notFound, level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, `not-found (${language})`);
    });

    test('dashboard, and the download-app dialog open', async ({ page, request }, testInfo) => {
      // The 'business' customers' saved language decides the language once they are signed in.
      await setUserLanguage(request, 'solvik', 'business', language);
      await signInAt(page, 'solvik', language, 'business');
      await expect(page.getByRole('heading', { name: t.dashboard, level: 1 })).toBeVisible();
      await expect(page.getByRole('table')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoSeriousViolations(page, testInfo, `dashboard (${language})`);

      await setUserLanguage(request, 'koivu', 'business', language);
      await signInAt(page, 'koivu', language, 'business');
      const dialog = page.getByRole('dialog', { name: t.dialog });
      await expect(dialog).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoSeriousViolations(page, testInfo, `download-app dialog (${language})`);
      // The continue button closes it; koivu's theme behind it is checked once.
      await dialog.getByRole('button', { name: t.continue }).click();
      await expect(dialog).toHaveCount(0);
      if (language === 'sv') await expectNoSeriousViolations(page, testInfo, 'koivu dashboard');
    });
  });
}

for (const { slug, language, locale } of [
  { slug: 'fjellkraft', language: 'nb', locale: 'nb-NO' },
  { slug: 'alpenwerk', language: 'de', locale: 'de-AT' },
] as const) {
  test.describe('every demo theme', () => {
    test.use({ locale });
    test(`${slug}: login and dashboard`, async ({ page }, testInfo) => {
      await page.goto(orgUrl(slug, '/login'));
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoSeriousViolations(page, testInfo, `${slug} login`);
      // The demo customers read their organisation's first language.
      await signInAt(page, slug, language, 'nolocations');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, `${slug} dashboard`);
    });
  });
}
