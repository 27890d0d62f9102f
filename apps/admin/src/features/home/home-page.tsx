import { useMemo } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, List, Loader, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '@gridline/contracts/enums';
import { getBridgeStatistics, getMonitoringAlerts, getStatistics } from '@gridline/contracts/endpoints/statistics';
import type { BridgeStatistics, MonitoringAlert, PriceDayState, Statistics, StatisticsKind } from '@gridline/contracts/statistics';
import { formatDate, formatDateTime, formatShortDayMonth } from '@gridline/locale/dates';
import { formatNumber } from '@gridline/locale/numbers';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { mayCall } from '../../shared/api/staff.ts';
import { areas as allAreas, visibleAreas } from '../../shared/areas.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { useUrlState } from '../../shared/url-state.ts';
import { DayChart } from './day-chart.tsx';

const ranges = ['7', '30', '90', '365'] as const;
const chartKinds: ReadonlyArray<{ kind: StatisticsKind; chart: 'bar' | 'line'; stacked: boolean }> = [
  { kind: 'users', chart: 'line', stacked: false },
  { kind: 'signIns', chart: 'bar', stacked: true },
  { kind: 'accounts', chart: 'bar', stacked: false },
  { kind: 'prospects', chart: 'bar', stacked: false },
  { kind: 'readings', chart: 'line', stacked: false },
  { kind: 'prices', chart: 'bar', stacked: true },
];

/** `YYYY-MM-DD` moved by whole days. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The back office's first screen (issue 17, decision 0049): how the organisation is doing. The
 * alerts at the top, today's figures as tiles linking to their areas, and charts of the chosen
 * period (its length in the address), each with its figures as a table. A scope that may not read
 * the statistics sees who is signed in and the areas it may open.
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const { info, organisation } = useShell();
  const { admin } = info;
  const language = ((languages as readonly string[]).includes(i18n.language) ? i18n.language : 'en') as Language;
  const method = t(`home.methods.${info.method}`);
  const areas = visibleAreas(admin.scope, organisation);
  const readsStatistics = mayCall(admin.scope, getBridgeStatistics);
  const readsAlerts = mayCall(admin.scope, getMonitoringAlerts);

  return (
    <Page title={t('home.title', { name: admin.firstName || admin.email })} intro={t('dashboard.intro', { organisation: organisation.name })}>
      <Text size="sm" c="dimmed">
        {t('dashboard.signedIn', { scope: t(`scopes.${admin.scope}`), method: info.secondFactorUsed ? t('home.withSecondFactor', { method }) : method })}
      </Text>
      {readsAlerts && <Alerts slug={organisation.slug} language={language} areas={areas.map((a) => a.path)} />}
      {readsStatistics ? (
        <Dashboard slug={organisation.slug} language={language} areas={areas.map((a) => a.path)} />
      ) : (
        <Card withBorder>
          <Stack gap="xs">
            <Text>{t('dashboard.noStatistics')}</Text>
            <Text fw={600}>{t('home.areas')}</Text>
            <List>
              {areas.map((area) => (
                <List.Item key={area.path}>
                  <Anchor component={Link} to={`/${organisation.slug}/${area.path}`}>
                    {t(area.label)}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Stack>
        </Card>
      )}
    </Page>
  );
}

function Alerts({ slug, language, areas }: { slug: string; language: Language; areas: string[] }) {
  const { t } = useTranslation();
  const alerts = useQuery({
    queryKey: ['monitoring-alerts', slug],
    queryFn: () => client.data(getMonitoringAlerts, { query: { organisation: slug } }),
    refetchInterval: 60_000,
  });
  const state = (s: PriceDayState | null | undefined) => t(`dashboard.alerts.states.${s ?? 'none'}`);
  const message = (a: MonitoringAlert) =>
    t(`dashboard.${a.messageKey}`, {
      job: a.subject.job ? t(`jobs.names.${a.subject.job}`, { defaultValue: a.subject.job }) : '',
      zone: a.subject.zone ?? '',
      day: a.subject.day ? formatDate(a.subject.day, language) : '',
      state: state(a.subject.state),
      sites: formatNumber(a.subject.sites ?? 0, language),
      services: formatNumber(a.subject.services ?? 0, language),
    });
  return (
    <section aria-labelledby="alerts-title">
      <Title order={2} size="h4" id="alerts-title" mb="xs">
        {t('dashboard.alerts.title')}
      </Title>
      {alerts.isPending ? (
        <Loader size="sm" aria-label={t('app.loading')} />
      ) : alerts.isError ? (
        <Alert color="red" role="alert" title={t('dashboard.alerts.failed')}>
          <Button size="xs" variant="light" color="red" onClick={() => void alerts.refetch()}>
            {t('app.retry')}
          </Button>
        </Alert>
      ) : alerts.data.length === 0 ? (
        <Alert color="green">{t('dashboard.alerts.none')}</Alert>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="alerts">
          {alerts.data.map((a) => (
            <li key={a.id}>
            <Alert color={a.severity === 'critical' ? 'red' : 'yellow'} variant="light">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs" wrap="nowrap">
                  <Badge color={a.severity === 'critical' ? 'red' : 'yellow'} variant="filled" style={{ flexShrink: 0 }}>
                    {t(`dashboard.alerts.${a.severity}`)}
                  </Badge>
                  <Text size="sm">
                    {message(a)} <Text span size="xs" c="dimmed">{t('dashboard.alerts.since', { when: formatDateTime(a.since, language) })}</Text>
                  </Text>
                </Group>
                {a.area && areas.includes(a.area) && (
                  <Anchor component={Link} to={`/${slug}/${a.area}`} size="sm">
                    {t('dashboard.alerts.open', { area: t(`nav.${a.area}`) })}
                  </Anchor>
                )}
              </Group>
            </Alert>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}

function Dashboard({ slug, language, areas }: { slug: string; language: Language; areas: string[] }) {
  const { t } = useTranslation();
  const [state, setState] = useUrlState({ days: '30' });
  const days = (ranges as readonly string[]).includes(state.days) ? Number(state.days) : 30;
  const bridge = useQuery({ queryKey: ['statistics', slug, 'bridge'], queryFn: () => client.data(getBridgeStatistics, { params: { org: slug } }), refetchInterval: 60_000 });
  const today = bridge.data?.today;
  const start = today ? addDays(today, -(days - 1)) : '';
  const charts = useQueries({
    queries: chartKinds.map(({ kind }) => ({
      queryKey: ['statistics', slug, kind, start, today],
      queryFn: () => client.data(getStatistics, { params: { kind }, query: { organisation: slug, start_date: start, end_date: today! } }),
      enabled: Boolean(today),
    })),
  });
  const number = useMemo(() => (value: number) => formatNumber(value, language), [language]);

  if (bridge.isPending) return <Loader size="sm" aria-label={t('app.loading')} />;
  if (bridge.isError) return <ErrorAlert error={bridge.error} onRetry={() => void bridge.refetch()} />;

  return (
    <>
      <Tiles data={bridge.data} slug={slug} language={language} areas={areas} />
      <section aria-labelledby="charts-title">
        <Group justify="space-between" align="flex-end" mb="xs" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="charts-title">
              {t('dashboard.charts.title')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('dashboard.range.shown', { start: formatDate(start, language), end: formatDate(bridge.data.today, language) })}
            </Text>
          </div>
          <SegmentedControl
            aria-label={t('dashboard.range.label')}
            value={String(days)}
            onChange={(value) => setState({ days: value })}
            data={ranges.map((r) => ({ value: r, label: t(`dashboard.range.days${r}`) }))}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {chartKinds.map(({ kind, chart, stacked }, i) => {
            const query = charts[i]!;
            if (query.isPending) return <Loader key={kind} size="sm" aria-label={t('app.loading')} />;
            if (query.isError) return <ErrorAlert key={kind} error={query.error} onRetry={() => void query.refetch()} />;
            return <KindChart key={kind} kind={kind} data={query.data} chart={chart} stacked={stacked} language={language} format={number} />;
          })}
          <DayChart
            id="chart-lateness"
            title={t('dashboard.charts.lateness.title')}
            description={t('dashboard.charts.lateness.description', { delay: bridge.data.readings.delayDays })}
            categoryLabel={t('dashboard.charts.lateness.daysBehind')}
            categories={bridge.data.readings.lateness.map((l) => number(l.daysBehind))}
            lines={[{ name: 'services', label: t('dashboard.charts.lateness.services'), values: bridge.data.readings.lateness.map((l) => l.services) }]}
            format={number}
          />
        </SimpleGrid>
      </section>
    </>
  );
}

function KindChart({ kind, data, chart, stacked, language, format }: { kind: StatisticsKind; data: Statistics; chart: 'bar' | 'line'; stacked: boolean; language: Language; format: (value: number) => string }) {
  const { t } = useTranslation();
  const categories = useMemo(() => data.days.map((day) => formatShortDayMonth(day, language)), [data.days, language]);
  const lines = useMemo(
    () => data.series.map((s) => ({ name: s.name, label: kind === 'signIns' ? t(`dashboard.charts.methods.${s.name}`, { defaultValue: s.name }) : t(`dashboard.charts.series.${s.name}`, { defaultValue: s.name }), values: s.values })),
    [data.series, kind, t],
  );
  return (
    <DayChart
      id={`chart-${kind}`}
      title={t(`dashboard.charts.${kind}.title`)}
      description={t(`dashboard.charts.${kind}.description`, { start: formatDate(data.startDate, language), end: formatDate(data.endDate, language) })}
      categoryLabel={t('dashboard.charts.day')}
      categories={categories}
      lines={lines}
      format={format}
      kind={chart}
      stacked={stacked}
    />
  );
}

function Tile({ id, label, value, detail, to, linkLabel, tone }: { id: string; label: string; value: string; detail: string; to?: string | undefined; linkLabel?: string; tone?: 'red' | undefined }) {
  return (
    <Card withBorder component="li" padding="sm" data-testid={`tile-${id}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} c={tone} data-testid="tile-value">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
      {to && (
        <Anchor component={Link} to={to} size="sm" mt={4}>
          {linkLabel}
        </Anchor>
      )}
    </Card>
  );
}

function Tiles({ data, slug, language, areas }: { data: BridgeStatistics; slug: string; language: Language; areas: string[] }) {
  const { t } = useTranslation();
  const n = (value: number) => formatNumber(value, language);
  const link = (path: string) => {
    const area = allAreas.find((a) => a.path === path);
    return area && areas.includes(path) ? { to: `/${slug}/${path}`, linkLabel: t('dashboard.tiles.open', { area: t(area.label) }) } : {};
  };
  const state = (s: PriceDayState | null) => t(`dashboard.alerts.states.${s ?? 'none'}`);
  const { customers, readings } = data;
  return (
    <section aria-labelledby="tiles-title">
      <Title order={2} size="h4" id="tiles-title" mb="xs">
        {t('dashboard.tiles.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        <Tile id="customers" label={t('dashboard.tiles.customers')} value={n(customers.users)} detail={t('dashboard.tiles.customersDetail', { accounts: n(customers.accounts), sites: n(customers.sites) })} {...link('customers')} />
        <Tile id="active" label={t('dashboard.tiles.active')} value={n(customers.active30Days)} detail={t('dashboard.tiles.activeDetail', { today: n(customers.activeToday), signIns: n(customers.signInsToday) })} />
        <Tile id="newAccounts" label={t('dashboard.tiles.newAccounts')} value={n(customers.newAccounts7Days)} detail={t('dashboard.tiles.newAccountsDetail', { open: n(data.prospects.open) })} />
        <Tile
          id="readings"
          label={t('dashboard.tiles.readings')}
          value={n(readings.servicesLate)}
          tone={readings.servicesLate > 0 ? 'red' : undefined}
          detail={readings.latestDay ? t('dashboard.tiles.readingsDetail', { late: n(readings.servicesLate), services: n(readings.servicesWithReadings), latest: formatDate(readings.latestDay, language) }) : t('dashboard.tiles.readingsNone')}
        />
        <Tile id="jobs" label={t('dashboard.tiles.jobs')} value={n(data.jobs.failed24Hours)} tone={data.jobs.failed24Hours > 0 ? 'red' : undefined} detail={t('dashboard.tiles.jobsDetail')} {...link('jobs')} />
        <Tile id="disruptions" label={t('dashboard.tiles.disruptions')} value={n(data.disruptions.ongoing)} detail={t('dashboard.tiles.disruptionsDetail')} {...link('disruptions')} />
        <Tile id="support" label={t('dashboard.tiles.support')} value={n(data.support.unanswered)} detail="" {...link('support')} />
        <Tile
          id="prices"
          label={t('dashboard.tiles.prices')}
          value={n(data.prices.filter((p) => p.today === 'final').length) + ' / ' + n(data.prices.length)}
          detail={data.prices.length === 0 ? t('dashboard.tiles.pricesNone') : data.prices.map((p) => t('dashboard.tiles.pricesZone', { zone: p.zone, today: state(p.today), tomorrow: state(p.tomorrow) })).join(' · ')}
        />
      </SimpleGrid>
    </section>
  );
}
