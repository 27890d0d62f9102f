import { expect, test } from './fixtures.ts';
import { adminUrl, signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './helpers.ts';

/**
 * Customer support in the back office (issue 16): find a customer by personal number, read their
 * page, and open the portal as them, read-only.
 */
test.use({ locale: 'en-GB' });

/** The demo customer Anna-Karin Lindqvist (apps/server/src/demo/sign-in-identities.ts). */
const annaKarin = '198403162384';

test('support staff find a customer by personal number, read their page and open the portal as them, read-only', async ({ page, context }, testInfo) => {
  test.slow();
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_SUPPORT'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'customer search');

  // A number that cannot be a personal number says so, in words.
  await page.getByRole('textbox', { name: 'Search for' }).fill('12345');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('alert')).toContainText('Check the personal number.');

  await page.getByRole('textbox', { name: 'Search for' }).fill('19840316-2384');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/search=19840316-2384/);
  const hit = page.getByRole('table', { name: 'Customers found' }).getByRole('row').filter({ hasText: annaKarin });
  await expect(hit).toBeVisible();
  // The search is in the address: a reload shows the same hit.
  await page.reload();
  await expect(hit).toBeVisible();
  await hit.getByRole('button').first().click();

  await expect(page.getByRole('heading', { name: /Lindqvist/, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Accounts', exact: true })).toBeVisible();
  await expect(page.getByText(/^Customer number \d+/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest invoices' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Homes and sites' })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'customer page');

  await page.getByRole('button', { name: 'Fetch again from the customer system' }).first().click();
  await expect(page.getByText(/^(Queued as job \S+\.|A job for this is already waiting in the queue; it will do\.)$/)).toBeVisible();

  await page.getByRole('button', { name: 'Open the portal as this customer' }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Open the portal as/ });
  await expect(dialog).toContainText('you see what the customer sees and can change nothing');
  const opened = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Open the portal as this customer' }).click();
  const portal = await opened;
  await expect(portal).toHaveURL(/solvik\.localhost:\d+\/dashboard/);
  const banner = portal.getByRole('status', { name: /Support session – read only|Supportsession – endast läsning/ });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(/Lindqvist/i);
});

test("an unknown customer's address says there is no such customer", async ({ page }) => {
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));
  await page.goto(adminUrl('solvik', '/solvik/customers/64b7f0c2a1d3e4f5a6b7c8d9'));
  await expect(page.getByRole('alert')).toContainText('There is no such customer here.');
});
