import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasFlag, useOrganisation } from '../../shared/api/organisation.ts';
import { useSelectedLocation } from '../../shared/location/selected-location.ts';
import { useCurrentUser } from '../../shared/user/current-user.ts';
import { distributionFor, showDistribution, showTabRow, type AnalysisTab } from './analysis-rules.ts';
import { paramsOf, readQuery, resolveView, withTab, type AnalysisQuery, type ViewContext } from './analysis-view.ts';
import { productionSourceOf, type DataSource } from './data-source.ts';
import { DistributionCard } from './distribution-card.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { BroadbandBox, OverviewPanel } from './overview-panels.tsx';
import { TabList, tabId, tabPanelId } from '../../shared/ui/tab-list.tsx';
import './analysis.css';

/**
 * The analysis page (spec 000 §2.9, §4.5): consumption, cost, production and environmental
 * impact of the selected location over time. The view (tab, parameter, period, date, comparison)
 * is the address's query, so it can be bookmarked and shared and the back button walks back
 * through it; the rules that shape it are in `analysis-rules.ts`, `analysis-view.ts` and
 * `period-keys.ts`.
 */
export default function AnalysisPage() {
  const { t } = useTranslation();
  const organisation = useOrganisation();
  const user = useCurrentUser();
  const { selected } = useSelectedLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  // The limits of the arrows are those of the moment the page opened.
  const [now] = useState(() => new Date());
  const tabsId = useId();

  const production = useMemo(() => (selected ? productionSourceOf(selected, user.locations) : null), [selected, user.locations]);
  const context: ViewContext | null = useMemo(
    () =>
      selected
        ? {
            services: selected.services,
            hiddenTypes: organisation.flags.HIDDEN_SERVICE_TYPES,
            hideCost: hasFlag(organisation, 'HIDE_COST'),
            hideEnvironment: hasFlag(organisation, 'HIDE_USAGE_ENVIRONMENT_IMPACT'),
            hasProduction: production !== null,
            hiddenByPeriod: organisation.flags.ANALYSIS_HIDDEN_PARAMETERS,
            now,
            timeZone: selected.timeZone || organisation.timeZone,
            delayDays: organisation.flags.MEASUREMENTS_DELAY_DAYS,
          }
        : null,
    [selected, organisation, production, now],
  );
  const view = useMemo(() => (context ? resolveView(readQuery(searchParams), context) : null), [searchParams, context]);

  const navigate = useCallback((next: AnalysisQuery) => setSearchParams(paramsOf(next)), [setSearchParams]);

  // The address always names the whole view, so that a copied address shows the same one.
  const canonical = view ? paramsOf({ tab: view.tab, parameter: view.parameter, period: view.period, date: view.date, compare: view.comparison }).toString() : null;
  useEffect(() => {
    if (canonical !== null && canonical !== searchParams.toString()) setSearchParams(new URLSearchParams(canonical), { replace: true });
  }, [canonical, searchParams, setSearchParams]);

  const locationId = selected?._id ?? null;
  const serviceId = view?.service?._id ?? null;
  const parameter = view?.parameter ?? 'consumption';
  const source: DataSource | null = useMemo(() => {
    if (!locationId || !serviceId) return null;
    if (parameter === 'production') return production;
    return { locationId, serviceId };
  }, [locationId, serviceId, parameter, production]);
  const distributionKind = distributionFor(parameter, hasFlag(organisation, 'HIDE_COST'));
  const distributionSource: DataSource | null = useMemo(() => {
    if (!locationId || !serviceId) return null;
    if (distributionKind === 'production') return production;
    return { locationId, serviceId };
  }, [locationId, serviceId, distributionKind, production]);

  if (!selected || !context || !view || !view.tab) {
    return (
      <div className="page-content">
        <section className="card">
          <p className="empty-state">{t('analysis.empty')}</p>
        </section>
      </div>
    );
  }

  const tabNames: Record<AnalysisTab, string> = {
    ALL: t('analysis.tabs.ALL'),
    CONSUMPTION: t('analysis.tabs.CONSUMPTION'),
    CONSUMPTION_NET: t('analysis.tabs.CONSUMPTION_NET'),
    PRODUCTION: t('analysis.tabs.PRODUCTION'),
    PRODUCTION_NET: t('analysis.tabs.PRODUCTION_NET'),
    HEATING: t('analysis.tabs.HEATING'),
    WATER: t('analysis.tabs.WATER'),
    BROADBAND: t('analysis.tabs.BROADBAND'),
  };
  const activeIndex = view.tabs.indexOf(view.tab);
  const chooseTab = (tab: AnalysisTab) => {
    if (tab !== view.tab) navigate(withTab(view, tab, context));
  };
  let panel;
  if (view.tab === 'BROADBAND') {
    panel = <BroadbandBox locationId={selected._id} serviceId={view.service?._id ?? null} />;
  } else if (view.overview) {
    panel = <OverviewPanel locationId={selected._id} serviceId={view.service?._id ?? null} tab={view.tab} parameter={view.parameter} />;
  } else {
    panel = <HistoryPanel view={view} context={context} source={source} hideExport={hasFlag(organisation, 'HIDE_CSV_EXPORT')} navigate={navigate} />;
  }
  const tabbed = showTabRow(view.tabs);

  return (
    <div className="page-content analysis-page">
      <div className={tabbed ? 'card analysis-card analysis-card-tabbed' : 'card analysis-card'}>
        {tabbed ? (
          <TabList
            label={t('analysis.tabsLabel')}
            names={view.tabs.map((tab) => tabNames[tab])}
            activeIndex={activeIndex}
            onChoose={(index) => {
              const tab = view.tabs[index];
              if (tab) chooseTab(tab);
            }}
            idPrefix={tabsId}
          />
        ) : null}
        <div
          className="analysis-panel"
          {...(tabbed ? { role: 'tabpanel', id: tabPanelId(tabsId), 'aria-labelledby': tabId(tabsId, activeIndex) } : {})}
        >
          {panel}
        </div>
      </div>
      {showDistribution(view.tab, hasFlag(organisation, 'HIDE_MONTHLY_DISTRIBUTION')) && !view.overview ? (
        <DistributionCard kind={distributionKind} source={distributionSource} now={now} timeZone={context.timeZone} />
      ) : null}
    </div>
  );
}
