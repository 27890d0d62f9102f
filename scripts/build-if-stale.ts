import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The newest modification time of any file below the given paths. */
function newest(paths: string[]): number {
  let latest = 0;
  const visit = (p: string) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else if (stat.mtimeMs > latest) latest = stat.mtimeMs;
  };
  paths.forEach(visit);
  return latest;
}

/** Builds a web app (apps/portal, apps/admin) when any of its sources (or the packages it uses) changed since its last build. */
function buildIfStale(name: 'portal' | 'admin'): void {
  const app = path.join(root, 'apps', name);
  const built = path.join(app, 'dist/index.html');
  const sources = [
    path.join(app, 'src'),
    path.join(app, 'index.html'),
    path.join(app, 'public'),
    path.join(app, 'vite.config.ts'),
    path.join(root, 'scripts/precompress.ts'),
    ...['client', 'contracts', 'copy', 'locale'].map((p) => path.join(root, 'packages', p, 'src')),
    path.join(root, 'package-lock.json'),
  ];
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newest(sources)) return;
  console.log(`Building the ${name === 'portal' ? 'portal' : 'back office'}…`);
  const result = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: app, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`The ${name} build failed.`);
    process.exit(result.status ?? 1);
  }
}

/** Builds the portal and the back office where their sources changed since their last build. */
export function buildAppsIfStale(): void {
  buildIfStale('portal');
  buildIfStale('admin');
}
