import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations, orgUrl, port, signInAt, withReleaseFlags } from './helpers.ts';


// solvik in Swedish: the demo customer's home account has 24 months of invoices, the newest
// unpaid, the fourth newest without a file; solvik shows the grid-invoice link and split invoices.
test.use({ locale: 'sv-SE' });

const table = (page: Page) => page.getByRole('table', { name: /^Alla fakturor/ });
const rows = (page: Page) => table(page).locator('tbody tr');
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name });
/** '1 234,56 kr' → 1234.56 */
const amountOf = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));
const amounts = async (page: Page) => (await rows(page).locator('td.numeric').allInnerTexts()).map(amountOf);
const firstCells = (locator: Locator) => locator.locator('th').allInnerTexts();

test('the invoices page: customer, grid invoices, sorting by amount and status, a PDF and a split invoice', async ({ page, context }, testInfo) => {
  await signInAt(page, 'solvik', 'sv');

  // From the dashboard's latest invoices to all of them.
  const latest = page.getByRole('table', { name: 'Senaste fakturorna' });
  await expect(latest.locator('tbody tr').first().getByRole('button', { name: /^Dela upp faktura/ })).toBeVisible();
  await page.getByRole('link', { name: 'Visa alla fakturor' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Fakturor', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Kund: .+/)).toBeVisible();
  await expect(page.getByText(/^Kundnummer: \d+$/)).toBeVisible();
  const grid = page.getByRole('link', { name: /^Fakturor från ditt elnätsbolag/ });
  await expect(grid).toHaveAttribute('href', '/demo/grid-invoices');
  await expect(grid).toHaveAttribute('target', '_blank');

  // Due date newest first, all 24 on one page.
  await expect(rows(page)).toHaveCount(24);
  await expect(page.getByText('Visar 24 av 24 fakturor')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Visa fler fakturor' })).toHaveCount(0);
  await expect(header(page, 'Förfallodatum')).toHaveAttribute('aria-sort', 'descending');
  await expect(header(page, 'Belopp')).toHaveAttribute('aria-sort', 'none');
  const initialOrder = await firstCells(rows(page));
  await expectNoSeriousViolations(page, testInfo, 'invoices');

  // Amount: ascending, descending, then back to the initial order.
  const amountButton = header(page, 'Belopp').getByRole('button', { name: 'Belopp' });
  await amountButton.click();
  await expect(header(page, 'Belopp')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(page, 'Förfallodatum')).toHaveAttribute('aria-sort', 'none');
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(rows(page)).toHaveCount(24);
  const ascending = await amounts(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  expect(ascending[0]).toBeLessThan(ascending[23]!);
  await expect(amountButton).toBeFocused();

  await amountButton.click();
  await expect(header(page, 'Belopp')).toHaveAttribute('aria-sort', 'descending');
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect.poll(() => amounts(page)).toEqual([...ascending].sort((a, b) => b - a));

  await amountButton.click();
  await expect(header(page, 'Belopp')).toHaveAttribute('aria-sort', 'none');
  await expect(header(page, 'Förfallodatum')).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => firstCells(rows(page))).toEqual(initialOrder);

  // Status: ascending puts the unpaid invoice first; descending last.
  const statusButton = header(page, 'Status').getByRole('button', { name: 'Status' });
  await statusButton.click();
  await expect(header(page, 'Status')).toHaveAttribute('aria-sort', 'ascending');
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(rows(page).first()).toContainText('Obetald');
  await statusButton.click();
  await expect(header(page, 'Status')).toHaveAttribute('aria-sort', 'descending');
  await expect(rows(page).last()).toContainText('Obetald');
  await statusButton.click();
  await expect.poll(() => firstCells(rows(page))).toEqual(initialOrder);

  // The fourth newest invoice has no file, so no "show invoice".
  await expect(rows(page).nth(3).getByRole('button', { name: /^Visa faktura/ })).toHaveCount(0);
  await expect(rows(page).nth(0).getByRole('button', { name: /^Visa faktura/ })).toBeVisible();

  // "Show invoice" opens the PDF in a new window through a short-lived link.
  const newest = rows(page).first();
  const number = (await newest.locator('th').innerText()).trim();
  const pdfResponse = context.waitForEvent('response', (r) => r.url().includes('/invoice?') && r.url().includes('accessToken='));
  const popup = page.waitForEvent('popup');
  await newest.getByRole('button', { name: /^Visa faktura/ }).click();
  await popup;
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  // The window shows Chromium's PDF viewer; the document itself, asked for again within the link's 60 s:
  const link = new URL(response.url());
  const again = await page.request.get(`http://localhost:${port}${link.pathname}${link.search}`);
  expect(again.status()).toBe(200);
  expect((await again.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // "Split invoice" (unpaid only): a dialog framing the stage address (localhost) with the number.
  await expect(rows(page).nth(1).getByRole('button', { name: /^Dela upp faktura/ })).toHaveCount(0);
  const splitButton = newest.getByRole('button', { name: /^Dela upp faktura/ });
  await splitButton.click();
  const dialog = page.getByRole('dialog', { name: `Dela upp faktura ${number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Stäng' })).toBeFocused();
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('src', `/demo/split-invoice?environment=stage&invoice=${encodeURIComponent(number)}`);
  await expect(frame).toHaveAttribute('title', `Betalningsalternativ för faktura ${number}`);
  await expect(page.frameLocator('.dialog-frame-content').getByRole('heading', { name: `Split invoice ${number}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(splitButton).toBeFocused();
});

test('HIDE_INVOICES takes the invoices page and its menu entry away', async ({ page }) => {
  await withReleaseFlags(page, { HIDE_INVOICES: true });
  await signInAt(page, 'solvik', 'sv');
  await expect(page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Elavtal' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Fakturor' })).toHaveCount(0);
  await page.goto(orgUrl('solvik', '/invoices'));
  await expect(page.getByRole('heading', { name: 'Sidan hittades inte', level: 1 })).toBeVisible();
});
