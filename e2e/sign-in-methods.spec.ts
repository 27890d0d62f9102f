import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations, orgUrl, passwordLoginPath, port, skipWelcome } from './helpers.ts';
import { devKey } from './dev-key.ts';


/**
 * Every sign-in method through the product as it runs under `npm start`: BankID with the
 * animated QR code approved on the simulator's "test BankID app" page, the PIN read from the
 * development outbox, the e-mail link clicked in the outbox, and the local OpenID provider.
 */

// An English browser: every demo organisation offers English.
test.use({ locale: 'en-GB' });

const base = `http://localhost:${port}`;

/** The demo customer's personal numbers (apps/server/src/demo/sign-in-identities.ts). */
const annaKarin = '198403162384';
const annaKarinPhone = '+46701234567';

/** Opens a method on the login page: the organisation's first is open already; another is chosen from the list. */
async function openMethod(page: Page, organisation: string, name: string, { first = false } = {}) {
  await page.goto(orgUrl(organisation, '/login'));
  if (first) {
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    return;
  }
  await page.getByRole('region', { name: 'Other ways to sign in' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeFocused();
}

test.beforeEach(async ({ context }) => {
  await skipWelcome(context, 'solvik');
  await skipWelcome(context, 'fjellkraft');
});

test('BankID on another device: the animated QR code, approved in the test BankID app', async ({ page, context }, testInfo) => {
  await openMethod(page, 'solvik', 'BankID', { first: true });
  await page.getByRole('button', { name: 'BankID on another device' }).click();
  await expect(page.getByRole('heading', { name: 'Scan the QR code with your BankID app' })).toBeVisible();
  const qr = page.getByRole('img', { name: 'QR code to scan with the BankID app' });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(300);
  await expect(page.getByRole('status').filter({ hasText: 'Start your BankID app.' })).toBeVisible();
  // The code is asked for anew every second.
  const first = await qr.getAttribute('src');
  await expect.poll(() => qr.getAttribute('src'), { timeout: 3_000 }).not.toBe(first);
  await page.screenshot({ path: testInfo.outputPath('bankid-qr.png') });
  await expectNoSeriousViolations(page, testInfo, 'BankID QR');

  // The tester's phone: the simulator's page lists the order waiting.
  const phone = await context.newPage();
  await phone.goto(`${base}/dev/bankid?key=${devKey}`);
  const order = phone.getByRole('region', { name: /^Order / }).first();
  await expect(order).toContainText('outstandingTransaction');
  await order.getByLabel('Identify as').selectOption({ label: `anna-karin Lindqvist, ${annaKarin} (solvik)` });
  await order.getByRole('button', { name: 'Identify' }).click();
  await expect(phone.getByRole('status')).toContainText('Identified as anna-karin Lindqvist');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Hej Anna-Karin/ })).toBeVisible();
});

test('BankID: a cancel in the app leads back to the other methods', async ({ page, context }, testInfo) => {
  await openMethod(page, 'solvik', 'BankID', { first: true });
  await page.getByRole('button', { name: 'BankID on another device' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with the BankID app' })).toBeVisible();
  const phone = await context.newPage();
  await phone.goto(`${base}/dev/bankid?key=${devKey}`);
  await phone.getByRole('region', { name: /^Order / }).first().getByRole('button', { name: 'Cancel in the app' }).click();
  await expect(page.getByRole('alert')).toHaveText('The action was cancelled.');
  await page.screenshot({ path: testInfo.outputPath('bankid-cancelled.png') });
  await page.getByRole('button', { name: 'Choose another way to sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Other ways to sign in' })).toBeFocused();
});

test('PIN by SMS: the code from the outbox, one digit per box, a wrong one first', async ({ page, request }, testInfo) => {
  await openMethod(page, 'solvik', 'Code by SMS');
  const identity = page.getByLabel('Personal identity number, organisation number or customer number');
  // A typo in the check digit is caught before anything is sent.
  await identity.fill('840316-2385');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(identity).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Check the personal number.', { exact: false })).toBeVisible();

  const sent = Date.now();
  await identity.fill('840316-2384');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  await expect(page.getByText('We sent a four-digit code to +46 70•••••67.')).toBeVisible();

  let pin = '';
  await expect
    .poll(async () => {
      const outbox = await (await request.get(`${base}/dev/outbox.json?key=${devKey}&kind=sms&to=${encodeURIComponent(annaKarinPhone)}`)).json();
      const newest = outbox.data.find((m: { createdAt: string }) => Date.parse(m.createdAt) >= sent - 1000);
      pin = /\b(\d{4})\b/.exec(newest?.text ?? '')?.[1] ?? '';
      return pin;
    })
    .toMatch(/^\d{4}$/);

  const boxes = page.getByRole('group', { name: 'The code from the SMS' }).getByRole('textbox');
  await expect(boxes).toHaveCount(4);
  const wrong = String((Number(pin) + 1) % 10_000).padStart(4, '0');
  await boxes.first().click();
  await page.keyboard.type(wrong);
  await expect(boxes.nth(3)).toHaveValue(wrong[3]!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The code is incorrect. Please try again. 4 tries left.');
  await expectNoSeriousViolations(page, testInfo, 'PIN');
  await page.screenshot({ path: testInfo.outputPath('pin.png') });

  await boxes.first().fill(pin);
  await expect(boxes.nth(3)).toHaveValue(pin[3]!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('e-mail link: the link in the outbox signs in, once', async ({ page }, testInfo) => {
  await openMethod(page, 'solvik', 'E-mail link for private customers');
  await page.getByLabel('Personal identity number or customer number').fill(annaKarin);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText('We have sent a sign-in link to a•••@example.com.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('email-link-sent.png') });

  await page.goto(`${base}/dev/outbox?key=${devKey}`);
  const row = page.getByRole('row').filter({ hasText: 'anna-karin.lindqvist@example.com' }).first();
  await expect(row).toContainText('Din inloggningslänk till Solvik Energi');
  const link = row.getByRole('link', { name: /\/login\?ref=/ }).first();
  const address = (await link.getAttribute('href'))!;
  expect(address.startsWith(`http://solvik.localhost:${port}/login?ref=`)).toBe(true);
  await link.click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Used once: opened again, it signs nobody in (the customer reads Swedish by now).
  await page.getByRole('button', { name: 'Logga ut' }).click();
  await page.goto(address);
  await expect(page.getByRole('alert')).toHaveText('Den här inloggningen har redan använts. Logga in igen.');
  await expect(page).toHaveURL(/\/login$/);
});

test('forgotten password: a link by e-mail, a new password twice, signed in; the old password and the link stop working', async ({ page, context, request }, testInfo) => {
  const email = 'oskar.berg@example.com';
  await skipWelcome(context, 'solvik', 'nolocations', 'demo');
  await page.goto(orgUrl('solvik', passwordLoginPath));
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password', level: 3 })).toBeVisible();
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter an e-mail address such as name@example.com.');
  const sent = Date.now();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText(`If ${email} belongs to an account with a password, we have sent a link to it. Open it within an hour; it works once.`);
  await expectNoSeriousViolations(page, testInfo, 'forgot password sent');

  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`${base}/dev/outbox.json?key=${devKey}&kind=email&to=${encodeURIComponent(email)}`)).json()).data as Array<{ createdAt: string; text: string }>;
      link = mails.filter((m) => Date.parse(m.createdAt) >= sent - 1000).map((m) => /https?:\/\/\S+\/reset-password\?ref=\S+/.exec(m.text)?.[0]).find(Boolean);
      return link;
    })
    .toBeTruthy();
  expect(link!.startsWith(`http://solvik.localhost:${port}/reset-password?ref=`)).toBe(true);

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  // The ref leaves the address once it is read.
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New password', { exact: true }).fill('ab');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The password needs at least 3 characters.');
  await page.getByLabel('New password', { exact: true }).fill('a-fresh-secret');
  await page.getByLabel('Repeat the new password').fill('a-fresh-secre');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords are not the same.');
  await expect(page.getByLabel('Repeat the new password')).toBeFocused();
  await page.getByLabel('Repeat the new password').fill('a-fresh-secret');
  await expectNoSeriousViolations(page, testInfo, 'reset password form');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your new password is saved, and you are signed in.');
  await page.screenshot({ path: testInfo.outputPath('reset-password-done.png') });
  await page.getByRole('button', { name: 'Go to My pages' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Signed in, the portal takes the customer's own language (Swedish) and keeps it.
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');

  const signIn = (password: string) => request.post(`${base}/v3/auth/`, { data: { type: 'USR_PWD', organisation: 'solvik', username: 'nolocations', password } });
  expect((await (await signIn('demo')).json()).key).toBe('WRONG_PASSWORD');
  const fresh = await signIn('a-fresh-secret');
  expect(fresh.status()).toBe(200);

  // The link worked once (the customer reads Swedish by now).
  await page.goto(link!);
  await expect(page.getByRole('alert')).toHaveText('Den här länken går inte att använda längre. Be om en ny.');
  await expect(page.getByRole('link', { name: 'Be om en ny länk' })).toBeVisible();

  // The demo password again, for the tests that sign in as this customer.
  const tokens = await request.get(`${base}/v4/solvik/account/sessions/accessToken?ref=${encodeURIComponent((await fresh.json()).data.ref)}`);
  const auth = (await tokens.json()).data.auths[0] as { accessToken: string; userId: string };
  const restored = await request.put(`${base}/v4/solvik/users/${auth.userId}`, { data: { newPassword: 'demo' }, headers: { authorization: `Bearer ${auth.accessToken}` } });
  expect(restored.status()).toBe(200);
});

test('OpenID: through the local provider and back', async ({ page }, testInfo) => {
  await openMethod(page, 'fjellkraft', 'E-identification', { first: true });
  await page.getByRole('button', { name: 'Continue to identification' }).click();
  await expect(page.getByRole('heading', { name: 'Local OpenID provider' })).toBeVisible();
  await page.getByRole('button', { name: /^Sign in as Ingrid Haugen/ }).click();
  await expect(page).toHaveURL(/fjellkraft\.localhost:\d+\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Ingrid/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('openid-dashboard.png') });
});

test('the login page opens the first method and lists the others, in the configured order', async ({ page }, testInfo) => {
  // Sweden: BankID, PIN by SMS, e-mail link, password.
  await page.goto(orgUrl('solvik', '/login'));
  await expect(page.getByRole('heading', { name: 'BankID', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open BankID on this device' })).toBeVisible();
  const others = page.getByRole('region', { name: 'Other ways to sign in' }).getByRole('button');
  await expect(others).toHaveText([/^Code by SMS/, /^E-mail link for private customers/, /^E-mail link for companies/, /^Username and password/]);
  await page.screenshot({ path: testInfo.outputPath('login-methods.png'), fullPage: true });
  await expectNoSeriousViolations(page, testInfo, 'login with methods');
  // Back returns to the previous method.
  await others.last().click();
  await expect(page.getByLabel('Username')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Open BankID on this device' })).toBeVisible();

  // Norway and Finland: OpenID, e-mail link, password; Austria: e-mail link, password.
  for (const [slug, first, rest] of [
    ['fjellkraft', 'E-identification', [/^E-mail link for private customers/, /^E-mail link for companies/, /^Username and password/]],
    ['koivu', 'E-identification', [/^E-mail link for private customers/, /^E-mail link for companies/, /^Username and password/]],
    ['alpenwerk', 'E-mail link for private customers', [/^E-mail link for companies/, /^Username and password/]],
  ] as const) {
    await page.goto(orgUrl(slug, '/login'));
    await expect(page.getByRole('heading', { name: first, level: 2 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Other ways to sign in' }).getByRole('button')).toHaveText([...rest]);
  }
});

test('support mode: only with #supportMode in the address, an admin reads a customer’s pages', async ({ page }, testInfo) => {
  await page.goto(orgUrl('solvik', '/login'));
  await expect(page.getByRole('button', { name: 'Open BankID on this device' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Support sign-in' })).toHaveCount(0);

  await page.goto(orgUrl('solvik', '/login#supportMode'));
  await expect(page.getByRole('heading', { name: 'Support sign-in' })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'support sign-in');
  await page.getByLabel('Your e-mail').fill('support@solvik.example');
  await page.getByLabel('Password', { exact: true }).fill('wrong');
  await page.getByLabel('Find the customer by').selectOption('asUsername');
  await page.getByLabel('The customer', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Sign in as the customer' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Sign in as the customer' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Hej Anna-Karin/ })).toBeVisible();

  // A banner on every page says whose account this is and that nothing can be changed (the
  // customer reads Swedish, so the pages are Swedish).
  const banner = page.getByRole('status', { name: 'Supportsession – endast läsning' });
  await expect(banner).toContainText(/Du ser kontot för anna-karin Lindqvist, kundnummer \d+\./i);
  await expect(banner).toContainText('Ingenting kan ändras i den här sessionen, och den loggas.');
  await expectNoSeriousViolations(page, testInfo, 'support session dashboard');
  await page.screenshot({ path: testInfo.outputPath('support-session.png') });

  await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Kontoinställningar' }).click();
  await expect(page.getByRole('heading', { name: 'Kontoinställningar', level: 1 })).toBeVisible();
  await expect(banner).toBeVisible();
  const change = page.getByRole('button', { name: 'Ändra e-post' });
  await expect(change).toBeDisabled();
  await expect(change).toHaveAccessibleDescription('Ingenting kan ändras i den här sessionen, och den loggas.');

  // The interface language may change for the admin; the customer's saved language does not.
  const languageWrites: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/users/me/language')) languageWrites.push(request.url());
  });
  await page.getByRole('region', { name: 'Språk' }).getByRole('combobox', { name: 'Språk' }).selectOption({ label: 'English' });
  await expect(page.getByRole('status', { name: 'Support session – read only' })).toContainText('Nothing can be changed in this session, and it is logged.');
  await expect(page.getByRole('button', { name: 'Change e-mail' })).toBeDisabled();
  expect(languageWrites).toEqual([]);

  // Should a write reach the server anyway, it answers with the translated read-only error.
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('gridline.session.solvik') ?? '{}') as { auths?: Array<{ accessToken: string }> }).auths?.[0]?.accessToken ?? '');
  const refused = await page.request.put(`${base}/v4/solvik/users/me/language`, { data: { language: 'en' }, headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).key).toBe('READ_ONLY_SESSION');
});

test('support mode with admin BankID: the admin approves with their own BankID on the test app page', async ({ page, context }, testInfo) => {
  await page.goto(orgUrl('solvik', '/login#supportMode'));
  await expect(page.getByRole('heading', { name: 'Support sign-in' })).toBeVisible();
  await page.getByLabel('Find the customer by').selectOption('asUsername');
  await page.getByRole('radio', { name: 'BankID' }).check();
  await expect(page.getByText('Identify with your own BankID', { exact: false })).toBeVisible();
  // The customer is named first.
  await page.getByRole('button', { name: 'BankID on another device' }).click();
  await expect(page.getByLabel('The customer', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveText('Name the customer you want to help.');
  await page.getByLabel('The customer', { exact: true }).fill('nolocations');
  await page.getByRole('button', { name: 'BankID on another device' }).click();
  const qr = page.getByRole('img', { name: 'QR code to scan with the BankID app' });
  await expect(qr).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'support sign-in with admin BankID');

  // The admin's phone: the test BankID app, where the admin identifies as themselves.
  const phone = await context.newPage();
  await phone.goto(`${base}/dev/bankid?key=${devKey}`);
  const order = phone.getByRole('region', { name: /^Order / }).first();
  await order.getByLabel('Identify as').selectOption({ label: 'Kim Support, 197906234153 (solvik staff)' });
  await order.getByRole('button', { name: 'Identify' }).click();
  await expect(phone.getByRole('status')).toContainText('Identified as Kim Support');

  // Signed in as the customer (who reads Swedish), read-only.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('status', { name: 'Supportsession – endast läsning' })).toContainText('Du ser kontot för Oskar Berg');
});
