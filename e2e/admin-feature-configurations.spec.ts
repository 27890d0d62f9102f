import { expect, test } from '@playwright/test';
import { signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './helpers.ts';

/**
 * Feature configurations (issue 18, decision 0057): an organisation admin turns Homeside on
 * without an account name, sees the rule's message in their language, gives the name and saves
 * the draft; a marketer sees the integrations read-only (with the reason) and may change the
 * accessibility e-mail. Axe on the page with an error shown and on the marketer's page.
 */
test.use({ locale: 'en-GB' });

test('an admin turns Homeside on, is told the account name is needed, gives it and saves the draft', async ({ page }, testInfo) => {
  test.slow();
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Feature configurations' }).click();
  await expect(page.getByRole('heading', { name: 'Feature configurations', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Native integrations', level: 2 })).toBeVisible();

  const homeside = page.getByRole('region', { name: 'Homeside' });
  const enabled = homeside.getByRole('switch', { name: /^Enabled/ });
  await expect(enabled).not.toBeChecked();
  await enabled.check({ force: true });
  await expect(enabled).toBeChecked();
  await page.getByRole('button', { name: 'Save draft' }).click();
  const name = homeside.getByRole('textbox', { name: /^Account name/ });
  await expect(homeside.getByText('Account name is required when the feature is enabled.')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Some fields need your attention' })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'feature configurations with an error');

  // Blank is not a name either.
  await name.fill('   ');
  await expect(homeside.getByText('Account name cannot be empty.')).toBeVisible();
  await name.fill('solvik-homeside');
  await expect(homeside.getByText(/Account name (is required|cannot be empty)/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('The draft is saved. Publish it on the Releases page.')).toBeVisible();
  await expect(page.getByText('The draft differs from what is live.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Homeside' }).getByRole('textbox', { name: /^Account name/ })).toHaveValue('solvik-homeside');

  // The same page in Swedish says the rule in Swedish.
  await page
    .getByRole('region', { name: 'Homeside' })
    .getByRole('textbox', { name: /^Account name/ })
    .fill('');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Account name is required when the feature is enabled.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Svenska' }).click();
  await expect(page.getByText('Kontonamn krävs när funktionen är påslagen.')).toBeVisible();

  // Leave the organisation as it was for the other tests.
  await page.getByRole('button', { name: 'Kasta utkastet' }).click();
  await expect(page.getByText('Utkastet är borttaget.')).toBeVisible();
});

test('a marketer sees the integrations read-only, as their permissions say, and may change the accessibility e-mail', async ({ page }, testInfo) => {
  test.slow();
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_MARKETING'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Feature configurations' }).click();
  await expect(page.getByRole('heading', { name: 'Feature configurations', level: 1 })).toBeVisible();

  const homeside = page.getByRole('region', { name: 'Homeside' });
  await expect(homeside.getByRole('switch', { name: /^Enabled/ })).toBeDisabled();
  await expect(homeside.getByRole('textbox', { name: /^Account name/ })).toHaveAttribute('readonly', '');
  await expect(homeside.getByText('Your role (Marketing) may read this field but not change it.').first()).toBeVisible();
  await expect(homeside.getByText('Read only').first()).toBeVisible();

  const general = page.getByRole('region', { name: 'General integration' });
  await expect(general.getByRole('switch', { name: /^Validate responses/ })).toBeDisabled();
  await expect(general.getByText('Set by the platform. No one can change it here.').first()).toBeVisible();

  const support = page.getByRole('region', { name: 'Customer support' });
  const email = support.getByRole('textbox', { name: /^Accessibility support e-mail/ });
  await expect(email).not.toHaveAttribute('readonly', '');
  await expect(support.getByText('Public', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Waste integration' }).getByRole('textbox', { name: /^Upcoming events to show/ })).not.toHaveAttribute(
    'readonly',
    '',
  );
  await expectNoSeriousViolations(page, testInfo, 'feature configurations for a marketer');

  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(support.getByText('Write a valid e-mail address, such as name@example.com.')).toBeVisible();
  await email.fill('tillganglighet@solvik.example');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('The draft is saved. Publish it on the Releases page.')).toBeVisible();
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(page.getByText('The draft is discarded.')).toBeVisible();
});
