import { AxeBuilder } from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { passwordLoginPath, port, skipWelcome } from './helpers.ts';


// A Swedish browser: solvik offers sv and en, and the portal follows the browser's language.
test.use({ locale: 'sv-SE' });

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function signIn(page: Page, username = 'demo', password = 'demo') {
  await skipWelcome(page.context(), 'solvik', username, password);
  await page.goto(passwordLoginPath);
  await page.getByLabel('Användarnamn').fill(username);
  await page.getByLabel('Lösenord').fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
}

const invoiceRows = (page: Page) => page.getByRole('table', { name: 'Senaste fakturorna' }).locator('tbody tr');

test('the address the start banner prints opens the portal, and a person signs in from there', async ({ page }) => {
  // Exactly `Portal: http://localhost:<port>/` as \`npm start\` prints it, not a deep link.
  const answer = await page.goto(`http://localhost:${port}/`);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['content-type']).toContain('text/html');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible();
  await skipWelcome(page.context(), 'solvik');
  await page.getByRole('region', { name: 'Andra sätt att logga in' }).getByRole('button', { name: /^Användarnamn och lösenord/ }).click();
  await page.getByLabel('Användarnamn').fill('demo');
  await page.getByLabel('Lösenord').fill('demo');
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAccessible(page);
});

test('a signed-out visitor of a protected page lands on the login page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expectAccessible(page);
});

test('an unknown path shows the not-found page with a way back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Sidan hittades inte' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Tillbaka till översikten' }).click();
  await expect(page).toHaveURL(/\/login$/); // the dashboard is protected
});

test('wrong credentials show the error under the right field', async ({ page }) => {
  await signIn(page, 'nobody', 'demo');
  const username = page.getByLabel('Användarnamn');
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await signIn(page, 'demo', 'wrong');
  await expect(page.getByLabel('Lösenord')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login\?method=USR_PWD$/);
});

test('the demo customer signs in, reads the dashboard, opens an invoice, switches location and signs out', async ({ page, context }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hej Anna-Karin' })).toBeVisible();

  // The three latest invoices, newest first, with Swedish amounts and month names.
  const rows = invoiceRows(page);
  await expect(rows).toHaveCount(3);
  const firstRow = rows.first();
  await expect(firstRow).toContainText(/\d[\d\u00a0]*,\d{2}\u00a0kr/);
  await expect(firstRow).toContainText(/Januari|Februari|Mars|April|Maj|Juni|Juli|Augusti|September|Oktober|November|December/);
  await expect(rows.nth(0)).toContainText(/Obetald|Betald/);
  await expectAccessible(page);

  // "Show invoice" opens the PDF in a new window.
  const firstNumber = (await firstRow.locator('th, td').first().innerText()).trim();
  const pdfResponse = context.waitForEvent('response', (r) => r.url().includes('/invoice?'));
  const popup = page.waitForEvent('popup');
  await firstRow.getByRole('button', { name: /Visa faktura/ }).click();
  await popup;
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');

  // Switch to the summer house of the other account: its invoices replace the first ones.
  const picker = page.getByLabel('Anläggning');
  await expect(picker.locator('option').nth(1)).toBeAttached();
  const options = await picker.locator('option').allInnerTexts();
  expect(options.length).toBeGreaterThan(1);
  const before = await picker.inputValue();
  await picker.selectOption({ index: options.length - 1 });
  await expect(picker).not.toHaveValue(before);
  await expect(rows.first().locator('th, td').first()).not.toHaveText(firstNumber);
  await page.reload();
  await expect(picker).not.toHaveValue(before); // the choice survives a reload

  // Sign out: back to the login page, and the dashboard is closed again.
  await page.getByRole('button', { name: 'Logga ut' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the location picker lists only visible locations and leaves out production sites', async ({ page }) => {
  await signIn(page);
  const options = page.getByLabel('Anläggning').locator('option');
  // demo: home, an ACTIVE_PROCESS one, a PENDING one (own account) and the summer house (guest);
  // the PRODUCTION and TERMINATED sites are never listed.
  await expect(options).toHaveCount(4);
});

test('a customer without locations is greeted with the missing-location text', async ({ page }) => {
  await signIn(page, 'nolocations');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Hej / })).toBeVisible();
  await expect(page.getByText('Vi hittar ännu ingen aktiv bostad eller anläggning kopplad till dig', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Anläggning')).toHaveCount(0);
});
