import { useState } from 'react';
import { Badge, Button, Card, Group, Menu, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { deleteDisruption, getActiveDisruption, listDisruptions, toggleDisruption } from '@gridline/contracts/endpoints/disruptions';
import { DisruptionStatus, DisruptionTarget, DisruptionType, type DisruptionLevel, type StaffDisruption } from '@gridline/contracts/disruptions';
import { languages, type Language } from '@gridline/contracts/enums';
import { formatDateTime } from '@gridline/locale/dates';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { ConfirmModal } from '../../shared/ui/confirm-modal.tsx';
import { useConfirmedDelete } from '../../shared/ui/use-confirmed-delete.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { RowActions } from '../../shared/ui/row-actions.tsx';
import { pageSizeOf, StaffTable } from '../../shared/ui/staff-table.tsx';
import { useUrlState } from '../../shared/url-state.ts';
import { closesPortal, DisruptionForm } from './disruption-form.tsx';
import { DisruptionPreview } from './disruption-preview.tsx';

const statusColour: Record<DisruptionStatus, string> = { planned: 'blue', ongoing: 'orange', finished: 'gray' };
const levelColour: Record<DisruptionLevel, string> = { mild: 'blue', moderate: 'yellow', severe: 'red' };

/**
 * Disruptions (spec 002 §3–§5, §7; issue 17, decision 0044): what customers see now in the
 * portal and the app, the organisation's disruptions newest first (status and type filters and
 * the page in the address), create and change them with a preview, and switch them on or off or
 * delete them after confirmation. Enabling a fatal one is confirmed with what it does.
 */
export function DisruptionsPage() {
  const { t, i18n } = useTranslation();
  const { organisation } = useShell();
  const queryClient = useQueryClient();
  const [state, setState] = useUrlState({ status: '', type: '', page: '1', limit: '25' });
  const [editing, setEditing] = useState<StaffDisruption | 'new' | null>(null);
  const [toggling, setToggling] = useState<StaffDisruption | null>(null);
  const limit = pageSizeOf(state.limit);
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const status = DisruptionStatus.safeParse(state.status).data;
  const type = DisruptionType.safeParse(state.type).data;
  const language = ((languages as readonly string[]).includes(i18n.language) ? i18n.language : 'en') as Language;
  const product = organisation.slug;

  const query = { limit, page, ...(status ? { status } : {}), ...(type ? { type } : {}) };
  const disruptions = useQuery({
    queryKey: ['disruptions', product, query],
    queryFn: () => client.send(listDisruptions, { params: { product }, query }),
    placeholderData: keepPreviousData,
  });
  const now = useQuery({
    queryKey: ['disruptions', product, 'active'],
    queryFn: async () => {
      const [portal, app] = await Promise.all(DisruptionTarget.options.map((channel) => client.data(getActiveDisruption, { params: { product }, query: { product: channel } })));
      return { mypages: portal, app } as const;
    },
    refetchInterval: 60_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['disruptions', product] });

  const toggle = useMutation({
    mutationFn: (d: StaffDisruption) => client.data(toggleDisruption, { params: { product, id: d._id } }),
    onSuccess: (d) => {
      notifications.show({ color: 'green', message: t(d.enabled ? 'disruptions.switchedOn' : 'disruptions.switchedOff', { name: d.name }) });
      setToggling(null);
      void refresh();
    },
  });
  const del = useConfirmedDelete({
    remove: (d: StaffDisruption) => client.data(deleteDisruption, { params: { product, id: d._id } }),
    deleted: (d) => t('disruptions.deleted', { name: d.name }),
    after: () => refresh(),
  });

  const when = (value: string | null | undefined) => (value ? formatDateTime(value, language) : '');
  const columns: DataTableColumn<StaffDisruption>[] = [
    {
      accessor: 'name',
      title: t('disruptions.columns.name'),
      render: (d) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {d.name}
          </Text>
          <Group gap={4}>
            {d.targets.map((target) => (
              <Badge key={target} variant="outline" color="gray" size="xs">
                {t(`disruptions.targets.${target}`)}
              </Badge>
            ))}
          </Group>
        </Stack>
      ),
    },
    {
      accessor: 'type',
      title: t('disruptions.columns.type'),
      render: (d) => (
        <Group gap={4}>
          <Badge variant={d.type === 'fatal' ? 'filled' : 'light'} color={d.type === 'fatal' ? 'red' : 'yellow'}>
            {t(`disruptions.types.${d.type}`)}
          </Badge>
          <Badge variant="dot" color={levelColour[d.level]}>
            {t(`disruptions.levels.${d.level}`)}
          </Badge>
        </Group>
      ),
    },
    {
      accessor: 'status',
      title: t('disruptions.columns.status'),
      render: (d) => (
        // A switched-off disruption shows nothing to customers whatever its schedule says, so it
        // is only "Off"; the schedule's status would read as if customers saw it.
        d.enabled ? (
          <Badge variant="light" color={statusColour[d.status]}>
            {t(`disruptions.status.${d.status}`)}
          </Badge>
        ) : (
          <Badge variant="light" color="gray">
            {t('disruptions.off')}
          </Badge>
        )
      ),
    },
    {
      accessor: 'schedule',
      title: t('disruptions.columns.schedule'),
      render: (d) =>
        d.schedule ? (
          <Text size="sm">{t('disruptions.scheduleRange', { start: when(d.schedule.startDate), end: d.schedule.endDate ? when(d.schedule.endDate) : t('disruptions.noEnd') })}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('disruptions.unscheduled')}
          </Text>
        ),
    },
    {
      accessor: 'updatedAt',
      title: t('disruptions.columns.updated'),
      render: (d) => (
        <Stack gap={0}>
          <Text size="sm">{when(d.updatedAt)}</Text>
          <Text size="xs" c="dimmed">
            {d.updatedBy}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: t('table.actions'),
      textAlign: 'right',
      render: (d) => (
        <RowActions name={d.name}>
          <Menu.Item onClick={() => setEditing(d)}>{t('app.edit')}</Menu.Item>
          <Menu.Item color={d.enabled ? 'orange' : 'green'} onClick={() => setToggling(d)}>
            {d.enabled ? t('disruptions.switchOff') : t('disruptions.switchOn')}
          </Menu.Item>
          <Menu.Item color="red" onClick={() => del.ask(d)}>
            {t('app.delete')}
          </Menu.Item>
        </RowActions>
      ),
    },
  ];

  const togglingOnFatal = toggling !== null && closesPortal({ enabled: !toggling.enabled, type: toggling.type });

  return (
    <Page title={t('disruptions.title')} intro={t('disruptions.intro')} actions={<Button onClick={() => setEditing('new')}>{t('disruptions.create')}</Button>}>
      <Card withBorder component="section" aria-labelledby="customers-see-now">
        <Stack gap="sm">
          <Text fw={600} id="customers-see-now" component="h2" size="lg">
            {t('disruptions.now.title')}
          </Text>
          {now.error ? (
            <ErrorAlert error={now.error} onRetry={() => void now.refetch()} />
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {DisruptionTarget.options.map((channel) => {
                const active = now.data?.[channel];
                return (
                  <Stack key={channel} gap="xs">
                    <Text size="sm" fw={500}>
                      {t(`disruptions.now.${channel}`)}
                    </Text>
                    {now.isPending ? (
                      <Text size="sm" c="dimmed">
                        {t('app.loading')}
                      </Text>
                    ) : active ? (
                      <>
                        <Text size="sm" data-testid={`now-${channel}`}>
                          {t('disruptions.now.showing', { name: active.name })}
                        </Text>
                        <DisruptionPreview type={active.type} level={active.level} title={active.title} message={active.message} language={language} />
                      </>
                    ) : (
                      <Text size="sm" c="dimmed" data-testid={`now-${channel}`}>
                        {t('disruptions.now.nothing')}
                      </Text>
                    )}
                  </Stack>
                );
              })}
            </SimpleGrid>
          )}
        </Stack>
      </Card>

      <Group align="flex-end" wrap="wrap" role="search" aria-label={t('disruptions.filters')}>
        <Select
          label={t('disruptions.columns.status')}
          data={[{ value: '', label: t('disruptions.any') }, ...DisruptionStatus.options.map((s) => ({ value: s, label: t(`disruptions.status.${s}`) }))]}
          value={status ?? ''}
          onChange={(value) => setState({ status: value ?? '' })}
          allowDeselect={false}
          w={180}
        />
        <Select
          label={t('disruptions.columns.type')}
          data={[{ value: '', label: t('disruptions.any') }, ...DisruptionType.options.map((s) => ({ value: s, label: t(`disruptions.types.${s}`) }))]}
          value={type ?? ''}
          onChange={(value) => setState({ type: value ?? '' })}
          allowDeselect={false}
          w={180}
        />
        {(status || type) && (
          <Button variant="subtle" onClick={() => setState({ status: '', type: '' })}>
            {t('table.clearFilters')}
          </Button>
        )}
      </Group>

      {disruptions.error ? (
        <ErrorAlert error={disruptions.error} onRetry={() => void disruptions.refetch()} />
      ) : (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('disruptions.newestFirst')}
          </Text>
          <StaffTable<StaffDisruption>
            label={t('disruptions.title')}
            records={disruptions.data?.data ?? []}
            fetching={disruptions.isFetching}
            paging={{ page, total: disruptions.data?.pagination?.total ?? 0, pageSize: limit, onPageChange: (p) => setState({ page: String(p) }), onPageSizeChange: (n) => setState({ limit: String(n) }) }}
            noRecordsText={status || type ? t('table.noRecords') : t('table.empty')}
            columns={columns}
          />
        </Stack>
      )}

      {editing && (
        <DisruptionForm
          disruption={editing === 'new' ? null : editing}
          organisation={organisation}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <ConfirmModal
        opened={toggling !== null}
        title={toggling ? (togglingOnFatal ? t('disruptions.fatalConfirmTitle') : t(toggling.enabled ? 'disruptions.switchOffTitle' : 'disruptions.switchOnTitle', { name: toggling.name })) : ''}
        body={
          togglingOnFatal
            ? t('disruptions.fatalWarning', { organisation: organisation.name })
            : toggling?.enabled
              ? t('disruptions.switchOffBody')
              : t('disruptions.switchOnBody', { status: toggling ? t(`disruptions.status.${toggling.status}`) : '' })
        }
        confirmLabel={toggling?.enabled ? t('disruptions.switchOff') : togglingOnFatal ? t('disruptions.fatalConfirm') : t('disruptions.switchOn')}
        busy={toggle.isPending}
        error={toggle.error ? <ErrorAlert error={toggle.error} /> : null}
        onConfirm={() => toggling && toggle.mutate(toggling)}
        onClose={() => {
          setToggling(null);
          toggle.reset();
        }}
      />
      <ConfirmModal
        {...del.modal}
        title={t('disruptions.deleteTitle', { name: del.deleting?.name ?? '' })}
        body={del.deleting?.enabled ? t('disruptions.deleteEnabledBody') : t('disruptions.deleteBody')}
      />
    </Page>
  );
}
