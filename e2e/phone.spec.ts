import { type Locator, type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { orgUrl, passwordLoginPath, signInAt } from './helpers.ts';

// Every page of the portal on a phone (390 × 844, Chromium's mobile emulation), as a customer of
// solvik in Swedish uses it: what the page is for (the amounts, the statuses, the buttons) lies
// inside the screen, and nothing needs a sideways swipe, neither of the page nor of a box in it.
const PHONE = { width: 390, height: 844 };
test.use({ locale: 'sv-SE', viewport: PHONE, isMobile: true, hasTouch: true });

/** The page itself does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(widths.clientWidth).toBe(PHONE.width);
  expect(widths.scrollWidth, 'the page is wider than the phone').toBeLessThanOrEqual(widths.clientWidth);
}

/**
 * Each element is visible, lies between the left and right edge of the screen, and is not cut
 * off by a box that scrolls or clips sideways (a table inside a scrolling region).
 */
async function expectInView(page: Page, ...locators: Locator[]) {
  for (const locator of locators) {
    await expect(locator).toBeVisible();
    const box = await locator.boundingBox();
    expect(box, `${locator.toString()} has no box`).not.toBeNull();
    expect(box!.x, `${locator.toString()} starts left of the screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${locator.toString()} ends right of the screen`).toBeLessThanOrEqual(PHONE.width);
    const clippedBy = await locator.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'visible') continue;
        const outer = parent.getBoundingClientRect();
        // A 1 px visually hidden box clips on purpose; what is inside it is not on the screen to see.
        if (rect.left < outer.left - 0.5 || rect.right > outer.right + 0.5 || parent.scrollWidth > parent.clientWidth + 1)
          return `${parent.tagName.toLowerCase()}.${parent.className} (${Math.round(parent.clientWidth)} px shows ${Math.round(parent.scrollWidth)} px)`;
      }
      return null;
    });
    expect(clippedBy, `${locator.toString()} is cut off`).toBeNull();
  }
  await expectNoSidewaysScroll(page);
}

/** A phone-sized picture of the whole page, attached to the report for a person to look at. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`phone-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`phone ${name}`, { path, contentType: 'image/png' });
}

const amount = /^\d{1,3}(\s\d{3})*,\d{2}\skr$/;
const monthWithYear = /^[A-ZÅÄÖ][a-zåäö]+ \d{4}$/;

test('sign-in: the methods and the password form fit the phone', async ({ page }, testInfo) => {
  await page.goto(orgUrl('solvik', '/login'));
  await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible();
  await expectInView(
    page,
    page.getByRole('button', { name: 'Öppna BankID på den här enheten' }),
    page.getByRole('button', { name: 'BankID på en annan enhet' }),
    page.getByRole('button', { name: /^Användarnamn och lösenord/ }),
    page.getByRole('combobox', { name: 'Språk' }),
  );
  await screenshot(page, testInfo, 'login');

  await page.goto(orgUrl('solvik', passwordLoginPath));
  await expectInView(page, page.getByLabel('Användarnamn'), page.getByLabel('Lösenord'), page.getByRole('button', { name: 'Logga in' }));
  await screenshot(page, testInfo, 'login-password');
});

test('dashboard: the latest invoices are cards with month, amount, status and actions in view; the menu fits', async ({ page }, testInfo) => {
  await signInAt(page, 'solvik', 'sv');
  await expect(page.getByRole('heading', { name: 'Hej Anna-Karin', level: 2 })).toBeVisible();
  const latest = page.getByRole('table', { name: 'Senaste fakturorna' });
  const rows = latest.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(3);
  const newest = rows.first();
  await expect(newest.getByRole('cell').nth(0)).toHaveText(monthWithYear);
  await expect(newest.getByRole('cell').nth(2)).toHaveText(amount);
  await expectInView(
    page,
    newest.getByRole('rowheader'),
    newest.getByRole('cell').nth(0),
    newest.getByRole('cell').nth(2),
    newest.getByText('Obetald'),
    newest.getByRole('button', { name: /^Visa faktura/ }),
    newest.getByRole('button', { name: /^Dela upp faktura/ }),
    rows.nth(2).getByRole('cell').nth(2),
    rows.nth(2).getByRole('button', { name: /^Visa faktura/ }),
    page.getByRole('link', { name: 'Visa alla fakturor' }),
  );
  // A card labels its due date on screen (the column headers are for screen readers only).
  await expect(newest.getByRole('cell').nth(1)).toHaveText(/^\d{1,2} [a-zäö]+\.?$/);
  await expect(newest.getByRole('cell').nth(1)).toBeVisible();
  await screenshot(page, testInfo, 'dashboard');

  await page.getByRole('button', { name: 'Meny' }).click();
  const menu = page.getByRole('navigation', { name: 'Huvudmeny' });
  await expectInView(page, menu.getByRole('link', { name: 'Fakturor' }), menu.getByRole('link', { name: 'Hjälp och frågor' }), page.getByRole('button', { name: 'Logga ut' }));
  await screenshot(page, testInfo, 'menu');
});

test('invoices: every invoice a card with its month and year, amount, status and actions; sorting stays in view', async ({ page }, testInfo) => {
  await signInAt(page, 'solvik', 'sv');
  await page.goto(orgUrl('solvik', '/invoices'));
  await expect(page.getByRole('heading', { name: 'Fakturor', level: 1 })).toBeVisible();
  await expect(page.getByText('Kund: Anna-Karin Lindqvist')).toBeVisible();
  const table = page.getByRole('table', { name: /^Alla fakturor/ });
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(24);

  // 24 months: each with its year, twelve apart the same month name with another year.
  const months = await rows.evaluateAll((all) => all.map((row) => row.querySelectorAll('td')[0]?.textContent ?? ''));
  for (const month of months) expect(month).toMatch(monthWithYear);
  expect(new Set(months).size).toBe(24);

  const amountHeader = table.getByRole('columnheader', { name: 'Belopp' });
  await expectInView(page, amountHeader.getByRole('button', { name: 'Belopp' }), table.getByRole('columnheader', { name: 'Status' }).getByRole('button', { name: 'Status' }));
  for (const index of [0, 1, 12, 23]) {
    const row = rows.nth(index);
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('cell').nth(2)).toHaveText(amount);
    await expectInView(page, row.getByRole('rowheader'), row.getByRole('cell').nth(0), row.getByRole('cell').nth(1), row.getByRole('cell').nth(2), row.getByRole('cell').nth(3).locator('.status'));
  }
  await expectInView(page, rows.first().getByRole('button', { name: /^Visa faktura/ }), rows.first().getByRole('button', { name: /^Dela upp faktura/ }));
  await expectInView(page, rows.nth(23).getByRole('button', { name: /^Visa faktura/ }));

  // Sorting by amount from the phone: the most expensive first, still as cards in view.
  await amountHeader.getByRole('button', { name: 'Belopp' }).click();
  await amountHeader.getByRole('button', { name: 'Belopp' }).click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expectInView(page, rows.first().getByRole('cell').nth(2), rows.first().getByRole('button', { name: /^Visa faktura/ }));
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, testInfo, 'invoices');
});

test('analysis: the figures, the period and the chart fit the phone', async ({ page }, testInfo) => {
  await signInAt(page, 'solvik', 'sv');
  await page.goto(orgUrl('solvik', '/analysis'));
  await expect(page.getByRole('heading', { name: 'Analys', level: 1 })).toBeVisible();
  const period = page.getByRole('group', { name: 'Period' });
  await expectInView(
    page,
    page.getByRole('combobox', { name: 'Visa' }),
    page.getByRole('button', { name: 'Exportera' }),
    period.getByRole('button', { name: 'Dag' }),
    page.getByText(/^\d[\d\s]*(,\d+)?\skWh$/).first(),
    page.getByText(/^\d[\d\s]*\skr$/).first(),
    page.locator('.bar-chart-canvas').first(),
  );
  await page.getByRole('heading', { name: 'Kostnad över dygnet' }).scrollIntoViewIfNeeded();
  await expectInView(page, page.getByRole('combobox', { name: 'Månad' }), page.getByText('Natt', { exact: true }));
  await screenshot(page, testInfo, 'analysis');
});

test('agreement: the details, the renewal and the answers to data inquiries fit the phone', async ({ page }, testInfo) => {
  await signInAt(page, 'solvik', 'sv');
  await page.goto(orgUrl('solvik', '/electricity-agreement'));
  await expectInView(page, page.getByRole('tab', { name: 'Elnät' }), page.getByRole('link', { name: /^Förnya ditt avtal/ }), page.getByRole('cell', { name: '4,9 öre/kWh' }));
  await screenshot(page, testInfo, 'agreement');

  await page.getByRole('tab', { name: 'Elnät' }).click();
  const inquiries = page.getByRole('table', { name: 'Förfrågningar om dina mätvärden' });
  // Smarta Hem's inquiry waits for an answer (agreement.spec.ts answers Energikollen's, not this one).
  const pending = inquiries.getByRole('row', { name: /^Smarta Hem Sverige AB/ });
  await pending.scrollIntoViewIfNeeded();
  await expectInView(
    page,
    pending.getByRole('rowheader'),
    pending.getByText('Väntar på ditt svar'),
    pending.getByRole('combobox', { name: 'Svar till Smarta Hem Sverige AB' }),
    pending.getByRole('button', { name: 'Spara svaret till Smarta Hem Sverige AB' }),
  );
  await screenshot(page, testInfo, 'agreement-grid');
});

test('my home: the answers and the save button fit the phone', async ({ page }, testInfo) => {
  await signInAt(page, 'solvik', 'sv');
  await page.goto(orgUrl('solvik', '/my-home'));
  await expect(page.getByRole('heading', { name: 'Mitt hem', level: 1 })).toBeVisible();
  await expectInView(page, page.getByRole('radio', { name: 'Villa' }), page.getByRole('textbox', { name: /^Boyta/ }));
  const addCharger = page.getByRole('button', { name: 'Lägg till en: Laddbox för elbil' });
  await addCharger.scrollIntoViewIfNeeded();
  await expectInView(page, addCharger, page.getByRole('button', { name: 'Ta bort en: Laddbox för elbil' }));
  const save = page.getByRole('button', { name: 'Spara' });
  await save.scrollIntoViewIfNeeded();
  await expectInView(page, save);
  await screenshot(page, testInfo, 'my-home');
});

test('account: the name, the contact details and their change buttons fit the phone', async ({ page }, testInfo) => {
  await signInAt(page, 'solvik', 'sv');
  await page.goto(orgUrl('solvik', '/account'));
  await expect(page.getByRole('heading', { name: 'Kontoinställningar', level: 1 })).toBeVisible();
  // Registered in lower case by the provider's system; shown as a name is written.
  await expect(page.getByRole('definition').filter({ hasText: /^Anna-Karin$/ })).toBeVisible();
  await expectInView(
    page,
    page.getByText('anna-karin.lindqvist@example.com'),
    page.getByRole('button', { name: 'Ändra e-post' }),
    page.getByRole('button', { name: 'Ändra telefonnummer' }),
    page.getByRole('combobox', { name: 'Språk' }).last(),
  );
  await screenshot(page, testInfo, 'account');
});

test('help and questions: the contact ways and the questions fit the phone', async ({ page }, testInfo) => {
  await signInAt(page, 'solvik', 'sv');
  await page.goto(orgUrl('solvik', '/faq'));
  await expect(page.getByRole('heading', { name: 'Hjälp och vanliga frågor', level: 1 })).toBeVisible();
  await expectInView(page, page.getByRole('link', { name: 'kundservice@solvik.example' }), page.getByRole('link', { name: '+46 21 10 20 30' }));
  const invoices = page.getByRole('button', { name: /^Fakturor/ });
  await expectInView(page, invoices);
  await invoices.click();
  const question = page.getByText('Hur kan jag betala min faktura?');
  await expectInView(page, question);
  await question.click();
  await expectInView(page, page.getByText('Enklast är e-faktura eller autogiro', { exact: false }));
  await screenshot(page, testInfo, 'faq');
});

test('at 1280 px the invoice tables are tables and fit their cards, in Swedish and in German', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [organisation, language, latestName, allName] of [
    ['solvik', 'sv', 'Senaste fakturorna', /^Alla fakturor/],
    ['alpenwerk', 'de', 'Letzte Rechnungen', /^Alle Rechnungen/],
  ] as const) {
    await signInAt(page, organisation, language);
    for (const [path, name] of [
      ['/dashboard', latestName],
      ['/invoices', allName],
    ] as const) {
      if (path !== '/dashboard') await page.goto(orgUrl(organisation, path));
      const table = page.getByRole('table', { name });
      // A table with its column headers on screen, not cards.
      await expect(table.getByRole('columnheader').first()).toBeVisible();
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader') }).first();
      await expect(row.getByRole('button').first()).toBeVisible();
      const widths = await table.evaluate((element) => {
        const region = element.closest('[role="region"]')!;
        const cells = [...element.querySelectorAll('thead th')].map((cell) => cell.getBoundingClientRect().top);
        return { scroll: region.scrollWidth, client: region.clientWidth, headerRows: new Set(cells.map(Math.round)).size };
      });
      expect(widths.headerRows, `${organisation}${path}: the column headers stand in one row`).toBe(1);
      expect(widths.scroll, `${organisation}${path}: the table scrolls sideways`).toBeLessThanOrEqual(widths.client);
      const lastButton = row.getByRole('button').last();
      const box = (await lastButton.boundingBox())!;
      const region = (await table.locator('xpath=ancestor::*[@role="region"][1]').boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(region.x + region.width);
    }
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
  }
});
