import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { PLOT, type BarChartOption } from './chart-options.ts';
import { useChart } from './use-chart.ts';

interface BarChartProps {
  option: BarChartOption;
  /** The number of bars (children of the period). */
  count: number;
  /** The date key drawn; written to `data-rendered-key` once the chart shows it. */
  renderedKey: string;
  /** What the chart shows ('Cost per day, November 2026'). */
  label: string;
  /** How to use it from the keyboard. */
  help: string;
  empty: boolean;
  emptyText: string;
  /** Another period is loading: the last chart stays, dimmed. */
  busy: boolean;
  /** The bar read out for screen readers as the keyboard reaches it. */
  describe(index: number): string;
  /** The tooltip's content for a bar. */
  tooltip(index: number): ReactNode;
  /** The bar under the pointer or the keyboard focus (null when none). */
  onActiveChange?(index: number | null): void;
  /** A bar chosen (click, Enter): opens its period. */
  onOpen?(index: number): void;
  /** Where the keyboard starts: the latest bar with a value. */
  startIndex: number;
}

type Source = 'pointer' | 'keyboard';

/**
 * The bar chart of the analysis page: ECharts draws it; React adds what a chart library does not
 * do well: a tooltip of our own (it can hold the quarter-hours, links and live content), keyboard
 * navigation between bars (arrows, Home, End, Enter) with each bar read out, and the shading of
 * the active column. Hovering anywhere in a bar's column counts, so short bars are easy to reach.
 */
export function BarChart(props: BarChartProps) {
  const { option, count, renderedKey, label, help, empty, emptyText, busy, describe, tooltip, onActiveChange, onOpen, startIndex } = props;
  const [activeState, setActive] = useState<{ index: number; source: Source; key: string } | null>(null);
  // A bar of another period is not active any more.
  const active = activeState?.key === renderedKey ? activeState : null;
  const [size, setSize] = useState({ width: 0, height: 0 });
  const helpId = useId();
  const tooltipId = useId();
  // The latest callbacks, for the chart's event handlers that are bound once.
  const latest = useRef({ count, onOpen, renderedKey });
  useEffect(() => {
    latest.current = { count, onOpen, renderedKey };
  });

  useEffect(() => {
    onActiveChange?.(active?.index ?? null);
  }, [active?.index, onActiveChange]);

  // The chart follows the size of its box; the pointer picks the column under it. The library is
  // asked for once the chart has its first data (the figures above it are on screen by then).
  const { echarts, hostRef, chartRef } = useChart(option, renderedKey, {
    resized: (host) => setSize({ width: host.clientWidth, height: host.clientHeight }),
    setup: (chart) => {
      const indexAt = (x: number, y: number): number | null => {
        if (!chart.containPixel({ gridIndex: 0 }, [x, y])) return null;
        const [index] = chart.convertFromPixel({ gridIndex: 0 }, [x, y]) as number[];
        return index !== undefined && index >= 0 && index < latest.current.count ? Math.round(index) : null;
      };
      const zr = chart.getZr();
      zr.on('mousemove', (event) => {
        const index = indexAt(event.offsetX, event.offsetY);
        const key = latest.current.renderedKey;
        setActive((current) => {
          if (index === null) return current?.source === 'pointer' ? null : current;
          return current?.index === index && current.source === 'pointer' && current.key === key ? current : { index, source: 'pointer', key };
        });
      });
      zr.on('globalout', () => setActive((current) => (current?.source === 'pointer' ? null : current)));
      zr.on('click', (event) => {
        const index = indexAt(event.offsetX, event.offsetY);
        if (index !== null) latest.current.onOpen?.(index);
      });
    },
  }, { ready: !busy });

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.dispatchAction({ type: 'downplay', seriesId: 'main' });
    if (active) chart.dispatchAction({ type: 'highlight', seriesId: 'main', dataIndex: active.index });
  }, [active, chartRef, echarts, option]);

  const move = (index: number) => setActive({ index: Math.max(0, Math.min(count - 1, index)), source: 'keyboard', key: renderedKey });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const current = active?.index ?? startIndex;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        move(active ? current + 1 : current);
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        move(active ? current - 1 : current);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(count - 1);
        break;
      case 'Enter':
      case ' ':
        if (!active || !onOpen) return;
        onOpen(active.index);
        break;
      case 'Escape':
        if (!active) return;
        setActive(null);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const right = option.grid && !Array.isArray(option.grid) && option.grid.right === PLOT.rightWithAxis ? PLOT.rightWithAxis : PLOT.right;
  const band = count > 0 && size.width > 0 ? (size.width - PLOT.left - right) / count : 0;
  const x = active && band > 0 ? PLOT.left + band * (active.index + 0.5) : null;
  const side = x === null ? 'center' : x < size.width * 0.3 ? 'start' : x > size.width * 0.7 ? 'end' : 'center';

  return (
    <div className={busy ? 'bar-chart bar-chart-busy' : 'bar-chart'}>
      <div
        className="bar-chart-focus"
        role="group"
        tabIndex={0}
        aria-label={label}
        aria-describedby={active ? `${helpId} ${tooltipId}` : helpId}
        aria-busy={busy || undefined}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          if (event.target === event.currentTarget && !active && count > 0) setActive({ index: startIndex, source: 'keyboard', key: renderedKey });
        }}
        onBlur={() => setActive((current) => (current?.source === 'keyboard' ? null : current))}
      >
        {x !== null ? <div className="bar-chart-column" style={{ left: x - band / 2, width: band, top: PLOT.top, bottom: PLOT.bottom }} aria-hidden="true" /> : null}
        <div
          ref={hostRef}
          className="bar-chart-canvas"
          data-bars={count}
          data-plot-left={PLOT.left}
          data-plot-right={right}
          aria-hidden="true"
        />
        {empty ? <p className="chart-empty">{emptyText}</p> : null}
        {active && x !== null ? (
          <div id={tooltipId} role="tooltip" className={`chart-tooltip chart-tooltip-${side}`} style={{ left: x }}>
            {tooltip(active.index)}
          </div>
        ) : null}
      </div>
      <p id={helpId} className="visually-hidden">
        {help}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {active?.source === 'keyboard' ? describe(active.index) : ''}
      </p>
    </div>
  );
}
