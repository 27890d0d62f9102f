import { expect, test, type Page } from '@playwright/test';
import { signInStaff, staffEmail } from './admin-helpers.ts';
import { devKey } from './dev-key.ts';
import { expectNoSeriousViolations, port, signInAt } from './helpers.ts';

/**
 * Releases (issue 18, decisions 0054 and 0059): an organisation admin switches four-eyes approval
 * on; a marketer hides the FAQ in the feature-flags editor, saves the draft and asks for it to be
 * published in an hour; the admin sees the change in words and approves; the development clock
 * moves two hours on and the release is published by it; the portal has no FAQ any more; a
 * rollback brings it back. Then a custom favorite is added and saved as a draft. Axe on every page.
 */
test.use({ locale: 'en-GB' });

const base = `http://localhost:${port}`;

/** A call to the API as the staff member signed in on `page` (their bearer from the back office's store). */
async function api(page: Page, method: string, path: string, body?: unknown) {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('gridline.staff.solvik') ?? 'null') as { accessToken?: string } | null)?.accessToken ?? '',
  );
  return page.request.fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { data: body }) });
}

/** Signs a solvik staff member in; on a loaded machine their home page may take longer than the helper waits (solvik asks no second factor). */
async function signIn(page: Page, scope: 'ORG_ADMIN' | 'ORG_MARKETING') {
  try {
    await signInStaff(page, 'solvik', staffEmail('solvik', scope));
  } catch {
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible({ timeout: 30_000 });
  }
}

/** What the portal reads: the public release's HIDE_FAQ. */
async function faqHidden(page: Page): Promise<boolean> {
  const response = await page.request.get(`${base}/v3/settings/releases/solvik?bypassCache=true`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { featureFlags: { flags: { HIDE_FAQ: boolean } } } }).data.featureFlags.flags.HIDE_FAQ;
}

/** Leaves solvik as the demo has it: no request under way, no flag or favorite draft, no approval required. */
async function tidy(page: Page) {
  const requests = (await (await api(page, 'GET', '/v4/solvik/settings/change-requests?limit=100')).json()) as { data: Array<{ id: string; status: string }> };
  for (const r of requests.data.filter((r) => ['open', 'approved', 'scheduled', 'suspended'].includes(r.status)))
    await api(page, 'POST', `/v4/solvik/settings/change-requests/${r.id}/cancel`);
  await api(page, 'DELETE', '/v3/settings/drafts/feature-flags/solvik');
  await api(page, 'DELETE', '/v3/settings/drafts/custom-favorites/solvik');
  await api(page, 'PUT', '/v4/solvik/settings/policy', { approvalRequired: false });
}

test('four-eyes approval, a scheduled release by the development clock, the portal, and a rollback', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const moveClock = async (minutes: number) => {
    const moved = await page.request.put(`http://localhost:${port}/dev/clock.json?key=${devKey}`, { data: { offsetSeconds: minutes * 60 } });
    expect(moved.status()).toBe(200);
  };
  const portalHasFaq = async () => {
    const customer = await browser.newContext({ locale: 'sv-SE' });
    const portal = await customer.newPage();
    await signInAt(portal, 'solvik', 'sv');
    const menu = portal.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(menu).toBeVisible();
    const shown = await menu.getByRole('link', { name: 'Hjälp och frågor' }).count();
    await customer.close();
    return shown > 0;
  };

  // The admin: a clean start, then four-eyes approval switched on on the Releases page.
  await signIn(page, 'ORG_ADMIN');
  await tidy(page);
  expect(await faqHidden(page)).toBe(false);
  const liveBefore = ((await (await api(page, 'GET', '/v3/settings/releases/status?organisation=solvik')).json()) as { data: { version: number } }).data
    .version;
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Releases' }).click();
  await expect(page.getByRole('heading', { name: 'Releases', level: 1 })).toBeVisible();
  await expect(page.getByTestId('part-feature-flags')).toContainText(`Version ${liveBefore}`);
  const fourEyes = page.getByRole('switch', { name: 'Publishing needs the approval of a second editor' });
  await fourEyes.click();
  await expect(page.getByText('Publishing now needs a second editor’s approval.')).toBeVisible();
  await expect(fourEyes).toBeChecked();
  await expectNoSeriousViolations(page, testInfo, 'releases page');

  const marketerContext = await browser.newContext({ locale: 'en-GB' });
  const marketer = await marketerContext.newPage();
  try {
    // The marketer hides the FAQ in the feature-flags editor and saves the draft.
    await signIn(marketer, 'ORG_MARKETING');
    await marketer.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Feature flags' }).click();
    await expect(marketer.getByRole('heading', { name: 'Feature flags', level: 1 })).toBeVisible();
    await marketer.getByRole('searchbox', { name: 'Search' }).fill('faq');
    const flag = marketer.getByTestId('flag-HIDE_FAQ');
    await expect(flag).toContainText('The questions and answers are not shown.');
    await expect(flag).toContainText('App');
    await expect(flag).toContainText('Product');
    await flag.getByRole('switch', { name: 'Hide the FAQ' }).check();
    await expect(flag.getByTestId('flag-changed')).toBeVisible();
    await expectNoSeriousViolations(marketer, testInfo, 'feature flags editor');
    await marketer.getByRole('button', { name: 'Save draft' }).click();
    await expect(marketer.getByTestId('draft-differs')).toBeVisible();

    // …and asks for it to be published in an hour.
    await marketer.getByRole('link', { name: 'the Releases page' }).click();
    await expect(marketer.getByRole('heading', { name: 'Releases', level: 1 })).toBeVisible();
    await expect(marketer.getByTestId('part-feature-flags')).toContainText('Differs from live');
    const form = marketer.getByRole('region', { name: 'Request publishing' });
    await expect(form.getByRole('checkbox', { name: 'Feature flags' })).toBeChecked();
    await form.getByRole('textbox', { name: 'Title' }).fill('No FAQ for now');
    await form.getByRole('textbox', { name: 'Comment (optional)' }).fill('The FAQ is being rewritten.');
    await form.getByRole('button', { name: 'Publish at (optional)' }).click();
    await marketer.getByRole('button', { name: 'In an hour', exact: true }).click();
    // A preset sets the value and closes the picker.
    await expect(form.getByRole('button', { name: 'Publish at (optional)' })).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await form.getByRole('button', { name: 'Request publishing' }).click();
    const request = marketer.getByTestId('change-request');
    await expect(request.getByTestId('change-request-status')).toHaveText('Waiting for approval');
    await expect(request.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await expect(request.getByTestId('own-request')).toHaveText('You asked for this change: a second editor approves it.');
    await expect(request.getByTestId('change-request-schedule')).toContainText('Publishes on');
    await expectNoSeriousViolations(marketer, testInfo, 'releases page with a request');

    // The admin sees the change in words and approves: it is scheduled.
    await page.reload();
    const pending = page.getByTestId('change-request');
    await expect(pending.getByRole('heading', { name: 'No FAQ for now' })).toBeVisible();
    const change = pending.getByTestId('change-request-changes').getByRole('row').filter({ hasText: 'Hide the FAQ' });
    await expect(change.getByRole('cell')).toHaveText(['Feature flags', 'Hide the FAQ', 'Off', 'On']);
    await expect(pending.getByTestId('change-request-comments')).toContainText('The FAQ is being rewritten.');
    await pending.getByRole('button', { name: 'Approve' }).click();
    await expect(pending.getByTestId('change-request-status')).toHaveText('Scheduled');
    await page.mouse.move(0, 0);
    await expect(pending.getByTestId('change-request-explained')).toContainText('It will be published automatically on');
    await expectNoSeriousViolations(page, testInfo, 'releases page, approved');
    expect(await faqHidden(page)).toBe(false);

    // Two hours on by the development clock: published, and the portal has no FAQ.
    try {
      await moveClock(120);
      await expect.poll(() => faqHidden(page), { timeout: 30_000 }).toBe(true);
    } finally {
      await moveClock(0);
    }
    expect(await portalHasFaq()).toBe(false);

    // The history shows the new version; a rollback to the one before brings the FAQ back.
    await page.reload();
    await expect(page.getByText('Publish the drafts').or(page.getByText('No draft differs from what is live.'))).toBeVisible();
    const history = page.getByRole('table', { name: 'Release history' });
    await expect(
      history
        .getByRole('row')
        .filter({ hasText: 'No FAQ for now' })
        .or(history.getByRole('row').filter({ hasText: `${liveBefore + 1}` }))
        .first(),
    ).toBeVisible();
    await history.getByRole('button', { name: `Actions: Version ${liveBefore}` }).click();
    await page.getByRole('menuitem', { name: 'Compare with live' }).click();
    await expect(page.getByTestId('comparison').getByRole('row').filter({ hasText: 'Hide the FAQ' }).getByRole('cell')).toHaveText([
      'Feature flags',
      'Hide the FAQ',
      'Off',
      'On',
    ]);
    await history.getByRole('button', { name: `Actions: Version ${liveBefore}` }).click();
    await page.getByRole('menuitem', { name: 'Roll back to this version' }).click();
    const confirm = page.getByRole('dialog', { name: `Roll back to version ${liveBefore}?` });
    await confirm.getByRole('textbox', { name: 'Why (optional)' }).fill('The FAQ stays after all');
    await confirm.getByRole('button', { name: 'Roll back' }).click();
    await expect(confirm).toBeHidden();
    await expect(history.getByText(`Brought back version ${liveBefore}`)).toBeVisible();
    expect(await faqHidden(page)).toBe(false);
    expect(await portalHasFaq()).toBe(true);
    await expectNoSeriousViolations(page, testInfo, 'releases page after the rollback');

    // The change requests' history has the published one.
    await page.getByRole('search', { name: 'Filter the change requests' }).getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Published' }).click();
    await expect(page.getByRole('table', { name: 'Change requests' }).getByRole('button', { name: 'No FAQ for now' }).first()).toBeVisible();

    // A custom favorite, added in its editor and saved as a draft.
    await marketer.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Custom favorites' }).click();
    await expect(marketer.getByRole('heading', { name: 'Custom favorites', level: 1 })).toBeVisible();
    await marketer.getByRole('button', { name: 'Add a favorite' }).click();
    const favorite = marketer.getByTestId('custom-favorite').last();
    await favorite.getByRole('textbox', { name: 'Title' }).fill('Heat pump');
    await favorite.getByRole('textbox', { name: 'Remote id' }).fill('heat-pump');
    await favorite.getByRole('textbox', { name: 'Web page address' }).fill('https://example.com/heat-pump');
    await marketer.mouse.move(0, 0);
    await expectNoSeriousViolations(marketer, testInfo, 'custom favorites editor');
    await marketer.getByRole('button', { name: 'Save draft' }).click();
    await expect(marketer.getByTestId('draft-differs')).toBeVisible();
    await marketer.reload();
    await expect(marketer.getByTestId('custom-favorite').last().getByRole('textbox', { name: 'Title' })).toHaveValue('Heat pump');
  } finally {
    await marketerContext.close();
    await tidy(page);
  }
});

test("a system comment reads in the staff member's language: an approval taken back, in Swedish for solvik's admin (decision 0061)", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, 'ORG_ADMIN');
  await tidy(page);
  const marketerContext = await browser.newContext({ locale: 'en-GB' });
  const marketer = await marketerContext.newPage();
  try {
    // Set up through the API: four-eyes on, a theme draft asked for and approved, then changed.
    await signIn(marketer, 'ORG_MARKETING');
    expect((await api(page, 'PUT', '/v4/solvik/settings/policy', { approvalRequired: true })).status()).toBe(200);
    expect((await api(marketer, 'PUT', '/v3/settings/drafts/themes/solvik', { primaryColor: '#1d5e8c' })).ok()).toBe(true);
    const created = (await (await api(marketer, 'POST', '/v4/solvik/settings/change-requests', { parts: ['themes'], title: 'Autumn colours' })).json()) as { data: { id: string } };
    expect((await api(page, 'POST', `/v4/solvik/settings/change-requests/${created.data.id}/approve`, {})).status()).toBe(200);
    expect((await api(marketer, 'PATCH', '/v3/settings/drafts/themes/solvik', { primaryColor: '#4b2470' })).ok()).toBe(true);
    const request = (await (await api(page, 'GET', `/v4/solvik/settings/change-requests/${created.data.id}`)).json()) as { data: { comments: Array<{ systemKey?: string }> } };
    expect(request.data.comments.at(-1)?.systemKey).toBe('approvalWithdrawn');

    // The admin works in Swedish: the comment is worded from its key, the part by its Swedish name.
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Svenska' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Publiceringar' }).click();
    const comments = page.getByTestId('change-request').getByTestId('change-request-comments');
    await expect(comments).toContainText('Utkastet för Tema ändrades efter godkännandet, så godkännandet drogs tillbaka.');
    await expect(comments).not.toContainText('approval was taken back');
    await page.mouse.move(0, 0);
    await expectNoSeriousViolations(page, testInfo, 'releases page in Swedish');
  } finally {
    await marketerContext.close();
    await api(page, 'DELETE', '/v3/settings/drafts/themes/solvik');
    await tidy(page);
  }
});
