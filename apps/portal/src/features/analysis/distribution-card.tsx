import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PARTS_OF_DAY, type PartOfDay } from '@gridline/contracts/measurements';
import { formatMonthName, formatTime } from '@gridline/locale/dates';
import { InfoIcon } from './analysis-icons.tsx';
import { useDistribution } from './analysis-queries.ts';
import type { DistributionKind } from './analysis-rules.ts';
import { partColours } from './chart-colours.ts';
import type { DataSource } from './data-source.ts';
import { DoughnutChart } from './doughnut-chart.tsx';
import { InfoDialog } from './info-dialog.tsx';
import { clampDistributionMonth, distributionMonths } from './period-keys.ts';
import { useFormatters } from './use-formatters.ts';

interface DistributionCardProps {
  kind: DistributionKind;
  /** The tab's service, or the production site's for the `production` kind. */
  source: DataSource | null;
  now: Date;
  timeZone: string;
}

const PARTS: readonly PartOfDay[] = ['night', 'morning', 'day', 'evening'];

/**
 * The monthly distribution (spec 000 §2.9): a month by part of the local day as a doughnut and
 * as a list, with a month selector that never goes past the current month and an info dialog
 * that says how the day is divided. It follows the main parameter (see `distributionFor`).
 */
export function DistributionCard({ kind, source, now, timeZone }: DistributionCardProps) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { language } = f;
  const [chosen, setChosen] = useState<string | null>(null);
  const [infoOpen, setInfoOpen] = useState(false);
  const headingId = useId();
  const monthId = useId();
  const months = useMemo(() => distributionMonths(now, timeZone), [now, timeZone]);
  const month = clampDistributionMonth(chosen, now, timeZone);
  const distribution = useDistribution(source, month, kind === 'production' ? 'consumption' : kind);

  const titles: Record<DistributionKind, string> = {
    consumption: t('analysis.distribution.consumption'),
    cost: t('analysis.distribution.cost'),
    environment: t('analysis.distribution.environment'),
    production: t('analysis.distribution.production'),
  };
  const partNames: Record<PartOfDay, string> = {
    night: t('analysis.distribution.parts.night'),
    morning: t('analysis.distribution.parts.morning'),
    day: t('analysis.distribution.parts.day'),
    evening: t('analysis.distribution.parts.evening'),
  };
  const hours = (part: PartOfDay) => {
    const [from, to] = PARTS_OF_DAY[part];
    const clock = (hour: number) => formatTime(`2026-01-01T${String(hour % 24).padStart(2, '0')}:00:00Z`, language, 'UTC');
    return t('analysis.range', { from: clock(from), to: clock(to) });
  };
  const amount = (value: number | null) => {
    switch (kind) {
      case 'consumption':
      case 'production':
        return f.value('consumption', value, false);
      case 'cost':
        return f.value('cost', value, false);
      case 'environment':
        return f.value('co2cost', value, false);
    }
  };

  const data = distribution.isError ? undefined : distribution.data;
  const parts = useMemo(() => PARTS.map((part) => data?.parts.find((p) => p.type === part)).filter((p) => p !== undefined), [data]);
  const empty = !data || data.total === null || parts.length === 0;
  const colours = useMemo(() => partColours(), []);
  const doughnut = useMemo(() => parts.map((part) => ({ name: part.type, value: part.value, colour: colours[part.type] })), [parts, colours]);
  const monthName = formatMonthName(month, language, { capitalised: true, withYear: true });

  return (
    <section className="card distribution-card" aria-labelledby={headingId} aria-busy={distribution.isFetching || undefined}>
      <div className="distribution-header">
        <h2 id={headingId}>{titles[kind]}</h2>
        <div className="distribution-tools">
          <div className="history-field">
            <label htmlFor={monthId}>{t('analysis.distribution.month')}</label>
            <select id={monthId} value={month} onChange={(event) => setChosen(event.target.value)}>
              {months.map((key) => (
                <option key={key} value={key}>
                  {formatMonthName(key, language, { capitalised: true, withYear: true })}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="icon-button" aria-haspopup="dialog" onClick={() => setInfoOpen(true)}>
            <InfoIcon />
            <span>{t('analysis.distribution.info')}</span>
          </button>
        </div>
      </div>
      {empty ? (
        <p className="empty-state">{distribution.isPending ? t('analysis.loading') : t('analysis.noDataForPeriod')}</p>
      ) : (
        <div className="distribution-body">
          <div className="doughnut">
            <DoughnutChart parts={doughnut} renderedKey={`${month}:${kind}`} />
            <p className="doughnut-total">
              <span>{t('analysis.distribution.total')}</span>
              <strong>{amount(data.total)}</strong>
            </p>
          </div>
          <ul className="distribution-list" aria-label={t('analysis.distribution.listLabel', { title: titles[kind], month: monthName })}>
            {parts.map((part) => (
              <li key={part.type}>
                <span className="legend-swatch" style={{ background: colours[part.type] }} aria-hidden="true" />
                <span className="distribution-part">
                  <strong>{partNames[part.type]}</strong>
                  <span className="muted">{hours(part.type)}</span>
                </span>
                <span className="distribution-share">{f.percent(part.share)}</span>
                <span className="distribution-value">{amount(part.value)}</span>
              </li>
            ))}
          </ul>
          {kind === 'cost' ? <p className="distribution-note muted">{t('analysis.distribution.costNote')}</p> : null}
        </div>
      )}
      {infoOpen ? (
        <InfoDialog title={t('analysis.distribution.infoTitle')} onClose={() => setInfoOpen(false)}>
          <p>{t('analysis.distribution.infoText')}</p>
          <ul className="distribution-info-list">
            {PARTS.map((part) => (
              <li key={part}>
                <strong>{partNames[part]}</strong> {hours(part)}
              </li>
            ))}
          </ul>
          <p>{t('analysis.distribution.infoTimeZone')}</p>
        </InfoDialog>
      ) : null}
    </section>
  );
}
