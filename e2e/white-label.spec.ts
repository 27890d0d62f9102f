import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations, orgUrl, passwordLoginPath, signInAt, withRelease, withReleaseFlags } from './helpers.ts';

// An English browser: every demo organisation offers English.
test.use({ locale: 'en-GB' });

const primaryColour = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim().toLowerCase());

test('each organisation shows its own colours and logo, before and after sign-in; solvik offers no app', async ({ page }) => {
  const seen: Array<{ colour: string; button: string; logo: string | null }> = [];
  for (const { slug, name, colour, rgb } of [
    { slug: 'solvik', name: 'Solvik Energi', colour: '#0b5d4b', rgb: 'rgb(11, 93, 75)' },
    { slug: 'alpenwerk', name: 'Alpenwerk Energie', colour: '#b71c1c', rgb: 'rgb(183, 28, 28)' },
  ]) {
    await page.goto(orgUrl(slug, passwordLoginPath));
    const submit = page.getByRole('button', { name: 'Sign in' });
    await expect(submit).toHaveCSS('background-color', rgb);
    const button = await submit.evaluate((element) => getComputedStyle(element).backgroundColor);

    await signInAt(page, slug, 'en');
    expect(await primaryColour(page)).toBe(colour);
    // The menu's active item in the release's menu colours (derived from the brand: the primary colour).
    await expect(page.getByRole('navigation').locator('[aria-current="page"]')).toHaveCSS('background-color', rgb);
    const logo = page.getByRole('banner').getByRole('img', { name });
    await expect(logo).toBeVisible();
    const src = await logo.getAttribute('src');
    // The organisation's logo asset on its own origin (decision 0048), drawn by the browser.
    expect(src).toMatch(/^\/v3\/assets\/[0-9a-f]{24}$/);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page).toHaveTitle(new RegExp(`${name}$`));
    seen.push({ colour: await primaryColour(page), button, logo: src });
    if (slug === 'solvik') {
      // Solvik has no app (HAS_APP off): neither the store-app block nor the download-app dialog.
      await expect(page.getByRole('table')).toBeVisible();
      await expect(page.getByRole('complementary')).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  }
  const [solvik, alpenwerk] = seen;
  expect(solvik?.colour).not.toBe(alpenwerk?.colour);
  expect(solvik?.button).not.toBe(alpenwerk?.button);
  expect(solvik?.logo).not.toBe(alpenwerk?.logo);
});

test("a second organisation's portal draws its menu, text, page, title and period selector from its release's theme", async ({ page }, testInfo) => {
  // Alpenwerk's release with parts unlike its brand colours, as if its marketer had published them (decision 0062).
  const image = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#e0e7ea"/></svg>').toString('base64')}`;
  await withRelease(page, ({ theme }) => {
    const set = (path: string[], value: unknown) => {
      const parent = path.slice(0, -1).reduce((node, key) => node[key] as Record<string, unknown>, theme);
      parent[path.at(-1)!] = value;
    };
    set(['menu', 'onSurface'], { active: { background: '#4a148c', text: '#ffffff' }, inactive: { background: '#fff8e1', text: '#3e2723' } });
    set(['selector', 'onSurface', 'active'], { background: '#004d40', text: '#ffffff' });
    set(['surfaces', 'variants', 'primary', 'text'], '#1a237e');
    set(['views', 'variants', 'primary'], { background: { type: 'image', color: '#eceff1', image }, behavior: 'sticky', text: '#263238' });
    set(['text', 'variants', 'h2', 'fontSize'], 30);
  });
  await signInAt(page, 'alpenwerk', 'en');
  const menu = page.getByRole('navigation');
  await expect(menu.locator('[aria-current="page"]')).toHaveCSS('background-color', 'rgb(74, 20, 140)');
  await expect(menu.locator('[aria-current="page"]')).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(menu.locator('a:not([aria-current])').first()).toHaveCSS('color', 'rgb(62, 39, 35)');
  await expect(page.locator('.sidebar')).toHaveCSS('background-color', 'rgb(255, 248, 225)');
  // The page: the view's image over its colour, fixed while it scrolls, its text colour; the title in the theme's h2 size; cards in the surface's text colour.
  const body = page.locator('body');
  await expect(body).toHaveCSS('background-color', 'rgb(236, 239, 241)');
  await expect(body).toHaveCSS('background-image', /data:image\/svg\+xml;base64,/);
  await expect(body).toHaveCSS('background-attachment', 'fixed');
  await expect(body).toHaveCSS('color', 'rgb(38, 50, 56)');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-size', '30px');
  await expect(page.locator('.card').first()).toHaveCSS('color', 'rgb(26, 35, 126)');
  await expectNoSeriousViolations(page, testInfo, 'alpenwerk dashboard, own theme');

  await page.goto(orgUrl('alpenwerk', '/analysis'));
  await expect(page.locator('.period-pill[aria-pressed="true"]')).toHaveCSS('background-color', 'rgb(0, 77, 64)');
  await expectNoSeriousViolations(page, testInfo, 'alpenwerk analysis, own theme');
});

test('koivu (HAS_APP) shows the store-app block and the download-app dialog once', async ({ page }) => {
  // Koivu's demo customer has Finnish as the saved language, which wins once the user is loaded.
  await signInAt(page, 'koivu', 'en');
  const dialog = page.getByRole('dialog', { name: 'Lataa sovelluksemme' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Jatka' })).toBeFocused();
  await expect(dialog.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//);
  await expect(dialog.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', /^https:\/\/play\.google\.com\//);
  // Focus stays in the modal dialog: the page behind it is inert.
  for (const key of ['Shift+Tab', 'Shift+Tab', 'Tab', 'Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus does not fall to the document: it goes to the main area the dialog covered.
  await expect(page.locator('main')).toBeFocused();

  const block = page.getByRole('complementary', { name: 'Lataa sovellus' });
  await expect(block).toBeVisible();
  await expect(block.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//);
  await expect(block.getByRole('link', { name: /Google Play/ })).toHaveAttribute('target', '_blank');

  // Shown once: a reload does not bring it back.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Yleiskatsaus', level: 1 })).toBeVisible();
  await expect(block).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("the language select offers the organisation's languages, each by its own name", async ({ page }) => {
  await page.goto(orgUrl('fjellkraft', '/login'));
  await expect(page.getByRole('combobox', { name: 'Language' }).locator('option')).toHaveText(['Norsk bokmål', 'Nynorsk', 'English']);
  await page.goto(orgUrl('solvik', '/login'));
  await expect(page.getByRole('combobox', { name: 'Language' }).locator('option')).toHaveText(['Svenska', 'English']);
});

/** Serves the organisation's release with some flags changed, as if it had published them. */
test('HIDE_INVOICES leaves the latest invoices out of the dashboard', async ({ page }) => {
  await withReleaseFlags(page, { HIDE_INVOICES: true });
  await signInAt(page, 'solvik', 'en');
  await expect(page.getByRole('heading', { name: /^Hej / })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Senaste fakturorna' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('SIGN_IN_METHODS: the login page offers only configured methods, in their order, the first one open', async ({ page }) => {
  await withReleaseFlags(page, { SIGN_IN_METHODS: ['BANKID', 'USR_PIN'] });
  await page.goto(orgUrl('solvik', '/login'));
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'BankID', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open BankID on this device' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Other ways to sign in' }).getByRole('button')).toHaveText([/^Code by SMS/]);
  await expect(page.getByLabel('Username')).toHaveCount(0);
});

test('SIGN_IN_METHODS: without a method the portal has a form for, sign-in is not available', async ({ page }) => {
  await withReleaseFlags(page, { SIGN_IN_METHODS: ['EMAIL_CODE'] });
  await page.goto(orgUrl('solvik', '/login'));
  await expect(page.getByText('Sign-in is not available right now.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveCount(0);
  await expect(page.getByRole('button')).toHaveCount(0);
});
