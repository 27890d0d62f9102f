import pg from 'pg';
import { expect, test } from '@playwright/test';
import { signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './helpers.ts';

/**
 * Audiences (issue 18, decision 0052): a marketer opens Audiences, sees that no rules reach every
 * location, adds a rule (type of home: detached house) and sees the count change to the number the
 * data says, with example customers; then narrows it with a second rule on a list attribute and
 * widens it with OR. Axe on the page with rules.
 */
test.use({ locale: 'en-GB' });

const database = `postgres://gridline:gridline@127.0.0.1:${process.env.E2E_PG_PORT ?? '54339'}/gridline`;

async function count(where: string): Promise<number> {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM locations l JOIN organisations o ON o.id = l.organisation_id
        WHERE o.slug = 'solvik' AND l.status IN ('ACTIVE', 'ACTIVE_PROCESS', 'PENDING') AND ${where}`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

test('a marketer builds an audience and sees how many locations it reaches, with example customers', async ({ page }, testInfo) => {
  test.slow();
  const total = await count('true');
  const houses = await count(`l.extras ->> 'propertyType' = 'HOUSE'`);
  const apartments = await count(`l.extras ->> 'propertyType' = 'APPARTMENT'`);
  expect(houses).toBeGreaterThan(0);

  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_MARKETING'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audiences' }).click();
  await expect(page.getByRole('heading', { name: 'Audiences', level: 1 })).toBeVisible();
  await expect(page.getByTestId('segments-no-rules')).toBeVisible();
  const status = page.getByTestId('segments-count');
  await expect(status).toHaveText(`Matches ${total} of ${total} locations`);

  // A rule: the type of home is a detached house (the new rule's attribute), chosen from the list.
  await page.getByRole('button', { name: 'Add a rule' }).click();
  const rule = page.getByRole('group', { name: 'Rule 1' });
  await expect(rule.getByRole('combobox', { name: 'Attribute' })).toHaveValue('Type of home');
  await rule.getByRole('combobox', { name: 'Value' }).click();
  await page.getByRole('option', { name: 'Detached house' }).click();
  await expect(status).toHaveText(`Matches ${houses} of ${total} locations`);
  const examples = page.getByTestId('segments-examples').getByRole('listitem');
  await expect(examples).toHaveCount(Math.min(5, houses));
  await expect(examples.first()).toContainText(/\w+ \w+, .+, .+/);

  // OR with a second rule on apartments: both kinds.
  await page.getByRole('button', { name: 'Add a rule' }).click();
  const second = page.getByRole('group', { name: 'Rule 2' });
  await second.getByRole('combobox', { name: 'Value' }).click();
  await page.getByRole('option', { name: 'Apartment' }).click();
  // Both rules at once: no location is a house and an apartment.
  await expect(status).toHaveText(`Matches 0 of ${total} locations`);
  await expect(page.getByText('No location matches these rules.')).toBeVisible();
  await page.getByText('Any rule (OR)').click();
  await expect(status).toHaveText(`Matches ${houses + apartments} of ${total} locations`);

  // A list attribute: its comparisons are the list's, its values checkboxes.
  await second.getByRole('combobox', { name: 'Attribute' }).click();
  await page.getByRole('option', { name: 'Price zones' }).click();
  await second.getByRole('combobox', { name: 'Comparison' }).click();
  await expect(page.getByRole('option')).toHaveText(['has any of', 'has all of', 'has none of']);
  await page.getByRole('option', { name: 'has none of' }).click();
  await expect(page.getByText('Complete the rules to see the audience.')).toBeVisible();
  await second.getByRole('checkbox', { name: 'SE1' }).check();
  // Houses, or any location not in SE1: solvik's locations are in SE3, so every location.
  await expect(status).toHaveText(`Matches ${total} of ${total} locations`);
  await expectNoSeriousViolations(page, testInfo, 'audiences');

  // Removing the rules brings back everyone.
  await page.getByRole('button', { name: 'Remove rule 2' }).click();
  await expect(status).toHaveText(`Matches ${houses} of ${total} locations`);
  await page.getByRole('button', { name: 'Remove rule 1' }).click();
  await expect(page.getByTestId('segments-no-rules')).toBeVisible();
  await expect(status).toHaveText(`Matches ${total} of ${total} locations`);
});
