import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, type Figure } from './product.ts';

/**
 * The analysis page (issue 7): its chunks in the built portal, and the period switch time that
 * the browser test `e2e/analysis.spec.ts` records in test-results/analysis-timing.json (a browser
 * measures it: click → the new chart drawn, with the neighbouring periods fetched ahead).
 */
export function analysisFigures(): Figure[] {
  const assets = path.join(root, 'apps/portal/dist/assets');
  const gzipKb = (pattern: RegExp) =>
    fs
      .readdirSync(assets)
      .filter((file) => pattern.test(file))
      .reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(assets, file))).length, 0) / 1024;
  const page = gzipKb(/^analysis-page-.*\.js$/);
  const library = gzipKb(/^echarts-setup-.*\.js$/);
  const figures: Figure[] = [
    {
      figure: 'analysis chunks (gzip), never on sign-in',
      value: `page ${page.toFixed(1)} KB + chart library ${library.toFixed(1)} KB`,
      budget: 'separate chunks',
      ok: page > 0 && library > 0,
    },
  ];
  const file = path.join(root, 'test-results/analysis-timing.json');
  if (!fs.existsSync(file)) {
    figures.push({ figure: 'analysis period switch', value: 'not measured: run `npx playwright test e2e/analysis.spec.ts` first', budget: '≤ 300 ms', ok: false });
    return figures;
  }
  const timing = JSON.parse(fs.readFileSync(file, 'utf8')) as { measuredAt: string; switchMedianMs: number; switchMaxMs: number; switches: unknown[] };
  figures.push({
    figure: 'analysis period switch (browser)',
    value: `median ${timing.switchMedianMs} ms, max ${timing.switchMaxMs} ms over ${timing.switches.length} switches (${timing.measuredAt.slice(0, 16)})`,
    budget: '≤ 300 ms',
    ok: timing.switchMaxMs <= 300,
  });
  return figures;
}
