import fs from 'node:fs';
import path from 'node:path';
import { generateSync } from 'otplib';
import { expect, type Page } from '@playwright/test';
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
