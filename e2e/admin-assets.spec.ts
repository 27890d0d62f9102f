import { expect, test, type Page } from '@playwright/test';
import { png } from '../apps/server/src/modules/assets/test-images.ts';
import { signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations, orgUrl, passwordLoginPath } from './helpers.ts';

/**
 * Assets in the back office (issue 17, decision 0048): an organisation admin finds the theme's
 * logo among the organisation's files, has a disguised file refused before it is sent, replaces the
 * logo with a new PNG (same address), and the portal's sign-in page shows the new logo. Axe on the
 * list, the upload dialog and the portal page.
 */

test.use({ locale: 'en-GB' });

/** What the page's own origin answers for an address (the test's resolver knows no `*.localhost`). */
const headersOf = (page: Page, url: string) =>
  page.evaluate(async (address) => {
    const answer = await fetch(address, { cache: 'no-store' });
    return { type: answer.headers.get('content-type'), etag: answer.headers.get('etag') };
  }, url);

test('an organisation admin replaces the logo, and the portal’s sign-in page shows the new one', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Assets' }).click();
  await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'logo.svg' });
  await expect(row.getByTestId('theme-use')).toHaveText("The theme's logo");
  await expect(row.getByRole('img', { name: 'Preview of logo.svg' })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'assets list');

  // The portal shows the demo's SVG logo before.
  const customer = await browser.newContext({ locale: 'en-GB' });
  const portal = await customer.newPage();
  await portal.goto(orgUrl('solvik', passwordLoginPath));
  const logo = portal.getByRole('img', { name: 'Solvik Energi' }).first();
  await expect(logo).toBeVisible();
  const src = await logo.getAttribute('src');
  expect(src).toMatch(/^\/v3\/assets\/[0-9a-f]{24}$/);
  const before = await headersOf(portal, src!);
  expect(before.type).toBe('image/svg+xml');
  await customer.close();

  await row.getByRole('button', { name: 'Actions: logo.svg' }).click();
  await page.getByRole('menuitem', { name: 'Replace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace logo.svg' });
  // An HTML page named .png is refused by the same check as the server's, before anything is sent.
  await dialog.getByLabel('File').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>') });
  await expect(dialog.getByText('Choose a PNG, JPEG, WebP, GIF, ICO or SVG image.')).toBeVisible();
  // A real PNG of 180 × 48 pixels.
  await dialog.getByLabel('File').setInputFiles({ name: 'new-logo.png', mimeType: 'image/png', buffer: png(180, 48, [200, 30, 30]) });
  await expect(dialog.getByTestId('file-checked')).toContainText('PNG');
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('logo.svg');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('new-logo.png');
  await expectNoSeriousViolations(page, testInfo, 'replace dialog');
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The file was replaced. Everything that uses it shows the new one.')).toBeVisible();
  const replaced = page.getByRole('row').filter({ hasText: 'new-logo.png' });
  await expect(replaced.getByText('180 × 48')).toBeVisible();
  await expect(replaced.getByTestId('theme-use')).toHaveText("The theme's logo");
  // The theme's logo cannot be deleted.
  await replaced.getByRole('button', { name: 'Actions: new-logo.png' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeDisabled();
  await page.keyboard.press('Escape');

  // The portal's next load: the same address, new bytes (a new ETag), drawn at 180 × 48.
  const next = await browser.newContext({ locale: 'en-GB' });
  const again = await next.newPage();
  await again.goto(orgUrl('solvik', passwordLoginPath));
  const newLogo = again.getByRole('img', { name: 'Solvik Energi' }).first();
  await expect(newLogo).toHaveAttribute('src', src!);
  await expect.poll(() => newLogo.evaluate((img: HTMLImageElement) => (img.complete ? `${img.naturalWidth}×${img.naturalHeight}` : 'loading'))).toBe('180×48');
  const after = await headersOf(again, src!);
  expect(after.type).toBe('image/png');
  expect(after.etag).not.toBe(before.etag);
  await expectNoSeriousViolations(again, testInfo, 'portal sign-in with the new logo');
  await next.close();
});
