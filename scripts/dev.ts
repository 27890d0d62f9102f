import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';

// `npm run dev`: the API (with PostgreSQL and demo data) on PORT, and the portal through Vite with
// hot reload on 5173, proxying the API calls to it.
const root = path.resolve(import.meta.dirname, '..');
const config = loadConfig();
const port = String(config.port);
const children = [
  spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
  spawn(path.join(root, 'node_modules/.bin/vite'), ['--port', '5173'], { cwd: path.join(root, 'apps/portal'), stdio: 'inherit', env: { ...process.env, API_PORT: port, DEFAULT_ORGANISATION: config.defaultOrganisation } }),
];
const stop = () => children.forEach((c) => c.kill('SIGINT'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
