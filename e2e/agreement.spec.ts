import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations, orgUrl, signInAt } from './helpers.ts';


// solvik in Swedish: the demo home has an electricity supply agreement and a grid agreement,
// and third-party data inquiries (two pending, one accepted, one rejected) about its grid meter.
test.use({ locale: 'sv-SE' });

const inquiryRow = (page: Page, name: string) => page.getByRole('table', { name: 'Förfrågningar om dina mätvärden' }).getByRole('row', { name: new RegExp(`^${name}`) });
const detail = (page: Page, label: string) => page.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell');

test('the agreement page: a tab per agreement, formatted details and the renewal link', async ({ page }, testInfo) => {
  await signInAt(page, 'solvik', 'sv');
  await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Elavtal' }).click();
  await expect(page).toHaveURL(/\/electricity-agreement$/);
  await expect(page.getByRole('heading', { name: 'Elavtal', level: 1 })).toBeVisible();

  const tabs = page.getByRole('tablist', { name: 'Avtal' }).getByRole('tab');
  await expect(tabs).toHaveText(['Elhandel', 'Elnät']);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(detail(page, 'Status')).toHaveText('Aktivt');
  await expect(detail(page, 'Startdatum')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(detail(page, 'Påslag')).toHaveText('4,9 öre/kWh');
  await expect(detail(page, 'Månadsavgift')).toHaveText('39 kr/mån');
  const renew = page.getByRole('link', { name: /^Förnya ditt avtal/ });
  await expect(renew).toHaveAttribute('target', '_blank');
  await expect(renew).toHaveAttribute('href', /^\/demo\/renew-agreement\?siteId=\d{18}$/);
  await expect(page.locator('iframe.agreement-frame')).toHaveAttribute('title', 'Mer om våra avtal');

  // The arrow keys move between the tabs; the grid's agreement has no renewal link.
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(detail(page, 'Energiskatt')).toHaveText('43,9 öre/kWh');
  await expect(detail(page, 'Förbrukningsavgift')).toHaveText('28 öre/kWh');
  await expect(page.getByRole('link', { name: /^Förnya ditt avtal/ })).toHaveCount(0);
  await expectNoSeriousViolations(page, testInfo, 'agreement');
});

test('a third-party data inquiry is accepted, then rejected, and a rejected one offers nothing', async ({ page }, testInfo) => {
  await signInAt(page, 'solvik', 'sv');
  await page.goto(orgUrl('solvik', '/electricity-agreement'));
  await page.getByRole('tab', { name: 'Elnät' }).click();
  await expect(page.getByRole('heading', { name: 'Förfrågningar om dina mätvärden' })).toBeVisible();

  const row = inquiryRow(page, 'Energikollen AB');
  await expect(row).toContainText('Väntar på ditt svar');
  const answer = row.getByRole('combobox', { name: 'Svar till Energikollen AB' });
  await expect(answer.locator('option')).toHaveText(['Välj svar', 'Godkänn', 'Avvisa']);
  await expectNoSeriousViolations(page, testInfo, 'agreement inquiries');

  // Accept: the server answers the updated list.
  await answer.selectOption({ label: 'Godkänn' });
  let saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/third-party-data-inquiries/'));
  await row.getByRole('button', { name: 'Spara svaret till Energikollen AB' }).click();
  expect((await saved).status()).toBe(200);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Godkänd');
  await expect(page.getByText('Du godkände förfrågan från Energikollen AB.')).toBeVisible();
  await expect(answer.locator('option')).toHaveText(['Välj svar', 'Avvisa']);

  // Then reject: rejected is final, so the row has no answer left.
  await answer.selectOption({ label: 'Avvisa' });
  saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/third-party-data-inquiries/'));
  await row.getByRole('button', { name: 'Spara svaret till Energikollen AB' }).click();
  expect((await saved).status()).toBe(200);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Avvisad');
  await expect(page.getByText('Du avvisade förfrågan från Energikollen AB.')).toBeVisible();
  await expect(row.getByRole('combobox')).toHaveCount(0);
  await expect(row.locator('th')).toBeFocused();
  await expect(inquiryRow(page, 'Klimatdata Mälardalen AB').getByRole('combobox')).toHaveCount(0);

  // The answers were saved.
  await page.reload();
  await page.getByRole('tab', { name: 'Elnät' }).click();
  await expect(inquiryRow(page, 'Energikollen AB').getByRole('cell').nth(1)).toHaveText('Avvisad');
  await expect(inquiryRow(page, 'Solcellskalkyl Norden AB').getByRole('cell').nth(1)).toHaveText('Godkänd');
});

test('a grid agreement without inquiries says so, and an organisation without the feature shows none', async ({ page }) => {
  await signInAt(page, 'solvik', 'sv');
  await page.goto(orgUrl('solvik', '/electricity-agreement'));
  // The summer house of the relative's account (the last location in the picker).
  const picker = page.getByLabel('Anläggning');
  await expect(page.getByRole('tab', { name: 'Elnät' })).toBeVisible();
  await expect(picker.locator('option')).toHaveCount(4);
  const home = await picker.inputValue();
  await picker.selectOption({ index: 3 });
  await expect(picker).not.toHaveValue(home);
  await page.getByRole('tab', { name: 'Elnät' }).click();
  await expect(page.getByText('Inga förfrågningar att hantera ännu')).toBeVisible();

  // fjellkraft (Norwegian) has the grid agreement but neither the inquiries nor the renewal link.
  await signInAt(page, 'fjellkraft', 'nb', 'business');
  await page.goto(orgUrl('fjellkraft', '/electricity-agreement'));
  await page.getByRole('tab', { name: 'Strømnett' }).click();
  await expect(detail(page, 'Nettselskap')).toHaveText('Østlandsnett AS');
  await expect(detail(page, 'Månedspris')).toHaveText(/^\d[\d\u00a0]* kr\/mnd\.$/);
  await expect(page.getByRole('heading', { name: 'Forespørsler om måledataene dine' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Forny avtalen din/ })).toHaveCount(0);
});
