import { expect, test } from './fixtures.ts';
import { adminUrl, signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './helpers.ts';

/**
 * Scheduled jobs in the back office (issue 17, decision 0045) as an organisation admin uses
 * them: the jobs of a queue type (the filter in the address), their own organisation's job paused
 * (its status and next run change) and run once after a confirmation (the run appears and
 * completes), then resumed; the schedule form explains a cron before it is saved; platform-wide
 * jobs are read-only. Axe on the page and on the form.
 */
test.use({ locale: 'en-GB' });

test('an organisation admin pauses, triggers and resumes their organisation’s job and sees its status change', async ({ page }, testInfo) => {
  test.slow();
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Scheduled jobs' }).click();
  await expect(page.getByRole('heading', { name: 'Scheduled jobs', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Scheduled jobs' });
  await expect(table.getByRole('row').filter({ hasText: 'Day-ahead spot prices from ENTSO-E' })).toBeVisible();

  // The filter lives in the address: only the settings jobs.
  await page.goto(adminUrl('solvik', '/solvik/jobs?types=settings'));
  await expect(table.getByRole('row').filter({ hasText: 'Day-ahead spot prices' })).toHaveCount(0);
  const own = table.getByRole('row').filter({ hasText: 'Audit log clean-up' }).filter({ hasText: 'solvik' });
  const platform = table.getByRole('row').filter({ hasText: 'Audit log clean-up' }).filter({ hasText: 'Whole platform' });
  await expect(own).toBeVisible();
  await expect(platform.getByText('Read-only')).toBeVisible();
  await expect(platform.getByRole('button')).toHaveCount(0);
  await expectNoSeriousViolations(page, testInfo, 'scheduled jobs');

  // Pause: the status turns to Paused, and there is no next run.
  const name = 'Audit log clean-up after the retention period · solvik';
  await own.getByRole('button', { name: `Pause: ${name}` }).click();
  await expect(page.getByText(`${name} is paused.`)).toBeVisible();
  await expect(own.getByText('Paused', { exact: true })).toBeVisible();
  await expect(own.getByRole('button', { name: `Resume: ${name}` })).toBeVisible();

  // Trigger, after the confirmation: the run is queued, worked by the server's job runner, and completes.
  await own.getByRole('button', { name: `Run now: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Run ${name} now?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText(`${name} will run now.`)).toBeVisible();
  await expect(own.getByText(/^Completed/).first()).toBeVisible({ timeout: 20_000 });
  await expect(own.getByText('Paused', { exact: true })).toBeVisible();

  // The schedule form explains the cron before it is saved; a broken one is refused in the form.
  await own.getByRole('button', { name: `Edit: ${name}` }).click();
  const form = page.getByRole('dialog', { name: `Schedule of ${name}` });
  await expect(form.getByText('The next five runs, in your time zone')).toBeVisible();
  await expect(form.getByRole('listitem')).toHaveCount(5);
  await form.getByRole('textbox', { name: 'Cron expression' }).fill('every night');
  await expect(form.getByText('This cron expression is not valid.').first()).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'scheduled job form');
  await form.getByRole('textbox', { name: 'Cron expression' }).fill('20 3 * * *');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The schedule of ${name} was saved.`)).toBeVisible();
  await expect(own.getByText('20 3 * * *')).toBeVisible();

  // Resume: it waits for its next run again.
  await own.getByRole('button', { name: `Resume: ${name}` }).click();
  await expect(own.getByRole('button', { name: `Pause: ${name}` })).toBeVisible();
  await expect(own.getByText('Paused', { exact: true })).toHaveCount(0);
});
