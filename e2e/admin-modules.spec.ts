import { expect, test } from '@playwright/test';
import { addOfferForDirectHeating, previewAsCustomer, query, signInStaff, solvikAudience, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './helpers.ts';

/**
 * Home modules (issue 18, decision 0058): a marketer opens Home modules, adds a card to the Offers
 * module for homes heated directly by electricity, sees the audience size the data says, previews
 * the home screen for a customer inside the audience (the card shows) and one outside it (the card
 * is dimmed, "Not for this customer"), and saves the draft. Axe on the editor with the preview.
 */
test.use({ locale: 'en-GB' });

test('a marketer adds an offer for a segment, sees its audience, previews it for a customer inside and outside, and saves the draft', async ({ page }, testInfo) => {
  test.slow();
  const { directlyHeated: inside, total } = await solvikAudience();
  expect(inside).toBeGreaterThan(0);
  await query(`DELETE FROM settings_drafts WHERE part = 'modules' AND organisation_id = (SELECT id FROM organisations WHERE slug = 'solvik')`);

  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_MARKETING'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home modules' }).click();
  await expect(page.getByRole('heading', { name: 'Home modules', level: 1 })).toBeVisible();
  await expect(page.getByTestId('draft-state')).toHaveText('Same as live');
  // The demo's modules, in order, with the phone showing them.
  await expect(page.getByTestId(/^module-row-/)).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Home screen of the app' })).toContainText('Genvägar');

  // A card for homes with direct electric heating; its audience counted from the data.
  const card = await addOfferForDirectHeating(page, { sv: 'Solceller till rabatt', en: 'Solar panels at a discount' });
  await expect(card.getByTestId('segments-count')).toHaveText(`Matches ${inside} of ${total} locations`);

  // The preview, in Swedish (solvik's first language): the card for a customer in the audience…
  const preview = page.getByTestId('phone-preview');
  const offer = preview.getByTestId(/^preview-item-/).filter({ hasText: 'Solceller till rabatt' });
  await expect(offer).toBeVisible();
  await previewAsCustomer(page, "In the card's audience");
  await expect(offer).not.toHaveAttribute('data-hidden');
  // …and dimmed for one outside it.
  await previewAsCustomer(page, "Outside the card's audience");
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
