import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations, orgUrl, setUserLanguage, signInAt } from './helpers.ts';

// alpenwerk (German and English): its 'demo' customer is used by this file alone, since it
// changes her e-mail, phone number and language.
test.use({ locale: 'de-AT' });

test.beforeEach(async ({ request }) => {
  await setUserLanguage(request, 'alpenwerk', 'demo', 'de');
});
test.afterAll(async ({ request }) => {
  await setUserLanguage(request, 'alpenwerk', 'demo', 'de');
});

/**
 * The welcome dialog greets a customer once per account after sign-in (spec 000 §2.3); this
 * file is not about it, so it is closed with Escape when it shows.
 */
async function closeWelcomeDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  try {
    await dialog.waitFor({ state: 'visible', timeout: 1500 });
  } catch {
    return;
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

const userPut = /\/v4\/alpenwerk\/users\/[0-9a-f]{24}$/;

test('account settings: the details, and an e-mail changed with an invalid then a valid value', async ({ page }, testInfo) => {
  await signInAt(page, 'alpenwerk', 'de');
  await closeWelcomeDialog(page);
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Kontoeinstellungen' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Kontoeinstellungen', level: 1 })).toBeVisible();

  // First and last name (alpenwerk does not show full names), and the selected location's address.
  const details = page.getByRole('region', { name: 'Ihre Daten' });
  await expect(details.getByRole('term')).toHaveText(['Vorname', 'Nachname', 'Adresse']);
  await expect(details.getByRole('definition')).toHaveText(['Katharina', 'Gruber', /^Pradler Straße 42\s*6020 Innsbruck$/]);

  const contact = page.getByRole('region', { name: 'Kontaktdaten' });
  await expect(contact.getByRole('definition').first()).toContainText('katharina.gruber@example.com');
  await contact.getByRole('button', { name: 'E-Mail ändern' }).click();
  const input = contact.getByRole('textbox', { name: 'E-Mail' });
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('katharina.gruber@example.com');
  await expect(input).toHaveAttribute('maxlength', '35');
  const save = contact.getByRole('button', { name: 'Speichern' });

  // Invalid: save stays disabled and the field says why.
  await input.fill('katharina@gruber');
  await expect(save).toBeDisabled();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(/Geben Sie eine gültige E-Mail-Adresse mit höchstens 35 Zeichen ein\./);
  await expectNoSeriousViolations(page, testInfo, 'account settings, editing the e-mail');

  // Valid: saved on the server, shown, and the focus back on the change button.
  await input.fill('k.gruber@alpenpost.at');
  await expect(save).toBeEnabled();
  await expect(input).not.toHaveAttribute('aria-invalid', 'true');
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && userPut.test(r.url()));
  await save.click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toEqual({ email: 'k.gruber@alpenpost.at' });
  await expect(contact.getByRole('status')).toHaveText('Ihre E-Mail-Adresse wurde gespeichert.');
  await expect(contact.getByRole('definition').first()).toContainText('k.gruber@alpenpost.at');
  await expect(contact.getByRole('button', { name: 'E-Mail ändern' })).toBeFocused();

  // A phone number: cancelled first, then saved and shown as the server keeps it (normalised).
  await contact.getByRole('button', { name: 'Telefonnummer ändern' }).click();
  const phone = contact.getByRole('textbox', { name: 'Telefonnummer' });
  await phone.fill('0660 1234567');
  await expect(contact.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await contact.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(contact.getByRole('definition').nth(1)).toContainText('+436641234567');
  await contact.getByRole('button', { name: 'Telefonnummer ändern' }).click();
  await phone.fill('+43 06601234567');
  await contact.getByRole('button', { name: 'Speichern' }).click();
  await expect(contact.getByRole('definition').nth(1)).toContainText('+436601234567');
  await expectNoSeriousViolations(page, testInfo, 'account settings');
  await page.screenshot({ path: testInfo.outputPath('account.png'), fullPage: true });

  // Kept after a reload.
  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Kontaktdaten' });
  await expect(reloaded.getByRole('definition')).toContainText(['k.gruber@alpenpost.at', '+436601234567']);
});

test('the language dropdown changes the page at once and is saved to the user', async ({ page, browser }) => {
  await signInAt(page, 'alpenwerk', 'de');
  await closeWelcomeDialog(page);
  await page.goto(orgUrl('alpenwerk', '/account'));
  await expect(page.getByRole('heading', { name: 'Kontoeinstellungen', level: 1 })).toBeVisible();
  const select = page.getByRole('main').getByRole('combobox', { name: 'Sprache' });
  await expect(select).toHaveValue('de');

  const saved = page.waitForResponse((r) => r.url().endsWith('/v4/alpenwerk/users/me/language') && r.request().method() === 'PUT');
  await select.selectOption({ label: 'English' });
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Account settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contact details' }).getByRole('button', { name: 'Change e-mail' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My home' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Language' })).toHaveValue('en');

  // Saved to the user: in another browser (German, nothing stored) the signed-in page is English.
  const other = await browser.newContext({ locale: 'de-AT' });
  try {
    const fresh = await other.newPage();
    await signInAt(fresh, 'alpenwerk', 'de');
    await fresh.goto(orgUrl('alpenwerk', '/account'));
    await closeWelcomeDialog(fresh);
    await expect(fresh.getByRole('heading', { name: 'Account settings', level: 1 })).toBeVisible();
    await expect(fresh.locator('html')).toHaveAttribute('lang', 'en');
  } finally {
    await other.close();
  }
});

test('an organisation that shows full names shows one name row', async ({ page }) => {
  // fjellkraft sets SHOW_FULL_NAME.
  await signInAt(page, 'fjellkraft', 'nb');
  await closeWelcomeDialog(page);
  await page.goto(orgUrl('fjellkraft', '/account'));
  const details = page.getByRole('region', { name: 'Dine opplysninger' });
  await expect(details.getByRole('term')).toHaveText(['Navn', 'Adresse']);
  await expect(details.getByRole('definition').first()).toHaveText('Ingrid Haugen');
});
