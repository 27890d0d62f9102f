import { useEffect, useRef } from 'react';
import type { EChartsType } from 'echarts/core';
import { doughnutOption, type DoughnutPart } from './chart-options.ts';
import { prefersReducedMotion, useEcharts } from './use-echarts.ts';

/** The distribution's doughnut; decorative beside the list that says the same in words. */
export function DoughnutChart({ parts, renderedKey }: { parts: readonly DoughnutPart[]; renderedKey: string }) {
  const echarts = useEcharts();
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!echarts || !host) return;
    const chart = echarts.init(host, undefined, { renderer: 'svg' });
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(host);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [echarts]);

  useEffect(() => {
    const chart = chartRef.current;
    const host = hostRef.current;
    if (!chart || !host) return;
    chart.setOption(doughnutOption(parts, !prefersReducedMotion()), { notMerge: true });
    host.dataset['renderedKey'] = renderedKey;
  }, [echarts, parts, renderedKey]);

  return <div ref={hostRef} className="doughnut-canvas" aria-hidden="true" />;
}
