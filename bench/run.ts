import { analysisFigures } from './analysis.ts';
import { signInBundle } from './bundle.ts';
import { bareFloor, DASHBOARD_CUSTOMERS, dashboardCalls, floorFigure, load, loadFigure } from './dashboard.ts';
import { ingestAndViews } from './ingest.ts';
import { lighthouseFigures } from './lighthouse.ts';
import { signInAuths, startProduct, type Figure } from './product.ts';

/**
 * `npm run bench`: starts the product the way `npm start` does (own port, fresh data) and prints
 * figures next to the budgets of DESIGN.md and the issues. Figures, not pass/fail tests: the
 * machine varies, and the load generator shares it with the server.
 *
 * BENCH_SECONDS, BENCH_CONNECTIONS: the dashboard load (10 s, 200), against the bare Fastify floor
 * measured in the same run (bench/bare-server.ts), with 1 and 2 API processes and without the
 * read cache.
 * BENCH_SERVICES, BENCH_DAYS: the ingestion data set (1 000 services × 365 days of quarter-hours
 * = 35 M readings, as issue 3 asks; smaller for a quick look).
 * BENCH_LIGHTHOUSE_RUNS: Lighthouse runs per page, the median reported (3);
 * BENCH_LIGHTHOUSE_REPORTS: a folder for the median runs' full reports (JSON).
 * BENCH_ONLY=dashboard|ingest|lighthouse: one step only.
 * BENCH_PORT, BENCH_PG_PORT, BENCH_DATA_DIR: to run two benches side by side.
 */
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const only = process.env.BENCH_ONLY;
const port = env('BENCH_PORT', 3200);
const pgPort = env('BENCH_PG_PORT', 54349);
const dataDir = process.env.BENCH_DATA_DIR ?? '.data-bench';

const figures: Figure[] = [signInBundle(), ...analysisFigures()];
const [connections, seconds] = [env('BENCH_CONNECTIONS', 200), env('BENCH_SECONDS', 10)];

/**
 * The dashboard's calls of 8 customers (4 organisations) against a product started with the given
 * settings: a short warm-up (JIT, pools, kept reads), then the measured run.
 */
async function dashboardRun(settings: { workers: number; env?: Record<string, string> }) {
  const product = await startProduct({ port, dataDir: dataDir, pgPort, workers: settings.workers, env: { DEMO_READINGS: 'none', ...settings.env } });
  try {
    const calls = await dashboardCalls(product.base);
    await load(product.base, calls, connections, 2);
    return { calls, base: product.base, result: await load(product.base, calls, connections, seconds) };
  } finally {
    await product.stop();
  }
}

if (!only || only === 'dashboard') {
  const one = await dashboardRun({ workers: 1 });
  // The floor, measured while nothing else runs: the same calls, the bytes Gridline answered.
  const product = await startProduct({ port, dataDir: dataDir, pgPort, workers: 1, env: { DEMO_READINGS: 'none' } });
  let floor;
  try {
    floor = await bareFloor(product.base, await dashboardCalls(product.base), port + 1, connections, seconds);
  } finally {
    await product.stop();
  }
  const two = await dashboardRun({ workers: 2 });
  const firstLoads = await dashboardRun({ workers: 1, env: { READ_CACHE: 'off' } });
  figures.push(
    floorFigure(floor, DASHBOARD_CUSTOMERS.length, connections, seconds),
    loadFigure('1 API process', floor, one.result),
    loadFigure('2 API processes (WORKERS=2)', floor, two.result),
    loadFigure('1 API process, every read from PostgreSQL (READ_CACHE=off)', floor, firstLoads.result, false),
  );
}
if (!only || only === 'ingest') {
  // The whole set goes as one streamed body, as the floor's COPY does: longer than the minute a
  // request may take by default (decision 0030), so the bench allows an hour.
  const product = await startProduct({ port, dataDir, pgPort, env: { DEMO_READINGS: 'none', REQUEST_TIMEOUT_SECONDS: '3600' } });
  try {
    const url = `postgres://gridline:gridline@127.0.0.1:${pgPort}/gridline`;
    figures.push(...(await ingestAndViews(product.base, url, env('BENCH_SERVICES', 1000), env('BENCH_DAYS', 365))));
  } finally {
    await product.stop();
  }
}

if (!only || only === 'lighthouse') {
  // A product of its own, with the last 40 days of demo readings: the analysis page draws a chart.
  const product = await startProduct({ port, dataDir, pgPort, env: { DEMO_READINGS: 'recent' } });
  try {
    const auths = await signInAuths(product.base, 'solvik', 'demo');
    const me = (await (await fetch(`${product.base}/v4/solvik/users/me`, { headers: { authorization: `Bearer ${auths[0]!.accessToken}` } })).json()) as { data: { language: string | null } };
    figures.push(...(await lighthouseFigures(product.base, { organisation: 'solvik', auths, language: me.data.language }, env('BENCH_LIGHTHOUSE_RUNS', 3), process.env.BENCH_LIGHTHOUSE_REPORTS)));
  } finally {
    await product.stop();
  }
}

console.log('\nGridline bench (load generator and server share this machine)\n');
const width = Math.max(...figures.map((f) => f.figure.length));
for (const f of figures) console.log(`${f.ok ? 'ok  ' : 'OVER'}  ${f.figure.padEnd(width)}  ${f.value}   (budget ${f.budget})`);
