import pg from 'pg';
import { expect, test } from '@playwright/test';
import { signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './helpers.ts';

/**
 * The back office's home page (issue 17, decision 0049): an organisation admin signs in and sees
 * how the organisation is doing: an alert computed from the data (the day-ahead job failed twice,
 * written into pg-boss's job table as the runner would), the tiles with the demo's figures, the
 * charts with their tables; the alert's and a tile's links open their areas. Axe on the page.
 */

const database = `postgres://gridline:gridline@127.0.0.1:${process.env.E2E_PG_PORT ?? '54339'}/gridline`;

async function sql(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

test.afterAll(async () => {
  await sql(`DELETE FROM pgboss.job WHERE name = 'entsoe-day-ahead' AND output->>'message' = 'e2e: ENTSO-E did not answer'`);
});

test('an organisation admin sees the figures and an alert on the home page, and follows a tile to its area', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await sql(`INSERT INTO pgboss.job (name, data, state, created_on, started_on, completed_on, output)
    SELECT 'entsoe-day-ahead', '{}'::jsonb, 'failed', now() + make_interval(mins => n), now() + make_interval(mins => n), now() + make_interval(mins => n + 1), '{"message":"e2e: ENTSO-E did not answer"}'::jsonb
      FROM generate_series(1, 2) AS n`);
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));

  // the alert, at the top, with its link to the jobs
  const alerts = page.getByTestId('alerts');
  await expect(alerts.getByText('The job “Day-ahead spot prices from ENTSO-E” failed twice in a row.')).toBeVisible();
  await expect(alerts.getByText('Critical')).toBeVisible();

  // the tiles: the demo's customers, a failed job
  const tiles = page.getByRole('region', { name: 'Today' });
  const customers = tiles.getByTestId('tile-customers');
  await expect(customers).toContainText('Customers');
  await expect(customers.getByTestId('tile-value')).toHaveText(/^[1-9]\d*$/);
  await expect(tiles.getByTestId('tile-jobs').getByTestId('tile-value')).toHaveText(/^[1-9]\d*$/);
  await expect(tiles.getByTestId('tile-support').getByTestId('tile-value')).toHaveText(/^\d+$/);
  await expect(tiles.getByTestId('tile-prices')).toContainText(/SE3: today (final|preliminary|missing|not received)/);

  // the charts, each with its figures as a table (the demo has customers' sign-ins of the past 120 days); the period is in the address
  const signIns = page.getByRole('region', { name: 'Sign-ins by method' });
  await expect(signIns.getByRole('img', { name: 'Sign-ins by method' })).toBeVisible();
  await signIns.getByText('Show the figures as a table').click();
  await expect(signIns.getByRole('table').getByRole('columnheader', { name: 'BankID', exact: true })).toBeVisible();
  await expect(signIns.getByRole('table').getByRole('row')).toHaveCount(31);
  await expect(page.getByRole('region', { name: 'Readings received' }).getByRole('img', { name: 'Readings received' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Price publication' }).getByRole('img', { name: 'Price publication' })).toBeVisible();
  await page.getByText('7 days', { exact: true }).click();
  await expect(page).toHaveURL(/days=7/);
  const readings = page.getByRole('region', { name: 'Readings received' });
  await readings.getByText('Show the figures as a table').click();
  await expect(readings.getByRole('table').getByRole('row')).toHaveCount(8);
  await expectNoSeriousViolations(page, testInfo, 'back-office home');

  // a tile's link opens its area
  await customers.getByRole('link', { name: 'Open Customers' }).click();
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await page.goBack();
  await alerts.getByRole('link', { name: 'Open Scheduled jobs' }).click();
  await expect(page.getByRole('heading', { name: 'Scheduled jobs', level: 1 })).toBeVisible();
});
