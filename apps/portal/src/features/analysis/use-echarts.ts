import { useEffect, useState } from 'react';

import type * as EchartsSetup from './echarts-setup.ts';

export type EchartsModule = typeof EchartsSetup;

let loaded: EchartsModule | null = null;
let pending: Promise<EchartsModule> | null = null;

/** Start loading the chart library (once). */
export function loadEcharts(): Promise<EchartsModule> {
  pending ??= import('./echarts-setup.ts').then(
    (module) => (loaded = module),
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** Calls `run` once the browser has painted what React last committed (a frame, then a task). */
function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * The chart library once loaded; null until then (and after a failed download, which is logged).
 * It is asked for only when `wanted` (the chart has its data) and after the page has painted
 * (decision 0040): the page's text, figures and the chart's box show first, and the library's
 * download (146 KB) and evaluation do not hold back the first screen on a slow phone.
 */
export function useEcharts(wanted = true): EchartsModule | null {
  const [module, setModule] = useState<EchartsModule | null>(loaded);
  useEffect(() => {
    if (module || !wanted) return;
    let alive = true;
    const cancel = afterPaint(() => {
      loadEcharts().then(
        (m) => alive && setModule(m),
        (error: unknown) => console.warn('Analysis: could not load the chart library', error),
      );
    });
    return () => {
      alive = false;
      cancel();
    };
  }, [module, wanted]);
  return module;
}

/** Whether the visitor asked for less motion: the charts then change without animation. */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
