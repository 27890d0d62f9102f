import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { precompressFolder } from '../../scripts/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const packageJson = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as {
  version?: string;
};

/**
 * In production the server writes the organisation's slug into
 * `<meta name="gridline-organisation" content="">`. The dev server has no such step, so this
 * plugin fills it from the DEFAULT_ORGANISATION environment variable.
 */
function devOrganisation(slug: string | undefined): Plugin {
  return {
    name: 'gridline-dev-organisation',
    apply: 'serve',
    transformIndexHtml(html) {
      if (!slug) {
        console.warn('DEFAULT_ORGANISATION is not set: the portal will not know its organisation.');
        return html;
      }
      const escaped = slug.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
      return html.replace(
        /(<meta\s+name="gridline-organisation"\s+content=")[^"]*(")/,
        `$1${escaped}$2`,
      );
    },
  };
}

/**
 * After a build, a brotli and a gzip copy of every text file in dist, which the server sends
 * to browsers that accept them (decision 0031): compressed once, at the highest settings.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'gridline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const apiTarget = `http://localhost:${env['API_PORT'] || 3000}`;
  const proxy = Object.fromEntries(
    ['/v3', '/v4', '/docs'].map((path) => [path, { target: apiTarget, changeOrigin: false }]),
  );
  return {
    root,
    plugins: [react(), devOrganisation(env['DEFAULT_ORGANISATION']), precompress()],
    define: {
      __PORTAL_VERSION__: JSON.stringify(`portal@${packageJson.version ?? '0.1.0'}`),
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2023',
    },
    server: { proxy },
    preview: { proxy },
  };
});
