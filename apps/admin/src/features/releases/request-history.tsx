import { useState } from 'react';
import { Anchor, Badge, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { listChangeRequests } from '@gridline/contracts/endpoints/settings-drafts';
import { languages, type Language } from '@gridline/contracts/enums';
import { ChangeRequestStatus, type ChangeRequest } from '@gridline/contracts/settings-parts';
import { formatDateTime } from '@gridline/locale/dates';
import { client } from '../../shared/api/client.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { StaffTable } from '../../shared/ui/staff-table.tsx';
import { ChangeRequestPanel, statusColour } from './change-request-panel.tsx';
import { publishingKeys } from './use-publishing.ts';

const PAGE_SIZE = 10;

/** Every change request, newest first (paged, filtered by status); a row opens it read-only with its changes and comments. */
export function RequestHistory(props: { organisation: string; timeZone: string; approvalRequired: boolean; me: string }) {
  const { t, i18n } = useTranslation();
  const { organisation } = props;
  const language = ((languages as readonly string[]).includes(i18n.language) ? i18n.language : 'en') as Language;
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string>('');
  const [open, setOpen] = useState<ChangeRequest | null>(null);
  const parsed = ChangeRequestStatus.safeParse(status).data;
  const requests = useQuery({
    queryKey: [...publishingKeys.requests(organisation), page, parsed ?? ''],
    queryFn: () => client.send(listChangeRequests, { params: { organisation }, query: { page, limit: PAGE_SIZE, ...(parsed ? { status: parsed } : {}) } }),
    placeholderData: keepPreviousData,
  });
  const when = (iso: string | null) => (iso ? formatDateTime(iso, language, props.timeZone) : '');
  const columns: DataTableColumn<ChangeRequest>[] = [
    {
      accessor: 'title',
      title: t('releases.requests.title'),
      render: (r) => (
        <Anchor component="button" type="button" size="sm" fw={500} onClick={() => setOpen(r)}>
          {r.title}
        </Anchor>
      ),
    },
    {
      accessor: 'status',
      title: t('releases.requests.status'),
      render: (r) => (
        <Badge variant="light" color={statusColour[r.status]}>
          {t(`releases.status.${r.status}`)}
        </Badge>
      ),
    },
    {
      accessor: 'author',
      title: t('releases.requests.author'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.author}</Text>
          <Text size="xs" c="dimmed">
            {when(r.createdAt)}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'approvedBy', title: t('releases.requests.approver'), render: (r) => <Text size="sm">{r.approvedBy ?? '—'}</Text> },
    {
      accessor: 'publishedAt',
      title: t('releases.requests.published'),
      render: (r) => (
        <Text size="sm">
          {r.publishedAt
            ? t('releases.requests.publishedAs', { version: r.releaseVersion ?? '', time: when(r.publishedAt) })
            : r.scheduledAt
              ? t('releases.request.publishesAt', { time: when(r.scheduledAt) })
              : '—'}
        </Text>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Group role="search" aria-label={t('releases.requests.filters')}>
        <Select
          label={t('releases.requests.status')}
          data={[{ value: '', label: t('releases.requests.any') }, ...ChangeRequestStatus.options.map((s) => ({ value: s, label: t(`releases.status.${s}`) }))]}
          value={status}
          onChange={(value) => {
            setStatus(value ?? '');
            setPage(1);
          }}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {requests.error ? (
        <ErrorAlert error={requests.error} onRetry={() => void requests.refetch()} />
      ) : (
        <StaffTable<ChangeRequest>
          label={t('releases.requests.heading')}
          records={requests.data?.data ?? []}
          fetching={requests.isFetching}
          paging={{ page, total: requests.data?.pagination?.total ?? 0, pageSize: PAGE_SIZE, onPageChange: setPage }}
          noRecordsText={parsed ? t('table.noRecords') : t('releases.requests.empty')}
          columns={columns}
          idAccessor="id"
        />
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.title ?? ''} size="70rem">
        {open && (
          <ChangeRequestPanel
            organisation={organisation}
            timeZone={props.timeZone}
            request={open}
            approvalRequired={props.approvalRequired}
            me={props.me}
            canEdit={false}
            readOnly
          />
        )}
      </Modal>
    </Stack>
  );
}
