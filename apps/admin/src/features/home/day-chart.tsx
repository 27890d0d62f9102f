import { useEffect, useRef, useState } from 'react';
import { Card, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type * as EchartsSetup from './echarts-setup.ts';

type Echarts = typeof EchartsSetup;
let pending: Promise<Echarts> | null = null;
/** The chart library, loaded once, when the first chart is drawn. */
const loadEcharts = (): Promise<Echarts> => (pending ??= import('./echarts-setup.ts').catch((error: unknown) => ((pending = null), Promise.reject(error))));

export interface ChartLine {
  name: string;
  label: string;
  values: readonly number[];
}

const palette = ['#1c7ed6', '#2f9e44', '#e8590c', '#7048e8', '#c2255c', '#0c8599', '#5c940d', '#862e9c', '#495057', '#d9480f', '#364fc7'];

/**
 * One chart of the home page: a title, the chart (drawn by ECharts once its code has loaded; for
 * screen readers an image named by its description) and the same figures as a table to open.
 */
export function DayChart({
  id,
  title,
  description,
  categories,
  categoryLabel,
  lines,
  format,
  kind = 'bar',
  stacked = false,
}: {
  id: string;
  title: string;
  description: string;
  /** The labels of the x axis (days, already formatted). */
  categories: readonly string[];
  categoryLabel: string;
  lines: readonly ChartLine[];
  format: (value: number) => string;
  kind?: 'bar' | 'line';
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const empty = lines.every((line) => line.values.every((v) => v === 0));

  useEffect(() => {
    if (empty || !box.current) return;
    let chart: ReturnType<Echarts['init']> | null = null;
    let alive = true;
    const element = box.current;
    loadEcharts().then(
      ({ init }) => {
        if (!alive) return;
        chart = init(element, undefined, { renderer: 'svg' });
        chart.setOption({
          animation: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
          color: palette,
          aria: { enabled: false },
          tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => format(Number(value)) },
          legend: { top: 0, type: 'scroll' },
          grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
          xAxis: { type: 'category', data: categories },
          yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (value: number) => format(value) } },
          series: lines.map((line) => ({ name: line.label, type: kind, data: line.values, ...(stacked ? { stack: 'all' } : {}), ...(kind === 'line' ? { showSymbol: false } : {}) })),
        });
      },
      () => alive && setFailed(true),
    );
    const resize = () => chart?.resize();
    window.addEventListener('resize', resize);
    return () => {
      alive = false;
      window.removeEventListener('resize', resize);
      chart?.dispose();
    };
  }, [categories, lines, kind, stacked, format, empty]);

  return (
    <Card withBorder component="section" aria-labelledby={`${id}-title`}>
      <Title order={3} size="h5" id={`${id}-title`}>
        {title}
      </Title>
      <Text size="xs" c="dimmed" id={`${id}-description`} mb="xs">
        {description}
      </Text>
      {empty ? (
        <Text size="sm">{t('dashboard.charts.empty')}</Text>
      ) : (
        <>
          {!failed && <div ref={box} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-description`} style={{ height: 220, width: '100%' }} />}
          <details open={failed}>
            <summary>
              <Text component="span" size="sm">
                {t('dashboard.charts.showTable')}
              </Text>
            </summary>
            <Table.ScrollContainer minWidth={200} mah={260}>
              <Table striped withTableBorder fz="xs" data-testid={`${id}-table`}>
                <Table.Caption>{title}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{categoryLabel}</Table.Th>
                    {lines.map((line) => (
                      <Table.Th scope="col" key={line.name}>
                        {line.label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {categories.map((category, i) => (
                    <Table.Tr key={`${category}-${i}`}>
                      <Table.Th scope="row">{category}</Table.Th>
                      {lines.map((line) => (
                        <Table.Td key={line.name}>{format(line.values[i] ?? 0)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </details>
        </>
      )}
    </Card>
  );
}
