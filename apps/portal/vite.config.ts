import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type Rollup } from 'vite';
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

/** The modules each address shows first (the page behind sign-in shows inside the frame). */
const frame = 'src/app/frame/protected-frame.tsx';
const routeModules: Record<string, string[]> = {
  '/login': ['src/features/login/login-page.tsx'],
  '/dashboard': [frame, 'src/features/dashboard/dashboard-page.tsx'],
  '/electricity-agreement': [frame, 'src/features/agreement/agreement-page.tsx'],
  '/invoices': [frame, 'src/features/invoices/invoices-page.tsx'],
  '/analysis': [frame, 'src/features/analysis/analysis-page.tsx'],
  '/account': [frame, 'src/features/account/account-page.tsx'],
  '/my-home': [frame, 'src/features/my-home/my-home-page.tsx'],
  '/faq': [frame, 'src/features/faq/faq-page.tsx'],
};

/**
 * Writes dist/route-preloads.json: per address, the chunks (and their CSS) of the pages it shows
 * first, beyond what the entry loads anyway. The server puts them in the page as
 * `<link rel="modulepreload">` and stylesheets, so a browser fetches them alongside the entry
 * script instead of after it has run (decision 0031). Lazy imports inside a page (the chart
 * library) are not listed: they load when the page asks for them.
 */
function routePreloads(): Plugin {
  return {
    name: 'gridline-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const staticGraph = (start: string[], into = new Set<string>()) => {
        for (const file of start) {
          if (into.has(file)) continue;
          into.add(file);
          staticGraph(byFile.get(file)?.imports ?? [], into);
        }
        return into;
      };
      const entry = staticGraph(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const preloads: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(routeModules)) {
        const pageChunks = modules.map((module) => {
          const chunk = chunks.find((c) => c.facadeModuleId === path.join(root, module));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${module}`);
          return chunk.fileName;
        });
        const files = [...staticGraph(pageChunks)].filter((file) => !entry.has(file));
        const css = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        preloads[route] = [...new Set([...files, ...css])];
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}

/**
 * Modules that stay out of the entry's chunk: the pages, the chart library, the language bundles,
 * and the theme preview's demo household (decision 0063: loaded only in the back office's frame).
 */
const notInAppChunk = /[\\/]src[\\/](features|app[\\/]frame)[\\/]|[\\/]src[\\/]shared[\\/]preview[\\/]preview-api\.ts$|[\\/]node_modules[\\/](echarts|zrender)[\\/]|[\\/]packages[\\/]copy[\\/]src[\\/](en|sv|nb|nn|fi|de)\.ts$/;

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const apiTarget = `http://localhost:${env['API_PORT'] || 3000}`;
  const proxy = Object.fromEntries(
    ['/v3', '/v4', '/docs'].map((path) => [path, { target: apiTarget, changeOrigin: false }]),
  );
  return {
    root,
    plugins: [react(), devOrganisation(env['DEFAULT_ORGANISATION']), routePreloads(), precompress()],
    define: {
      __PORTAL_VERSION__: JSON.stringify(`portal@${packageJson.version ?? '0.1.0'}`),
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2023',
      rolldownOptions: {
        output: {
          // One chunk for everything but the pages (features/, the signed-in frame), the chart
          // library and the language bundles: the libraries, the API client with its contracts,
          // and the small shared modules the pages import (decision 0031). Left to itself the
          // build split these into ~20 chunks of a few hundred bytes, and each was a request of
          // its own before the first screen could render (one round trip each, six at a time on
          // HTTP/1.1). The entry imports this chunk, so it is the entry's code: main.tsx imports
          // zod-without-eval.ts first, which therefore runs before any contract builds a schema.
          codeSplitting: { groups: [{ name: 'app', test: (id) => !notInAppChunk.test(id) }] },
        },
      },
    },
    server: { proxy },
    preview: { proxy },
  };
});
