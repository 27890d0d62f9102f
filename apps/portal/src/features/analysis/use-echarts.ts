import { useEffect, useState } from 'react';

import type * as EchartsSetup from './echarts-setup.ts';

export type EchartsModule = typeof EchartsSetup;

let loaded: EchartsModule | null = null;
let pending: Promise<EchartsModule> | null = null;

/** Start loading the chart library (once); the page asks as it mounts, so it loads beside the data. */
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

/** The chart library once loaded; null until then (and after a failed download, which is logged). */
export function useEcharts(): EchartsModule | null {
  const [module, setModule] = useState<EchartsModule | null>(loaded);
  useEffect(() => {
    if (module) return;
    let alive = true;
    loadEcharts().then(
      (m) => alive && setModule(m),
      (error: unknown) => console.warn('Analysis: could not load the chart library', error),
    );
    return () => {
      alive = false;
    };
  }, [module]);
  return module;
}

/** Whether the visitor asked for less motion: the charts then change without animation. */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
