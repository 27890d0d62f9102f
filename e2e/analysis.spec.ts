import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { keyOf, stepKey } from '@gridline/locale/calendar';
import { expectNoSeriousViolations, orgUrl, port, setUserLanguage, skipWelcome } from './helpers.ts';


/**
 * The analysis page (issue 7, spec 000 §2.9, §4.5) walked as a customer would. The e2e server
 * has the last ~40 days of readings (DEMO_READINGS=recent): Solvik's demo home in Sweden is read
 * per quarter-hour but declared hourly, Koivu's (Finland) is read and declared per quarter-hour.
 * The demo customers read the portal in their own language: Swedish at Solvik, Finnish at Koivu.
 */

const STOCKHOLM = 'Europe/Stockholm';
const now = new Date();
const thisYear = keyOf(now, 'year', STOCKHOLM);
const lastYear = String(Number(thisYear) - 1);
const latestMonth = keyOf(new Date(now.getTime() - 2 * 86_400_000), 'month', STOCKHOLM);
/** The last whole month of readings (the month before the latest). */
const wholeMonth = stepKey(latestMonth, -1, STOCKHOLM) ?? '';
const daysIn = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/**
 * Signs a demo customer in through the API and hands the portal the session as its own sign-in
 * would store it, with the welcome and app dialogs already seen: these tests are about the
 * analysis page, the sign-in has tests of its own.
 */
async function signIn(context: BrowserContext, organisation: string, username = 'demo') {
  await skipWelcome(context, organisation, username);
  const base = `http://localhost:${port}`;
  const start = await context.request.post(`${base}/v3/auth/`, { data: { type: 'USR_PWD', organisation, username, password: 'demo' } });
  expect(start.status()).toBe(200);
  const { ref } = (await start.json()).data as { ref: string };
  await expect
    .poll(async () => ((await (await context.request.get(`${base}/v3/auth/?ref=${ref}&organisation=${organisation}`)).json()).data as { status: string }).status)
    .toBe('done');
  const tokens = await context.request.get(`${base}/v4/${organisation}/account/sessions/accessToken?ref=${encodeURIComponent(ref)}`);
  expect(tokens.status()).toBe(200);
  const auths = (await tokens.json()).data.auths as unknown[];
  await context.addInitScript(
    ([org, list]) => {
      if (!localStorage.getItem(`gridline.session.${org}`)) localStorage.setItem(`gridline.session.${org}`, JSON.stringify({ auths: list, activeAccountId: null }));
      localStorage.setItem(`gridline.appPopupShown.${org}`, String(Date.now()));
    },
    [organisation, auths] as const,
  );
}

const chart = (page: Page) => page.locator('.bar-chart-canvas');

/** Waits until the chart has drawn the period's data (its date key). */
async function expectChartOf(page: Page, dateKey: string) {
  await expect(chart(page)).toHaveAttribute('data-rendered-key', dateKey);
}

/** Moves the pointer over the middle of bar `index` (hovering anywhere in a bar's column counts). */
async function hoverBar(page: Page, index: number) {
  const canvas = chart(page);
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no chart');
  const bars = Number(await canvas.getAttribute('data-bars'));
  const left = Number(await canvas.getAttribute('data-plot-left'));
  const right = Number(await canvas.getAttribute('data-plot-right'));
  const band = (box.width - left - right) / bars;
  await page.mouse.move(box.x + left + band * (index + 0.5), box.y + box.height * 0.75);
}

test.beforeAll(async ({ playwright }) => {
  // The demo customers' own languages (other tests may change other users').
  const request = await playwright.request.newContext();
  await setUserLanguage(request, 'solvik', 'demo', 'sv');
  await setUserLanguage(request, 'koivu', 'demo', 'fi');
  await request.dispose();
});

test('switching tabs, and the parameter to cost and to CO2', async ({ page, context }, testInfo) => {
  await signIn(context, 'solvik');
  await page.goto(orgUrl('solvik', '/analysis'));
  await expect(page.getByRole('heading', { level: 1, name: 'Analys' })).toBeVisible();
  // The first tab, the year of the latest readings and cost: the whole view is in the address.
  const tabs = page.getByRole('tablist', { name: 'Tjänster' });
  await expect(tabs.getByRole('tab')).toHaveText(['El', 'Elnät']);
  await expect(tabs.getByRole('tab', { name: 'El', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(new RegExp(`/analysis\\?tab=CONSUMPTION&parameter=cost&period=year&date=${thisYear}$`));
  await expectChartOf(page, thisYear);
  const parameter = page.getByRole('combobox', { name: 'Visa' });
  await expect(parameter).toHaveValue('cost');
  await expect(parameter.getByRole('option')).toHaveText(['Förbrukning', 'Kostnad', 'Produktion', 'Miljöpåverkan']);
  const table = page.getByRole('table', { name: `Kostnad per månad, ${thisYear}` });
  const monthRow = table.getByRole('row', { name: new RegExp(`^${latestMonthName('sv')}`) });
  await expect(monthRow.getByRole('cell').first()).toHaveText(/^\d[\d\u00a0]*\u00a0kr/);
  await expect(page.getByRole('heading', { name: 'Kostnad över dygnet' })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'analysis, year');

  // The grid service reads the same meter at the grid operator's price alone: the same months,
  // each costing less than the supplier's total.
  const amount = async () => Number((await monthRow.getByRole('cell').first().innerText()).replace(/[^\d,]/g, '').replace(',', '.'));
  const total = await amount();
  await tabs.getByRole('tab', { name: 'Elnät' }).click();
  await expect(page).toHaveURL(/tab=CONSUMPTION_NET/);
  await expect.poll(amount).toBeLessThan(total);
  expect(await amount()).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Exportera' })).toBeEnabled();
  // Arrow keys move between the tabs.
  await page.getByRole('tab', { name: 'Elnät' }).press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: 'El', exact: true })).toBeFocused();
  await expect(page).toHaveURL(/tab=CONSUMPTION&/);
  await expect.poll(amount).toBe(total);

  // CO2: grams above 1000 are shown as kg, and the distribution shows the environmental impact.
  await parameter.selectOption({ label: 'Miljöpåverkan' });
  await expect(page).toHaveURL(/parameter=co2cost/);
  const co2Table = page.getByRole('table', { name: `Miljöpåverkan per månad, ${thisYear}` });
  await expect(co2Table.getByRole('row', { name: new RegExp(`^${latestMonthName('sv')}`) }).getByRole('cell').first()).toHaveText(/^\d+(,\d+)?\u00a0kg CO₂/);
  await expect(page.getByRole('heading', { name: 'Miljöpåverkan över dygnet' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Miljöpåverkan' })).toBeVisible();

  // Back to cost: the distribution follows.
  await parameter.selectOption({ label: 'Kostnad' });
  await expect(page.getByRole('heading', { name: 'Kostnad över dygnet' })).toBeVisible();
  await expect(page.getByText(/^Endast energikostnad/)).toBeVisible();
});

/** The latest month's name as the tables write it ('November 2026'). */
function latestMonthName(language: 'sv' | 'fi') {
  const name = new Intl.DateTimeFormat(language === 'sv' ? 'sv-SE' : 'fi-FI', { month: 'long', timeZone: 'UTC' }).format(new Date(`${latestMonth}-15T00:00:00Z`));
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${latestMonth.slice(0, 4)}`;
}

test('stepping back a year and forward again, with the back button walking back', async ({ page, context }) => {
  await signIn(context, 'solvik');
  await page.goto(orgUrl('solvik', '/analysis'));
  await expectChartOf(page, thisYear);
  const previous = page.getByRole('button', { name: 'Föregående år' });
  const next = page.getByRole('button', { name: 'Nästa år' });
  // Next is disabled at the current year.
  await expect(next).toBeDisabled();
  await previous.click();
  await expect(page.getByRole('heading', { level: 2, name: lastYear })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`date=${lastYear}`));
  await expectChartOf(page, lastYear);
  await expect(next).toBeEnabled();
  // Only the last 40 days have readings on this server: last year is empty, so nothing to export.
  await expect(page.getByText('Det finns inga data för den här perioden.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportera' })).toBeDisabled();
  await next.click();
  await expectChartOf(page, thisYear);
  await expect(page.getByRole('heading', { level: 2, name: thisYear })).toBeVisible();
  await expect(next).toBeDisabled();
  // The back button walks back through the views.
  await page.goBack();
  await expectChartOf(page, lastYear);
  await expect(page).toHaveURL(new RegExp(`date=${lastYear}`));
  await page.goForward();
  await expectChartOf(page, thisYear);
});

test('a day of 15-minute data: holding a bar for a second shows its quarter-hours', async ({ page, context }) => {
  await signIn(context, 'koivu');
  await page.goto(orgUrl('koivu', '/analysis'));
  await page.getByRole('group', { name: 'Jakso' }).getByRole('button', { name: 'Päivä' }).click();
  const helsinkiDay = keyOf(new Date(now.getTime() - 2 * 86_400_000), 'day', 'Europe/Helsinki');
  await expect(page).toHaveURL(new RegExp(`period=day&date=${helsinkiDay}`));
  // Readings arrive two days late (the default measurements delay): next stops at the latest day.
  const nextDay = page.getByRole('button', { name: 'Seuraava päivä' });
  await expect(nextDay).toBeDisabled();
  // The day before the latest: a whole day of readings.
  await page.getByRole('button', { name: 'Edellinen päivä' }).click();
  const day = stepKey(helsinkiDay, -1, 'Europe/Helsinki') ?? '';
  await expectChartOf(page, day);
  await expect(nextDay).toBeEnabled();
  await expect(chart(page)).toHaveAttribute('data-bars', '24');

  await hoverBar(page, 12);
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('12.00–13.00');
  await expect(tooltip).toContainText('Kustannus');
  // At first the hint; after a second the quarter readings of that hour.
  await expect(tooltip).toContainText('Pidä hetki paikallaan nähdäksesi vartit');
  const quarters = tooltip.getByRole('table', { name: 'Vartit' });
  await expect(quarters).toBeVisible();
  await expect(quarters.getByRole('rowheader')).toHaveText(['12.00', '12.15', '12.30', '12.45']);
  for (const cell of await quarters.getByRole('cell').all()) await expect(cell).toHaveText(/^\d+(,\d+)?\u00a0kWh$/);

  // Moving to another hour starts over.
  await hoverBar(page, 18);
  await expect(tooltip).toContainText('18.00–19.00');
  await expect(tooltip.getByRole('table', { name: 'Vartit' }).getByRole('rowheader')).toHaveText(['18.00', '18.15', '18.30', '18.45']);
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);

  // An address naming a day whose readings have not arrived yet (today) opens the latest day instead.
  const today = keyOf(now, 'day', 'Europe/Helsinki');
  await page.goto(orgUrl('koivu', `/analysis?period=day&date=${today}`));
  await expect(page).toHaveURL(new RegExp(`period=day&date=${helsinkiDay}`));
  await expectChartOf(page, helsinkiDay);
});

test('comparing with temperature, and reading the bars with the keyboard', async ({ page, context }) => {
  await signIn(context, 'solvik');
  await page.goto(orgUrl('solvik', `/analysis?period=month&date=${wholeMonth}`));
  await expectChartOf(page, wholeMonth);
  const compare = page.getByRole('combobox', { name: 'Jämför med' });
  await expect(compare.getByRole('option')).toHaveText(['Ingenting', 'Temperatur', 'Spotpris', 'CO₂ per kWh', 'Samma period förra året']);
  await compare.selectOption({ label: 'Temperatur' });
  await expect(page).toHaveURL(/compare=temperature/);
  // The table of the chart has the compared series as a column, in °C.
  const table = page.getByRole('table', { name: new RegExp(`^Kostnad per dag, `) });
  await expect(table.getByRole('columnheader')).toHaveText(['Period', 'Kostnad', 'Temperatur']);
  await expect(table.getByRole('row')).toHaveCount(daysIn(wholeMonth) + 1);
  // (the readings, and the weather with them, start about 40 days back: the month's last day has both)
  await expect(table.getByRole('row').last().getByRole('cell').nth(1)).toHaveText(/^-?\d+(,\d)?\u00a0°C$/);

  // The keyboard reaches every bar: focus starts on the latest, arrows move, Enter opens the day.
  const bars = page.getByRole('group', { name: /^Kostnad per dag/ });
  await bars.focus();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText(`${daysIn(wholeMonth)} `);
  await expect(tooltip).toContainText(/Temperatur\s*-?\d+(,\d)?\u00a0°C/);
  await page.keyboard.press('Home');
  await expect(tooltip).toContainText(/^\S+ 1 /);
  await page.keyboard.press('ArrowRight');
  await expect(tooltip).toContainText(/^\S+ 2 /);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  const last = daysIn(wholeMonth) - 1;
  await expect(tooltip).toContainText(new RegExp(`^\\S+ ${last} `));
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: `${last} ` })).toContainText('Temperatur');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`period=day&date=${wholeMonth}-${last}`));
  await expectChartOf(page, `${wholeMonth}-${last}`);
  await expect(chart(page)).toHaveAttribute('data-bars', '24');
  // The comparison stays with the view: hourly temperatures for the day.
  await expect(compare).toHaveValue('temperature');
});

test('exporting a month to CSV and XLSX gives a row per day', async ({ page, context }) => {
  await signIn(context, 'solvik');
  await page.goto(orgUrl('solvik', `/analysis?period=month&date=${wholeMonth}`));
  await expectChartOf(page, wholeMonth);
  const exportButton = page.getByRole('button', { name: 'Exportera' });
  await expect(exportButton).toBeEnabled();

  await exportButton.click();
  const menu = page.getByRole('menu', { name: 'Filformat' });
  await expect(menu.getByRole('menuitem')).toHaveText(['CSV-fil', 'Excel-fil (XLSX)']);
  await expect(menu.getByRole('menuitem', { name: 'CSV-fil' })).toBeFocused();
  const csvDownload = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: 'CSV-fil' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`Björnövägen 17 ${wholeMonth}.csv`);
  const text = fs.readFileSync(await csv.path(), 'utf8');
  const lines = text.replace(/^\ufeff/, '').trimEnd().split('\r\n');
  // Swedish: semicolons between fields, a header row, then a row per day of the month.
  expect(lines[0]).toBe('Starttid;Förbrukning (kWh);Kostnad (SEK);Säkerhet (%)');
  expect(lines).toHaveLength(daysIn(wholeMonth) + 1);
  expect(lines[1]).toMatch(new RegExp(`^${wholeMonth}-01 00:00;`));
  // (readings start about 40 days back: the month's last day has them)
  expect(lines.at(-1)).toMatch(new RegExp(`^${wholeMonth}-${daysIn(wholeMonth)} 00:00;\\d+(,\\d+)?;\\d+(,\\d+)?;100$`));

  // The keyboard opens the menu too: arrow down to the second format.
  await exportButton.focus();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'CSV-fil' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Excel-fil (XLSX)' })).toBeFocused();
  const xlsxDownload = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe(`Björnövägen 17 ${wholeMonth}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsx.path());
  const sheet = workbook.worksheets[0];
  expect(sheet?.rowCount).toBe(daysIn(wholeMonth) + 1);
  expect(sheet?.getRow(1).getCell(2).value).toBe('Förbrukning (kWh)');
  expect(sheet?.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  expect(typeof sheet?.getRow(daysIn(wholeMonth) + 1).getCell(2).value).toBe('number');
  await expect(exportButton).toBeFocused();

  // The total cannot be exported.
  await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Totalt' }).click();
  await expect(exportButton).toBeDisabled();
});

test('the distribution of last month, and how the day is divided', async ({ page, context }, testInfo) => {
  await signIn(context, 'solvik');
  await page.goto(orgUrl('solvik', '/analysis?parameter=consumption'));
  await expect(page.getByRole('heading', { name: 'Förbrukning över dygnet' })).toBeVisible();
  const month = page.getByRole('combobox', { name: 'Månad' });
  const thisMonth = keyOf(now, 'month', STOCKHOLM);
  await expect(month).toHaveValue(thisMonth);
  // Never past the current month.
  const options = await month.getByRole('option').evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
  expect(options[0]).toBe(thisMonth);
  expect(options.every((value) => value <= thisMonth)).toBe(true);

  const previousMonth = stepKey(thisMonth, -1, STOCKHOLM) ?? '';
  await month.selectOption(previousMonth);
  const list = page.getByRole('list', { name: new RegExp(`^Förbrukning över dygnet, `) });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list.getByRole('listitem').first()).toContainText('Natt');
  await expect(list.getByRole('listitem').first()).toContainText('00:00–06:00');
  const shares = (await list.locator('.distribution-share').allTextContents()).map((s) => Number(s.replace(/\s|%/g, '')));
  expect(shares.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(98);
  expect(shares.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(102);
  await expect(page.locator('.doughnut-total strong')).toHaveText(/kWh$/);

  const info = page.getByRole('button', { name: 'Hur delas dygnet in?' });
  await info.click();
  const dialog = page.getByRole('dialog', { name: 'Tider på dygnet' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText(['Natt 00:00–06:00', 'Morgon 06:00–10:00', 'Dag 10:00–17:00', 'Kväll 17:00–00:00']);
  await expectNoSeriousViolations(page, testInfo, 'analysis, distribution info');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(info).toBeFocused();
});

test('a failed load shows the empty chart and is logged as a warning, never a crash', async ({ page, context }) => {
  await signIn(context, 'solvik');
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const failed = `/data/month/${wholeMonth}`;
  await page.route((url) => url.pathname.endsWith(failed), (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":503}' }));
  await page.goto(orgUrl('solvik', `/analysis?period=month&date=${wholeMonth}`));
  await expect(page.getByText('Det finns inga data för den här perioden.')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => warnings.some((text) => text.startsWith(`Analysis: could not load period month ${wholeMonth}`))).toBe(true);
  await expect(page.getByRole('button', { name: 'Exportera' })).toBeDisabled();
  // The page still works: the next month loads.
  await page.getByRole('button', { name: 'Nästa månad' }).click();
  await expectChartOf(page, latestMonth);
  await expect(page.getByText('Det finns inga data för den här perioden.')).toHaveCount(0);
});

test('a copied address opens the same view', async ({ page, context }) => {
  await signIn(context, 'solvik');
  await page.goto(orgUrl('solvik', '/analysis'));
  await expectChartOf(page, thisYear);
  await page.getByRole('combobox', { name: 'Visa' }).selectOption({ label: 'Förbrukning' });
  await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Vecka' }).click();
  await page.getByRole('button', { name: 'Föregående vecka' }).click();
  await page.getByRole('combobox', { name: 'Jämför med' }).selectOption({ label: 'Spotpris' });
  const week = stepKey(keyOf(new Date(now.getTime() - 2 * 86_400_000), 'week', STOCKHOLM), -1, STOCKHOLM) ?? '';
  await expect(page).toHaveURL(new RegExp(`tab=CONSUMPTION&parameter=consumption&period=week&date=${week}&compare=price$`));
  const address = page.url();
  const heading = `Vecka ${Number(week.slice(6))}, ${week.slice(0, 4)}`;
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();

  const other = await context.newPage();
  await other.goto(address);
  await expectChartOf(other, week);
  await expect(other.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(other.getByRole('combobox', { name: 'Visa' })).toHaveValue('consumption');
  await expect(other.getByRole('combobox', { name: 'Jämför med' })).toHaveValue('price');
  await expect(other.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Vecka' })).toHaveAttribute('aria-pressed', 'true');
  await expect(other.getByRole('table', { name: `Förbrukning per dag, ${heading}` }).getByRole('columnheader')).toHaveText(['Period', 'Förbrukning', 'Spotpris']);
  await other.close();
});

test('speed: the analysis code is a chunk of its own, and the switch time is recorded', async ({ browser }, testInfo) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const isAnalysis = (file: string) => /\/assets\/(analysis-page|echarts-setup)-[\w-]+\.js$/.test(file);

  // The sign-in route never loads the analysis code, nor does the dashboard.
  await page.goto(orgUrl('solvik', '/login'));
  await page.waitForLoadState('networkidle');
  expect(scripts.some((file) => /login-page/.test(file)), 'the sign-in page loaded').toBe(true);
  expect(scripts.filter(isAnalysis)).toEqual([]);
  await signIn(context, 'solvik');
  await page.goto(orgUrl('solvik', '/dashboard'));
  await page.waitForLoadState('networkidle');
  expect(scripts.filter(isAnalysis)).toEqual([]);

  // The analysis page loads its own code, and the chart library as a chunk of its own.
  await page.getByRole('link', { name: 'Analys' }).click();
  await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Månad' }).click();
  await expectChartOf(page, latestMonth);
  expect(scripts.filter((file) => /\/analysis-page-/.test(file))).toHaveLength(1);
  expect(scripts.filter((file) => /\/echarts-setup-/.test(file))).toHaveLength(1);

  // Switch times: from the click to the new chart drawn, with the neighbours fetched ahead.
  const switchTo = async (name: string, key: string) => {
    await page.waitForLoadState('networkidle');
    return page.evaluate(
      ([label, expected]) =>
        new Promise<number>((resolve) => {
          const canvas = document.querySelector<HTMLElement>('.bar-chart-canvas');
          const button = [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.getAttribute('aria-label') === label || b.textContent === label);
          if (!canvas || !button) throw new Error(`no ${label}`);
          const start = performance.now();
          const done = () => requestAnimationFrame(() => resolve(performance.now() - start));
          const observer = new MutationObserver(() => {
            if (canvas.dataset['renderedKey'] === expected) {
              observer.disconnect();
              done();
            }
          });
          observer.observe(canvas, { attributes: true, attributeFilter: ['data-rendered-key'] });
          button.click();
        }),
      [name, key] as const,
    );
  };
  const timings: Array<{ step: string; ms: number }> = [];
  let month = latestMonth;
  for (let i = 0; i < 3; i += 1) {
    month = stepKey(month, -1, STOCKHOLM) ?? month;
    timings.push({ step: `previous month → ${month}`, ms: await switchTo('Föregående månad', month) });
  }
  for (let i = 0; i < 2; i += 1) {
    month = stepKey(month, 1, STOCKHOLM) ?? month;
    timings.push({ step: `next month → ${month}`, ms: await switchTo('Nästa månad', month) });
  }
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const max = sorted.at(-1) ?? 0;

  // Chunk sizes of the build the server serves (compressed as a browser would receive them).
  const assets = path.resolve(import.meta.dirname, '..', 'apps/portal/dist/assets');
  const gzipKb = (pattern: RegExp) =>
    fs
      .readdirSync(assets)
      .filter((file) => pattern.test(file))
      .reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(assets, file))).length, 0) / 1024;
  const figures = {
    measuredAt: new Date().toISOString(),
    switches: timings,
    switchMedianMs: Math.round(median),
    switchMaxMs: Math.round(max),
    analysisChunkKb: Number(gzipKb(/^analysis-page-.*\.js$/).toFixed(1)),
    chartLibraryChunkKb: Number(gzipKb(/^echarts-setup-.*\.js$/).toFixed(1)),
  };
  const results = path.resolve(import.meta.dirname, '..', 'test-results');
  fs.mkdirSync(results, { recursive: true });
  fs.writeFileSync(path.join(results, 'analysis-timing.json'), `${JSON.stringify(figures, null, 2)}\n`);
  await testInfo.attach('analysis timing', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
  console.log(
    `analysis: period switch median ${figures.switchMedianMs} ms, max ${figures.switchMaxMs} ms (budget 300 ms); chunks: page ${figures.analysisChunkKb} KB, chart library ${figures.chartLibraryChunkKb} KB gzip`,
  );
  await context.close();
});
