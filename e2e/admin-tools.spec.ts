import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInStaff, staffEmail } from './admin-helpers.ts';
import { devKey } from './dev-key.ts';
import { expectNoSeriousViolations, port } from './helpers.ts';

/**
 * The rest of the bridge calls in the back office (issue 17, decision 0050): an organisation admin
 * sends a test e-mail from Tools (it arrives, with the deep link into the portal), clears the copy
 * texts after confirming, and switches a premium feature of a customer's account on and off.
 */
test.use({ locale: 'en-GB' });

const base = `http://localhost:${port}`;

async function newestMail(page: Page, to: string, after: number): Promise<{ text: string; subject: string }> {
  let found: { text: string; subject: string; createdAt: string } | undefined;
  await expect
    .poll(async () => {
      const answer = await page.request.get(`${base}/dev/outbox.json?key=${devKey}&kind=email&to=${encodeURIComponent(to)}`);
      const mails = ((await answer.json()) as { data: Array<{ text: string; subject: string; createdAt: string }> }).data;
      found = mails.find((m) => Date.parse(m.createdAt) >= after - 1000);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test('an organisation admin sends a test e-mail, clears a cache and switches a premium feature', async ({ page }, testInfo) => {
  test.slow();
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Tools' }).click();
  await expect(page.getByRole('heading', { name: 'Tools', level: 1 })).toBeVisible();

  const to = `tools.${Date.now()}@solvik.example`;
  const mailCard = page.getByRole('region', { name: 'Send a test e-mail' });
  await mailCard.getByRole('textbox', { name: 'E-mail address' }).fill(to);
  await mailCard.getByRole('combobox', { name: 'Link to' }).click();
  await page.getByRole('option', { name: /\/invoices$/ }).click();
  await expectNoSeriousViolations(page, testInfo, 'tools');
  const sentAt = Date.now();
  await mailCard.getByRole('button', { name: 'Send the test e-mail' }).click();
  await expect(page.getByText(`A test e-mail was sent to ${to} with a link to http://solvik.localhost:${port}/invoices.`)).toBeVisible();
  const mail = await newestMail(page, to, sentAt);
  // In the organisation's language (solvik's is Swedish).
  expect(mail.subject).toBe('Testmejl från Solvik Energi');
  expect(mail.text).toContain(`http://solvik.localhost:${port}/invoices`);

  const cacheCard = page.getByRole('region', { name: 'Clear a cache' });
  await cacheCard.getByRole('button', { name: 'Clear the cache' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear Copy texts?' });
  await expect(confirm).toContainText('Clearing it for: Solvik Energi.');
  await expectNoSeriousViolations(page, testInfo, 'clear cache confirmation');
  await confirm.getByRole('button', { name: 'Clear the cache' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Copy texts cleared for Solvik Energi.')).toBeVisible();

  // A customer's account: its premium features as switches.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('textbox', { name: 'Search for' }).fill('19840316-2384');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('table', { name: 'Customers found' }).getByRole('row').nth(1).getByRole('button').first().click();
  const features = page.getByRole('group', { name: /^Premium features · Customer number/ }).first();
  const charging = features.getByRole('switch', { name: 'Smart charging' });
  await expect(charging).not.toBeChecked();
  await expect(charging).toBeEnabled();
  // The switch follows the server's answer (not the click): click, then the answer turns it on.
  await charging.click();
  await expect(page.getByText(/^Smart charging is now active for customer number \d+\.$/)).toBeVisible();
  await expect(charging).toBeChecked();
  await page.reload();
  await expect(charging).toBeChecked();
  await expectNoSeriousViolations(page, testInfo, 'customer page with premium features');
  await expect(charging).toBeEnabled();
  await charging.click();
  await expect(page.getByText(/^Smart charging is now off for customer number \d+\.$/)).toBeVisible();
  await expect(charging).not.toBeChecked();
});
