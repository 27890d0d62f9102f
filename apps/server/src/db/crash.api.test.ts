import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiTokensRepository } from '../modules/tokens/repository.ts';
import { ApiTokensService } from '../modules/tokens/service.ts';
import { createDb, type Db } from './database.ts';

/**
 * The server as `npm start` runs it (its own durable embedded PostgreSQL, its own data folder),
 * and its PostgreSQL killed with SIGKILL: what a client was told is written must be there after
 * recovery, the server must bring PostgreSQL back by itself, and a SIGTERM must still end it
 * promptly with 0.
 */
const serverMain = path.resolve(import.meta.dirname, '../main.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridline-crash-'));
const READINGS = 1_920;

let server: ChildProcess;
let output = '';
let port: number;
let pgPort: number;
let db: Db;
let base: string;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

async function waitFor(what: string, test: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await test().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms. Server output:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const status = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(5_000) })).status;
const postmasterPid = () => Number(fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve({ code: child.exitCode, signal: child.signalCode })
    : new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

beforeAll(async () => {
  // PostgreSQL runs as an unprivileged user when we are root; it must be able to enter the folder.
  fs.chmodSync(dir, 0o755);
  port = await freePort();
  pgPort = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [serverMain], {
    // Only what this server needs (nothing of the test run's own environment leaks in).
    env: {
      PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin', '/usr/sbin', '/sbin'].join(':'),
      NODE_ENV: 'test',
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dir,
      DEMO_READINGS: 'none',
      JOBS: 'false',
      LOG_LEVEL: 'silent',
      PORTAL_DIST: path.join(dir, 'no-portal'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('the server answers /health/ready', async () => (await status(`${base}/health/ready`)) === 200, 90_000);
  db = createDb(`postgres://gridline:gridline@127.0.0.1:${pgPort}/gridline`, 2);
}, 120_000);

afterAll(async () => {
  await db?.destroy().catch(() => {});
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await exited(server);
  }
  // a PostgreSQL left behind by a failed test
  try {
    process.kill(postmasterPid(), 'SIGKILL');
  } catch {
    // gone already
  }
  fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('a crash of the embedded PostgreSQL', () => {
  it('keeps every reading acknowledged with a 200 just before PostgreSQL was killed, and comes back by itself', async () => {
    const organisation = await db.selectFrom('organisations').select('id').where('slug', '=', 'solvik').executeTakeFirstOrThrow();
    const service = await db
      .selectFrom('location_services as s')
      .innerJoin('locations as l', 'l.id', 's.location_id')
      .select(['s.id', 's.seq'])
      .where('l.organisation_id', '=', organisation.id)
      .where('s.type', '=', 'consumption_trade')
      .orderBy('s.seq')
      .limit(1)
      .executeTakeFirstOrThrow();
    const { token } = await new ApiTokensService(new ApiTokensRepository(db)).create({
      organisationId: organisation.id,
      name: 'crash test',
      scopes: ['syncAccount'],
      issuedBy: 'test',
      expiresAt: null,
    });
    await db.destroy(); // no connection of ours may keep anything alive across the crash

    const first = Date.parse('2025-01-01T00:00:00Z');
    const body = Array.from({ length: READINGS }, (_, i) =>
      JSON.stringify({ serviceId: service.id, start: new Date(first + i * 3_600_000).toISOString(), minutes: 60, value: `${(i % 97) / 10}` }),
    ).join('\n');
    const answer = await fetch(`${base}/v4/solvik/ingest/readings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
      body,
    });
    const pid = postmasterPid();
    // At once, before anything else: the moment an asynchronous commit would not have reached the WAL.
    process.kill(pid, 'SIGKILL');
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: { accepted: number; changed: number } }).data).toMatchObject({ accepted: READINGS, changed: READINGS });

    // Liveness holds while PostgreSQL is down or recovering; readiness comes back with it.
    expect(await status(`${base}/health`)).toBe(200);
    await waitFor('PostgreSQL started again by the server', async () => postmasterPid() !== pid && (await status(`${base}/health/ready`)) === 200, 30_000);
    expect(output).toContain('PostgreSQL stopped unexpectedly (killed by SIGKILL); starting it again.');

    db = createDb(`postgres://gridline:gridline@127.0.0.1:${pgPort}/gridline`, 2);
    const kept = await db
      .selectFrom('readings')
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.sum<string>('value').as('sum')])
      .where('service_seq', '=', service.seq)
      .executeTakeFirstOrThrow();
    const expectedSum = Array.from({ length: READINGS }, (_, i) => i % 97).reduce((a, b) => a + b, 0) / 10;
    expect({ count: Number(kept.count), sum: Number(kept.sum) }).toEqual({ count: READINGS, sum: expectedSum });
  }, 60_000);

  it('ends with 0, promptly, on a SIGTERM right after PostgreSQL was killed again', async () => {
    await db.destroy();
    const noticed = output.split('PostgreSQL stopped unexpectedly').length;
    process.kill(postmasterPid(), 'SIGKILL');
    // the server has seen it die (and waits a moment before starting it again)
    await waitFor('the server notices', () => Promise.resolve(output.split('PostgreSQL stopped unexpectedly').length > noticed), 5_000);
    const t0 = Date.now();
    server.kill('SIGTERM');
    const end = await exited(server);
    expect({ ...end, output: end.code === 0 ? '' : output }).toEqual({ code: 0, signal: null, output: '' });
    expect(Date.now() - t0).toBeLessThan(8_000);
    // and no PostgreSQL left running: the restart under way, if any, was stopped too
    expect(() => process.kill(postmasterPid(), 0)).toThrow();
  }, 30_000);
});
