import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export interface Figure {
  figure: string;
  value: string;
  budget: string;
  ok: boolean;
}

/**
 * The product started the way `npm start` does, on its own port and data folder. `workers` (or
 * the WORKERS environment variable) runs that many API processes on the port (decision 0032);
 * the answer comes once the start banner is printed, i.e. once every worker listens.
 */
export async function startProduct(options: { port: number; dataDir: string; pgPort: number; workers?: number; env?: Record<string, string> }): Promise<{ base: string; workers: number; stop(): Promise<void> }> {
  const workers = options.workers ?? (Number(options.env?.WORKERS ?? process.env.WORKERS) || 1);
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: String(options.port), DATA_DIR: options.dataDir, EMBEDDED_PG_PORT: String(options.pgPort), LOG_LEVEL: 'warn', ...options.env, WORKERS: String(workers) },
  });
  // The banner comes after every worker listens (/health answers as soon as the first does).
  let seen = '';
  let bannerPrinted = false;
  child.stdout?.on('data', (chunk: Buffer) => {
    if (bannerPrinted) return;
    seen = (seen + chunk.toString()).slice(-4096);
    if (seen.includes('Press Ctrl-C to stop.')) bannerPrinted = true;
  });
  const base = `http://127.0.0.1:${options.port}`;
  for (let i = 0; ; i++) {
    try {
      if (bannerPrinted && (await fetch(`${base}/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`the product ended with ${child.exitCode} before it started`);
    if (i > 360) throw new Error('the product did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    workers,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** A demo user's sign-in by password: one auth per account, as the portal stores them. */
export async function signInAuths(base: string, organisation: string, username: string) {
  const start = await (await fetch(`${base}/v3/auth/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'USR_PWD', organisation, username, password: 'demo' }) })).json();
  const tokens = await (await fetch(`${base}/v4/${organisation}/account/sessions/accessToken?ref=${start.data.ref}`)).json();
  return tokens.data.auths as Array<{ accessToken: string; refreshToken: string; exp: number; scope: string; accountId: string; userId: string }>;
}

export async function signIn(base: string, organisation: string, username: string) {
  const auths = await signInAuths(base, organisation, username);
  return auths[0]!;
}

/** The given percentile of sorted milliseconds. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
