import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminUrl, signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations, port, setUserLanguage, signInAt, watchCspViolations } from './helpers.ts';

/**
 * The customer's request to have their account deleted (decision 0042): asked for in the portal's
 * account settings, after a confirmation, then shown with its date; staff see it on the customer
 * page. alpenwerk's 'business' customer is used by this file alone, since the request stays.
 */
test.use({ locale: 'en-GB' });

/** The customer's user id and access token, through the API as the portal's sign-in gets them. */
async function sessionOf(request: APIRequestContext, organisation: string, username: string): Promise<{ userId: string; accessToken: string }> {
  const base = `http://localhost:${port}`;
  const start = await request.post(`${base}/v3/auth/`, { data: { type: 'USR_PWD', organisation, username, password: 'demo' } });
  const { ref } = (await start.json()).data as { ref: string };
  const tokens = await request.get(`${base}/v4/${organisation}/account/sessions/accessToken?ref=${encodeURIComponent(ref)}`);
  const [auth] = (await tokens.json()).data.auths as Array<{ userId: string; accessToken: string }>;
  return auth!;
}

test('a customer asks for their account to be deleted in the portal, and staff see it on the customer page', async ({ page, request, browser }, testInfo) => {
  test.slow();
  await setUserLanguage(request, 'alpenwerk', 'business', 'en');
  await signInAt(page, 'alpenwerk', 'en', 'business');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/account$/);

  const section = page.getByRole('region', { name: 'Delete my account' });
  await expect(section).toContainText('Invoices and other records the law requires us to keep are kept for as long as required.');
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  // A confirmation first; cancelling asks nothing.
  await expect(section.getByText('Do you want to ask us to delete your account?')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Yes, send the request' })).toBeFocused();
  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByRole('button', { name: 'Delete my account…' })).toBeFocused();
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  await expectNoSeriousViolations(page, testInfo, 'account settings, confirming the deletion request');

  const asked = page.waitForResponse((response) => /\/v4\/alpenwerk\/users\/requestDelete$/.test(response.url()));
  await section.getByRole('button', { name: 'Yes, send the request' }).click();
  const answer = await asked;
  expect(answer.status()).toBe(200);
  const { requestedAt } = (await answer.json()).data as { requestedAt: string };
  // en-GB dates in the location's time zone (Vienna): dd/mm/yyyy
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Vienna', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(requestedAt));
  const status = section.getByRole('status');
  await expect(status).toContainText(`Requested on ${day}`);
  await expect(section.getByRole('button')).toHaveCount(0);
  // It stays after a reload: the portal reads it from the user.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Delete my account' }).getByRole('status')).toContainText(`Requested on ${day}`);

  // The customer's phone registers for push, as the app does.
  const { userId, accessToken } = await sessionOf(request, 'alpenwerk', 'business');
  const registered = await request.put(`http://localhost:${port}/v4/alpenwerk/users/${userId}/pushtoken`, {
    data: { token: 'ExponentPushToken[e2e-business-phone]' },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(registered.status()).toBe(200);

  // The back office's customer page shows the request and the device.
  // staff in a browser of their own (another context: no customer session in it)
  const staffContext = await browser.newContext({ locale: 'en-GB' });
  const refused = watchCspViolations(staffContext);
  const staff = await staffContext.newPage();
  await signInStaff(staff, 'alpenwerk', staffEmail('alpenwerk', 'ORG_SUPPORT'));
  await staff.goto(adminUrl('alpenwerk', `/alpenwerk/customers/${userId}`));
  await expect(staff.getByRole('heading', { name: 'Accounts', exact: true })).toBeVisible();
  await expect(staff.getByRole('alert').filter({ hasText: `The customer asked to have their account deleted on ${day}` })).toBeVisible();
  const devices = staff.getByRole('table', { name: 'Push devices' });
  await expect(devices.getByRole('row')).toHaveCount(2);
  await expect(devices.getByRole('row').nth(1)).toContainText(`App (Expo)${day}`);
  await expectNoSeriousViolations(staff, testInfo, 'customer page with a deletion request');

  // Staff remove the device after confirming.
  await devices.getByRole('button', { name: `Remove the App (Expo) registered ${day}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Remove the App (Expo) registered ${day}?` });
  await expect(dialog).toContainText('Push notifications no longer reach this device.');
  await dialog.getByRole('button', { name: 'Remove device' }).click();
  await expect(staff.getByText('No device receives push notifications for this customer.')).toBeVisible();
  await staffContext.close();
  expect(refused, 'Content-Security-Policy refusals in the back office').toEqual([]);
});
