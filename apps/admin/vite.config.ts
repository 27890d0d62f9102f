import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { precompressFolder } from '../../scripts/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const packageJson = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { version?: string };

/** The dev server has no server to fill the organisation's slug: DEFAULT_ORGANISATION does. */
function devOrganisation(slug: string | undefined): Plugin {
  return {
    name: 'gridline-dev-organisation',
    apply: 'serve',
    transformIndexHtml: (html) => (slug ? html.replace(/(<meta\s+name="gridline-organisation"\s+content=")[^"]*(")/, `$1${slug.replace(/[&"<>]/g, '')}$2`) : html),
  };
}

/** A brotli and a gzip copy of every text file, sent as they are by the server (decision 0031). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'gridline-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle: () => precompressFolder(outDir),
  };
}

/**
 * The back office (decision 0039): served by the API's server under `/admin/` on every
 * organisation's host, so its calls are same-origin and its sign-in knows the organisation from
 * the host, as the portal's does.
 */
export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const apiTarget = `http://localhost:${env['API_PORT'] || 3000}`;
  const proxy = Object.fromEntries(['/v3', '/v4'].map((p) => [p, { target: apiTarget, changeOrigin: false }]));
  return {
    root,
    base: '/admin/',
    plugins: [react(), devOrganisation(env['DEFAULT_ORGANISATION']), precompress()],
    define: { __ADMIN_VERSION__: JSON.stringify(`admin@${packageJson.version ?? '0.1.0'}`) },
    build: { outDir: 'dist', emptyOutDir: true, target: 'es2023' },
    server: { proxy, port: 5174 },
  };
});
