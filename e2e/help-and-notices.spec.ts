import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { accountIdsOf, expectNoSeriousViolations, orgUrl, port, setUserLanguage, signInAt, withReleaseFlags } from './helpers.ts';


/**
 * Help and notices (spec 000 §2.2–2.4, §2.12): the FAQ page, the welcome and location info
 * dialogs, disruptions (banner and fatal page) switched with `npm run disruption`, the
 * disruption info box and the support chat.
 */
test.use({ locale: 'sv-SE' });

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/** `npm run disruption` against the browser tests' server (its data folder and database port). */
async function disruption(organisation: string, kind: 'warning' | 'fatal', state: 'on' | 'off') {
  await run(path.join(root, 'node_modules/.bin/node'), ['scripts/disruption.ts', '--organisation', organisation, '--kind', kind, `--${state}`], {
    cwd: root,
    // The port playwright.config.ts gives the browser tests' PostgreSQL (E2E_PG_PORT when set).
    env: { ...process.env, DATA_DIR: '.data-e2e', EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54339', LOG_LEVEL: 'warn' },
  });
}

/** Signs in without the helper's cookie, as a customer who has never been here. */
const signInAsNewcomer = (page: Page, organisation: string, username: string) => signInAt(page, organisation, 'sv', username, 'demo', { welcome: true });

test('the FAQ page: contact details, the accessibility statement, and a topic opened one question at a time', async ({ page }, testInfo) => {
  await signInAt(page, 'solvik', 'sv');
  await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Hjälp och frågor' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { name: 'Hjälp och vanliga frågor', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Anläggning')).toBeVisible();

  const contact = page.getByRole('region', { name: 'Kontakta oss' });
  await expect(contact.getByRole('link', { name: 'kundservice@solvik.example' })).toHaveAttribute('href', 'mailto:kundservice@solvik.example');
  await expect(contact.getByRole('link', { name: '+46 21 10 20 30' })).toHaveAttribute('href', 'tel:+4621102030');
  await expect(contact.getByText('Vardagar 8–17, fredagar 8–15')).toBeVisible();
  await expect(contact.getByText('Vid strömavbrott, ring felanmälan hos Mälarnät Elnät AB', { exact: false })).toBeVisible();
  const statement = contact.getByRole('link', { name: /Tillgänglighetsredogörelse/ });
  await expect(statement).toHaveAttribute('href', '/demo/accessibility-statement?org=solvik');
  await expect(statement).toHaveAttribute('target', '_blank');

  // Five topics, closed; opening one shows its questions, and a question opens its answer.
  const faq = page.getByRole('region', { name: 'Vanliga frågor' });
  const topics = faq.getByRole('button');
  await expect(topics).toHaveText([/^Fakturor/, /^Avtal/, /^Appen/, /^Övriga frågor/, /^Miljö och energi/]);
  const invoices = faq.getByRole('button', { name: /^Fakturor/ });
  await expect(invoices).toHaveAttribute('aria-expanded', 'false');
  const question = faq.getByText('Hur kan jag betala min faktura?');
  await expect(question).toBeHidden();
  await invoices.click();
  await expect(invoices).toHaveAttribute('aria-expanded', 'true');
  await expect(question).toBeVisible();
  const answer = faq.getByText('Enklast är e-faktura eller autogiro', { exact: false });
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
  // The organisation's name and grid operator are in its own texts.
  await faq.getByText('Varför får jag också en faktura från Mälarnät Elnät AB?').click();
  await expect(faq.getByText('Solvik Energi säljer själva elen', { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'FAQ (sv)');

  // With the keyboard: Enter closes the topic again.
  await invoices.focus();
  await page.keyboard.press('Enter');
  await expect(invoices).toHaveAttribute('aria-expanded', 'false');
  await expect(question).toBeHidden();
});

test('HIDE_FAQ takes the FAQ page and its menu entry away', async ({ page }) => {
  await withReleaseFlags(page, { HIDE_FAQ: true });
  await signInAt(page, 'solvik', 'sv');
  await expect(page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Elavtal' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hjälp och frågor' })).toHaveCount(0);
  await page.goto(orgUrl('solvik', '/faq'));
  await expect(page.getByRole('heading', { name: 'Sidan hittades inte', level: 1 })).toBeVisible();
});

test('the welcome dialog greets an account once, and the cookie remembers it for a year', async ({ page, context, request }, testInfo) => {
  await setUserLanguage(request, 'solvik', 'business', 'sv');
  await signInAsNewcomer(page, 'solvik', 'business');
  const dialog = page.getByRole('dialog', { name: 'Välkommen till Solvik Energi' });
  await expect(dialog).toBeVisible();
  const start = dialog.getByRole('button', { name: 'Kom igång' });
  await expect(start).toBeFocused();
  await expectNoSeriousViolations(page, testInfo, 'welcome dialog (sv)');
  await start.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Översikt', level: 1 })).toBeVisible();

  const [accountId] = await accountIdsOf(context.request, 'solvik', 'business');
  const cookie = (await context.cookies(orgUrl('solvik'))).find((c) => c.name === 'hasSeenWelcome');
  expect(cookie?.value.split(',')).toEqual([accountId]);
  // One year from now (Max-Age 31 536 000 s), give or take the test's own time.
  expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + 31_536_000))).toBeLessThan(120);

  // Not again: after a reload, nor after signing out and in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Översikt', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Logga ut' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInAsNewcomer(page, 'solvik', 'business');
  await expect(page.getByRole('heading', { name: 'Översikt', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the location info dialog: a countdown for a pending address, a welcome for one being taken over', async ({ page }, testInfo) => {
  await signInAt(page, 'solvik', 'sv');
  const picker = page.getByLabel('Anläggning');
  // demo: home, the ACTIVE_PROCESS apartment, the PENDING address in 12 days, the summer house.
  // The locations arrive after the frame: read the options once the third is there.
  await expect(picker.locator('option').nth(2)).toBeAttached();
  const options = await picker.locator('option').allInnerTexts();
  await picker.selectOption({ index: 2 });
  const pending = page.getByRole('dialog', { name: 'Din nya adress är på väg' });
  await expect(pending).toBeVisible();
  await expect(pending).toContainText(`Ditt elavtal på ${options[2]} börjar gälla`);
  await expect(pending).toContainText('om 12 dagar');
  await expect(pending).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expectNoSeriousViolations(page, testInfo, 'location info dialog (sv)');
  await page.keyboard.press('Escape');
  await expect(pending).toHaveCount(0);

  await picker.selectOption({ index: 1 });
  const taken = page.getByRole('dialog', { name: 'Välkommen som ny kund' });
  await expect(taken).toContainText(`Vi flyttar över ${options[1]} till oss`);
  await taken.getByRole('button', { name: 'OK' }).click();
  await expect(taken).toHaveCount(0);

  // Once per address in a session: back to the pending one, no dialog.
  await picker.selectOption({ index: 2 });
  await expect(picker).toHaveValue((await picker.locator('option').nth(2).getAttribute('value')) ?? '');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await picker.selectOption({ index: 0 });
});

test.describe('disruptions', () => {
  test.afterEach(async () => {
    await disruption('solvik', 'warning', 'off');
    await disruption('solvik', 'fatal', 'off');
  });

  test('a warning shows its banner; a fatal one sends the visitor to the fatal page and signs out', async ({ page }, testInfo) => {
    await disruption('solvik', 'warning', 'on');
    await signInAt(page, 'solvik', 'sv');
    const banner = page.getByRole('main').getByRole('status').filter({ hasText: 'Planerat underhåll i kväll' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Mina sidor och appen kan vara otillgängliga korta stunder i kväll');
    await expectNoSeriousViolations(page, testInfo, 'warning banner (sv)');

    // The fatal disruption wins over the warning, on the next page load.
    await disruption('solvik', 'fatal', 'on');
    await page.reload();
    await expect(page).toHaveURL(/\/fatal$/);
    await expect(page.getByRole('heading', { name: 'Mina sidor är tillfälligt stängda', level: 1 })).toBeVisible();
    await expect(page.getByText('Vi åtgärdar ett tekniskt fel och Mina sidor går inte att använda just nu', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kontakta kundservice' })).toHaveAttribute('href', 'mailto:kundservice@solvik.example');
    // Arriving signed in signed the customer out.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('gridline.session.solvik'))).toBeNull();
    await expectNoSeriousViolations(page, testInfo, 'fatal page (sv)');

    // The login page leads back here while the disruption lasts.
    await page.goto(orgUrl('solvik', '/login'));
    await expect(page).toHaveURL(/\/fatal$/);

    // Once it is off, the fatal page without a disruption goes to login, and sign-in works again.
    await disruption('solvik', 'fatal', 'off');
    await disruption('solvik', 'warning', 'off');
    await page.goto(orgUrl('solvik', '/login'));
    await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible();
    await page.goto(orgUrl('solvik', '/fatal'));
    await expect(page).toHaveURL(/\/login$/);
    await signInAt(page, 'solvik', 'sv');
    await expect(page.getByText('Planerat underhåll i kväll')).toHaveCount(0);
  });
});

test("the disruption info box links to the organisation's outage map (DISRUPTION_INFO_BOX)", async ({ page }) => {
  await signInAt(page, 'fjellkraft', 'nb', 'business');
  const box = page.getByRole('region', { name: 'Er strømmen borte?' });
  await expect(box).toBeVisible();
  await expect(box.getByRole('link', { name: /Se aktuelle strømbrudd/ })).toHaveAttribute('href', '/demo/outage-map');
});

test('the support chat starts only after sign-in and stops at sign-out', async ({ page, request }) => {
  // koivu's business customer reads Finnish once signed in; the login page follows the browser (Swedish).
  await setUserLanguage(request, 'koivu', 'business', 'fi');
  const chatScripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/support-chat/')) chatScripts.push(request.url());
  });
  await page.goto(orgUrl('koivu', '/login'));
  await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible();
  await expect(page.locator('script[src*="support-chat"]')).toHaveCount(0);
  expect(chatScripts).toEqual([]);

  await signInAt(page, 'koivu', 'sv', 'business');
  // koivu offers its app: the download-app dialog comes first.
  await page.getByRole('dialog').getByRole('button', { name: 'Jatka' }).click();
  const chat = page.getByRole('complementary', { name: 'Support chat' });
  await expect(chat).toBeVisible();
  expect(chatScripts).toEqual([`http://koivu.localhost:${port}/demo/support-chat/intercom.js`]);
  await chat.getByRole('button', { name: 'Chat with us' }).click();
  await expect(chat.getByRole('region', { name: 'Chat with customer service' })).toContainText('Language: fi');

  await page.getByRole('button', { name: 'Kirjaudu ulos' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(chat).toHaveCount(0);
});
