import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2eServer } from '../e2e/server.ts';

/**
 * `npm test`: typecheck, lint, unit, API integration (real PostgreSQL) and browser tests
 * (Playwright on /usr/bin/chromium), stopping at the first failing stage, then one summary line.
 */
const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });

const projects = ['packages/contracts', 'packages/locale', 'packages/client', 'packages/copy', 'apps/server', 'apps/portal', 'apps/admin', 'tsconfig.tools.json'];
const stages: Array<{ name: string; run: () => number | Promise<number> }> = [
  // The projects are independent: checked side by side, one per core (about a minute alone).
  { name: 'typecheck', run: async () => Math.max(...(await inParallel(projects.map((p) => [bin('tsc'), ['-p', p, '--noEmit']])))) },
  {
    name: 'lint',
    // ESLint, then Redocly's recommended rules on the committed OpenAPI document (the unit stage
    // checks that the document is the one the contracts generate).
    run: () => Math.max(run(bin('eslint'), ['--max-warnings=0', '.']), run(bin('redocly'), ['lint', 'docs/openapi.json', '--format=summary'])),
  },
  { name: 'unit', run: () => vitest('unit') },
  // Before the API tests, so that the browser tests' server can start beside them on a fresh build.
  { name: 'build', run: () => Math.max(...['apps/portal', 'apps/admin'].map((app) => run(bin('vite'), ['build', '--logLevel', 'warn'], path.join(root, app)))) },
  {
    name: 'api',
    run: () => {
      startE2eServer();
      return vitest('api');
    },
  },
  { name: 'e2e', run: () => browserTests() },
];

/**
 * The browser tests' server (PostgreSQL, the demo data with recent readings: half a minute and
 * more) starts while the API tests run, not after them (decision 0056). Its output goes to a file,
 * shown after the browser tests when there is any: the stages run synchronously, so a pipe would
 * not be read and could fill.
 */
let server: ChildProcess | null = null;
const serverLog = path.join(results, 'e2e-server.log');
function startE2eServer() {
  if (only.length > 0 && !only.includes('e2e')) return;
  const log = fs.openSync(serverLog, 'w');
  const [command, ...args] = e2eServer.command;
  server = spawn(command!, args, { cwd: root, stdio: ['ignore', 'ignore', log], env: { ...process.env, ...e2eServer.env } });
  fs.closeSync(log);
  server.on('exit', () => (server = null));
}

/** Playwright, on the server started early once it answers; on its own server if that one failed. */
async function browserTests(): Promise<number> {
  let ready = false;
  for (const deadline = Date.now() + 120_000; server && Date.now() < deadline; ) {
    ready = await fetch(e2eServer.healthUrl).then((response) => response.ok, () => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!ready) await stopE2eServer();
  const code = run(bin('playwright'), ['test'], root, ready ? { E2E_SERVER_STARTED: '1' } : {});
  await stopE2eServer();
  const output = fs.existsSync(serverLog) ? fs.readFileSync(serverLog, 'utf8').trim() : '';
  if (output) console.log(`[e2e server]\n${output}`);
  return code;
}

/** Stops the early server as Playwright stops its own: SIGTERM, then SIGKILL after 10 s. */
async function stopE2eServer() {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * A vitest project. Its report decides too: a run whose exit code says 0 while tests failed
 * (it happened once, with a worker ending the process) must still fail the stage.
 */
function vitest(project: 'unit' | 'api'): number {
  const report = path.join(results, `${project}.json`);
  fs.rmSync(report, { force: true });
  const code = run(bin('vitest'), ['run', '--project', project, '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`]);
  if (!fs.existsSync(report)) return code === 0 ? 1 : code;
  const { numFailedTests, numFailedTestSuites } = JSON.parse(fs.readFileSync(report, 'utf8')) as { numFailedTests: number; numFailedTestSuites: number };
  return code !== 0 ? code : numFailedTests + numFailedTestSuites > 0 ? 1 : 0;
}

/**
 * Runs the commands with at most one per core at a time, each one's output printed whole when it
 * ends (not interleaved); the exit codes in the commands' order.
 */
async function inParallel(commands: Array<[string, string[]]>): Promise<number[]> {
  const codes: number[] = new Array(commands.length);
  let next = 0;
  const worker = async () => {
    while (next < commands.length) {
      const index = next++;
      const [command, args] = commands[index]!;
      codes[index] = await new Promise<number>((resolve) => {
        const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        const output: Buffer[] = [];
        child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
        child.on('error', (error) => {
          output.push(Buffer.from(`${String(error)}\n`));
          resolve(1);
        });
        child.on('close', (code) => {
          process.stdout.write(Buffer.concat(output));
          resolve(code ?? 1);
        });
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), commands.length) }, worker));
  return codes;
}

function run(command: string, args: string[], cwd = root, env: Record<string, string> = {}): number {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const only = process.argv.slice(2);
let failedStage: string | null = null;
const started = Date.now();
for (const stage of stages) {
  if (only.length > 0 && !only.includes(stage.name)) continue;
  console.log(`\n── ${stage.name} ──`);
  const t0 = Date.now();
  const code = await stage.run();
  console.log(`── ${stage.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (code !== 0) {
    failedStage = stage.name;
    break;
  }
}
await stopE2eServer();

// Count tests across the runners' JSON reports for one closing line.
let passed = 0;
let failed = 0;
for (const file of ['unit.json', 'api.json']) {
  const p = path.join(results, file);
  if (!fs.existsSync(p) || fs.statSync(p).mtimeMs < started) continue;
  const report = JSON.parse(fs.readFileSync(p, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
const e2e = path.join(results, 'e2e.json');
if (fs.existsSync(e2e) && fs.statSync(e2e).mtimeMs >= started) {
  const report = JSON.parse(fs.readFileSync(e2e, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
}
console.log(`\n${failedStage ? `Stage "${failedStage}" failed after` : 'All stages passed in'} ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failedStage ? 1 : 0);
