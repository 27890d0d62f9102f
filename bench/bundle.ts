import fs from 'node:fs';
import path from 'node:path';
import { root, type Figure } from './product.ts';

/**
 * What the sign-in page's JavaScript costs a browser, as it is sent: the brotli copies the server
 * sends (every current browser accepts brotli) of the entry script, the chunks index.html
 * preloads, the chunks the server adds to /login's page (route-preloads.json) and one language's
 * bundled texts (the largest). Before compression was served this counted gzip sizes the browser
 * never got (issue 15).
 */
export function signInBundle(): Figure {
  const dist = path.join(root, 'apps/portal/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const routes = path.join(dist, 'route-preloads.json');
  const route = fs.existsSync(routes) ? ((JSON.parse(fs.readFileSync(routes, 'utf8')) as Record<string, string[]>)['/login'] ?? []).filter((f) => f.endsWith('.js')) : [];
  const sent = (file: string) => {
    const br = path.join(dist, `${file}.br`);
    return fs.existsSync(br) ? fs.statSync(br).size : fs.statSync(path.join(dist, file)).size;
  };
  const language = Math.max(...fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^(en|sv|nb|nn|fi|de)-[\w-]+\.js$/.test(f)).map((f) => sent(`assets/${f}`)));
  const all = [...new Set([...files, ...route])];
  const kb = (all.reduce((sum, f) => sum + sent(f), 0) + language) / 1024;
  return { figure: 'sign-in route JavaScript (as sent, brotli)', value: `${kb.toFixed(1)} KB in ${all.length + 1} files`, budget: '≤ 200 KB', ok: kb <= 200 };
}
