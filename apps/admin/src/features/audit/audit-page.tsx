import { useState } from 'react';
import { Badge, Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AUDIT_RETENTION_MAX_DAYS, AUDIT_RETENTION_MIN_DAYS, AuditOutcome, type AuditLogEntry } from '@gridline/contracts/audit';
import { exportAuditLogs, getAuditRetention, searchAuditLogs, updateAuditRetention } from '@gridline/contracts/endpoints/audit';
import { isApiError } from '@gridline/client/errors';
import { formatDateTime } from '@gridline/locale/dates';
import { formatNumber } from '@gridline/locale/numbers';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { downloadFile } from '../../shared/api/download.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { mayCall } from '../../shared/api/staff.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { StaffTable } from '../../shared/ui/staff-table.tsx';
import { useUrlState } from '../../shared/url-state.ts';
import { AuditFilters } from './audit-filters.tsx';
import { methodText } from './method.ts';

const PAGE_SIZE = 25;

/** A day of the date inputs (`2026-11-25`) as the instant it starts, or its end (the next day's start). */
const dayStart = (day: string, next = false): string | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (next) date.setDate(date.getDate() + 1);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/**
 * The audit log (issue 16): every staff change, sign-in and support session, newest first (or
 * oldest first, sorted by the server), with its filters, order and page in the address; an entry
 * opens with its values before and after; the current filter exports as CSV or JSON (a refusal,
 * such as more entries than an export may hold, says so); the organisation's retention.
 */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const { info, organisation } = useShell();
  const navigate = useNavigate();
  const [state, setState] = useUrlState({ from: '', to: '', actor: '', action: '', subjectType: '', subjectId: '', outcome: '', platform: '', order: 'newest', page: '1' });
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const order = state.order === 'oldest' ? 'oldest' : 'newest';
  const platformScope = info.admin.scope === 'ADMIN' || info.admin.scope === 'SUPPORT';
  const filters = {
    from: dayStart(state.from),
    to: dayStart(state.to, true),
    actor: state.actor || undefined,
    action: state.action || undefined,
    subjectType: state.subjectType || undefined,
    subjectId: state.subjectId || undefined,
    outcome: AuditOutcome.safeParse(state.outcome).data,
  };
  const platform = platformScope && state.platform === 'true';
  const entries = useQuery({
    queryKey: ['audit', organisation.slug, filters, platform, order, page],
    queryFn: () => client.send(searchAuditLogs, { params: { organisation: organisation.slug }, body: { ...filters, platform, order, page, limit: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({
    mutationFn: (format: 'csv' | 'json') =>
      downloadFile(exportAuditLogs, { params: { organisation: organisation.slug }, query: { format, ...filters, platform: platform ? 'true' : 'false' } }, `audit-${organisation.slug}.${format}`),
    onError: (error) => notifications.show({ color: 'red', title: t('audit.exportFailed'), message: exportError(error) }),
  });
  const language = i18n.language as Language;
  /** Too many entries says how many, and the most an export holds, in the page's numbers. */
  const exportError = (error: unknown) => {
    const data = isApiError(error) && error.key === 'AUDIT_EXPORT_TOO_LARGE' ? (error.data as { rows?: unknown; max?: unknown } | undefined) : undefined;
    return typeof data?.rows === 'number' && typeof data.max === 'number'
      ? t('audit.exportTooLarge', { rows: formatNumber(data.rows, language), max: formatNumber(data.max, language) })
      : errorMessage(t, error);
  };
  const filtered = Boolean(state.from || state.to || state.actor || state.action || state.subjectType || state.subjectId || state.outcome);
  const open = (entry: AuditLogEntry) => navigate(`/${organisation.slug}/audit/${entry._id}`);

  return (
    <Page
      title={t('audit.title')}
      intro={t('audit.intro')}
      actions={
        <>
          <Button variant="default" loading={exporting.isPending && exporting.variables === 'csv'} onClick={() => exporting.mutate('csv')}>
            {t('audit.exportCsv')}
          </Button>
          <Button variant="default" loading={exporting.isPending && exporting.variables === 'json'} onClick={() => exporting.mutate('json')}>
            {t('audit.exportJson')}
          </Button>
        </>
      }
    >
      <AuditFilters state={state} onChange={setState} platformChoice={platformScope ? { organisationName: organisation.name } : null} />
      {entries.error ? (
        <ErrorAlert error={entries.error} onRetry={() => void entries.refetch()} />
      ) : (
        <StaffTable<AuditLogEntry>
          label={t('audit.title')}
          records={entries.data?.data ?? []}
          fetching={entries.isFetching}
          paging={{ page, total: entries.data?.pagination?.total ?? 0, pageSize: PAGE_SIZE, onPageChange: (p) => setState({ page: String(p) }) }}
          noRecordsText={filtered ? t('table.noRecords') : t('table.empty')}
          sortStatus={{ columnAccessor: 'createdAt', direction: order === 'oldest' ? 'asc' : 'desc' }}
          onSortStatusChange={({ direction }) => setState({ order: direction === 'asc' ? 'oldest' : 'newest' })}
          onRowClick={(entry) => void open(entry)}
          columns={[
            { accessor: 'createdAt', title: t('audit.columns.when'), sortable: true, render: (e) => formatDateTime(e.createdAt, language) },
            {
              accessor: 'actorEmail',
              title: t('audit.columns.actor'),
              render: (e) => (
                <Stack gap={0}>
                  <Text size="sm">{e.actorEmail ?? t(`audit.actorTypes.${e.actorType}`)}</Text>
                  {(e.actorScope || e.actorMethod) && (
                    <Text size="xs" c="dimmed">
                      {[e.actorScope ? t(`scopes.${e.actorScope}`, { defaultValue: e.actorScope }) : null, methodText(t, e.actorMethod)].filter(Boolean).join(' · ')}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              accessor: 'action',
              title: t('audit.columns.action'),
              render: (e) => (
                <Button variant="subtle" size="compact-sm" px={0} onClick={() => open(e)}>
                  {e.action}
                </Button>
              ),
            },
            {
              accessor: 'subjectType',
              title: t('audit.columns.object'),
              render: (e) =>
                e.subjectType || e.subjectId ? (
                  <Stack gap={0}>
                    <Text size="sm">{e.subjectType ?? '—'}</Text>
                    {e.subjectId && (
                      <Text size="xs" c="dimmed" ff="monospace">
                        {e.subjectId}
                      </Text>
                    )}
                  </Stack>
                ) : (
                  '—'
                ),
            },
            {
              accessor: 'outcome',
              title: t('audit.columns.outcome'),
              render: (e) => (
                <Badge variant="light" color={e.outcome === 'denied' ? 'red' : 'teal'}>
                  {t(`audit.outcomes.${e.outcome}`)}
                </Badge>
              ),
            },
          ]}
        />
      )}
      {!platform && <RetentionCard organisation={organisation.slug} mayChange={mayCall(info.admin.scope, updateAuditRetention)} />}
    </Page>
  );
}

/** How long the organisation keeps its entries; the daily job removes older ones (and says so in the log). */
function RetentionCard({ organisation, mayChange }: { organisation: string; mayChange: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const retention = useQuery({ queryKey: ['auditRetention', organisation], queryFn: () => client.data(getAuditRetention, { params: { organisation } }) });
  const [days, setDays] = useState<number | string>('');
  const save = useMutation({
    mutationFn: (value: number) => client.data(updateAuditRetention, { params: { organisation }, body: { days: value } }),
    onSuccess: (data) => {
      queryClient.setQueryData(['auditRetention', organisation], data);
      setDays('');
      notifications.show({ color: 'green', message: t('app.saved') });
    },
  });
  const value = days === '' ? (retention.data?.days ?? '') : days;
  const invalid = typeof value === 'number' && (value < AUDIT_RETENTION_MIN_DAYS || value > AUDIT_RETENTION_MAX_DAYS);
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('audit.retentionTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('audit.retentionHelp', { min: AUDIT_RETENTION_MIN_DAYS, max: AUDIT_RETENTION_MAX_DAYS })}
        </Text>
        {retention.error ? (
          <ErrorAlert error={retention.error} onRetry={() => void retention.refetch()} />
        ) : mayChange ? (
          <Group align="flex-end">
            <NumberInput
              label={t('audit.retentionDays')}
              value={value}
              onChange={setDays}
              min={AUDIT_RETENTION_MIN_DAYS}
              max={AUDIT_RETENTION_MAX_DAYS}
              allowDecimal={false}
              w={180}
              error={invalid ? t('audit.retentionInvalid', { min: AUDIT_RETENTION_MIN_DAYS, max: AUDIT_RETENTION_MAX_DAYS }) : undefined}
            />
            <Button disabled={days === '' || invalid} loading={save.isPending} onClick={() => typeof value === 'number' && save.mutate(value)}>
              {t('app.save')}
            </Button>
          </Group>
        ) : (
          <Text>{t('audit.retentionCurrent', { days: retention.data?.days ?? '…' })}</Text>
        )}
        {save.error && <ErrorAlert error={save.error} title={t('app.save')} />}
      </Stack>
    </Card>
  );
}
