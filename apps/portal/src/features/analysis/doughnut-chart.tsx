import { useMemo } from 'react';
import { doughnutOption, type DoughnutPart } from './chart-options.ts';
import { useChart } from './use-chart.ts';
import { prefersReducedMotion } from './use-echarts.ts';

/** The distribution's doughnut; decorative beside the list that says the same in words. */
export function DoughnutChart({ parts, renderedKey }: { parts: readonly DoughnutPart[]; renderedKey: string }) {
  const option = useMemo(() => doughnutOption(parts, !prefersReducedMotion()), [parts]);
  const { hostRef } = useChart(option, renderedKey);
  return <div ref={hostRef} className="doughnut-canvas" aria-hidden="true" />;
}
