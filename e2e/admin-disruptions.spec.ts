import { expect, test } from '@playwright/test';
import { adminUrl, signInStaff, staffEmail } from './admin-helpers.ts';
import { devKey } from './dev-key.ts';
import { expectNoSeriousViolations, orgUrl, port, signInAt } from './helpers.ts';

/**
 * Disruptions in the back office (issue 17, decision 0044): an organisation admin schedules a
 * warning that is in force from now, sees the preview and what customers see now; the
 * portal shows its banner; the admin switches it off after confirming, and the banner is gone on
 * the portal's next page load. Axe on the list, the form and the portal.
 */

const name = `E2E maintenance ${Date.now()}`;
const title = 'Planned maintenance in the grid';
const message = 'Readings may arrive late tonight between 22:00 and 23:00.';
const swedish = 'Mätvärden kan komma sent i kväll mellan 22 och 23.';

test('an organisation admin schedules a warning disruption, the portal shows it, and switching it off removes it', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Disruptions' }).click();
  await expect(page.getByRole('heading', { name: 'Disruptions', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What customers see now' })).toBeVisible();
  await expect(page.getByTestId('now-mypages')).toHaveText('No disruption is shown.');
  await expectNoSeriousViolations(page, testInfo, 'disruptions list');

  await page.getByRole('button', { name: 'New disruption' }).click();
  const form = page.getByRole('dialog', { name: 'New disruption' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('radio', { name: 'Warning' }).check();
  await form.getByRole('switch', { name: /^Scheduled/ }).check();
  // From now (to the minute), with no end: in force at once.
  await form.getByRole('button', { name: 'Starts' }).click();
  await page.getByRole('button', { name: 'Now', exact: true }).click();
  await page.getByRole('button', { name: 'Use this date and time' }).click();
  await expect(form.getByRole('button', { name: 'Starts' })).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

  // The title counts its characters; a title over 100 is refused with the contract's rule.
  await form.getByRole('textbox', { name: 'Title (English)' }).fill('x'.repeat(101));
  await expect(form.getByText('101 of 100 characters')).toBeVisible();
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('A title can have at most 100 characters in each language.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Title (English)' }).fill(title);
  await form.getByRole('textbox', { name: 'Message (English)' }).fill(message);
  await form.getByRole('tab', { name: 'Svenska' }).click();
  await form.getByRole('textbox', { name: 'Message (Svenska)' }).fill(swedish);
  // The preview follows the tab: the Swedish message, with the English title as the fallback.
  const preview = form.getByRole('group', { name: 'Preview in Svenska' });
  await expect(preview.getByText(swedish)).toBeVisible();
  await expect(preview.getByText(title)).toBeVisible();
  await form.getByRole('switch', { name: /^Switched on/ }).check();
  await expectNoSeriousViolations(page, testInfo, 'disruption form');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Ongoing')).toBeVisible();
  await expect(page.getByTestId('now-mypages')).toHaveText(`Showing: ${name}`);

  // The portal shows the banner to the demo customer, who reads Swedish: the Swedish message under
  // the English title (there is no Swedish one), as the preview said.
  const customer = await browser.newContext({ locale: 'sv-SE' });
  const portal = await customer.newPage();
  await signInAt(portal, 'solvik', 'sv');
  const banner = portal.getByRole('main').getByRole('status').filter({ hasText: swedish });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(title);
  await expectNoSeriousViolations(portal, testInfo, 'portal with the banner');

  // Switched off after confirming: gone on the portal's next page load.
  await row.getByRole('button', { name: `Actions: ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Switch off' }).click();
  const confirm = page.getByRole('dialog', { name: `Switch off ${name}?` });
  await confirm.getByRole('button', { name: 'Switch off' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
  await expect(row.getByText('Ongoing')).toBeHidden();
  await expect(page.getByTestId('now-mypages')).toHaveText('No disruption is shown.');

  await portal.goto(orgUrl('solvik', '/dashboard'));
  await expect(portal.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(portal.getByText(swedish)).toHaveCount(0);
  await customer.close();

  // Tidy up: delete it after confirming.
  await row.getByRole('button', { name: `Actions: ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await page.goto(adminUrl('solvik', '/solvik/disruptions?status=finished'));
  // The filter is kept in the address.
  await expect(page.getByRole('search', { name: 'Filter the disruptions' }).getByLabel('Status', { exact: true })).toHaveValue('Finished');
  await expect(page.getByText('Nothing matches.')).toBeVisible();
});

test('a warning scheduled from in an hour to in two hours appears and disappears on time (the development clock)', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const timed = `E2E timed ${Date.now()}`;
  const banner = 'The grid is being serviced this afternoon.';
  // The server's development clock (decision 0051): moved forward past the start, past the end, and back.
  const moveClock = async (minutes: number) => {
    const moved = await page.request.put(`http://localhost:${port}/dev/clock.json?key=${devKey}`, { data: { offsetSeconds: minutes * 60 } });
    expect(moved.status()).toBe(200);
  };
  // What a customer who signs in at that moment sees (a new sign-in, so that its tokens are of that time).
  const portalShows = async () => {
    const customer = await browser.newContext();
    const portal = await customer.newPage();
    await signInAt(portal, 'solvik', 'en');
    await expect(portal.getByRole('heading', { level: 1 })).toBeVisible();
    const shown = await portal.getByRole('main').getByRole('status').filter({ hasText: banner }).count();
    await customer.close();
    return shown > 0;
  };

  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));
  await page.goto(adminUrl('solvik', '/solvik/disruptions'));
  await page.getByRole('button', { name: 'New disruption' }).click();
  const form = page.getByRole('dialog', { name: 'New disruption' });
  await form.getByRole('textbox', { name: 'Name' }).fill(timed);
  await form.getByRole('radio', { name: 'Warning' }).check();
  await form.getByRole('switch', { name: /^Scheduled/ }).check();
  await form.getByRole('button', { name: 'Starts' }).click();
  await page.getByRole('button', { name: 'In an hour', exact: true }).click();
  await page.getByRole('button', { name: 'Use this date and time' }).click();
  await form.getByRole('button', { name: 'Ends' }).click();
  await page.getByRole('button', { name: 'In two hours', exact: true }).click();
  await page.getByRole('button', { name: 'Use this date and time' }).click();
  await form.getByRole('textbox', { name: 'Title (English)' }).fill('Maintenance');
  await form.getByRole('textbox', { name: 'Message (English)' }).fill(banner);
  await form.getByRole('switch', { name: /^Switched on/ }).check();
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: timed });
  await expect(row.getByText('Planned')).toBeVisible();

  try {
    expect(await portalShows()).toBe(false);
    await moveClock(61);
    await expect.poll(portalShows, { timeout: 30_000 }).toBe(true);
    await moveClock(121);
    await expect.poll(portalShows, { timeout: 30_000 }).toBe(false);
  } finally {
    await moveClock(0);
  }
  await page.reload();
  await row.getByRole('button', { name: `Actions: ${timed}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: `Delete ${timed}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});
