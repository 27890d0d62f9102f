import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export interface Figure {
  figure: string;
  value: string;
  budget: string;
  ok: boolean;
}

/** The product started the way `npm start` does, on its own port and data folder. */
export async function startProduct(options: { port: number; dataDir: string; pgPort: number; env?: Record<string, string> }): Promise<{ base: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(options.port), DATA_DIR: options.dataDir, EMBEDDED_PG_PORT: String(options.pgPort), LOG_LEVEL: 'warn', ...options.env },
  });
  const base = `http://127.0.0.1:${options.port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 360) throw new Error('the product did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
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
