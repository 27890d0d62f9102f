import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminUrl, fillStaffSignIn, rememberTotpSecret, signInStaff, staffEmail, totpCode } from './admin-helpers.ts';
import { devKey } from './dev-key.ts';
import { expectNoSeriousViolations, port } from './helpers.ts';

/**
 * The back office (issue 16) as its staff meet it: the address the start banner prints, the
 * sign-in (password, BankID by QR code, the second factor with its enrolment), the menu their
 * role allows, and the admins page with its table, form and e-mailed password link.
 */
test.use({ locale: 'en-GB' });

const base = `http://localhost:${port}`;

/** The newest e-mail to an address in the development outbox, after a moment. */
async function newestMail(page: Page, to: string, after: number): Promise<{ text: string }> {
  let found: { text: string; createdAt: string } | undefined;
  await expect
    .poll(async () => {
      const answer = await page.request.get(`${base}/dev/outbox.json?key=${devKey}&kind=email&to=${encodeURIComponent(to)}`);
      const mails = ((await answer.json()) as { data: Array<{ text: string; createdAt: string }> }).data;
      found = mails.find((m) => Date.parse(m.createdAt) >= after - 1000);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test('the printed address opens the sign-in; an organisation admin signs in and works with the admins table', async ({ page }, testInfo) => {
  // A sign-in with argon2, four axe runs and a dozen table states: near 30 s on a loaded machine.
  test.slow();
  // `npm start` prints http://localhost:<port>/admin/: the default organisation's back office.
  await page.goto(`${base}/admin/`);
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in to the back office · Back office');
  await expectNoSeriousViolations(page, testInfo, 'sign-in');

  // The form checks with the contract before asking, and a wrong password says so without saying which part.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Fill this in.').first()).toBeVisible();
  await fillStaffSignIn(page, staffEmail('solvik', 'ORG_ADMIN'), 'not the password at all');
  await expect(page.getByRole('alert')).toContainText('The e-mail address or the password is wrong.');

  await fillStaffSignIn(page, staffEmail('solvik', 'ORG_ADMIN'));
  await expect(page).toHaveURL(/\/admin\/solvik$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Alex' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const area of ['Home', 'Admins', 'API tokens', 'Secrets', 'Customers', 'Audit log']) await expect(menu.getByRole('link', { name: area, exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'home');

  await menu.getByRole('link', { name: 'Admins' }).click();
  await expect(page.getByRole('heading', { name: 'Admins', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'org-admin@solvik.example' })).toContainText('You');
  await expect(table.getByRole('row').filter({ hasText: 'org-user@solvik.example' })).toContainText('Read only');
  await expectNoSeriousViolations(page, testInfo, 'admins');

  // Search, sort and filter live in the address: a reload shows the same rows.
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill('uma');
  await expect(page).toHaveURL(/[?&]q=uma/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('org-user@solvik.example');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search by name or e-mail' })).toHaveValue('uma');
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  // Sortable headers are buttons (mantine-datatable).
  await table.getByRole('button', { name: /^Last sign-in/ }).click();
  await expect(page).toHaveURL(/sortBy=lastSignInAt/);
  await table.getByRole('button', { name: /^Last sign-in/ }).click();
  await expect(page).toHaveURL(/order=desc/);
  // Most recent first: the admin who just signed in.
  await expect(table.getByRole('row').nth(1)).toContainText('org-admin@solvik.example');
});

test('an admin creates an admin, who chooses a password from the e-mail and sees only what the role allows', async ({ page, browser }, testInfo) => {
  // Three sign-ins and two password hashes: more than the default 30 s on a busy machine.
  test.slow();
  const email = `nora.${Date.now()}@solvik.example`;
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));
  await page.goto(adminUrl('solvik', '/solvik/admins'));
  await page.getByRole('button', { name: 'New admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'New admin' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'new admin form');
  // The contract's rules, in words: an e-mail is needed, a personal number has twelve digits.
  await dialog.getByRole('textbox', { name: 'Personal number for BankID (optional)' }).fill('12345');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Fill this in.')).toBeVisible();
  await expect(dialog.getByText('Twelve digits: YYYYMMDDNNNN.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Personal number for BankID (optional)' }).fill('');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Nora');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Berg');
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Marketing' }).click();
  const sent = Date.now();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`${email} was created and has an e-mail with a link to choose a password.`)).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: email })).toContainText('Invited, no password yet');

  // The same address twice is refused with the server's reason.
  await page.getByRole('button', { name: 'New admin' }).click();
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('alert')).toContainText('An admin with that e-mail address already exists.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Nora's own browser: the link from the e-mail, on Solvik's host.
  const mail = await newestMail(page, email, sent);
  const link = /https?:\/\/\S+\/admin\/set-password\?ref=\S+/.exec(mail.text)?.[0];
  expect(link).toContain(`solvik.localhost:${port}/admin/set-password?ref=`);
  const nora = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await nora.goto(link!);
  await expect(nora.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await expectNoSeriousViolations(nora, testInfo, 'set password');
  const [password, repeat] = [nora.locator('input[type=password]').nth(0), nora.locator('input[type=password]').nth(1)];
  await password.fill('short');
  await nora.getByRole('button', { name: 'Save the password' }).click();
  await expect(nora.getByText('At least 12 characters.', { exact: true })).toBeVisible();
  await password.fill('password1234');
  await repeat.fill('password1234');
  await nora.getByRole('button', { name: 'Save the password' }).click();
  await expect(nora.getByRole('alert')).toContainText('That password is too common.');
  await password.fill('a long walk by the northern river');
  await repeat.fill('a long walk by the northern river');
  await nora.getByRole('button', { name: 'Save the password' }).click();
  await expect(nora.getByText('Your password is saved. You can sign in now.')).toBeVisible();
  await nora.getByRole('link', { name: 'Go to sign-in' }).click();
  await fillStaffSignIn(nora, email, 'a long walk by the northern river');
  await expect(nora.getByRole('heading', { name: 'Welcome, Nora' })).toBeVisible();
  await expect(nora.getByText('Marketing · signed in with e-mail and password', { exact: false })).toBeVisible();
  // Marketing manages no admins and looks up no customers: neither is in the menu, nor opens by address.
  const menu = nora.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admins' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Customers' })).toHaveCount(0);
  await nora.goto(adminUrl('solvik', '/solvik/admins'));
  await expect(nora.getByRole('alert')).toContainText('You do not have access to this page with your role.');
  // The link worked once.
  await nora.goto(link!);
  await nora.locator('input[type=password]').nth(0).fill('another long and unusual phrase');
  await nora.locator('input[type=password]').nth(1).fill('another long and unusual phrase');
  await nora.getByRole('button', { name: 'Save the password' }).click();
  await expect(nora.getByRole('alert')).toContainText(/link/i);
  await nora.context().close();
});

test('an organisation that requires a second factor: enrolment by QR code, recovery codes shown once, then a code at every sign-in', async ({ page }, testInfo) => {
  test.slow();
  const email = staffEmail('fjellkraft', 'ORG_DEVELOPER');
  await page.goto(adminUrl('fjellkraft', '/'));
  await fillStaffSignIn(page, email);
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  const qr = page.getByRole('img', { name: 'QR code for the authenticator app' });
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(300);
  await expectNoSeriousViolations(page, testInfo, 'second factor enrolment');
  rememberTotpSecret(email, (await page.getByTestId('totp-secret').textContent()) ?? '');
  await page.getByRole('textbox', { name: 'Code' }).fill('12345');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Six digits from the app, or a recovery code.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill(totpCode(email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  const codes = (await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await expectNoSeriousViolations(page, testInfo, 'recovery codes');
  await page.getByRole('button', { name: 'I have saved them, continue' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(page.getByText('signed in with e-mail and password and a second step', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  // The session is gone on the server too: the address of a page asks for the sign-in again.
  await page.goto(adminUrl('fjellkraft', '/fjellkraft/admins'));
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=/);

  // Next time: a code; a wrong one is refused; a recovery code works once, and back to the page asked for.
  await fillStaffSignIn(page, email);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is wrong or has expired.');
  await page.getByRole('textbox', { name: 'Code' }).fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/fjellkraft\/admins$/);
  // A developer may not open the admins: the page says so.
  await expect(page.getByRole('alert')).toContainText('You do not have access to this page with your role.');
});

test('BankID by QR code: an admin with a personal number signs in; a customer\'s BankID is not staff', async ({ page, context }, testInfo) => {
  await page.goto(adminUrl('solvik', '/sign-in'));
  await page.getByRole('button', { name: 'Sign in with BankID' }).click();
  const qr = page.getByRole('img', { name: 'QR code for BankID' });
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(300);
  const first = await qr.getAttribute('src');
  await expect.poll(() => qr.getAttribute('src'), { timeout: 3_000 }).not.toBe(first);
  await expectNoSeriousViolations(page, testInfo, 'staff BankID');

  const phone = await context.newPage();
  await phone.goto(`${base}/dev/bankid?key=${devKey}`);
  let order = phone.getByRole('region', { name: /^Order / }).first();
  await order.getByLabel('Identify as').selectOption({ label: 'anna-karin Lindqvist, 198403162384 (solvik)' });
  await order.getByRole('button', { name: 'Identify' }).click();
  await expect(page.getByRole('alert')).toContainText('This BankID does not belong to a member of staff here.');

  await page.getByRole('button', { name: 'Start again' }).click();
  await expect(qr).toBeVisible();
  await phone.reload();
  order = phone.getByRole('region', { name: /^Order / }).first();
  await order.getByLabel('Identify as').selectOption({ label: 'Alex Admin, 198503122353 (solvik staff)' });
  await order.getByRole('button', { name: 'Identify' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Alex' })).toBeVisible();
  await expect(page.getByText('signed in with BankID', { exact: false })).toBeVisible();
});

test('the back office speaks the language chosen, and a forgotten password gets a link without telling who is staff', async ({ page }, testInfo) => {
  await page.goto(adminUrl('koivu', '/sign-in'));
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'forgot password');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('nobody@koivu.example');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('If the address belongs to a member of staff here, a link is on its way.');

  await signInStaff(page, 'koivu', staffEmail('koivu', 'ORG_SUPPORT'));
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Suomi' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  const menu = page.getByRole('navigation', { name: 'Päävalikko' });
  await expect(menu.getByRole('link', { name: 'Asiakkaat' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Tervetuloa/ })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'home in Finnish');
  // The choice stays for the next visit.
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Tervetuloa/ })).toBeVisible();
});

test('the platform admin works in every organisation: the switcher keeps the area, and the platform\'s own staff are listed apart', async ({ page }, testInfo) => {
  await signInStaff(page, 'solvik', 'admin@gridline.example');
  await page.goto(adminUrl('solvik', '/solvik/admins'));
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'org-admin@solvik.example' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Organisation' }).click();
  await page.getByRole('option', { name: 'Koivu Energia' }).click();
  await expect(page).toHaveURL(/\/admin\/koivu\/admins$/);
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'org-admin@koivu.example' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'org-admin@solvik.example' })).toHaveCount(0);
  await page.getByText('Platform', { exact: true }).click();
  await expect(page).toHaveURL(/of=platform/);
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'admin@gridline.example' })).toContainText('Platform admin');
  await expectNoSeriousViolations(page, testInfo, 'platform admins');
  // An organisation's staff cannot reach another's back office by its address.
  await page.getByRole('button', { name: 'admin@gridline.example', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_ADMIN'));
  await page.goto(adminUrl('solvik', '/koivu/admins'));
  await expect(page).toHaveURL(/\/admin\/solvik$/);
  await expect(page.getByRole('combobox', { name: 'Organisation' })).toHaveCount(0);
});
