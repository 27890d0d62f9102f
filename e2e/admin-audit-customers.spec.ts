import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminUrl, signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations, port } from './helpers.ts';

/**
 * The back office's customer pages and audit log (issue 16): a customer found by personal number,
 * their page, the portal opened as them read-only, the session in the audit log; an admin change
 * with its values before and after; contact details changed and a user removed from an account;
 * the areas a role may not open. Each test starts from its own sign-in and its own data.
 */
test.use({ locale: 'en-GB' });

const base = `http://localhost:${port}`;
/** Anna-Karin Lindqvist, solvik's demo customer (apps/server/src/demo/sign-in-identities.ts). */
const annaKarin = { personalId: '198403162384', typed: '840316-2384' };

const staffToken = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('gridline.staff.solvik') ?? 'null') as { accessToken: string }).accessToken);

/** Today as the date picker names its days in English ('25 November 2026'). */
const todayLabel = () => {
  const now = new Date();
  return `${now.getDate()} ${now.toLocaleString('en-GB', { month: 'long' })} ${now.getFullYear()}`;
};

test('an organisation admin finds a customer by personal number, opens the portal as them read-only, and finds the session in the audit log', async ({ page, context }, testInfo) => {
  test.slow();
  const admin = staffEmail('solvik', 'ORG_ADMIN');
  await signInStaff(page, 'solvik', admin);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Customers' }).click();
  await page.getByRole('textbox', { name: 'Search for' }).fill(annaKarin.typed);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/[?&]search=840316-2384/);
  const hit = page.getByRole('table', { name: 'Customers found' }).getByRole('row').filter({ hasText: annaKarin.personalId });
  await hit.getByRole('button').first().click();

  // The customer page: the accounts with their users, homes, agreements, invoices, sign-ins.
  await expect(page.getByRole('heading', { name: /Lindqvist/, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/solvik\/customers\/[0-9a-f]{24}$/);
  const account = page.getByRole('article', { name: /^Customer number \d+$/ }).first();
  await expect(account.getByRole('table', { name: /^Users of customer number/ })).toContainText('owner');
  await expect(page.getByRole('table', { name: 'Latest invoices' }).getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Homes and sites' })).toContainText('Active');
  await expect(page.getByRole('table', { name: 'Agreements' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent sign-ins' })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'customer page');
  await page.screenshot({ path: testInfo.outputPath('customer-page.png'), fullPage: true });

  // A site's history rebuild is a queued job, answered with its id (or the one already waiting).
  await page.getByRole('button', { name: /^Rebuild the history of / }).first().click();
  await expect(page.getByRole('table', { name: 'Homes and sites' }).getByRole('status').first()).toHaveText(/^(Queued as job \S+\.|A job for this is already waiting in the queue; it will do\.)$/);

  // The portal as the customer, in a new tab, read-only.
  await account.getByRole('button', { name: 'Open the portal as this customer' }).click();
  const dialog = page.getByRole('dialog', { name: /^Open the portal as/ });
  await expect(dialog).toContainText('recorded in the audit log');
  const opened = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Open the portal as this customer' }).click();
  const portal = await opened;
  await expect(portal).toHaveURL(/solvik\.localhost:\d+\/dashboard/);
  const banner = portal.getByRole('status', { name: /^(Support session – read only|Supportsession – endast läsning)$/ });
  await expect(banner).toContainText(/Lindqvist/i);
  // A fresh browser meets the portal's welcome first (the customer reads Swedish).
  await portal.getByRole('dialog').getByRole('button', { name: /^(Kom igång|Get started)$/ }).click();
  // A change cannot be made: the button is off, and a write sent anyway is refused.
  await portal.getByRole('link', { name: /^(Account settings|Kontoinställningar)$/ }).first().click();
  await expect(portal.getByRole('button', { name: /^(Change e-mail|Ändra e-post)$/ })).toBeDisabled();
  const inspectorToken = await portal.evaluate(
    () => (JSON.parse(localStorage.getItem('gridline.session.solvik') ?? '{}') as { auths?: Array<{ accessToken: string }> }).auths?.[0]?.accessToken ?? '',
  );
  const refused = await portal.request.put(`${base}/v4/solvik/users/me/language`, { data: { language: 'en' }, headers: { authorization: `Bearer ${inspectorToken}` } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).key).toBe('READ_ONLY_SESSION');
  await portal.close();

  // The back office says what was opened and that it is read-only and audited.
  const notice = page.getByRole('status').filter({ hasText: 'Support session started' });
  await expect(notice).toContainText('The session is read only');
  await expectNoSeriousViolations(page, testInfo, 'customer page after opening the portal');

  // The audit log: the support session with its actor; the filter is in the address and survives a reload.
  await menu.getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('textbox', { name: 'Action' }).fill('support.session');
  await page.getByRole('textbox', { name: 'Actor (e-mail or id)' }).fill(admin);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]action=support\.session/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Action' })).toHaveValue('support.session');
  const entry = page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'support.session' }).first();
  await expect(entry).toContainText(admin);
  await expect(entry).toContainText(/Admin · password/);
  await expect(entry).toContainText('Done');
  await expectNoSeriousViolations(page, testInfo, 'audit log filtered');
  await entry.getByRole('button', { name: 'support.session' }).click();
  await expect(page.getByRole('heading', { name: 'support.session', level: 1 })).toBeVisible();
  await expect(page.getByText('Request id')).toBeVisible();
  await expect(page.getByRole('table', { name: 'More about the entry' })).toContainText('BACK_OFFICE');
  await expectNoSeriousViolations(page, testInfo, 'audit entry of a support session');
});

test("an admin change shows its values before and after in the audit log, found by period, object and order; the filter's export downloads", async ({ page }, testInfo) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const newcomer = `audit.${stamp}@solvik.example`;
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));
  const menu = page.getByRole('navigation', { name: 'Main menu' });

  // An admin created, then renamed: the change the log shows.
  await menu.getByRole('link', { name: 'Admins' }).click();
  await page.getByRole('button', { name: 'New admin' }).click();
  const form = page.getByRole('dialog', { name: 'New admin' });
  await form.getByRole('textbox', { name: 'E-mail' }).fill(newcomer);
  await form.getByRole('textbox', { name: 'First name' }).fill('Before');
  await form.getByRole('checkbox').uncheck();
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  await page.goto(adminUrl('solvik', `/solvik/admins?q=${encodeURIComponent(newcomer)}`));
  await page.getByRole('button', { name: `Actions: ${newcomer}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${newcomer}` });
  await edit.getByRole('textbox', { name: 'First name' }).fill('After');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  // Today's period picked in the calendar, the object type chosen: both go into the address.
  await menu.getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('button', { name: 'Period' }).click();
  const today = new Date().toISOString().slice(0, 10);
  // The range's start goes into the address and the calendar draws again before the second click
  // (a click during that redraw was lost on a busy machine): wait for it, then close the range.
  await page.getByRole('button', { name: todayLabel() }).first().click();
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  await page.getByRole('button', { name: todayLabel() }).first().click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Action' }).fill('admin.update');
  await page.getByRole('combobox', { name: 'Object type' }).fill('admin');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/subjectType=admin/);
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.getByRole('row').filter({ hasText: 'admin.update' }).first()).toBeVisible();
  // The pointer off the Apply button: axe read its hover colour (a color-mix()) as too light.
  await page.mouse.move(0, 0);
  await expectNoSeriousViolations(page, testInfo, 'audit log by period and object');
  await page.screenshot({ path: testInfo.outputPath('audit-log.png'), fullPage: true });

  // Oldest first is the server's order too, kept in the address.
  await table.getByRole('button', { name: /^When/ }).click();
  await expect(page).toHaveURL(/order=oldest/);
  await table.getByRole('button', { name: /^When/ }).click();
  await expect(page).not.toHaveURL(/order=oldest/);

  // The current filter as CSV, fetched with the staff bearer and saved.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // The entry: the changed name highlighted first, the unchanged fields folded away.
  await page.goto(adminUrl('solvik', `/solvik/audit?action=admin.update&subjectType=admin`));
  const row = table.getByRole('row').filter({ hasText: 'admin.update' }).first();
  await row.getByRole('button', { name: 'admin.update' }).click();
  await expect(page.getByRole('heading', { name: 'admin.update', level: 1 })).toBeVisible();
  const values = page.getByRole('table', { name: 'Values before and after' });
  const firstName = values.getByRole('row').filter({ hasText: 'firstName' });
  await expect(firstName).toContainText('Before');
  await expect(firstName).toContainText('After');
  await expect(firstName).toContainText('changed');
  await expect(values.getByRole('row').filter({ hasText: newcomer })).toHaveCount(0);
  await page.getByRole('button', { name: /^Show the unchanged fields \(\d+\)$/ }).click();
  await expect(values.getByRole('row').filter({ hasText: newcomer })).toBeVisible();
  await expect(page.getByText('Request id')).toBeVisible();
  await expect(page.getByText('Release group')).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'audit entry with before and after');
  await page.screenshot({ path: testInfo.outputPath('audit-entry.png'), fullPage: true });
});

test("support staff change a customer's contact details and remove a user from an account after confirming", async ({ page }, testInfo) => {
  // A sign-in, a search, two forms, two confirmations and axe three times: about 20 s on a busy machine.
  test.setTimeout(60_000);
  const stamp = Date.now().toString(36);
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_SUPPORT'));
  // A user of their own on a generated customer's account, so no other test meets the change.
  const token = await staffToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const accounts = await page.request.get(`${base}/v4/solvik/accounts?type=CUSTOMER&limit=1&page=9`, { headers });
  expect(accounts.status()).toBe(200);
  const [target] = (await accounts.json()).data as Array<{ accountId: string; provider: { customerId: string } }>;
  const created = await page.request.post(`${base}/v4/solvik/users`, {
    headers,
    data: { firstName: 'Guest', lastName: `Test${stamp}`, email: `guest.${stamp}@example.com`, account: { accountId: target!.accountId } },
  });
  expect(created.status()).toBe(200);
  const user = (await created.json()).data as { _id: string };
  const name = `Guest Test${stamp}`;

  await page.goto(adminUrl('solvik', `/solvik/customers/${user._id}`));
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Change contact details' }).click();
  const form = page.getByRole('dialog', { name: `Change the details of ${name}` });
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  await form.getByRole('textbox', { name: 'Phone' }).fill('+46 70 123 45 67');
  await expectNoSeriousViolations(page, testInfo, 'contact details form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("The customer's details were saved.")).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByText(/^\+46 ?70 ?123 ?45 ?67$|^\+46701234567$/)).toBeVisible();

  await page.getByRole('button', { name: `Remove ${name} from the account` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${name} from customer number ${target!.provider.customerId}?` });
  await expect(confirm).toContainText('must be added to the account again');
  await expectNoSeriousViolations(page, testInfo, 'remove from account confirmation');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${name} was removed from customer number ${target!.provider.customerId}.`)).toBeVisible();
  await expect(page.getByText('The customer is not a member of any account.')).toBeVisible();
});

test('a role without customer support does not see Customers and is told so at its address; support staff do not see the audit log', async ({ page, browser }) => {
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_MARKETING'));
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Customers' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await page.goto(adminUrl('solvik', '/solvik/customers'));
  await expect(page.getByRole('alert')).toContainText('You do not have access to this page with your role.');
  await page.goto(adminUrl('solvik', '/solvik/customers/64b7f0c2a1d3e4f5a6b7c8d9'));
  await expect(page.getByRole('alert')).toContainText('You do not have access to this page with your role.');

  const support = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await signInStaff(support, 'solvik', staffEmail('solvik', 'ORG_SUPPORT'));
  await expect(support.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Customers' })).toBeVisible();
  await expect(support.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await support.goto(adminUrl('solvik', '/solvik/audit'));
  await expect(support.getByRole('alert')).toContainText('You do not have access to this page with your role.');
  await support.context().close();
});
