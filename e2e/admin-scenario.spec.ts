import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminUrl, fillStaffSignIn, signInStaff, staffEmail } from './admin-helpers.ts';
import { devKey } from './dev-key.ts';
import { expectNoSeriousViolations, port } from './helpers.ts';

/**
 * Issue 16's scenario, in one organisation whose staff must use a second factor (fjellkraft): its
 * admin signs in with TOTP, creates an admin who sets a password from the e-mail, creates and
 * revokes an API token, stores a secret that another role cannot read, finds a customer by
 * personal number, opens the portal as them read-only, and finds every step in the audit log.
 */
test.use({ locale: 'en-GB' });

const base = `http://localhost:${port}`;
/** Ingrid Haugen, fjellkraft's demo customer (apps/server/src/demo/sign-in-identities.ts). */
const ingrid = '14067841280';

async function mailLink(page: Page, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const answer = await page.request.get(`${base}/dev/outbox.json?key=${devKey}&kind=email&to=${encodeURIComponent(to)}`);
      const mails = ((await answer.json()) as { data: Array<{ text: string }> }).data;
      link = mails.map((m) => /https?:\/\/\S+\/admin\/set-password\?ref=\S+/.exec(m.text)?.[0]).find(Boolean);
      return link !== undefined;
    })
    .toBe(true);
  return link!;
}

test('an organisation admin with a second factor manages people, tokens and secrets, helps a customer, and finds it all in the audit log', async ({ page, browser, context }, testInfo) => {
  test.setTimeout(180_000);
  const admin = staffEmail('fjellkraft', 'ORG_ADMIN');
  const stamp = Date.now().toString(36);
  await signInStaff(page, 'fjellkraft', admin);
  await expect(page.getByText('signed in with e-mail and password and a second step', { exact: false })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });

  // A new admin, who chooses a password from the e-mail (and, here, sets up a second factor too).
  const newcomer = `kari.${stamp}@fjellkraft.example`;
  await menu.getByRole('link', { name: 'Admins' }).click();
  await page.getByRole('button', { name: 'New admin' }).click();
  const form = page.getByRole('dialog', { name: 'New admin' });
  await form.getByRole('textbox', { name: 'E-mail' }).fill(newcomer);
  await form.getByRole('textbox', { name: 'First name' }).fill('Kari');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`${newcomer} was created and has an e-mail with a link to choose a password.`)).toBeVisible();
  const kari = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await kari.goto(await mailLink(page, newcomer));
  await kari.locator('input[type=password]').nth(0).fill('fjords and mountains at midsummer');
  await kari.locator('input[type=password]').nth(1).fill('fjords and mountains at midsummer');
  await kari.getByRole('button', { name: 'Save the password' }).click();
  await expect(kari.getByText('Your password is saved. You can sign in now.')).toBeVisible();
  await kari.goto(adminUrl('fjellkraft', '/sign-in'));
  await fillStaffSignIn(kari, newcomer, 'fjords and mountains at midsummer');
  await expect(kari.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  await kari.context().close();

  // An API token, shown once, then revoked.
  const tokenName = `meter feed ${stamp}`;
  await menu.getByRole('link', { name: 'API tokens' }).click();
  await page.getByRole('button', { name: 'New API token' }).click();
  const tokenForm = page.getByRole('dialog', { name: 'New API token' });
  await tokenForm.getByRole('textbox', { name: 'Name' }).fill(tokenName);
  await tokenForm.getByRole('button', { name: 'Create' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API token' });
  await expect(shown).toBeVisible();
  await shown.getByRole('button', { name: 'I have copied it, close' }).click();
  await page.getByRole('button', { name: `Actions: ${tokenName}` }).click();
  await page.getByRole('menuitem', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: `Revoke ${tokenName}?` }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`The API token ${tokenName} was revoked.`)).toBeVisible();

  // A customer-facing secret, which a marketing colleague cannot reach.
  await menu.getByRole('link', { name: 'Secrets' }).click();
  await page.getByRole('button', { name: 'Actions: harkWebhookSecret' }).click();
  await page.getByRole('menuitem', { name: 'Set a value' }).click();
  await page.getByRole('dialog', { name: 'Set harkWebhookSecret' }).getByLabel('Value').fill(`hark-${stamp}`);
  await page.getByRole('dialog', { name: 'Set harkWebhookSecret' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The secret harkWebhookSecret was saved.')).toBeVisible();
  const marketing = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await signInStaff(marketing, 'fjellkraft', staffEmail('fjellkraft', 'ORG_MARKETING'));
  await expect(marketing.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Secrets' })).toHaveCount(0);
  await marketing.goto(adminUrl('fjellkraft', '/fjellkraft/secrets'));
  await expect(marketing.getByRole('alert')).toContainText('You do not have access to this page with your role.');
  await marketing.context().close();

  // The customer, by personal number; the portal as them, read-only.
  await menu.getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('textbox', { name: 'Search for' }).fill(ingrid);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('table', { name: 'Customers found' }).getByRole('row').filter({ hasText: ingrid }).getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: /Haugen/, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Open the portal as this customer' }).first().click();
  const opened = context.waitForEvent('page');
  await page.getByRole('dialog', { name: /^Open the portal as/ }).getByRole('button', { name: 'Open the portal as this customer' }).click();
  const portal = await opened;
  await expect(portal).toHaveURL(/fjellkraft\.localhost:\d+\/dashboard/);
  await expect(portal.getByRole('status').filter({ hasText: /Haugen/i }).first()).toBeVisible();
  await portal.close();

  // Every step in the audit log, with its actor.
  await menu.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'audit log');
  for (const action of ['admin.second-factor.enrol', 'admin.create', 'api-token.create', 'api-token.revoke', 'secret.create', 'customer.view', 'support.session']) {
    await page.goto(adminUrl('fjellkraft', `/fjellkraft/audit?action=${action}&actor=${encodeURIComponent(admin)}`));
    const rows = page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: action });
    await expect(rows.first(), action).toBeVisible();
    await expect(rows.first(), action).toContainText(admin);
  }
  // The address keeps the filter; an entry shows what changed.
  await page.goto(adminUrl('fjellkraft', '/fjellkraft/audit?action=admin.create'));
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Action' })).toHaveValue('admin.create');
  await page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'admin.create' }).first().getByRole('button', { name: 'admin.create' }).click();
  await expect(page.getByRole('heading', { name: 'admin.create', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Values before and after' })).toContainText(newcomer);
  await expectNoSeriousViolations(page, testInfo, 'audit entry');
});
