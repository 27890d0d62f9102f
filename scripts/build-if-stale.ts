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

/** Builds the portal when any of its sources (or the packages it uses) changed since the last build. */
export function buildPortalIfStale(): void {
  const portal = path.join(root, 'apps/portal');
  const built = path.join(portal, 'dist/index.html');
  const sources = [
    path.join(portal, 'src'),
    path.join(portal, 'index.html'),
    path.join(portal, 'public'),
    path.join(portal, 'vite.config.ts'),
    path.join(root, 'scripts/precompress.ts'),
    ...['client', 'contracts', 'copy', 'locale'].map((p) => path.join(root, 'packages', p, 'src')),
    path.join(root, 'package-lock.json'),
  ];
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newest(sources)) return;
  console.log('Building the portal…');
  const result = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: portal, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The portal build failed.');
    process.exit(result.status ?? 1);
  }
}
