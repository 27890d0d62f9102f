import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { barOpacity, type AxisRange, type BarPoint } from './chart-values.ts';

/**
 * The ECharts options of the analysis charts, built from plain values so that what the chart
 * draws can be tested without a browser: the bars (half opacity below certainty 1), the
 * compared series (a line on its own axis, or last year's bars beside this year's) and the
 * doughnut of the distribution.
 */
export type BarChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption>;
export type DoughnutOption = ComposeOption<PieSeriesOption>;

export interface ChartColours {
  bar: string;
  barActive: string;
  compare: string;
  text: string;
  grid: string;
  axis: string;
}

/** The plot area's margins in pixels (the y-axis labels sit in the left one, the compared axis in the right). */
export const PLOT = { left: 60, right: 16, rightWithAxis: 60, top: 36, bottom: 32 } as const;

export interface BarChartInput {
  points: readonly BarPoint[];
  labels: readonly string[];
  /** Multiply a value to get it in the axis unit. */
  factor: number;
  range: AxisRange;
  unitLabel: string;
  formatTick(value: number): string;
  /** The compared series: a line on a second axis, or bars of last year on the main axis. */
  compare: null | { kind: 'line'; unitLabel: string; range: AxisRange; formatTick(value: number): string } | { kind: 'bars' };
  colours: ChartColours;
  /** Animate changes (left out when the visitor prefers reduced motion). */
  animate: boolean;
}

const inUnit = (value: number | null, factor: number) => (value === null ? null : value * factor);

export function barChartOption(input: BarChartInput): BarChartOption {
  const { points, labels, factor, range, unitLabel, formatTick, compare, colours, animate } = input;
  const textStyle = { color: colours.text, fontSize: 12 };
  const yAxes: NonNullable<BarChartOption['yAxis']> = [
    {
      type: 'value',
      min: range.min,
      max: range.max,
      interval: range.interval,
      name: unitLabel,
      nameTextStyle: { ...textStyle, align: 'right', padding: [0, 8, 0, 0] },
      axisLabel: { ...textStyle, formatter: (value: number) => formatTick(value) },
      splitLine: { lineStyle: { color: colours.grid } },
    },
  ];
  const series: BarChartOption['series'] = [
    {
      type: 'bar',
      id: 'main',
      data: points.map((point) => ({ value: inUnit(point.value, factor), itemStyle: { opacity: barOpacity(point.certainty) } })),
      itemStyle: { color: colours.bar, borderRadius: [3, 3, 0, 0] },
      emphasis: { itemStyle: { color: colours.barActive } },
      barMaxWidth: 40,
      barGap: '15%',
    },
  ];
  if (compare?.kind === 'bars') {
    series.push({
      type: 'bar',
      id: 'compare',
      data: points.map((point) => inUnit(point.compare, factor)),
      itemStyle: { color: colours.compare, borderRadius: [3, 3, 0, 0] },
      emphasis: { disabled: true },
      barMaxWidth: 40,
    });
  } else if (compare?.kind === 'line') {
    yAxes.push({
      type: 'value',
      position: 'right',
      min: compare.range.min,
      max: compare.range.max,
      interval: compare.range.interval,
      name: compare.unitLabel,
      nameTextStyle: { ...textStyle, align: 'left', padding: [0, 0, 0, 8] },
      axisLabel: { ...textStyle, formatter: (value: number) => compare.formatTick(value) },
      splitLine: { show: false },
    });
    series.push({
      type: 'line',
      id: 'compare',
      yAxisIndex: 1,
      data: points.map((point) => point.compare),
      lineStyle: { color: colours.compare, width: 2 },
      itemStyle: { color: colours.compare },
      symbol: 'circle',
      symbolSize: points.length > 40 ? 0 : 6,
      showSymbol: points.length <= 40,
      emphasis: { disabled: true },
      connectNulls: false,
    });
  }
  return {
    animation: animate,
    animationDuration: 250,
    animationDurationUpdate: 200,
    grid: { left: PLOT.left, right: compare?.kind === 'line' ? PLOT.rightWithAxis : PLOT.right, top: PLOT.top, bottom: PLOT.bottom },
    xAxis: {
      type: 'category',
      data: [...labels],
      axisTick: { show: false },
      axisLine: { lineStyle: { color: colours.axis } },
      axisLabel: { ...textStyle, hideOverlap: true },
    },
    yAxis: yAxes,
    series,
  };
}

export interface DoughnutPart {
  name: string;
  value: number;
  colour: string;
}

export function doughnutOption(parts: readonly DoughnutPart[], animate: boolean): DoughnutOption {
  return {
    animation: animate,
    animationDuration: 300,
    series: [
      {
        type: 'pie',
        radius: ['58%', '88%'],
        center: ['50%', '50%'],
        avoidLabelOverlap: true,
        label: { show: false },
        labelLine: { show: false },
        itemStyle: { borderColor: '#ffffff', borderWidth: 2 },
        emphasis: { scale: true, scaleSize: 4 },
        data: parts.map((part) => ({ name: part.name, value: part.value, itemStyle: { color: part.colour } })),
      },
    ],
  };
}
