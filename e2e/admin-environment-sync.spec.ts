import { expect, test } from './fixtures.ts';
import { signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations, port } from './helpers.ts';

/**
 * Environment sync (issue 18, decision 0060) as staff use it. The browser tests' server is
 * configured with itself as its staging (e2e/server.ts), so an organisation admin issues a token
 * on the Releases page as the receiving side would, pastes it into the sending form, confirms,
 * and hears that staging already has these settings; the same token a second time is refused in
 * words. The Secrets page offers the same for secrets. Axe on both.
 */
test.use({ locale: 'en-GB' });

test('an organisation admin issues a sync token and copies the live settings to staging; a used token is refused', async ({ page }, testInfo) => {
  test.slow();
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Releases', exact: true }).click();
  const section = page.getByRole('region', { name: 'Other environments' });
  await expect(section).toBeVisible();
  await expect(section.getByText('This is Local.')).toBeVisible();

  // The receiving side: a one-time token.
  await section.getByRole('button', { name: 'Issue a sync token' }).click();
  const token = ((await section.getByTestId('sync-token').textContent()) ?? '').trim();
  expect(token).toMatch(/^gls_[A-Za-z0-9_-]{43}$/);
  await expectNoSeriousViolations(page, testInfo, 'releases-environment-sync');

  // The sending side: a target and the token are required, then a confirmation.
  await section.getByRole('button', { name: 'Copy the live settings' }).click();
  await expect(section.getByText('Choose where to copy to.')).toBeVisible();
  await section.getByRole('combobox', { name: 'Target environment' }).click();
  await page.getByRole('option', { name: `Staging (http://127.0.0.1:${port})` }).click();
  await section.getByLabel('Sync token from the target').fill('gls_not-a-token');
  await section.getByLabel('Sync token from the target').blur();
  await expect(section.getByText('That is not a sync token.', { exact: false })).toBeVisible();
  await section.getByLabel('Sync token from the target').fill(token);
  await section.getByRole('button', { name: 'Copy the live settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy the live settings to Staging?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy the live settings' }).click();
  await expect(page.getByText('Staging already has these settings live.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The same token again: the target refuses it, and nothing is copied.
  await section.getByLabel('Sync token from the target').fill(token);
  await section.getByRole('button', { name: 'Copy the live settings' }).click();
  await dialog.getByRole('button', { name: 'Copy the live settings' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The target environment refused the token');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Secrets: the same panel, for the secrets this admin manages.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Secrets', exact: true }).click();
  const secrets = page.getByRole('region', { name: 'Other environments' });
  await expect(secrets.getByRole('button', { name: 'Copy the secrets' })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'secrets-environment-sync');
});
