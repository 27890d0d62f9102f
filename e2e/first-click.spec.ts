import { expect, test } from './fixtures.ts';
import { devKey } from './dev-key.ts';
import { port } from './helpers.ts';

/**
 * The product as a newcomer meets it: the addresses the start-up banner prints, opened exactly
 * as printed, each page without a Content Security Policy refusal (the fixture of every test
 * checks that).
 */
test.use({ locale: 'en-GB' });

test('the API docs (/docs) work under their Content Security Policy', async ({ page }) => {
  await page.goto(`http://localhost:${port}/docs`);
  await expect(page.getByText('Gridline platform API').first()).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();
});

test("BankID on this device from an organisation's portal opens the test BankID app of the banner's link", async ({ page, context }) => {
  // The tester opened the banner's link once: the key's cookie is on the public address.
  await page.goto(`http://localhost:${port}/dev/bankid?key=${devKey}`);
  await expect(page.getByRole('heading', { name: 'Test BankID app' })).toBeVisible();
  await page.goto(`http://solvik.localhost:${port}/login?method=BANKID`);
  await page.getByRole('button', { name: 'Open BankID on this device' }).click();
  const [app] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: /Start the BankID app|Open the BankID app|BankID app/ }).click()]);
  await expect(app.getByRole('heading', { name: 'Test BankID app' })).toBeVisible();
  await expect(app.getByText('The app was started for the order below')).toBeVisible();
});
