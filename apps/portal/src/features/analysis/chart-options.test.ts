import { describe, expect, it } from 'vitest';
import { barChartOption, doughnutOption, PLOT, type BarChartInput } from './chart-options.ts';
import { darken } from './chart-colours.ts';

const colours = { bar: '#0b5cad', barActive: '#08458a', compare: '#c2410c', text: '#4b5563', grid: '#e5e7eb', axis: '#9ca3af' };
const input: BarChartInput = {
  points: [
    { key: '2026-11-01', date: '', value: 0.5, certainty: 1, compare: 4 },
    { key: '2026-11-02', date: '', value: 0.8, certainty: 0.6, compare: -2 },
    { key: '2026-11-03', date: '', value: null, certainty: null, compare: null },
  ],
  labels: ['1', '2', '3'],
  factor: 100,
  range: { min: 0, max: 100, interval: 20 },
  unitLabel: 'öre',
  formatTick: (v) => `${v}`,
  compare: null,
  colours,
  animate: false,
};

type Series = { id: string; type: string; yAxisIndex?: number; data: unknown[] };
const seriesOf = (option: ReturnType<typeof barChartOption>) => option.series as Series[];

describe('the bar chart option', () => {
  it('draws values in the axis unit, uncertain bars at half opacity and gaps as gaps', () => {
    const option = barChartOption(input);
    const [bars] = seriesOf(option);
    expect(bars?.data).toEqual([
      { value: 50, itemStyle: { opacity: 1 } },
      { value: 80, itemStyle: { opacity: 0.5 } },
      { value: null, itemStyle: { opacity: 1 } },
    ]);
    expect(option.yAxis).toMatchObject([{ min: 0, max: 100, interval: 20, name: 'öre' }]);
    expect(option.grid).toMatchObject({ left: PLOT.left, right: PLOT.right });
  });

  it('puts a compared line on its own axis on the right', () => {
    const option = barChartOption({ ...input, compare: { kind: 'line', unitLabel: '°C', range: { min: -5, max: 5, interval: 5 }, formatTick: String } });
    const [, line] = seriesOf(option);
    expect(line).toMatchObject({ id: 'compare', type: 'line', yAxisIndex: 1, data: [4, -2, null] });
    expect(option.yAxis).toHaveLength(2);
    expect((option.yAxis as Array<{ position?: string; name?: string }>)[1]).toMatchObject({ position: 'right', name: '°C' });
    expect(option.grid).toMatchObject({ right: PLOT.rightWithAxis });
  });

  it("puts last year's bars beside this year's, in the same unit", () => {
    const option = barChartOption({ ...input, compare: { kind: 'bars' } });
    const [, before] = seriesOf(option);
    expect(before).toMatchObject({ id: 'compare', type: 'bar', data: [400, -200, null] });
    expect(option.yAxis).toHaveLength(1);
  });

  it('makes a doughnut of the parts of the day', () => {
    const option = doughnutOption([{ name: 'night', value: 7, colour: '#1e3a8a' }], false);
    expect((option.series as Array<{ type: string; data: unknown[] }>)[0]).toMatchObject({ type: 'pie', data: [{ name: 'night', value: 7, itemStyle: { color: '#1e3a8a' } }] });
  });

  it('darkens the theme colour for the active bar', () => {
    expect(darken('#0b5cad', 0.25)).toBe('#084582');
    expect(darken('#ffffff', 0.5)).toBe('#808080');
    expect(darken('rebeccapurple', 0.5)).toBe('rebeccapurple');
  });
});
