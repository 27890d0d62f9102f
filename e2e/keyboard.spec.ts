import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { orgUrl, skipWelcome } from './helpers.ts';

// A Swedish browser on solvik; the demo customer reads Swedish.
test.use({ locale: 'sv-SE' });

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 15, backwards = false } = {}) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** Signs in with the keyboard alone: Tab from the top of the page to each field, Enter to send. */
async function signInWithKeyboard(page: Page) {
  await skipWelcome(page.context(), 'solvik');
  await page.goto(orgUrl('solvik', '/login'));
  await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible();
  // The order of the page: the language select, the first method's form (BankID), then the other
  // methods; choosing username and password opens its form with focus on its heading, then
  // username, password and the button.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Språk' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: /^Användarnamn och lösenord/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Användarnamn och lösenord', level: 2 })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Användarnamn')).toBeFocused();
  await page.keyboard.type('demo');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Lösenord')).toBeFocused();
  await page.keyboard.type('demo');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Logga in' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Översikt', level: 1 })).toBeVisible();
}

test('sign in, skip to the content and change location with the keyboard alone', async ({ page }) => {
  await signInWithKeyboard(page);

  // The first Tab reaches the skip link, which moves focus to the main area.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Hoppa till huvudinnehållet' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // From there, the location picker; ArrowDown chooses the next location.
  const picker = page.getByLabel('Anläggning');
  await tabTo(page, picker);
  const before = await picker.inputValue();
  const firstInvoice = page.getByRole('table', { name: 'Senaste fakturorna' }).locator('tbody tr').first().locator('th');
  await expect(firstInvoice).toBeVisible();
  await page.keyboard.press('End');
  await expect(picker).not.toHaveValue(before);
  await expect(picker).toBeEnabled();
  await expect(picker).toBeFocused();

  // The invoice table's scroll area and its buttons are reachable too.
  await tabTo(page, page.getByRole('region', { name: 'Senaste fakturorna, rullbar tabell' }));
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Visa faktura/ }).first()).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('open and close the menu with the keyboard', async ({ page }) => {
    await signInWithKeyboard(page);
    const menuButton = page.getByRole('button', { name: 'Meny' });
    const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(nav).toBeHidden();

    await tabTo(page, menuButton);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await expect(menuButton).toBeFocused();

    // Into the menu: the overview link, the other pages' links, the sign-out entry, the language select.
    await tabTo(page, nav.getByRole('link', { name: 'Översikt' }));
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Elavtal' })).toBeFocused();
    await tabTo(page, nav.getByRole('button', { name: 'Logga ut' }), { max: 8 });
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Språk' })).toBeFocused();

    // Escape closes the menu and gives focus back to its button.
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();

    // Space opens it again, Enter on a link follows it and closes the menu.
    await page.keyboard.press('Space');
    await expect(nav).toBeVisible();
    await tabTo(page, nav.getByRole('link', { name: 'Översikt' }));
    await page.keyboard.press('Enter');
    await expect(nav).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
