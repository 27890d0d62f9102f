import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminUrl, signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations, port } from './helpers.ts';

/**
 * The back office's API tokens and secrets (issue 16, spec 002 §3, §6, §7) as staff use them: a
 * token shown once, copied, working for the organisation's systems until it is revoked; the
 * table's state in the address; the contract's rules in the form; secrets set, listed, revealed
 * on purpose and deleted, and refused to the scopes spec 002 §6 keeps them from. Each test makes
 * its own tokens and uses its own secret keys, so the tests may run in any order on any worker.
 */
test.use({ locale: 'en-GB' });

const base = `http://localhost:${port}`;
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A call of the organisation's own systems that needs the token scope `syncAccount`: readings for ingest (a broken line is reported, not refused). */
const sendReadings = (request: APIRequestContext, token: string) =>
  request.post(`${base}/v4/solvik/ingest/readings`, { data: '{"broken": 1}\n', headers: { 'content-type': 'application/x-ndjson', authorization: `Bearer ${token}` } });

/** The signed-in staff member's access token, as the back office keeps it for its host. */
const staffToken = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('gridline.staff.solvik') ?? 'null') as { accessToken: string }).accessToken);

const rowOf = (page: Page, text: string) => page.getByRole('table', { name: 'API tokens' }).getByRole('row').filter({ hasText: text });

async function openRowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions: ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('an organisation admin creates an API token, copies it from the one time it is shown; it sends readings until it is revoked, then it is refused', async ({ page, context, request }, testInfo) => {
  // Several sign-ins and dialogs: more than 30 s on a busy machine.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `http://solvik.localhost:${port}` });
  const name = unique('Meter feed');
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'API tokens' }).click();
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('API tokens · Back office');
  await expectNoSeriousViolations(page, testInfo, 'api tokens');

  await page.getByRole('button', { name: 'New API token' }).click();
  const form = page.getByRole('dialog', { name: 'New API token' });
  await expect(form.getByRole('checkbox', { name: 'Send readings (syncAccount)' })).toBeChecked();
  await expectNoSeriousViolations(page, testInfo, 'new api token form');
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('button', { name: 'Create' }).click();

  // Shown once, with the warning, and copied to the clipboard with the button.
  const shown = page.getByRole('dialog', { name: 'Your new API token' });
  await expect(shown).toContainText('It is shown only this once');
  const token = ((await shown.getByTestId('new-api-token').textContent()) ?? '').trim();
  expect(token).toMatch(/^glt_[\w-]{40,}$/);
  await expectNoSeriousViolations(page, testInfo, 'token shown once');
  await shown.getByRole('button', { name: 'Copy the token' }).click();
  await expect(shown.getByRole('button', { name: 'Copied to the clipboard' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await shown.getByRole('button', { name: 'I have copied it, close' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(token)).toHaveCount(0);

  const row = rowOf(page, name);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('syncAccount');
  await expect(row).toContainText('org-admin@solvik.example');
  await expect(row).toContainText('Never used');

  // The organisation's systems send readings with it; the table then says when it was last used.
  expect((await sendReadings(request, token)).status()).toBe(200);
  await page.reload();
  await expect(rowOf(page, name)).toBeVisible();
  await expect(rowOf(page, name)).not.toContainText('Never used');

  // A pasted token is found without going into the address.
  await page.getByLabel('Find the token a pasted value belongs to').fill(token);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByText('The pasted value belongs to this token.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'The pasted value belongs to this token.' })).toContainText(name);
  expect(page.url()).not.toContain(token);
  await page.getByRole('button', { name: 'Show all tokens' }).click();

  // Revoked after confirmation: the next call is refused at once.
  await openRowAction(page, name, 'Revoke');
  const confirm = page.getByRole('dialog', { name: `Revoke ${name}?` });
  await expect(confirm).toContainText('The token stops working at once');
  await expectNoSeriousViolations(page, testInfo, 'revoke confirmation');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`The API token ${name} was revoked.`)).toBeVisible();
  await expect(rowOf(page, name)).toContainText('Revoked');
  await expect(rowOf(page, name)).toContainText(/Revoked .+ by org-admin@solvik\.example/);
  const refused = await sendReadings(request, token);
  expect(refused.status()).toBe(401);

  // A revoked token cannot be edited or revoked again, only deleted, after typing its name.
  await page.getByRole('button', { name: `Actions: ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: 'Revoke' })).toBeDisabled();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const del = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(del.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await del.getByRole('textbox', { name: `Type ${name} to confirm` }).fill(name);
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`The API token ${name} was deleted.`)).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(0);
});

test('the create form says what the contract requires: a name of at least 3 characters and a scope', async ({ page }) => {
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_DEVELOPER'));
  await page.goto(adminUrl('solvik', '/solvik/api-tokens'));
  await page.getByRole('button', { name: 'New API token' }).click();
  const form = page.getByRole('dialog', { name: 'New API token' });
  await form.getByRole('textbox', { name: 'Name' }).fill('ab');
  await form.getByRole('checkbox', { name: 'Send readings (syncAccount)' }).uncheck();
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('At least 3 characters.', { exact: true })).toBeVisible();
  await expect(form.getByText('Choose at least one.', { exact: true })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');

  // Corrected, it is created, and a developer edits its name, scopes and expiry.
  const name = unique('Location reader');
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('checkbox', { name: 'Read locations (getLocations)' }).check();
  await form.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('dialog', { name: 'Your new API token' }).getByRole('button', { name: 'I have copied it, close' }).click();
  await expect(rowOf(page, name)).toContainText('getLocations');
  await openRowAction(page, name, 'Edit');
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByRole('checkbox', { name: 'Send messages (sendMessage)' }).check();
  await edit.getByRole('combobox', { name: 'Expires' }).click();
  await page.getByRole('option', { name: 'Never (until revoked)' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`The API token ${name} was saved.`)).toBeVisible();
  await expect(rowOf(page, name)).toContainText('sendMessage');
  await expect(rowOf(page, name)).toContainText('Never expires');
});

test("the tokens table keeps its page size and page in the address across a reload", async ({ page }) => {
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));
  // Enough tokens for a second page of ten, made through the same API the page uses.
  const bearer = await staffToken(page);
  const prefix = unique('Paged');
  for (let i = 0; i < 11; i++) {
    const made = await page.request.post(`${base}/v3/admins/apitokens`, { data: { name: `${prefix} ${i}`, organisation: 'solvik', tokenScopes: ['getLocations'] }, headers: { authorization: `Bearer ${bearer}` } });
    expect(made.status()).toBe(200);
  }
  await page.goto(adminUrl('solvik', '/solvik/api-tokens'));
  const table = page.getByRole('table', { name: 'API tokens' });
  await expect(table.getByRole('row').filter({ hasText: `${prefix} 10` })).toBeVisible();
  await page.getByRole('button', { name: '25', exact: true }).click();
  await page.getByRole('menuitem', { name: '10', exact: true }).click();
  await expect(page).toHaveURL(/[?&]limit=10/);
  await expect(table.getByRole('row')).toHaveCount(11);
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(/^11–\d+ of \d+$/)).toBeVisible();
  // The previous page's rows stay while the next loads: wait for the second page's own first row
  // (newest first, so the eleventh of these tokens, the first made).
  await expect(table.getByRole('row').nth(1)).toContainText(`${prefix} 0`);
  const secondPage = await table.getByRole('row').nth(1).textContent();

  await page.reload();
  await expect(page).toHaveURL(/[?&]limit=10/);
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(/^11–\d+ of \d+$/)).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toHaveText(secondPage ?? '');
});

test('an organisation admin sets a customer-facing secret, sees it listed as set, reveals it on purpose and deletes it', async ({ page }, testInfo) => {
  // Several sign-ins and dialogs: more than 30 s on a busy machine.
  test.slow();
  const value = `hark-live-${Date.now().toString(36)}`;
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Secrets' }).click();
  await expect(page.getByRole('heading', { name: 'Secrets', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Secrets' });
  // An organisation admin reaches the customer-facing keys only, and the page names the others.
  await expect(table.getByRole('row').filter({ hasText: 'harkWebhookSecret' })).toContainText('Not set');
  await expect(table.getByRole('row').filter({ hasText: 'bfusPassword' })).toHaveCount(0);
  const outOfReach = page.getByRole('list', { name: 'Keys your role cannot manage' });
  for (const key of ['utilityCloudClientId', 'utilityCloudClientSecret', 'bfusUsername', 'bfusPassword']) await expect(outOfReach).toContainText(key);
  await expectNoSeriousViolations(page, testInfo, 'secrets');

  // Filters live in the address.
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Hark' }).click();
  await expect(page).toHaveURL(/[?&]category=Hark/);

  await page.getByRole('button', { name: 'Actions: harkWebhookSecret' }).click();
  await page.getByRole('menuitem', { name: 'Set a value' }).click();
  const form = page.getByRole('dialog', { name: 'Set harkWebhookSecret' });
  const field = form.getByLabel('Value');
  await expect(field).toHaveValue('');
  await expectNoSeriousViolations(page, testInfo, 'set secret form');
  await field.fill('   ');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Fill this in.')).toBeVisible();
  await field.fill(`  ${value}  `);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The secret harkWebhookSecret was saved.')).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'harkWebhookSecret' });
  await expect(row.getByRole('button', { name: 'Reveal: harkWebhookSecret' })).toBeVisible();
  await expect(row).not.toContainText('Not set');
  await expect(row).toContainText('org-admin@solvik.example');
  await expect(page.getByText(value)).toHaveCount(0);
  expect(page.url()).not.toContain(value);

  // Reading it back is a deliberate step: masked until asked, with the note that it is audited.
  await row.getByRole('button', { name: 'Reveal: harkWebhookSecret' }).click();
  const reveal = page.getByRole('dialog', { name: 'The value of harkWebhookSecret' });
  await expect(reveal).toContainText('Reading a value is recorded in the audit log');
  await expect(reveal.getByTestId('secret-value')).not.toContainText(value);
  await reveal.getByRole('button', { name: 'Reveal the value' }).click();
  await expect(reveal.getByTestId('secret-value')).toHaveText(value);
  await expectNoSeriousViolations(page, testInfo, 'revealed secret');
  await reveal.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(reveal).toBeHidden();
  await expect(page.getByText(value)).toHaveCount(0);

  // Replacing starts from an empty field again.
  await page.getByRole('button', { name: 'Actions: harkWebhookSecret' }).click();
  await page.getByRole('menuitem', { name: 'Replace the value' }).click();
  const replace = page.getByRole('dialog', { name: 'Replace harkWebhookSecret' });
  await expect(replace.getByLabel('Value')).toHaveValue('');
  await replace.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Actions: harkWebhookSecret' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const del = page.getByRole('dialog', { name: 'Delete harkWebhookSecret?' });
  await del.getByRole('textbox', { name: 'Type harkWebhookSecret to confirm' }).fill('harkWebhookSecret');
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The secret harkWebhookSecret was deleted.')).toBeVisible();
  await expect(row).toContainText('Not set');
});

test('secrets are refused to the scopes spec 002 §6 keeps them from: an organisation admin those not customer facing, a developer every one', async ({ page, browser }, testInfo) => {
  // Several sign-ins and dialogs: more than 30 s on a busy machine.
  test.slow();
  const value = `bfus-${Date.now().toString(36)}`;
  // The platform admin sets a secret that is not customer facing, for Solvik.
  await signInStaff(page, 'solvik', 'admin@gridline.example');
  await page.goto(adminUrl('solvik', '/solvik/secrets?category=BFUSIntegration'));
  const table = page.getByRole('table', { name: 'Secrets' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Actions: bfusUsername' }).click();
  await page.getByRole('menuitem', { name: 'Set a value' }).click();
  await page.getByRole('dialog', { name: 'Set bfusUsername' }).getByLabel('Value').fill(value);
  await page.getByRole('dialog', { name: 'Set bfusUsername' }).getByRole('button', { name: 'Save' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'bfusUsername' })).toContainText('admin@gridline.example');
  await expect(page.getByRole('list', { name: 'Keys your role cannot manage' })).toHaveCount(0);

  // Solvik's organisation admin does not see it, is told why, and the server refuses its value.
  const admin = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await signInStaff(admin, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));
  await admin.goto(adminUrl('solvik', '/solvik/secrets'));
  await expect(admin.getByRole('table', { name: 'Secrets' }).getByRole('row').filter({ hasText: 'bfusUsername' })).toHaveCount(0);
  await expect(admin.getByText('These keys are not customer facing: only platform staff can set, read or delete them.')).toBeVisible();
  const adminRead = await admin.request.get(`${base}/v4/secrets/solvik/bfusUsername`, { headers: { authorization: `Bearer ${await staffToken(admin)}` } });
  expect([adminRead.status(), ((await adminRead.json()) as { key: string }).key]).toEqual([403, 'FORBIDDEN']);

  // A developer has no secrets area: the page says so in words, and the server refuses every key.
  const developer = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await signInStaff(developer, 'solvik', staffEmail('solvik', 'ORG_DEVELOPER'));
  await expect(developer.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Secrets' })).toHaveCount(0);
  await developer.goto(adminUrl('solvik', '/solvik/secrets'));
  await expect(developer.getByRole('alert')).toContainText('You do not have access to this page with your role.');
  await expectNoSeriousViolations(developer, testInfo, 'secrets refused');
  const developerBearer = await staffToken(developer);
  for (const key of ['harkApiKey', 'bfusUsername']) {
    const read = await developer.request.get(`${base}/v4/secrets/solvik/${key}`, { headers: { authorization: `Bearer ${developerBearer}` } });
    expect([key, read.status(), ((await read.json()) as { key: string }).key]).toEqual([key, 403, 'FORBIDDEN']);
  }
  const list = await developer.request.get(`${base}/v4/secrets/meta?organisation=solvik`, { headers: { authorization: `Bearer ${developerBearer}` } });
  expect(list.status()).toBe(403);

  // The platform admin deletes it again.
  await page.getByRole('button', { name: 'Actions: bfusUsername' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const del = page.getByRole('dialog', { name: 'Delete bfusUsername?' });
  await del.getByRole('textbox', { name: 'Type bfusUsername to confirm' }).fill('bfusUsername');
  await del.getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'bfusUsername' })).toContainText('Not set');
});
