import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './db/database.ts';
import { demoIdentities } from './demo/sign-in-identities.ts';

/**
 * WORKERS=2 as `npm start` runs it (decision 0032): a primary with its embedded PostgreSQL, the
 * jobs and the sign-in simulators, and two API workers on one port. Every request here goes over
 * a connection of its own, which the cluster hands to the workers in turn; which process answered
 * is read from the request log lines (pino writes each process's pid), not from anything the API
 * sends.
 */
const serverMain = path.resolve(import.meta.dirname, 'main.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridline-workers-'));
const DEV_KEY = 'workers-test-dev-key-0123';
const annaKarin = demoIdentities.solvik!.personalIds['anna-karin.lindqvist@example.com']!;

let server: ChildProcess;
let output = '';
let port: number;
let pgPort: number;
let db: Db;
let workerPids: number[] = [];

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

async function waitFor(what: string, test: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await Promise.resolve(test()).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms. Server output:\n${output.slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One request over a new connection (no keep-alive agent), so that the cluster picks a worker for it. */
function request(method: string, url: string, options: { token?: string; json?: unknown; form?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { connection: 'close' };
  let payload: string | undefined;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) {
    payload = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  } else if (options.form) {
    payload = new URLSearchParams(options.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  // Node's client sends a DELETE's body neither chunked nor sized unless told its length.
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const json = String(res.headers['content-type'] ?? '').includes('application/json');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: json ? JSON.parse(text) : undefined });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The pids of the processes that logged a completed request since `offset` in the output. */
function answeringPids(offset: number): Set<number> {
  const pids = new Set<number>();
  for (const line of output.slice(offset).split('\n')) {
    if (!line.includes('"msg":"request completed"')) continue;
    const pid = /"pid":(\d+)/.exec(line)?.[1];
    if (pid) pids.add(Number(pid));
  }
  return pids;
}

/** Sends `count` requests over new connections and answers which processes logged them. */
async function whoAnswers(count: number, send: () => Promise<Answer> = () => request('GET', '/health')): Promise<Set<number>> {
  const offset = output.length;
  for (let i = 0; i < count; i++) expect((await send()).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 200)); // the log lines are written after the answers
  return answeringPids(offset);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  // PostgreSQL runs as an unprivileged user when we are root; it must be able to enter the folder.
  fs.chmodSync(dir, 0o755);
  port = await freePort();
  pgPort = await freePort();
  server = spawn(process.execPath, [serverMain], {
    env: {
      PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin', '/usr/sbin', '/sbin'].join(':'),
      NODE_ENV: 'test',
      WORKERS: '2',
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dir,
      DEMO_READINGS: 'none',
      DEV_KEY,
      // Request logs, one line per answer with the answering process's pid.
      LOG_LEVEL: 'info',
      PORTAL_DIST: path.join(dir, 'no-portal'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('the banner', () => output.includes('Press Ctrl-C to stop.'), 150_000);
  workerPids = (/Workers: {3}2 API processes on port \d+ \(pids (\d+), (\d+)\)/.exec(output) ?? []).slice(1).map(Number);
  db = createDb(`postgres://gridline:gridline@127.0.0.1:${pgPort}/gridline`, 2);
}, 180_000);

afterAll(async () => {
  await db?.destroy().catch(() => {});
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    for (const pid of workerPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('WORKERS=2', () => {
  it('prints the banner once, after both workers listen, naming them', () => {
    expect(output.match(/Gridline is running/g)).toHaveLength(1);
    expect(workerPids).toHaveLength(2);
    expect(new Set([server.pid, ...workerPids]).size).toBe(3);
    expect(workerPids.every(alive)).toBe(true);
    expect(output).toContain(`test BankID app http://localhost:${port}/dev/bankid?key=${DEV_KEY}`);
  });

  it('answers on one port from both workers, the connections handed to each in turn', async () => {
    expect(await whoAnswers(6)).toEqual(new Set(workerPids));
  });

  it('completes a BankID sign-in over separate connections, through the simulators in the primary, and its token works on both workers', async () => {
    const offset = output.length;
    const started = await request('POST', '/v3/auth/', { json: { type: 'BANKID', organisation: 'solvik' } });
    expect(started.status, started.text).toBe(200);
    const { ref, autoStartToken } = started.body.data as { ref: string; autoStartToken: string };
    // The test BankID app on another connection: the worker asks the primary's simulator.
    const app = await request('GET', `/dev/bankid?key=${DEV_KEY}&autostarttoken=${autoStartToken}`);
    expect(app.status).toBe(200);
    expect(app.text).toContain('The app was started for the order below');
    const orderRef = /\/dev\/bankid\/orders\/([0-9a-f-]{36})\/approve/.exec(app.text)?.[1];
    expect(orderRef).toBeDefined();
    const approved = await request('POST', `/dev/bankid/orders/${orderRef}/approve?key=${DEV_KEY}`, { form: { personalNumber: annaKarin } });
    expect(approved.status).toBe(303);
    let poll: Answer;
    for (let i = 0; ; i++) {
      poll = await request('GET', `/v3/auth/?ref=${ref}&organisation=solvik`);
      if (poll.status !== 200 || poll.body.data.status !== 'process' || i > 50) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(poll.status, poll.text).toBe(200);
    expect(poll.body.data.status).toBe('done');
    const tokens = await request('GET', `/v4/solvik/account/sessions/accessToken?ref=${ref}`);
    expect(tokens.status, tokens.text).toBe(200);
    const token = tokens.body.data.auths[0].accessToken as string;
    expect(await whoAnswers(4, () => request('GET', '/v4/solvik/users/me', { token }))).toEqual(new Set(workerPids));
    // The sign-in itself crossed workers too.
    expect(answeringPids(offset)).toEqual(new Set(workerPids));
    // And the primary's outbox is what every worker's page shows.
    const outboxes = await Promise.all([0, 1].map(() => request('GET', `/dev/outbox.json?key=${DEV_KEY}`)));
    expect(outboxes.map((o) => o.status)).toEqual([200, 200]);
  }, 60_000);

  it("ends a session on every worker within the revocation cache's 5 s after a sign-out on one", async () => {
    const started = await request('POST', '/v3/auth/', { json: { type: 'USR_PWD', organisation: 'solvik', username: 'demo', password: 'demo' } });
    expect(started.status, started.text).toBe(200);
    const tokens = await request('GET', `/v4/solvik/account/sessions/accessToken?ref=${started.body.data.ref}`);
    const { accessToken: token, refreshToken } = tokens.body.data.auths[0] as { accessToken: string; refreshToken: string };
    // Both workers have seen the session live (and cached that for up to 5 s).
    expect(await whoAnswers(4, () => request('GET', '/v4/solvik/users/me', { token }))).toEqual(new Set(workerPids));
    const signedOut = Date.now();
    const out = await request('DELETE', '/v3/auth/', { token, json: { refreshTokens: [refreshToken] } });
    expect(out.status, out.text).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, signedOut + 5_200 - Date.now())));
    const offset = output.length;
    const after = await Promise.all(Array.from({ length: 6 }, () => request('GET', '/v4/solvik/users/me', { token })));
    expect(after.map((a) => [a.status, a.body?.key])).toEqual(Array.from({ length: 6 }, () => [401, 'SESSION_REVOKED']));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answeringPids(offset)).toEqual(new Set(workerPids));
  }, 60_000);

  it('counts the price budget across workers: the 101st request from one address in 10 s is refused', async () => {
    const offset = output.length;
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await request('GET', '/v3/data/storage/zone/SE9/spotprices')).status);
    expect(statuses.slice(0, 100).every((s) => s === 400)).toBe(true);
    expect(statuses[100]).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answeringPids(offset)).toEqual(new Set(workerPids));
  }, 60_000);

  it('runs the jobs once: one start-up run of the exchange rates, and one schedule per job', async () => {
    await waitFor(
      'the start-up run of the exchange rates',
      async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'ecb-rates' AND state = 'completed'`.execute(db)).rows[0]!.n >= 1,
      30_000,
    );
    const jobs = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE name = 'ecb-rates'`.execute(db);
    expect(jobs.rows.map((r) => r.state)).toEqual(['completed']);
    // one schedule per job, and per organisation for the audit log's clean-up (decision 0045): written once, not once per process
    const schedules = await sql<{ name: string; key: string }>`SELECT name, key FROM pgboss.schedule ORDER BY name, key`.execute(db);
    const organisations = (await sql<{ id: string }>`SELECT id FROM organisations ORDER BY id`.execute(db)).rows.map((r) => r.id);
    expect(schedules.rows.map((r) => `${r.name}|${r.key}`)).toEqual([...['', ...organisations].map((key) => `audit-retention|${key}`), 'ecb-rates|', 'entsoe-day-ahead|']);
  }, 60_000);

  it('replaces a worker that dies, and says so', async () => {
    const [victim, survivor] = workerPids as [number, number];
    process.kill(victim, 'SIGKILL');
    await waitFor('a new worker', () => /listens in its place/.test(output), 60_000);
    expect(output).toMatch(new RegExp(`API worker \\d+ \\(pid ${victim}\\) ended \\(SIGKILL\\); starting another\\.`));
    const replacement = Number(/API worker \d+ \(pid (\d+)\) listens in its place/.exec(output)?.[1]);
    expect([victim, survivor]).not.toContain(replacement);
    workerPids = [survivor, replacement];
    expect(await whoAnswers(6)).toEqual(new Set(workerPids));
  }, 90_000);

  it('stops on SIGTERM: the workers and PostgreSQL end with the primary, which exits with 0', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(workerPids.filter(alive)).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 60_000);
});
