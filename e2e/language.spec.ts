import { expect, test } from './fixtures.ts';
import { orgUrl, setUserLanguage, signInAt } from './helpers.ts';

// A Swedish browser; solvik offers Swedish and English. The 'business' customer is used here
// alone, since this test saves a language to the user.
test.use({ locale: 'sv-SE' });

const svMonth = /Januari|Februari|Mars|April|Maj|Juni|Juli|Augusti|September|Oktober|November|December/;
const enMonth = /January|February|March|April|May|June|July|August|September|October|November|December/;
/** '12 345,67 kr' (no-break spaces) in Swedish, '12,345.67 kr' in English. */
const svAmount = /^\d{1,3}(\u00a0\d{3})*,\d{2}\u00a0kr$/;
const enAmount = /^\d{1,3}(,\d{3})*\.\d{2}\u00a0kr$/;

test('switching the language changes texts, numbers and dates at once, survives a reload and is saved to the user', async ({ page, browser, request }) => {
  await setUserLanguage(request, 'solvik', 'business', 'sv');
  await signInAt(page, 'solvik', 'sv', 'business');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'sv');
  await expect(page.getByRole('heading', { name: /^Hej / })).toBeVisible();
  const table = page.getByRole('table', { name: 'Senaste fakturorna' });
  const firstRow = table.locator('tbody tr').first();
  const amount = firstRow.locator('td.numeric');
  const month = firstRow.locator('td').first();
  await expect(amount).toHaveText(svAmount);
  await expect(month).toHaveText(svMonth);

  const saved = page.waitForResponse((r) => r.url().endsWith('/v4/solvik/users/me/language') && r.request().method() === 'PUT');
  await page.getByRole('combobox', { name: 'Språk' }).selectOption({ label: 'English' });
  expect((await saved).status()).toBe(200);

  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: /^Hello / })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const englishTable = page.getByRole('table', { name: 'Latest invoices' });
  await expect(englishTable.locator('tbody tr').first().locator('td.numeric')).toHaveText(enAmount);
  await expect(englishTable.locator('tbody tr').first().locator('td').first()).toHaveText(enMonth);
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');

  // A reload keeps English (localStorage, then the user's saved language).
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Hello / })).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'en');

  // Signing out and in again in another browser (Swedish, nothing stored): the user's language wins.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const other = await browser.newContext({ locale: 'sv-SE' });
  try {
    const fresh = await other.newPage();
    await fresh.goto(orgUrl('solvik', '/login'));
    await expect(fresh.locator('html')).toHaveAttribute('lang', 'sv');
    await signInAt(fresh, 'solvik', 'sv', 'business');
    await expect(fresh.getByRole('heading', { name: /^Hello / })).toBeVisible();
    await expect(fresh.locator('html')).toHaveAttribute('lang', 'en');
    await expect(fresh.getByRole('table', { name: 'Latest invoices' }).locator('tbody tr').first().locator('td.numeric')).toHaveText(enAmount);
  } finally {
    await other.close();
  }
});

test('the login page switches language at once and remembers the choice', async ({ page }) => {
  await page.goto(orgUrl('solvik', '/login'));
  await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Språk' }).focus();
  await page.getByRole('combobox', { name: 'Språk' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeFocused();
  await expect(page).toHaveTitle(/^Sign in – Solvik Energi$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open BankID on this device' })).toBeVisible();
});
