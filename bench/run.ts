import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Agent, request } from 'undici';

/**
 * `npm run bench`: starts the product the way `npm start` does (own port, fresh data) and prints
 * figures next to the budgets of DESIGN.md. Figures, not pass/fail tests: the machine varies.
 */
const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);

type Row = { figure: string; value: string; budget: string; ok: boolean };
const rows: Row[] = [];

function signInBundle(): void {
  const dist = path.join(root, 'apps/portal/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  // What the sign-in route loads: the entry script and the chunks it preloads.
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const bytes = files.reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(dist, f))).length, 0);
  const loginChunks = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^login.*\.js$/.test(f));
  const lazy = loginChunks.reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(dist, 'assets', f))).length, 0);
  const kb = (bytes + lazy) / 1024;
  rows.push({ figure: 'sign-in route JavaScript (gzip)', value: `${kb.toFixed(1)} KB in ${files.length + loginChunks.length} files`, budget: '≤ 200 KB', ok: kb <= 200 });
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

async function dashboardLoad(): Promise<void> {
  const start = await (await fetch(`${base}/v3/auth/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'USR_PWD', organisation: 'solvik', username: 'demo', password: 'demo' }) })).json();
  const tokens = await (await fetch(`${base}/v4/solvik/account/sessions/accessToken?ref=${start.data.ref}`)).json();
  const auth = tokens.data.auths[0];
  const headers = { authorization: `Bearer ${auth.accessToken}` };
  // The calls the dashboard makes after sign-in.
  const paths = ['/v4/solvik/users/me', `/v4/solvik/locations/accounts/${auth.accountId}`, `/v4/solvik/invoices/accounts/${auth.accountId}/invoices?limit=24`];
  const agent = new Agent({ connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async (n: number) => {
    let i = n;
    while (performance.now() < until) {
      const t0 = performance.now();
      const res = await request(`${base}${paths[i++ % paths.length]}`, { headers, dispatcher: agent });
      await res.body.dump();
      if (res.statusCode !== 200) errors++;
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, n) => worker(n)));
  await agent.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  const p95 = pct(95);
  rows.push({ figure: `dashboard calls, ${connections} connections, ${seconds} s`, value: `${Math.round(latencies.length / seconds)} req/s, p50 ${pct(50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${errors} errors`, budget: 'p95 < 50 ms', ok: p95 < 50 && errors === 0 });
}

signInBundle();
const server = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.ts')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), DATA_DIR: '.data-bench', EMBEDDED_PG_PORT: '54349', LOG_LEVEL: 'warn' },
});
try {
  await waitForHealth();
  await dashboardLoad();
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

console.log('\nGridline bench (load generator and server share this machine)\n');
const width = Math.max(...rows.map((r) => r.figure.length));
for (const r of rows) console.log(`${r.ok ? 'ok  ' : 'OVER'}  ${r.figure.padEnd(width)}  ${r.value}   (budget ${r.budget})`);
