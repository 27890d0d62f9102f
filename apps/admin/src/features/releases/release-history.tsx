import { useState } from 'react';
import { Badge, Button, Card, Group, Menu, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { diffSettings, listSettingsReleases, rollbackSettings } from '@gridline/contracts/endpoints/settings-drafts';
import { languages, type Language } from '@gridline/contracts/enums';
import type { ReleaseSummary } from '@gridline/contracts/settings-parts';
import { formatDateTime } from '@gridline/locale/dates';
import { client } from '../../shared/api/client.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { RowActions } from '../../shared/ui/row-actions.tsx';
import { StaffTable } from '../../shared/ui/staff-table.tsx';
import { ChangeList } from './change-list.tsx';
import type { Translate } from './change-words.ts';
import { publishingKeys, useRefreshPublishing } from './use-publishing.ts';

const PAGE_SIZE = 10;

/** Two states to compare: `live`, `draft` or a version number. */
function Comparison({ organisation, from, to }: { organisation: string; from: string; to: string }) {
  const { t } = useTranslation();
  const diff = useQuery({
    queryKey: [...publishingKeys.diff(organisation), from, to],
    queryFn: () => client.data(diffSettings, { params: { organisation }, query: { from: from as never, to: to as never } }),
  });
  if (diff.error) return <ErrorAlert error={diff.error} onRetry={() => void diff.refetch()} />;
  if (diff.isPending) {
    return (
      <Text size="sm" c="dimmed">
        {t('app.loading')}
      </Text>
    );
  }
  return (
    <ChangeList
      changes={diff.data}
      label={t('releases.compare.tableLabel', { from: stateName(t as unknown as Translate, from), to: stateName(t as unknown as Translate, to) })}
      testId="comparison"
    />
  );
}

const stateName = (t: Translate, state: string) =>
  state === 'live' || state === 'draft' ? t(`releases.compare.${state}`) : t('releases.history.versionN', { version: state });

/**
 * The organisation's releases, newest first (paged): version, parts, who, when, comment and what a
 * rollback brought back; any two versions (or one with what is live, or the drafts) compared in
 * words; "Roll back to this version" after a confirmation.
 */
export function ReleaseHistory(props: { organisation: string; timeZone: string; canEdit: boolean; liveVersion: number }) {
  const { t, i18n } = useTranslation();
  const { organisation } = props;
  const language = ((languages as readonly string[]).includes(i18n.language) ? i18n.language : 'en') as Language;
  const refresh = useRefreshPublishing(organisation);
  const [page, setPage] = useState(1);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>('live');
  const [rollingBack, setRollingBack] = useState<ReleaseSummary | null>(null);
  const [reason, setReason] = useState('');
  const releases = useQuery({
    queryKey: [...publishingKeys.releases(organisation), page],
    queryFn: () => client.send(listSettingsReleases, { params: { organisation }, query: { page, limit: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const rollback = useMutation({
    mutationFn: (release: ReleaseSummary) =>
      client.data(rollbackSettings, {
        params: { organisation, version: String(release.version) as never },
        body: reason.trim() ? { comment: reason.trim() } : {},
      }),
    onSuccess: (made, release) => {
      notifications.show({ color: 'green', message: t('releases.history.rolledBack', { version: release.version, newVersion: made.version }) });
      setRollingBack(null);
      setReason('');
      void refresh();
    },
  });

  const versionOptions = [
    { value: 'live', label: t('releases.compare.liveVersion', { version: props.liveVersion }) },
    { value: 'draft', label: t('releases.compare.draft') },
    ...Array.from({ length: props.liveVersion }, (_, i) => props.liveVersion - i).map((v) => ({
      value: String(v),
      label: t('releases.history.versionN', { version: v }),
    })),
  ];

  const columns: DataTableColumn<ReleaseSummary>[] = [
    {
      accessor: 'version',
      title: t('releases.history.version'),
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={500}>
            {r.version}
          </Text>
          {r.live && (
            <Badge size="xs" variant="light" color="teal">
              {t('releases.history.live')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      accessor: 'parts',
      title: t('releases.history.parts'),
      render: (r) => (
        <Group gap={4}>
          {r.parts.map((part) => (
            <Badge key={part} size="xs" variant="outline" color="gray">
              {t(`releases.partNames.${part}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      accessor: 'publishedAt',
      title: t('releases.history.when'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(r.publishedAt, language, props.timeZone)}</Text>
          <Text size="xs" c="dimmed">
            {r.publishedBy ?? t('releases.history.system')}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'comment',
      title: t('releases.history.comment'),
      render: (r) => (
        <Stack gap={0}>
          {r.comment && <Text size="sm">{r.comment}</Text>}
          {r.rollbackOf !== null && (
            <Text size="xs" c="dimmed">
              {t('releases.history.rollbackOf', { version: r.rollbackOf })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: t('table.actions'),
      textAlign: 'right',
      render: (r) => (
        <RowActions name={t('releases.history.versionN', { version: r.version })}>
          <Menu.Item
            onClick={() => {
              setFrom(String(r.version));
              setTo('live');
            }}
          >
            {t('releases.history.compareWithLive')}
          </Menu.Item>
          {props.canEdit && !r.live && (
            <Menu.Item color="red" onClick={() => setRollingBack(r)}>
              {t('releases.history.rollback')}
            </Menu.Item>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <Stack gap="md">
      {releases.error ? (
        <ErrorAlert error={releases.error} onRetry={() => void releases.refetch()} />
      ) : (
        <StaffTable<ReleaseSummary>
          label={t('releases.history.title')}
          records={releases.data?.data ?? []}
          fetching={releases.isFetching}
          paging={{ page, total: releases.data?.pagination?.total ?? 0, pageSize: PAGE_SIZE, onPageChange: setPage }}
          noRecordsText={t('releases.history.empty')}
          idAccessor="id"
          columns={columns}
        />
      )}
      <Card withBorder component="section" aria-labelledby="compare-title">
        <Stack gap="sm">
          <Text component="h3" fw={600} id="compare-title">
            {t('releases.compare.title')}
          </Text>
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('releases.compare.from')}
              data={versionOptions}
              value={from}
              onChange={setFrom}
              placeholder={t('releases.compare.choose')}
              w={220}
              allowDeselect={false}
            />
            <Select label={t('releases.compare.to')} data={versionOptions} value={to} onChange={setTo} w={220} allowDeselect={false} />
          </Group>
          {from && to ? (
            from === to ? (
              <Text size="sm" c="dimmed">
                {t('releases.compare.same')}
              </Text>
            ) : (
              <Comparison organisation={organisation} from={from} to={to} />
            )
          ) : (
            <Text size="sm" c="dimmed">
              {t('releases.compare.hint')}
            </Text>
          )}
        </Stack>
      </Card>
      <Modal
        opened={rollingBack !== null}
        onClose={() => {
          setRollingBack(null);
          rollback.reset();
        }}
        title={t('releases.history.rollbackTitle', { version: rollingBack?.version ?? '' })}
        centered
      >
        <Stack>
          <Text size="sm">{t('releases.history.rollbackBody', { version: rollingBack?.version ?? '' })}</Text>
          <Textarea
            label={t('releases.history.rollbackReason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={2}
          />
          {rollback.error && <ErrorAlert error={rollback.error} />}
          <Group justify="flex-end">
            <Button variant="default" data-autofocus onClick={() => setRollingBack(null)}>
              {t('app.cancel')}
            </Button>
            <Button color="red" loading={rollback.isPending} onClick={() => rollingBack && rollback.mutate(rollingBack)}>
              {t('releases.history.rollbackConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
