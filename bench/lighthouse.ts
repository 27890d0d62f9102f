import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import type { Figure } from './product.ts';

/**
 * The portal on a phone (issue 15): Lighthouse 12 with its mobile defaults (a Moto G Power sized
 * screen, slow 4G and a 4x slower CPU, all simulated) in the system Chromium, against the product
 * the bench started. Each page is measured `runs` times and the run with the median performance
 * score is reported: one run on a shared machine is noisy.
 *
 * The signed-in pages are measured as a returning customer meets them: a session and the user's
 * language in the portal's localStorage (as its own sign-in leaves them), the welcome and app
 * dialogs already seen, nothing in the browser's cache. Lighthouse is told not to reset storage (`disableStorageReset`), so this
 * file clears the cache and sets the storage itself before every run.
 */

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLOORS = { performance: 95, lcpMs: 2500, accessibility: 100, bestPractices: 100 };

interface PageRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  fcpMs: number;
  kib: number;
  /** The three heaviest transfers, for a reader who wants to know where the bytes went. */
  heaviest: string;
  lhr: Result;
}

/** A minimal DevTools-protocol client for one page target (Node's own WebSocket). */
async function devtoolsPage(port: number) {
  const target = (await (await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: 'PUT' })).json()) as { id: string; webSocketDebuggerUrl: string };
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id!);
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    send,
    async close() {
      socket.close();
      await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
    },
  };
}

interface Session {
  organisation: string;
  auths: Array<{ accountId: string }>;
  /** The user's language, which the portal remembers in localStorage and a cookie after a visit. */
  language: string | null;
}

/** Leaves the browser as a visitor finds it: empty cache; a stored session or none. */
async function prepare(port: number, base: string, session: Session | null) {
  const page = await devtoolsPage(port);
  try {
    await page.send('Network.enable');
    await page.send('Network.clearBrowserCache');
    await page.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'cookies,local_storage,session_storage,indexeddb,cache_storage,service_workers' });
    if (!session) return;
    // A page of the product's own origin that loads none of the portal's files.
    await page.send('Page.enable');
    await page.send('Page.navigate', { url: `${base}/health` });
    await new Promise((r) => setTimeout(r, 500));
    const { organisation, auths, language } = session;
    const script = `localStorage.setItem(${JSON.stringify(`gridline.session.${organisation}`)}, ${JSON.stringify(JSON.stringify({ auths, activeAccountId: null }))});
      localStorage.setItem(${JSON.stringify(`gridline.appPopupShown.${organisation}`)}, String(Date.now()));
      ${language ? `localStorage.setItem(${JSON.stringify(`gridline.language.${organisation}`)}, ${JSON.stringify(language)}); document.cookie = 'gridline.language=' + ${JSON.stringify(language)} + '; path=/; SameSite=Lax';` : ''}
      document.cookie = 'hasSeenWelcome=' + ${JSON.stringify(auths.map((a) => a.accountId).join(','))} + '; path=/; SameSite=Lax';`;
    await page.send('Runtime.evaluate', { expression: script });
    await page.send('Network.clearBrowserCache');
  } finally {
    await page.close();
  }
}

function summarise(lhr: Result): PageRun {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = ((lhr.audits['network-requests']?.details as { items?: Array<{ url: string; transferSize?: number }> } | undefined)?.items ?? [])
    .filter((item) => (item.transferSize ?? 0) > 0)
    .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))
    .slice(0, 3)
    .map((item) => `${new URL(item.url).pathname.replace(/^\/assets\//, '')} ${((item.transferSize ?? 0) / 1024).toFixed(1)}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    kib: numeric('total-byte-weight') / 1024,
    heaviest: items.join(', '),
    lhr,
  };
}

/**
 * Lighthouse on /login (signed out), /dashboard and /analysis (signed in as `session`), `runs`
 * times each; one figure per page with the median run's scores next to the floors. With
 * `reportDir`, the median run's full report is written there as `<page>.json` (open it in the
 * Lighthouse viewer to see every audit).
 */
export async function lighthouseFigures(base: string, session: Session, runs: number, reportDir?: string): Promise<Figure[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox'] });
  const figures: Figure[] = [];
  try {
    const pages: Array<{ page: string; session: Session | null }> = [
      { page: '/login', session: null },
      { page: '/dashboard', session },
      { page: '/analysis', session },
    ];
    for (const { page, session: stored } of pages) {
      const measured: PageRun[] = [];
      for (let i = 0; i < runs; i++) {
        await prepare(chrome.port, base, stored);
        const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: ['performance', 'accessibility', 'best-practices'] };
        const result = await lighthouse(`${base}${page}`, flags);
        if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${page}: ${result.lhr.runtimeError.message}`);
        const finalPath = new URL(result.lhr.finalDisplayedUrl).pathname;
        if (finalPath !== page) throw new Error(`Lighthouse on ${page} ended on ${finalPath} (signed out?)`);
        measured.push(summarise(result.lhr));
      }
      measured.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
      const median = measured[Math.floor(measured.length / 2)]!;
      if (reportDir) {
        fs.mkdirSync(reportDir, { recursive: true });
        fs.writeFileSync(path.join(reportDir, `${page.slice(1)}.json`), JSON.stringify(median.lhr));
      }
      const ok =
        median.performance >= FLOORS.performance && median.lcpMs <= FLOORS.lcpMs && median.accessibility >= FLOORS.accessibility && median.bestPractices >= FLOORS.bestPractices;
      figures.push({
        figure: `Lighthouse mobile ${page}${stored ? ' (signed in)' : ''}`,
        value:
          `perf ${median.performance}, LCP ${(median.lcpMs / 1000).toFixed(2)} s, FCP ${(median.fcpMs / 1000).toFixed(2)} s, a11y ${median.accessibility}, ` +
          `best practices ${median.bestPractices}, ${median.kib.toFixed(0)} KiB (median of ${runs}: perf ${measured.map((m) => m.performance).join('/')}; heaviest KiB: ${median.heaviest})`,
        budget: 'perf ≥ 95, LCP ≤ 2.5 s, a11y 100, best practices 100',
        ok,
      });
    }
  } finally {
    chrome.kill();
  }
  return figures;
}
