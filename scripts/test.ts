import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
  { name: 'api', run: () => vitest('api') },
  { name: 'build', run: () => Math.max(...['apps/portal', 'apps/admin'].map((app) => run(bin('vite'), ['build', '--logLevel', 'warn'], path.join(root, app)))) },
  { name: 'e2e', run: () => run(bin('playwright'), ['test']) },
];

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
