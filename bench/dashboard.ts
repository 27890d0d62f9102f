import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, signIn, type Figure } from './product.ts';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p975: number;
  errors: number;
}

/** One call of the load: a path and the bearer token it is sent with. */
export interface Call {
  path: string;
  token: string;
}

/** autocannon, the ecosystem's load generator: every connection sends the calls in turn. */
export async function load(base: string, calls: Call[], connections: number, seconds: number): Promise<LoadResult> {
  const requests = calls.map((c) => ({ method: 'GET' as const, path: c.path, headers: { authorization: `Bearer ${c.token}` } }));
  const result = await autocannon({ url: base, connections, duration: seconds, requests });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The customers whose dashboards the bench loads: each organisation's demo sign-ins with homes and invoices. */
export const DASHBOARD_CUSTOMERS = ['solvik', 'fjellkraft', 'koivu', 'alpenwerk'].flatMap((organisation) => ['demo', 'business'].map((username) => ({ organisation, username })));

/** The calls a dashboard makes after sign-in (the user, the account's homes, its invoices), for each customer. */
export async function dashboardCalls(base: string): Promise<Call[]> {
  const calls: Call[] = [];
  for (const { organisation, username } of DASHBOARD_CUSTOMERS) {
    const auth = await signIn(base, organisation, username);
    for (const path of [`/v4/${organisation}/users/me`, `/v4/${organisation}/locations/accounts/${auth.accountId}`, `/v4/${organisation}/invoices/accounts/${auth.accountId}/invoices?limit=24`]) {
      calls.push({ path, token: auth.accessToken });
    }
  }
  return calls;
}

/**
 * The floor: a bare Fastify process (bench/bare-server.ts) answering the same calls with the bytes
 * Gridline answered, measured by the same load generator in the same run.
 */
export async function bareFloor(base: string, calls: Call[], port: number, connections: number, seconds: number): Promise<LoadResult> {
  const answers = await Promise.all(
    calls.map(async (c) => {
      const res = await fetch(`${base}${c.path}`, { headers: { authorization: `Bearer ${c.token}` } });
      if (!res.ok) throw new Error(`${c.path} answered ${res.status}`);
      return { ...c, contentType: res.headers.get('content-type') ?? 'application/json', body: await res.text() };
    }),
  );
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gridline-bench-')), 'answers.json');
  fs.writeFileSync(file, JSON.stringify({ port, answers }));
  const child = spawn(process.execPath, [path.join(root, 'bench/bare-server.ts'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (data: Buffer) => data.toString().includes('listening') && resolve());
      child.once('exit', (code) => reject(new Error(`the bare server ended with ${code}`)));
    });
    return await load(`http://127.0.0.1:${port}`, calls, connections, seconds);
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

const describe = (r: LoadResult) => `${Math.round(r.requestsPerSecond).toLocaleString('en')} req/s, p50 ${r.p50} ms, p97.5 ${r.p975} ms, ${r.errors} errors`;

/** The floor's figure and Gridline's beside it: at least a quarter of the floor, p97.5 under 50 ms. */
export function floorFigure(floor: LoadResult, customers: number, connections: number, seconds: number): Figure {
  return { figure: `bare Fastify floor: ${customers} customers' dashboard calls, ${connections} connections, ${seconds} s`, value: describe(floor), budget: '(floor)', ok: floor.errors === 0 };
}

/** Gridline's figure beside the floor: at least a quarter of it, p97.5 under 50 ms, no errors. */
export function loadFigure(label: string, floor: LoadResult, gridline: LoadResult, budgeted = true): Figure {
  const ratio = gridline.requestsPerSecond / floor.requestsPerSecond;
  return {
    figure: `dashboard calls, ${label}`,
    value: `${describe(gridline)}; ${ratio.toFixed(2)}x the floor`,
    budget: budgeted ? '≥ 0.25x, p97.5 < 50 ms, 0 errors' : '(for comparison)',
    ok: budgeted ? ratio >= 0.25 && gridline.p975 < 50 && gridline.errors === 0 : gridline.errors === 0,
  };
}

export { describe as describeLoad };
