import { expect, test } from '@playwright/test';
import { signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations, orgUrl, signInAt } from './helpers.ts';

/**
 * Support messages (issue 17, decision 0047): the demo customer writes to customer service from
 * the help page (the empty text is refused first), support staff see the conversation waiting in
 * the back office and answer it, and the customer sees the unread count in the menu and on the
 * help page, reads the answer, and the count is gone. Axe on the portal's messages page, the
 * back office's conversation list, the conversation and the feedback list.
 */

const question = `Why is my October invoice higher than September's? (${Date.now()})`;
const answer = 'We have checked it: October includes a correction for September. Nothing more to pay.';

test('a customer writes, support staff answer in the back office, and the customer reads the answer with its unread count', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // The customer (who reads Swedish) writes from the help page.
  const customer = await browser.newContext({ locale: 'sv-SE' });
  const portal = await customer.newPage();
  await signInAt(portal, 'solvik', 'sv');
  const menu = portal.getByRole('navigation', { name: 'Huvudmeny' });
  await menu.getByRole('link', { name: 'Hjälp och frågor' }).click();
  await expect(portal.getByRole('heading', { name: 'Skriv till oss' })).toBeVisible();
  await portal.getByRole('main').getByRole('link', { name: 'Meddelanden' }).click();
  await expect(portal).toHaveURL(/\/messages$/);
  await expect(portal.getByRole('heading', { name: 'Din konversation med kundservice' })).toBeVisible();

  const field = portal.getByRole('textbox', { name: 'Ditt meddelande' });
  await portal.getByRole('button', { name: 'Skicka meddelande' }).click();
  await expect(portal.getByText('Meddelandet är tomt. Skriv något.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(question);
  await portal.getByRole('button', { name: 'Skicka meddelande' }).click();
  await expect(portal.getByText('Ditt meddelande har skickats. Vi svarar så snart vi kan.')).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(portal.getByRole('listitem').filter({ hasText: question })).toContainText('Du');
  await expectNoSeriousViolations(portal, testInfo, 'portal messages');

  // Support staff find it waiting, open it and answer.
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_SUPPORT'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Support messages' }).click();
  await expect(page.getByRole('heading', { name: 'Support messages', level: 1 })).toBeVisible();
  await expect(page.getByTestId('support-waiting')).toHaveText(/\d+ conversations? waits? for an answer/);
  const row = page.getByRole('row').filter({ hasText: question.slice(0, 60) });
  await expect(row.getByText('Waiting for an answer')).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'back office conversations');
  await row.getByRole('link', { name: /^Open the conversation with / }).click();
  await expect(page.getByRole('heading', { name: /^Conversation with /, level: 1 })).toBeVisible();
  await expect(page.getByTestId('message-customer').filter({ hasText: question })).toBeVisible();
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText('The message is empty. Please write something.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Your answer' }).fill(answer);
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText('Your answer was sent.')).toBeVisible();
  const reply = page.getByTestId('message-support').filter({ hasText: answer });
  await expect(reply).toContainText(`Customer service (${staffEmail('solvik', 'ORG_SUPPORT')})`);
  await expect(reply).toContainText('Not read yet by the customer');
  await expectNoSeriousViolations(page, testInfo, 'back office conversation');

  // The customer sees one unread answer in the menu and on the help page, and reads it.
  await portal.goto(orgUrl('solvik', '/faq'));
  const helpEntry = menu.getByRole('link', { name: 'Hjälp och frågor (1 oläst meddelande)' });
  await expect(helpEntry).toBeVisible();
  await expect(helpEntry.getByTestId('unread-badge')).toHaveText('1');
  await portal.getByRole('main').getByRole('link', { name: 'Meddelanden (1 oläst meddelande)' }).click();
  const answered = portal.getByRole('listitem').filter({ hasText: answer });
  await expect(answered).toContainText('Kundservice');
  await expect(answered).toContainText('Nytt');
  await expect(answered).not.toContainText(staffEmail('solvik', 'ORG_SUPPORT'));
  await expect(menu.getByRole('link', { name: 'Hjälp och frågor', exact: true })).toBeVisible();
  await expect(menu.getByTestId('unread-badge')).toHaveCount(0);

  // Staff see that it was read; the feedback list is there beside it.
  await page.reload();
  await expect(page.getByTestId('message-support').filter({ hasText: answer })).toContainText('Read by the customer');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Feedback', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export as CSV' })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'back office feedback');
  await customer.close();
});
