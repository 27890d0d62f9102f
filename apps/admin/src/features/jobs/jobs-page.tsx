import { useState } from 'react';
import { Badge, Button, Code, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { actOnScheduledJob, listScheduledJobs } from '@gridline/contracts/endpoints/scheduled-jobs';
import { parseQueueTypes, queueTypes, type QueueType, type ScheduledJob, type ScheduledJobAction, type ScheduledJobStatus } from '@gridline/contracts/scheduled-jobs';
import { formatDateTime } from '@gridline/locale/dates';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { ConfirmModal } from '../../shared/ui/confirm-modal.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { StaffTable } from '../../shared/ui/staff-table.tsx';
import { useUrlState } from '../../shared/url-state.ts';
import { staffTimeZone } from './cron.ts';
import { JobForm } from './job-form.tsx';

const statusColour: Record<ScheduledJobStatus, string> = { waiting: 'blue', running: 'cyan', completed: 'green', failed: 'red', paused: 'gray' };
const ALL_TYPES = queueTypes.join(',');

/**
 * Scheduled jobs (spec 002 §2, §3, §7; issue 17; decision 0045): the jobs of the queue types in
 * the address (`?types=`), each with its status, schedule, next run in the staff member's time
 * zone, latest runs and errors (expandable); edit the schedule, pause, play, and trigger after a
 * confirmation. Platform-wide jobs are read-only to organisation staff (`editable`).
 */
export function JobsPage() {
  const { t, i18n } = useTranslation();
  const { organisation } = useShell();
  const queryClient = useQueryClient();
  const language = i18n.language as Language;
  const zone = staffTimeZone();
  const [state, setState] = useUrlState({ types: ALL_TYPES });
  const parsed = parseQueueTypes(state.types);
  const types: QueueType[] = parsed.ok && parsed.types.length > 0 ? parsed.types : [...queueTypes];
  const [editing, setEditing] = useState<ScheduledJob | null>(null);
  const [triggering, setTriggering] = useState<ScheduledJob | null>(null);

  const query = { queueTypes: types.join(','), organisation: organisation.slug };
  const jobs = useQuery({
    queryKey: ['scheduledJobs', query],
    queryFn: () => client.data(listScheduledJobs, { query }),
    placeholderData: keepPreviousData,
    // statuses move by themselves: look again while a run waits or runs
    refetchInterval: (q) => (q.state.data?.some((j) => j.status === 'waiting' || j.status === 'running') ? 2_000 : 30_000),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['scheduledJobs'] });

  const nameOf = (job: ScheduledJob) => `${t(`jobs.names.${job.name}`, { defaultValue: job.displayName })} · ${job.organisation ?? t('jobs.platform')}`;
  const act = useMutation({
    mutationFn: ({ job, action }: { job: ScheduledJob; action: ScheduledJobAction }) => client.data(actOnScheduledJob, { params: { id: job._id, action } }),
    onSuccess: (_job, { job, action }) => {
      notifications.show({ color: 'green', message: t(`jobs.done.${action}`, { name: nameOf(job) }) });
      setTriggering(null);
      void refresh();
    },
  });

  const when = (value: string | null) => (value ? formatDateTime(value, language, zone) : '—');
  const duration = (from: string | null, to: string | null) => (from && to ? t('jobs.seconds', { count: Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000)) }) : '');
  const columns: DataTableColumn<ScheduledJob>[] = [
    {
      accessor: 'name',
      title: t('jobs.columns.name'),
      render: (job) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t(`jobs.names.${job.name}`, { defaultValue: job.displayName })}
          </Text>
          <Text size="xs" c="dimmed">
            {job.organisation ?? t('jobs.platform')} · {t(`jobs.types.${job.queueType}`)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'status',
      title: t('jobs.columns.status'),
      render: (job) => (
        <Stack gap={2}>
          <Badge variant="light" color={statusColour[job.status]} data-testid={`status-${job._id}`}>
            {t(`jobs.status.${job.status}`)}
          </Badge>
          {!job.enabled && (
            <Text size="xs" c="dimmed">
              {t('jobs.disabled')}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'schedule',
      title: t('jobs.columns.schedule'),
      render: (job) => (
        <Stack gap={2}>
          <Code>{job.schedule.cron}</Code>
          <Text size="xs" c="dimmed">
            {job.schedule.timeZone}
            {job.schedule.offset > 0 ? ` · ${t('jobs.offset', { count: job.schedule.offset })}` : ''}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'nextRunAt', title: t('jobs.columns.nextRunAt', { zone }), render: (job) => when(job.nextRunAt) },
    {
      accessor: 'runs',
      title: t('jobs.columns.lastRuns'),
      render: (job) =>
        job.runs.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('jobs.noRuns')}
          </Text>
        ) : (
          <details>
            <summary>
              <Text span size="sm">
                {t(`jobs.runState.${job.runs[0]!.state}`)} {when(job.runs[0]!.startedAt ?? job.runs[0]!.createdAt)} {duration(job.runs[0]!.startedAt, job.runs[0]!.completedAt)}
              </Text>
            </summary>
            <Stack gap={0} mt={4}>
              {job.runs.map((run) => (
                <Text key={run.createdAt} size="xs">
                  {t(`jobs.runState.${run.state}`)} · {when(run.startedAt ?? run.createdAt)} {duration(run.startedAt, run.completedAt)}
                </Text>
              ))}
            </Stack>
          </details>
        ),
    },
    {
      accessor: 'errors',
      title: t('jobs.columns.errors'),
      render: (job) =>
        job.errors.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('jobs.noErrors')}
          </Text>
        ) : (
          <details>
            <summary>
              <Text span size="sm" c="red">
                {t('jobs.errorCount', { count: job.errors.length })}
              </Text>
            </summary>
            <Stack gap={4} mt={4}>
              {job.errors.map((error) => (
                <Text key={`${error.date}${error.message}`} size="xs">
                  {when(error.date)}: <Code>{error.message}</Code>
                </Text>
              ))}
            </Stack>
          </details>
        ),
    },
    {
      accessor: 'actions',
      title: t('table.actions'),
      textAlign: 'right',
      render: (job) =>
        job.editable ? (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Button size="xs" variant="default" onClick={() => setEditing(job)} aria-label={`${t('app.edit')}: ${nameOf(job)}`}>
              {t('app.edit')}
            </Button>
            {job.paused ? (
              <Button size="xs" variant="light" loading={act.isPending && act.variables?.job._id === job._id} onClick={() => act.mutate({ job, action: 'play' })} aria-label={`${t('jobs.play')}: ${nameOf(job)}`}>
                {t('jobs.play')}
              </Button>
            ) : (
              <Button size="xs" variant="light" color="orange" loading={act.isPending && act.variables?.job._id === job._id} onClick={() => act.mutate({ job, action: 'pause' })} aria-label={`${t('jobs.pause')}: ${nameOf(job)}`}>
                {t('jobs.pause')}
              </Button>
            )}
            <Button size="xs" variant="light" disabled={!job.enabled} onClick={() => setTriggering(job)} aria-label={`${t('jobs.trigger')}: ${nameOf(job)}`}>
              {t('jobs.trigger')}
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {t('jobs.readOnly')}
          </Text>
        ),
    },
  ];

  return (
    <Page title={t('jobs.title')} intro={t('jobs.intro')}>
      <MultiSelect
        label={t('jobs.filter')}
        data={queueTypes.map((type) => ({ value: type, label: t(`jobs.types.${type}`) }))}
        value={types}
        onChange={(value) => setState({ types: value.length === 0 || value.length === queueTypes.length ? ALL_TYPES : queueTypes.filter((q) => value.includes(q)).join(',') })}
        maw={560}
      />
      {act.error && !triggering && <ErrorAlert error={act.error} />}
      {jobs.error ? (
        <ErrorAlert error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : (
        <StaffTable<ScheduledJob> label={t('jobs.title')} records={jobs.data ?? []} fetching={jobs.isFetching && !jobs.data} noRecordsText={t('table.empty')} columns={columns} />
      )}
      {editing && (
        <JobForm
          job={editing}
          title={nameOf(editing)}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <ConfirmModal
        opened={triggering !== null}
        title={t('jobs.triggerTitle', { name: triggering ? nameOf(triggering) : '' })}
        body={t('jobs.triggerBody')}
        confirmLabel={t('jobs.trigger')}
        busy={act.isPending}
        error={act.error && triggering ? <ErrorAlert error={act.error} title={t('jobs.trigger')} /> : null}
        onConfirm={() => triggering && act.mutate({ job: triggering, action: 'trigger' })}
        onClose={() => {
          setTriggering(null);
          act.reset();
        }}
      />
    </Page>
  );
}
