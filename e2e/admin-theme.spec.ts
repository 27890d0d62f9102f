import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { contrast } from '../packages/contracts/src/colors.ts';
import { openThemeEditor, primaryColourField, rgb, signInStaff, staffEmail } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './helpers.ts';

/**
 * The theme editor (issue 18, decision 0055): a marketer changes the primary colour, which the
 * filled button follows, and sees the portal's sign-in page in the preview take it; a too-light
 * button text is marked with its contrast ratio and keeps the draft from being saved; with a
 * readable text the draft saves. The dashboard and analysis tabs frame the portal's real pages with
 * a demo household (decision 0063). Axe on the editor (and the framed portal page).
 */

test.use({ locale: 'en-GB' });

const plum = '#7a1f5c';

test('a marketer changes the primary colour, has a too-light text refused with its ratio, sees the preview change and saves the draft', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await signInStaff(page, 'solvik', staffEmail('solvik', 'ORG_MARKETING'));
  // The preview: the portal's own sign-in page, themed by the editor (a draft an earlier run left discarded).
  const button = await openThemeEditor(page);
  await expect(button).toHaveCSS('background-color', 'rgb(11, 93, 75)');

  const brand = page.getByRole('group', { name: 'Brand' });
  const primary = primaryColourField(page);
  await expect(primary).toHaveValue(/^#0b5d4b$/i);
  await expect(brand.getByLabel('Pick Primary colour')).toHaveValue('#0b5d4b');
  await primary.fill(plum);
  await expect(button).toHaveCSS('background-color', rgb(plum));

  // The filled button followed the brand colour; a pale pink text on it is refused with its ratio.
  const filled = page.getByRole('group', { name: 'Buttons' }).getByRole('group', { name: 'Filled' });
  await expect(filled.getByRole('textbox', { name: 'Background', exact: true })).toHaveValue(plum);
  const text = filled.getByRole('textbox', { name: 'Text', exact: true });
  await expect(text).toHaveValue('#ffffff');
  await expect(filled.getByText(`Contrast ${(Math.floor(contrast('#ffffff', plum) * 100) / 100).toFixed(2)}:1 on ${plum}`)).toBeVisible();
  await text.fill('#d08fb8');
  const ratio = (Math.floor(contrast('#d08fb8', plum) * 100) / 100).toFixed(2);
  await expect(filled.getByText(`Too little contrast: ${ratio}:1 on ${plum}. Text needs at least 4.5:1.`)).toBeVisible();
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(button).toHaveCSS('color', 'rgb(208, 143, 184)');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Fix the marked colours first: 1 text or icon colours have too little contrast.' })).toBeVisible();
  // Axe on the editor with the refused colour marked (the framed portal left out: it shows the refused pair on purpose).
  await page.mouse.move(0, 0);
  const axeWithoutFrame = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).exclude('iframe').analyze();
  expect(axeWithoutFrame.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // A readable text: the draft saves, differs from what is live, and the preview shows it.
  await text.fill('#ffffff');
  await expect(filled.getByText(/^Contrast \d+\.\d\d:1 on #7a1f5c$/)).toBeVisible();
  // (Axe on the editor with the framed portal runs in the releases scenario, admin-releases.spec.ts.)
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('The draft is saved.')).toBeVisible();
  await expect(page.getByText('This draft differs from what is live.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Releases' })).toBeVisible();
  await expect(button).toHaveCSS('color', 'rgb(255, 255, 255)');

  // The portal's real dashboard, framed with a demo household (decision 0063), takes the draft
  // when it loads: its greeting, an invoice row, and the links in the draft's primary colour.
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await page.mouse.move(0, 0);
  const dashboard = page.frameLocator('iframe[title="The portal\'s dashboard with the draft theme and a demo household"]');
  await expect(dashboard.getByRole('heading', { level: 2, name: /Alex/ })).toBeVisible({ timeout: 30_000 });
  await expect(dashboard.getByRole('row', { name: /7200410/ })).toBeVisible();
  await expect(dashboard.locator('.card-footer-link a')).toHaveCSS('color', rgb(plum));
  await expect(page.getByTestId('theme-preview-status')).toHaveText('The preview shows the draft.');
  await expectNoSeriousViolations(page, testInfo, 'theme editor, dashboard preview');

  // The analysis page: the chart card with a year's twelve months and the distribution card.
  await page.getByRole('tab', { name: 'Analysis' }).click();
  const analysis = page.frameLocator('iframe[title="The portal\'s analysis page with the draft theme and a demo household"]');
  const chart = analysis.locator('.bar-chart-canvas');
  await expect(chart).toHaveAttribute('data-rendered-key', /^\d{4}$/, { timeout: 30_000 });
  await expect(chart).toHaveAttribute('data-bars', '12');
  await expect(chart.locator('svg')).toBeVisible();
  await expect(analysis.locator('.distribution-card')).toBeVisible();

  // After a reload the editor holds the saved draft.
  await page.reload();
  await expect(primaryColourField(page)).toHaveValue(plum, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(page.getByText('The draft is discarded.')).toBeVisible();
  await expect(primaryColourField(page)).toHaveValue(/^#0b5d4b$/i);
});
