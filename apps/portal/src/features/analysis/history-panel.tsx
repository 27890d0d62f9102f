import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@gridline/contracts/exports';
import type { MeasurementNode } from '@gridline/contracts/measurements';
import { formatTime } from '@gridline/locale/dates';
import { client } from '../../shared/api/client.ts';
import { ChevronLeftIcon, ChevronRightIcon, QuarterIcon } from './analysis-icons.tsx';
import { useHourReadings, useLocationData, usePrefetchNeighbours } from './analysis-queries.ts';
import { drillDownPeriod, type Comparison, type HistoryPeriod, type KeyedPeriod, type Parameter } from './analysis-rules.ts';
import { withComparison, withDate, withDrillDown, withParameter, withPeriod, type AnalysisQuery, type AnalysisView, type ViewContext } from './analysis-view.ts';
import { BarChart } from './bar-chart.tsx';
import { COMPARE_COLOURS, themeColours } from './chart-colours.ts';
import { barChartOption } from './chart-options.ts';
import { axisScale, hasData, periodTotal, pointsOf, yAxisRange, type BarPoint } from './chart-values.ts';
import type { DataSource } from './data-source.ts';
import { isShowableKey, lastYearKey, stepped } from './period-keys.ts';
import { barLabel, barTitle, periodTitle, type PeriodWords } from './period-text.ts';
import { ExportMenu } from './export-menu.tsx';
import { prefersReducedMotion } from './use-echarts.ts';
import { useFormatters } from './use-formatters.ts';

/** Hovering (or focusing) a bar this long opens its quarter-hours (spec 000 §9, chart hover debounce). */
export const QUARTER_HOUR_DELAY_MS = 1000;

interface HistoryPanelProps {
  view: AnalysisView;
  context: ViewContext;
  /** Whose data the chart shows (the production site's for the production parameter). */
  source: DataSource | null;
  hideExport: boolean;
  navigate(query: AnalysisQuery): void;
}

/**
 * The detailed history (spec 000 §2.9): the main parameter and "compare with" dropdowns, the
 * export menu, the period pills, the previous/next arrows around the period's name, the totals,
 * and the bar chart with its tooltip, quarter-hours and a table of the same figures for screen
 * readers.
 */
export function HistoryPanel({ view, context, source, hideExport, navigate }: HistoryPanelProps) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { language } = f;
  const { now, timeZone, delayDays } = context;
  const parameterId = useId();
  const compareId = useId();
  const titleId = useId();
  const water = view.tab === 'WATER';
  const { period, date, parameter, comparison } = view;

  const words: PeriodWords = useMemo(
    () => ({ week: (week, year) => t('analysis.weekTitle', { week, year }), range: (from, to) => t('analysis.range', { from, to }) }),
    [t],
  );
  const parameterNames: Record<Parameter, string> = {
    consumption: t('analysis.parameter.consumption'),
    cost: t('analysis.parameter.cost'),
    production: t('analysis.parameter.production'),
    co2cost: t('analysis.parameter.co2cost'),
  };
  const comparisonNames: Record<Comparison, string> = {
    temperature: t('analysis.compare.temperature'),
    price: t('analysis.compare.price'),
    co2: t('analysis.compare.co2'),
    lastYear: t('analysis.compare.lastYear'),
  };
  const previousNames: Record<KeyedPeriod, string> = {
    year: t('analysis.previous.year'),
    month: t('analysis.previous.month'),
    week: t('analysis.previous.week'),
    day: t('analysis.previous.day'),
  };
  const nextNames: Record<KeyedPeriod, string> = {
    year: t('analysis.next.year'),
    month: t('analysis.next.month'),
    week: t('analysis.next.week'),
    day: t('analysis.next.day'),
  };
  const openHints: Record<KeyedPeriod, string> = {
    year: t('analysis.openHint.year'),
    month: t('analysis.openHint.month'),
    week: t('analysis.openHint.week'),
    day: t('analysis.openHint.day'),
  };
  const periodNames: Record<HistoryPeriod, string> = {
    total: t('analysis.periods.total'),
    year: t('analysis.periods.year'),
    month: t('analysis.periods.month'),
    week: t('analysis.periods.week'),
    day: t('analysis.periods.day'),
  };

  // The data: the period, the same period last year when compared, and the neighbours ahead.
  const main = useLocationData(source, period, date);
  const beforeKey = comparison === 'lastYear' && period !== 'total' && date ? lastYearKey(period, date) : null;
  // Last year's figures never stand in for another period's.
  const before = useLocationData(source, period, beforeKey, { enabled: beforeKey !== null, keepPrevious: false });
  usePrefetchNeighbours(source, period, date, now, timeZone, delayDays, main.isSuccess && !main.isPlaceholderData);
  usePrefetchNeighbours(source, period, beforeKey, now, timeZone, delayDays, before.isSuccess);

  const node: MeasurementNode | undefined = main.isError ? undefined : main.data;
  const busy = main.isFetching && (main.isPlaceholderData || main.isPending);
  const points = useMemo(() => pointsOf(node, parameter, comparison, before.data), [node, parameter, comparison, before.data]);
  const empty = !hasData(points);
  const renderedKey = node?.dateKey ?? `${period}:${date ?? ''}`;
  const years = period === 'total' ? points.map((p) => p.key) : undefined;
  const title = periodTitle(period, date, language, words, years);

  const scale = axisScale(parameter, [...points.map((p) => p.value), ...(comparison === 'lastYear' ? points.map((p) => p.compare) : [])], water);
  const labels = useMemo(() => points.map((p) => barLabel(period, p.key, p.date, language, timeZone)), [points, period, language, timeZone]);
  const option = useMemo(() => {
    const inUnit = (values: Array<number | null>) => values.map((v) => (v === null ? null : v * scale.factor));
    const mainValues = inUnit(points.map((p) => p.value));
    const compareValues = points.map((p) => p.compare);
    const lineCompare = comparison && comparison !== 'lastYear' ? comparison : null;
    return barChartOption({
      points,
      labels,
      factor: scale.factor,
      range: yAxisRange(comparison === 'lastYear' ? [...mainValues, ...inUnit(compareValues)] : mainValues),
      unitLabel: f.axisUnit(scale.unit),
      formatTick: f.tick,
      compare: lineCompare
        ? { kind: 'line', unitLabel: f.compareUnit(lineCompare), range: yAxisRange(compareValues), formatTick: f.tick }
        : comparison === 'lastYear'
          ? { kind: 'bars' }
          : null,
      colours: themeColours(comparison ? COMPARE_COLOURS[comparison] : COMPARE_COLOURS.lastYear),
      animate: !prefersReducedMotion(),
    });
  }, [points, labels, scale.factor, scale.unit, comparison, f]);

  // Quarter-hours: a bar of a day of quarter-hour readings, held for a second.
  const quarterHours = view.reading === 'm15' && period === 'day';
  const [hovered, setHovered] = useState<number | null>(null);
  const [heldBar, setHeld] = useState<{ index: number; key: string } | null>(null);
  const onActiveChange = useCallback((index: number | null) => {
    setHovered(index);
    setHeld(null);
  }, []);
  useEffect(() => {
    if (!quarterHours || hovered === null) return;
    const timer = setTimeout(() => setHeld({ index: hovered, key: renderedKey }), QUARTER_HOUR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hovered, quarterHours, renderedKey]);
  const held = heldBar && heldBar.key === renderedKey && heldBar.index === hovered ? heldBar.index : null;
  const heldPoint = held !== null ? points[held] : undefined;
  const quarters = useHourReadings(quarterHours && heldPoint ? source : null, heldPoint?.date ?? null);

  const pointTitle = (point: BarPoint) => barTitle(period, point.key, point.date, language, timeZone, words);
  const preliminary = (point: BarPoint) => point.certainty !== null && point.certainty < 1;
  const describe = (index: number) => {
    const point = points[index];
    if (!point) return '';
    const parts = [`${pointTitle(point)}: ${f.value(parameter, point.value, water)}`];
    if (preliminary(point)) parts.push(t('analysis.preliminary'));
    if (comparison) parts.push(`${comparisonNames[comparison]} ${f.compared(comparison, point.compare, parameter, water)}`);
    return parts.join(', ');
  };
  const drillTo = drillDownPeriod(period, view.pills);
  const openBar = useCallback(
    (index: number) => {
      const point = points[index];
      if (!drillTo || !point || !isShowableKey(drillTo, point.key, now, timeZone, delayDays)) return;
      navigate(withDrillDown(view, drillTo, point.key));
    },
    [drillTo, points, now, timeZone, delayDays, navigate, view],
  );

  const tooltip = (index: number) => {
    const point = points[index];
    if (!point) return null;
    const quarterNode = held === index ? quarters.data : undefined;
    return (
      <>
        <p className="chart-tooltip-title">{pointTitle(point)}</p>
        <p className="chart-tooltip-row">
          <span className="legend-swatch legend-swatch-main" aria-hidden="true" />
          <span>{parameterNames[parameter]}</span>
          <strong>{f.value(parameter, point.value, water)}</strong>
        </p>
        {preliminary(point) ? <p className="chart-tooltip-note">{t('analysis.preliminary')}</p> : null}
        {comparison ? (
          <p className="chart-tooltip-row">
            <span className={`legend-swatch legend-swatch-${comparison}`} aria-hidden="true" />
            <span>{comparisonNames[comparison]}</span>
            <strong>{f.compared(comparison, point.compare, parameter, water)}</strong>
          </p>
        ) : null}
        {quarterHours ? (
          <div className="chart-tooltip-quarters">
            {held !== index ? (
              <p className="chart-tooltip-hint">{t('analysis.quarterHint')}</p>
            ) : quarters.isPending ? (
              <p className="chart-tooltip-hint">{t('analysis.quarterLoading')}</p>
            ) : quarterNode && quarterNode.children.length > 0 ? (
              <table className="quarter-table">
                <caption>{t('analysis.quarterHours')}</caption>
                <tbody>
                  {quarterNode.children.map((reading) => {
                    const kwh = parameter === 'production' ? (reading.value.production.total ?? reading.value.consumption.total) : reading.value.consumption.total;
                    const certain = reading.value.consumption.certainty === null || reading.value.consumption.certainty >= 1;
                    return (
                      <tr key={reading.dateKey} className={certain ? undefined : 'quarter-preliminary'}>
                        <th scope="row">
                          <QuarterIcon quarter={Math.floor(new Date(reading.date).getUTCMinutes() / 15)} />
                          {formatTime(reading.date, language, timeZone)}
                        </th>
                        <td>{f.value('consumption', kwh, water)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            ) : (
              <p className="chart-tooltip-hint">{t('analysis.noDataForPeriod')}</p>
            )}
          </div>
        ) : null}
        {drillTo && isShowableKey(drillTo, point.key, now, timeZone, delayDays) ? <p className="chart-tooltip-hint">{openHints[drillTo]}</p> : null}
      </>
    );
  };
  const startIndex = Math.max(0, points.map((p) => p.value !== null).lastIndexOf(true));

  const exportReason = period === 'total' ? t('analysis.export.disabledTotal') : empty ? t('analysis.export.disabledEmpty') : null;
  const onExport = async (format: ExportFormat) => {
    if (!source || !date || period === 'total') return;
    const url = await client.getExportUrl(source.locationId, source.serviceId, date, { format, period: period as KeyedPeriod });
    const link = document.createElement('a');
    link.href = url;
    link.download = '';
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  };

  const previous = period !== 'total' && date ? stepped(period, date, -1, now, timeZone, delayDays) : null;
  const next = period !== 'total' && date ? stepped(period, date, 1, now, timeZone, delayDays) : null;
  const labelValues = { parameter: parameterNames[parameter], period: title };
  const chartLabels: Record<HistoryPeriod, string> = {
    total: t('analysis.chartLabel.total', labelValues),
    year: t('analysis.chartLabel.year', labelValues),
    month: t('analysis.chartLabel.month', labelValues),
    week: t('analysis.chartLabel.week', labelValues),
    day: t('analysis.chartLabel.day', labelValues),
  };
  const chartLabel = chartLabels[period];
  const totals: Parameter[] = parameter === 'production' ? ['production'] : view.parameters.filter((p) => p !== 'production');
  const anyPreliminary = points.some((p) => p.value !== null && preliminary(p));

  return (
    <section className="history" aria-labelledby={titleId}>
      <div className="history-controls">
        {view.parameters.length > 1 ? (
          <div className="history-field">
            <label htmlFor={parameterId}>{t('analysis.parameter.label')}</label>
            <select id={parameterId} value={parameter} onChange={(event) => navigate(withParameter(view, event.target.value as Parameter))}>
              {view.parameters.map((p) => (
                <option key={p} value={p}>
                  {parameterNames[p]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="history-field">
          <label htmlFor={compareId}>{t('analysis.compare.label')}</label>
          <select
            id={compareId}
            value={comparison ?? ''}
            onChange={(event) => navigate(withComparison(view, (event.target.value || null) as Comparison | null))}
          >
            <option value="">{t('analysis.compare.none')}</option>
            {view.comparisons.map((c) => (
              <option key={c} value={c}>
                {comparisonNames[c]}
              </option>
            ))}
          </select>
        </div>
        {hideExport ? null : <ExportMenu disabledReason={exportReason} onExport={onExport} />}
      </div>

      <div className="history-period">
        <div className="period-pills" role="group" aria-label={t('analysis.periods.label')}>
          {view.pills.map((pill) => (
            <button
              key={pill}
              type="button"
              className="period-pill"
              aria-pressed={pill === period}
              onClick={() => {
                if (pill !== period) navigate(withPeriod(view, pill, context));
              }}
            >
              {periodNames[pill]}
            </button>
          ))}
        </div>
        <div className="period-stepper">
          {period !== 'total' ? (
            <button
              type="button"
              className="icon-button stepper-button"
              aria-label={previousNames[period]}
              disabled={!previous}
              onClick={() => previous && navigate(withDate(view, previous))}
            >
              <ChevronLeftIcon />
            </button>
          ) : null}
          <h2 id={titleId} className="period-title" aria-live="polite">
            {title}
          </h2>
          {period !== 'total' ? (
            <button
              type="button"
              className="icon-button stepper-button"
              aria-label={nextNames[period]}
              disabled={!next}
              onClick={() => next && navigate(withDate(view, next))}
            >
              <ChevronRightIcon />
            </button>
          ) : null}
        </div>
      </div>

      <dl className="period-totals">
        {totals.map((p) => (
          <div key={p} className={p === parameter ? 'period-total period-total-main' : 'period-total'}>
            <dt>{parameterNames[p]}</dt>
            <dd>{node ? f.value(p, periodTotal(node, p), water) : '–'}</dd>
          </div>
        ))}
      </dl>

      <BarChart
        option={option}
        count={points.length}
        renderedKey={renderedKey}
        label={chartLabel}
        help={drillTo ? t('analysis.chartHelpOpen') : t('analysis.chartHelp')}
        empty={empty && !busy}
        emptyText={t('analysis.noDataForPeriod')}
        busy={busy}
        describe={describe}
        tooltip={tooltip}
        onActiveChange={onActiveChange}
        onOpen={drillTo ? openBar : undefined}
        startIndex={startIndex}
      />

      <ul className="chart-legend" aria-hidden="true">
        <li>
          <span className="legend-swatch legend-swatch-main" />
          {parameterNames[parameter]}
        </li>
        {anyPreliminary ? (
          <li>
            <span className="legend-swatch legend-swatch-main legend-swatch-preliminary" />
            {t('analysis.legendPreliminary')}
          </li>
        ) : null}
        {comparison ? (
          <li>
            <span className={`legend-swatch legend-swatch-${comparison}`} />
            {comparisonNames[comparison]}
          </li>
        ) : null}
        {quarterHours ? <li className="legend-hint">{t('analysis.quarterHint')}</li> : null}
      </ul>

      {/* In a hidden box, not a hidden table: a table is as wide as its cells whatever its width, and widened a phone's page. */}
      <div className="visually-hidden">
        <table>
          <caption>{chartLabel}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analysis.table.period')}</th>
              <th scope="col">{parameterNames[parameter]}</th>
              {comparison ? <th scope="col">{comparisonNames[comparison]}</th> : null}
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <th scope="row">{pointTitle(point)}</th>
                <td>
                  {f.value(parameter, point.value, water)}
                  {preliminary(point) && point.value !== null ? ` (${t('analysis.preliminary')})` : ''}
                </td>
                {comparison ? <td>{f.compared(comparison, point.compare, parameter, water)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

