import fs from 'node:fs';
import path from 'node:path';
import { generateSync } from 'otplib';
import pg from 'pg';
import { expect, type Locator, type Page } from '@playwright/test';
import { port } from './helpers.ts';

/** The demo staff's password (apps/server/src/demo/staff.ts). */
export const STAFF_PASSWORD = 'gridline-staff-demo';

/** An organisation's back office, reached by its host name as its staff would. */
export const adminUrl = (organisation: string, path = '/') => `http://${organisation}.localhost:${port}/admin${path}`;

/** A demo staff member's e-mail: `staffEmail('solvik', 'ORG_ADMIN')` is `org-admin@solvik.example`. */
export const staffEmail = (organisation: string, scope: 'ORG_ADMIN' | 'ORG_SUPPORT' | 'ORG_MARKETING' | 'ORG_DEVELOPER' | 'ORG_USER') =>
  `${scope.toLowerCase().replace('_', '-')}@${organisation}.example`;

/**
 * TOTP secrets of the staff who enrolled during this run, in a file, so that a later test (on
 * either worker) can give their code: fjellkraft asks every staff member for one.
 */
const secretsDir = path.resolve(import.meta.dirname, '..', 'test-results', 'staff-totp');
const secretFile = (email: string) => path.join(secretsDir, `${email.replace(/[^\w.@-]/g, '_')}.txt`);
export const rememberTotpSecret = (email: string, secret: string) => {
  fs.mkdirSync(secretsDir, { recursive: true });
  fs.writeFileSync(secretFile(email), secret);
};
export const totpCode = (email: string): string => generateSync({ secret: fs.readFileSync(secretFile(email), 'utf8').trim() });

/** The sign-in form in English (the back office follows the browser's language before sign-in). */
export async function fillStaffSignIn(page: Page, email: string, password = STAFF_PASSWORD) {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs a staff member in at an organisation's back office through its page, giving the second
 * factor when asked (enrolling first, and passing the recovery codes, when the organisation
 * requires one and they have none yet). Ends on their home page.
 */
export async function signInStaff(page: Page, organisation: string, email: string, password = STAFF_PASSWORD) {
  await page.goto(adminUrl(organisation, '/sign-in'));
  await fillStaffSignIn(page, email, password);
  const enrol = page.getByRole('heading', { name: 'Set up two-step verification' });
  const code = page.getByRole('heading', { name: 'Two-step verification' });
  const home = page.getByRole('heading', { name: /^Welcome/ });
  await expect(enrol.or(code).or(home)).toBeVisible();
  if (await enrol.isVisible()) {
    rememberTotpSecret(email, (await page.getByTestId('totp-secret').textContent()) ?? '');
    await page.getByRole('textbox', { name: 'Code' }).fill(totpCode(email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
  } else if (await code.isVisible()) {
    await page.getByRole('textbox', { name: 'Code' }).fill(totpCode(email));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(home).toBeVisible();
}

/** The browser tests' database (the product's, started by playwright.config.ts on E2E_PG_PORT). */
const database = `postgres://gridline:gridline@127.0.0.1:${process.env.E2E_PG_PORT ?? '54339'}/gridline`;

/** One SQL statement on the browser tests' database. */
export async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const customerLocations = `FROM locations l JOIN organisations o ON o.id = l.organisation_id
  WHERE o.slug = 'solvik' AND l.status IN ('ACTIVE', 'ACTIVE_PROCESS', 'PENDING')`;

/** Solvik's locations a customer sees ("M" of an audience's "N of M"), and those whose home has direct electric heating, as main or secondary heating ("N"). */
export async function solvikAudience(): Promise<{ directlyHeated: number; total: number }> {
  const [row] = await query<{ inside: string; total: string }>(
    `SELECT count(*) FILTER (WHERE l.extras ->> 'heating' = 'direct' OR coalesce(l.extras -> 'heatingSecondary', '[]'::jsonb) ? 'direct') AS inside,
            count(*) AS total ${customerLocations}`,
  );
  return { directlyHeated: Number(row!.inside), total: Number(row!.total) };
}

/**
 * Theme editor: opens it from the menu (discarding a draft an earlier run left), and sets the
 * primary colour, which the filled button follows. Answers the framed portal's sign-in button,
 * which shows the draft.
 */
export async function openThemeEditor(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Theme' }).click();
  await expect(page.getByRole('heading', { name: 'Theme', level: 1 })).toBeVisible();
  const discard = page.getByRole('button', { name: 'Discard draft' });
  if (await discard.isEnabled()) {
    await discard.click();
    await expect(page.getByText('The draft is discarded.')).toBeVisible();
  }
  await expect(page.getByTestId('theme-preview-status')).toHaveText('The preview shows the draft.');
  const button = page.frameLocator('iframe[title="The portal\'s sign-in page with the draft theme"]').locator('.button-primary').first();
  await expect(button).toBeVisible();
  return button;
}

/** The theme editor's primary colour field. */
export const primaryColourField = (page: Page) => page.getByRole('group', { name: 'Brand' }).getByRole('textbox', { name: 'Primary colour', exact: true });

/** `#7a1f5c` as the browser computes it: `rgb(122, 31, 92)`. */
export const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/**
 * Home modules: adds a card to the Offers module (titles in Swedish and English, an external
 * page in the browser) for homes heated directly by electricity. Answers the card's editor.
 */
export async function addOfferForDirectHeating(page: Page, titles: { sv: string; en: string }): Promise<Locator> {
  await page.getByRole('button', { name: /^Edit Offers/ }).click();
  await page.getByRole('button', { name: 'Add card' }).click();
  const card = page.getByTestId(/^item-editor-/);
  await card.getByTestId(/-copy-sv$/).getByRole('textbox', { name: 'Title' }).fill(titles.sv);
  await card.getByTestId(/-copy-en$/).getByRole('textbox', { name: 'Title' }).fill(titles.en);
  await card.getByTestId(/-copy-en$/).getByRole('textbox', { name: 'Label' }).fill('Offer');
  // Where it leads: an external page in the browser.
  await card.getByRole('combobox', { name: 'Page of the app' }).click();
  // each page by its name in the staff member's language, its code beside it (decision 0061)
  await page.getByRole('option', { name: 'An external web page EXTERNAL_URL', exact: true }).click();
  await card.getByRole('textbox', { name: 'Address (https)' }).fill('https://solvik.example/solar');
  await card.getByRole('checkbox', { name: 'Open in the browser' }).check();
  // The audience: homes with direct electric heating.
  await card.getByRole('button', { name: 'Add a rule' }).click();
  const rule = card.getByRole('group', { name: 'Rule 1' });
  await rule.getByRole('combobox', { name: 'Attribute' }).click();
  await page.getByRole('option', { name: 'Heating', exact: true }).click();
  await rule.getByRole('checkbox', { name: 'Direct electric heating' }).check();
  return card;
}

/** Home modules' preview: shows the home screen as the first customer of a group of the picker ("In the card's audience") sees it; answers their name. */
export async function previewAsCustomer(page: Page, group: string): Promise<string> {
  await page.getByRole('combobox', { name: 'As this customer sees it' }).click();
  const options = page.getByRole('listbox', { name: 'As this customer sees it' }).getByRole('group', { name: group }).getByRole('option');
  await expect(options.first()).toBeVisible();
  const name = (await options.first().textContent()) ?? '';
  await options.first().click();
  await expect(page.getByTestId('preview-for')).toContainText(name.split(',')[0]!);
  return name;
}
