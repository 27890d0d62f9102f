import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations, orgUrl } from './helpers.ts';

/**
 * Copy texts in the back office (issue 17, decision 0046): a marketing user edits a Swedish text
 * of the portal's sign-in page and sees it in the portal at once; imports a CSV after its dry run
 * lists what would change; and resets the text, after which the portal shows the default again.
 * Axe on the list, the editor and the import dialog.
 */

const edited = `Välkommen till Solvik – logga in här (${Date.now()})`;
const imported = `Importerad inloggningstext ${Date.now()}`;
const original = 'Logga in för att se dina fakturor, avtal och din förbrukning.';

test('a marketing user edits a Swedish portal text, sees it in the portal, imports a CSV after its dry run, and resets it', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  // The portal as a Swedish-speaking visitor sees it (the page follows the browser's language).
  const visitor = await browser.newContext({ locale: 'sv-SE' });
  const portal = await visitor.newPage();
  const portalIntro = async () => {
    await portal.goto(orgUrl('solvik', '/login'));
    return portal.getByRole('heading', { level: 1 }).locator('xpath=following-sibling::p[1]');
  };
  await expect(await portalIntro()).toHaveText(original);

  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_MARKETING'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Copy texts' }).click();
  await expect(page.getByRole('heading', { name: 'Copy texts', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Copy texts' }).getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'copy texts list');

  await page.getByRole('searchbox', { name: 'Search keys and texts' }).fill('login.intro');
  await page.getByRole('searchbox', { name: 'Search keys and texts' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Open login.intro', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Open login.intro', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'login.intro', level: 1 })).toBeVisible();
  await expect(page.getByText('Where it appears: the portal: the sign-in page')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the portal' })).toHaveAttribute('href', /^http:\/\/solvik\.localhost:\d+\/login$/);
  const swedish = page.getByRole('textbox', { name: /^Svenska \(sv\)/ });
  await expect(swedish).toHaveValue('');
  await expect(page.getByText(`Default: ${original}`)).toBeVisible();
  // A placeholder only Swedish has is refused before saving.
  await swedish.fill('Hej {{name}}');
  await expect(page.getByRole('alert').filter({ hasText: 'The placeholders must be the same in every language' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await swedish.fill(edited);
  await expectNoSeriousViolations(page, testInfo, 'copy text editor');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved. Customers see the new text now.')).toBeVisible();
  await expect(page.getByText(/Last changed .* by org-marketing@solvik\.example/)).toBeVisible();

  // At once in the portal.
  await expect(await portalIntro()).toHaveText(edited);

  // Import: a dry run first, then the confirmed import.
  const file = path.join(testInfo.outputDir, 'copy-import.csv');
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  fs.writeFileSync(file, `type,key,en,sv\r\nmy-pages,login.intro,,"${imported}"\r\nmy-pages,e2e.importedKey,Imported key,Importerad nyckel\r\n`);
  await page.getByRole('link', { name: /All texts of Portal/ }).click();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import texts into Portal (My pages)' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'CSV file' }).click();
  await (await chooser).setFiles(file);
  await dialog.getByRole('button', { name: 'Show what would change' }).click();
  await expect(dialog.getByText('2 added, 1 changed, 0 reset to the default, 1 unchanged')).toBeVisible();
  const changes = dialog.getByRole('table');
  await expect(changes.getByRole('row').filter({ hasText: 'login.intro' })).toContainText(edited);
  await expect(changes.getByRole('row').filter({ hasText: 'login.intro' })).toContainText(imported);
  await expect(changes.getByRole('row').filter({ hasText: 'login.intro' })).toContainText('Changed');
  await expect(changes.getByRole('row').filter({ hasText: 'e2e.importedKey' })).toHaveCount(2);
  // Nothing changed yet.
  await expect(await portalIntro()).toHaveText(edited);
  await expectNoSeriousViolations(page, testInfo, 'copy import dry run');
  await dialog.getByRole('button', { name: 'Import 3 changes' }).click();
  await expect(page.getByText('Imported: 3 changes.')).toBeVisible();
  await expect(await portalIntro()).toHaveText(imported);

  // The export link: the group as CSV, with the imported text.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = fs.readFileSync((await (await download).path()) ?? '', 'utf8');
  expect(csv.split('\r\n')[0]).toBe('type,key,en,sv,nb,nn,fi,de,_updatedAt');
  expect(csv).toContain(imported);
  expect(csv).toContain('my-pages,e2e.importedKey,Imported key,Importerad nyckel,');

  // Reset: the default comes back in the portal.
  await page.getByRole('searchbox', { name: 'Search keys and texts' }).fill('login.intro');
  await page.getByRole('searchbox', { name: 'Search keys and texts' }).press('Enter');
  await page.getByRole('button', { name: 'Open login.intro', exact: true }).click();
  await page.getByRole('button', { name: 'Reset every language to the default' }).click();
  await page.getByRole('dialog', { name: 'Reset login.intro to the default?' }).getByRole('button', { name: 'Reset to default' }).click();
  await expect(page.getByText('The defaults apply again.')).toBeVisible();
  await expect(swedish).toHaveValue('');
  await expect(await portalIntro()).toHaveText(original);
  await visitor.close();
});
