import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServicesData } from '@gridline/contracts/measurements';
import { formatMonthName } from '@gridline/locale/dates';
import { formatShortMonth } from '@gridline/locale/period-labels';
import { safeUrl } from '../../shared/external-links.ts';
import { useServicesData } from './analysis-queries.ts';
import type { AnalysisTab, Parameter } from './analysis-rules.ts';
import { BarChart } from './bar-chart.tsx';
import { COMPARE_COLOURS, themeColours } from './chart-colours.ts';
import { barChartOption } from './chart-options.ts';
import { axisScale, hasData, yAxisRange, type BarPoint } from './chart-values.ts';
import { prefersReducedMotion } from './use-echarts.ts';
import { useFormatters } from './use-formatters.ts';

type ServiceFigures = ServicesData['services'][number];

const serviceOfType = (data: ServicesData | undefined, tab: AnalysisTab, serviceId: string | null): ServiceFigures | undefined =>
  data?.services.find((s) => s.serviceId === serviceId) ?? data?.services.find((s) => s.type === tab);

/**
 * Broadband (spec 000 §2.9): no readings, so no history; the monthly cost of the current month
 * (or the latest month with one), the months before it, and the organisation's information link
 * (`organisation:urls.broadbandInfo`) as a call to action.
 */
export function BroadbandBox({ locationId, serviceId }: { locationId: string; serviceId: string | null }) {
  const { t, i18n } = useTranslation();
  const f = useFormatters();
  const headingId = useId();
  const servicesData = useServicesData(locationId);
  const service = serviceOfType(servicesData.data, 'BROADBAND', serviceId);
  const months = (service?.history ?? []).filter((m) => m.cost !== null);
  const current = service?.overview.current.total.cost !== null && service?.overview.current.total ? service.overview.current.total : months[months.length - 1];
  const infoUrl = i18n.exists('urls.broadbandInfo', { ns: 'organisation' }) ? safeUrl(i18n.t('urls.broadbandInfo', { ns: 'organisation' })) : null;

  return (
    <section className="broadband" aria-labelledby={headingId}>
      <div className="broadband-cost">
        <h2 id={headingId}>{t('analysis.broadband.title')}</h2>
        {current && current.cost !== null ? (
          <p className="broadband-amount">
            <span className="muted">{t('analysis.broadband.monthlyCost', { month: formatMonthName(current.dateKey, f.language, { withYear: true }) })}</span>
            <strong>{f.value('cost', current.cost, false)}</strong>
          </p>
        ) : (
          <p className="empty-state">{servicesData.isPending ? t('analysis.loading') : t('analysis.broadband.noCost')}</p>
        )}
        {months.length > 1 ? (
          <table className="data-table broadband-months">
            <caption className="visually-hidden">{t('analysis.broadband.historyCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('analysis.table.period')}</th>
                <th scope="col" className="numeric">
                  {t('analysis.parameter.cost')}
                </th>
              </tr>
            </thead>
            <tbody>
              {months
                .slice(-6)
                .reverse()
                .map((m) => (
                  <tr key={m.dateKey}>
                    <th scope="row">{formatMonthName(m.dateKey, f.language, { capitalised: true, withYear: true })}</th>
                    <td className="numeric">{f.value('cost', m.cost, false)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        ) : null}
      </div>
      <div className="broadband-info">
        <h3>{t('analysis.broadband.infoTitle')}</h3>
        <p>{t('analysis.broadband.infoText')}</p>
        {infoUrl ? (
          <a className="button button-primary" href={infoUrl} target="_blank" rel="noopener noreferrer">
            {t('analysis.broadband.infoLink')}
            <span className="visually-hidden">{` (${t('shared:opensInNewWindow')})`}</span>
          </a>
        ) : null}
      </div>
    </section>
  );
}

/**
 * A service without a reading period (NONE) has no detailed history: the analysis overview shows
 * its last twelve months from the services data instead (spec 000 §4.5).
 */
export function OverviewPanel({ locationId, serviceId, tab, parameter }: { locationId: string; serviceId: string | null; tab: AnalysisTab; parameter: Parameter }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const headingId = useId();
  const servicesData = useServicesData(locationId);
  const service = serviceOfType(servicesData.data, tab, serviceId);
  const water = tab === 'WATER';
  const shown: Parameter = parameter === 'cost' ? 'cost' : 'consumption';
  const points: BarPoint[] = useMemo(
    () => (service?.history ?? []).map((m) => ({ key: m.dateKey, date: m.dateKey, value: shown === 'cost' ? m.cost : m.consumption, certainty: null, compare: null })),
    [service, shown],
  );
  const scale = axisScale(shown, points.map((p) => p.value), water);
  const option = useMemo(
    () =>
      barChartOption({
        points,
        labels: points.map((p) => formatShortMonth(p.key, f.language)),
        factor: scale.factor,
        range: yAxisRange(points.map((p) => (p.value === null ? null : p.value * scale.factor))),
        unitLabel: f.axisUnit(scale.unit),
        formatTick: f.tick,
        compare: null,
        colours: themeColours(COMPARE_COLOURS.lastYear),
        animate: !prefersReducedMotion(),
      }),
    [points, scale.factor, scale.unit, f],
  );
  const name = shown === 'cost' ? t('analysis.parameter.cost') : t('analysis.parameter.consumption');
  const title = (p: BarPoint) => formatMonthName(p.key, f.language, { capitalised: true, withYear: true });

  return (
    <section className="history" aria-labelledby={headingId}>
      <h2 id={headingId} className="period-title">
        {t('analysis.overview.title')}
      </h2>
      <BarChart
        option={option}
        count={points.length}
        renderedKey={`overview:${service?.serviceId ?? ''}`}
        label={t('analysis.chartLabel.year', { parameter: name, period: t('analysis.overview.title') })}
        help={t('analysis.chartHelp')}
        empty={!hasData(points) && !servicesData.isPending}
        emptyText={t('analysis.noDataForPeriod')}
        busy={servicesData.isFetching}
        describe={(index) => (points[index] ? `${title(points[index])}: ${f.value(shown, points[index].value, water)}` : '')}
        tooltip={(index) =>
          points[index] ? (
            <>
              <p className="chart-tooltip-title">{title(points[index])}</p>
              <p className="chart-tooltip-row">
                <span className="legend-swatch legend-swatch-main" aria-hidden="true" />
                <span>{name}</span>
                <strong>{f.value(shown, points[index].value, water)}</strong>
              </p>
            </>
          ) : null
        }
        startIndex={Math.max(0, points.length - 1)}
      />
      <div className="visually-hidden">
        <table>
          <caption>{name}</caption>
          <tbody>
            {points.map((p) => (
              <tr key={p.key}>
                <th scope="row">{title(p)}</th>
                <td>{f.value(shown, p.value, water)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
