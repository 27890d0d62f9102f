import { useEffect, useRef } from 'react';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEcharts } from './use-echarts.ts';

interface ChartEvents {
  /** Once per chart, as it is created: bind the library's events. */
  setup?(chart: EChartsType): void;
  /** After the chart followed its box's new size. */
  resized?(host: HTMLDivElement): void;
}

interface ChartOptions {
  /** Whether the chart has its data: the library is asked for only then. Default true. */
  ready?: boolean;
}

/**
 * An ECharts chart in a `div` of ours, for the analysis page's charts: created once the library is
 * there (asked for once `ready`, after the page has painted), following its box's size, drawing `option` (replaced whole) and writing `renderedKey` to
 * `data-rendered-key` once it shows it, disposed with the component. `events` may change freely.
 */
export function useChart(option: EChartsCoreOption, renderedKey: string, events?: ChartEvents, { ready = true }: ChartOptions = {}) {
  const echarts = useEcharts(ready);
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const handlers = useRef(events);
  useEffect(() => {
    handlers.current = events;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!echarts || !host) return;
    const chart = echarts.init(host, undefined, { renderer: 'svg' });
    chartRef.current = chart;
    handlers.current?.setup?.(chart);
    const observer = new ResizeObserver(() => {
      chart.resize();
      handlers.current?.resized?.(host);
    });
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
    chart.setOption(option, { notMerge: true, lazyUpdate: false });
    host.dataset['renderedKey'] = renderedKey;
  }, [echarts, option, renderedKey]);

  return { echarts, hostRef, chartRef };
}
