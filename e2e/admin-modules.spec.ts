import pg from 'pg';
import { expect, test, type Page } from '@playwright/test';
import { signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './helpers.ts';

/**
 * Home modules (issue 18, decision 0058): a marketer opens Home modules, adds a card to the Offers
 * module for homes heated directly by electricity, sees the audience size the data says, previews
 * the home screen for a customer inside the audience (the card shows) and one outside it (the card
 * is dimmed, "Not for this customer"), and saves the draft. Axe on the editor with the preview.
 */
test.use({ locale: 'en-GB' });

const database = `postgres://gridline:gridline@127.0.0.1:${process.env.E2E_PG_PORT ?? '54339'}/gridline`;

async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Solvik's locations a customer sees whose home has direct electric heating, as main or secondary heating. */
const directlyHeated = async () =>
  Number(
    (
      await query<{ n: string }>(
        `SELECT count(*) AS n FROM locations l JOIN organisations o ON o.id = l.organisation_id
          WHERE o.slug = 'solvik' AND l.status IN ('ACTIVE', 'ACTIVE_PROCESS', 'PENDING')
            AND (l.extras ->> 'heating' = 'direct' OR coalesce(l.extras -> 'heatingSecondary', '[]'::jsonb) ? 'direct')`,
      )
    )[0]!.n,
  );

async function pickCustomer(page: Page, group: string) {
  await page.getByRole('combobox', { name: 'As this customer sees it' }).click();
  const options = page.getByRole('listbox', { name: 'As this customer sees it' }).getByRole('group', { name: group }).getByRole('option');
  await expect(options.first()).toBeVisible();
  const name = (await options.first().textContent()) ?? '';
  await options.first().click();
  return name;
}

test('a marketer adds an offer for a segment, sees its audience, previews it for a customer inside and outside, and saves the draft', async ({ page }, testInfo) => {
  test.slow();
  const inside = await directlyHeated();
  expect(inside).toBeGreaterThan(0);
  await query(`DELETE FROM settings_drafts WHERE part = 'modules' AND organisation_id = (SELECT id FROM organisations WHERE slug = 'solvik')`);

  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_MARKETING'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home modules' }).click();
  await expect(page.getByRole('heading', { name: 'Home modules', level: 1 })).toBeVisible();
  await expect(page.getByTestId('draft-state')).toHaveText('Same as live');
  // The demo's modules, in order, with the phone showing them.
  await expect(page.getByTestId(/^module-row-/)).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Home screen of the app' })).toContainText('Genvägar');

  await page.getByRole('button', { name: /^Edit Offers/ }).click();
  await page.getByRole('button', { name: 'Add card' }).click();
  const card = page.getByTestId(/^item-editor-/);
  await card.getByTestId(/-copy-sv$/).getByRole('textbox', { name: 'Title' }).fill('Solceller till rabatt');
  await card.getByTestId(/-copy-en$/).getByRole('textbox', { name: 'Title' }).fill('Solar panels at a discount');
  await card.getByTestId(/-copy-en$/).getByRole('textbox', { name: 'Label' }).fill('Offer');
  // Where it leads: an external page in the browser.
  await card.getByRole('combobox', { name: 'Page of the app' }).click();
  // each page by its name in the staff member's language, its code beside it (decision 0061)
  await page.getByRole('option', { name: 'An external web page EXTERNAL_URL', exact: true }).click();
  await card.getByRole('textbox', { name: 'Address (https)' }).fill('https://solvik.example/solar');
  await card.getByRole('checkbox', { name: 'Open in the browser' }).check();

  // The audience: homes with direct electric heating, counted from the data.
  await card.getByRole('button', { name: 'Add a rule' }).click();
  const rule = card.getByRole('group', { name: 'Rule 1' });
  await rule.getByRole('combobox', { name: 'Attribute' }).click();
  await page.getByRole('option', { name: 'Heating', exact: true }).click();
  await rule.getByRole('checkbox', { name: 'Direct electric heating' }).check();
  const total = Number((await query<{ n: string }>(`SELECT count(*) AS n FROM locations l JOIN organisations o ON o.id = l.organisation_id WHERE o.slug = 'solvik' AND l.status IN ('ACTIVE', 'ACTIVE_PROCESS', 'PENDING')`))[0]!.n);
  await expect(card.getByTestId('segments-count')).toHaveText(`Matches ${inside} of ${total} locations`);

  // The preview, in Swedish (solvik's first language): the card for a customer in the audience…
  const preview = page.getByTestId('phone-preview');
  const offer = preview.getByTestId(/^preview-item-/).filter({ hasText: 'Solceller till rabatt' });
  await expect(offer).toBeVisible();
  const insider = await pickCustomer(page, "In the card's audience");
  await expect(page.getByTestId('preview-for')).toContainText(insider.split(',')[0]!);
  await expect(offer).not.toHaveAttribute('data-hidden');
  // …and dimmed for one outside it.
  const outsider = await pickCustomer(page, "Outside the card's audience");
  await expect(page.getByTestId('preview-for')).toContainText(outsider.split(',')[0]!);
  await expect(offer).toHaveAttribute('data-hidden', 'segment');
  await expect(offer).toContainText('Not for this customer');
  // In English the card reads in English.
  await preview.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(preview.getByTestId(/^preview-item-/).filter({ hasText: 'Solar panels at a discount' })).toBeVisible();

  await expectNoSeriousViolations(page, testInfo, 'home-modules');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByTestId('saved')).toBeVisible();
  await expect(page.getByTestId('draft-state')).toHaveText('Draft differs from live');
  const saved = await query<{ content: { items: Array<{ name: string; items?: Array<{ segments: unknown; navigation: unknown }> }> } }>(
    `SELECT content FROM settings_drafts WHERE part = 'modules' AND organisation_id = (SELECT id FROM organisations WHERE slug = 'solvik')`,
  );
  const offers = saved[0]!.content.items.find((m) => m.name === 'Offers')!;
  expect(offers.items!.at(-1)).toMatchObject({
    segments: { match: 'AND', rules: [{ name: 'heatingTypes', operator: 'anyOf', value: ['direct'] }] },
    navigation: { page: 'EXTERNAL_URL', url: 'https://solvik.example/solar', openInBrowser: true },
  });

  // Leave the demo as it was.
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(page.getByTestId('draft-state')).toHaveText('Same as live');
});
