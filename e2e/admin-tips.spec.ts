import { expect, test } from './fixtures.ts';
import { signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations, signInAt } from './helpers.ts';

/**
 * Tips (issue 18, decision 0053): a marketer writes a tip for a segment (air-to-water heat pumps
 * with a grid service, account owners) in English and Swedish; solvik's demo customer, whose home
 * is in that segment and who reads Swedish, sees it on the dashboard, marks it done, still sees it
 * done after a reload, and undoes it; a demo tip for district heating is not shown to them. The
 * marketer deletes the tip after confirming. Axe on the list, the form and the portal.
 */

test.use({ locale: 'en-GB' });

test('a marketer writes a tip for a segment, and the demo customer sees it and marks it done', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const english = `Use the heat pump's eco mode ${stamp}`;
  const swedish = `Använd värmepumpens ekoläge ${stamp}`;

  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_MARKETING'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Tips' }).click();
  await expect(page.getByRole('heading', { name: 'Tips', level: 1 })).toBeVisible();
  // The demo tips, with their segments in words.
  const radiators = page.getByRole('row').filter({ hasText: 'Bleed the radiators before winter' });
  await expect(radiators.getByText('Heating: District heating')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Run the dishwasher when electricity is cheap' }).getByText('All customers')).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'tips list');

  await page.getByRole('button', { name: 'New tip' }).click();
  const form = page.getByRole('dialog', { name: 'New tip' });
  // Saving with no text is refused by the contract's own rule before anything is sent.
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByRole('alert')).toHaveText('Write a title and a text for the tip in at least one language.');

  await form.getByRole('textbox', { name: 'Title (English)' }).fill(english);
  await form.getByRole('textbox', { name: 'Text (English)' }).fill('Eco mode keeps the house warm with less electricity.');
  await form.getByRole('textbox', { name: 'Title (Svenska)' }).fill(swedish);
  // A title without a text is named on the form.
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByRole('textbox', { name: 'Text (Svenska)' })).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('textbox', { name: 'Text (Svenska)' }).fill('Ekoläget håller huset varmt med mindre el.');

  const heating = form.getByRole('textbox', { name: 'Primary heating' }).or(form.getByRole('combobox', { name: 'Primary heating' }));
  await heating.click();
  await page.getByRole('option', { name: 'Air-to-water heat pump' }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('checkbox', { name: 'grid', exact: true }).check();
  await form.getByRole('radiogroup', { name: 'Account owner' }).getByText('Yes').click();
  await form.getByRole('textbox', { name: 'Order' }).fill('1');
  await expectNoSeriousViolations(page, testInfo, 'tip form');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('The tip was created.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: english });
  await expect(row.getByText('Heating: Air-to-water heat pump')).toBeVisible();
  await expect(row.getByText('Has grid')).toBeVisible();
  await expect(row.getByText('Account owners')).toBeVisible();
  await expect(row.getByText('en, sv')).toBeVisible();

  // The demo customer reads Swedish: the tip in Swedish on the dashboard, first (order 1).
  const customer = await browser.newContext({ locale: 'sv-SE' });
  const portal = await customer.newPage();
  await signInAt(portal, 'solvik', 'sv');
  const card = portal.getByRole('region', { name: 'Tips för ditt hem' });
  await expect(card).toBeVisible();
  const tip = card.getByRole('listitem').filter({ hasText: swedish });
  await expect(tip).toBeVisible();
  await expect(card.getByRole('listitem').first()).toContainText(swedish);
  await expect(card.getByText('Lufta elementen före vintern')).toHaveCount(0);
  await expectNoSeriousViolations(portal, testInfo, 'portal dashboard with tips');

  await tip.getByRole('button', { name: 'Markera som klar' }).click();
  await expect(tip.getByRole('button', { name: 'Ångra' })).toBeVisible();
  await expect(tip.getByText('Klar', { exact: true })).toBeVisible();
  // Done tips go last; still done after a reload.
  await portal.reload();
  const again = portal.getByRole('region', { name: 'Tips för ditt hem' }).getByRole('listitem').filter({ hasText: swedish });
  await expect(again.getByRole('button', { name: 'Ångra' })).toBeVisible();
  await expect(portal.getByRole('region', { name: 'Tips för ditt hem' }).getByRole('listitem').last()).toContainText(swedish);
  await again.getByRole('button', { name: 'Ångra' }).click();
  await expect(again.getByRole('button', { name: 'Markera som klar' })).toBeVisible();
  await customer.close();

  // Deleted after confirming: gone from the list and from the portal.
  await row.getByRole('button', { name: `Actions: ${english}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete “${english}”?` });
  await expectNoSeriousViolations(page, testInfo, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  const later = await browser.newContext({ locale: 'sv-SE' });
  const next = await later.newPage();
  await signInAt(next, 'solvik', 'sv');
  await expect(next.getByRole('region', { name: 'Tips för ditt hem' }).getByRole('listitem').first()).toBeVisible();
  await expect(next.getByText(swedish)).toHaveCount(0);
  await later.close();
});
