import { Badge, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { listSupportConversations } from '@gridline/contracts/endpoints/support';
import type { SupportConversation } from '@gridline/contracts/support';
import { formatDateTime } from '@gridline/locale/dates';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { pageSizeOf, StaffTable } from '../../shared/ui/staff-table.tsx';
import { useUrlState } from '../../shared/url-state.ts';

/**
 * Support messages (issue 17, decision 0047): the organisation's conversations with customers,
 * unanswered first, then by the latest message (filter and page in the address), with how many
 * wait for an answer. A row opens the conversation.
 */
export function SupportPage() {
  const { t, i18n } = useTranslation();
  const { organisation } = useShell();
  const navigate = useNavigate();
  const [state, setState] = useUrlState({ status: 'all', page: '1', limit: '25' });
  const status = state.status === 'unanswered' ? 'unanswered' : 'all';
  const limit = pageSizeOf(state.limit);
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const language = i18n.language as Language;

  const query = { organisation: organisation.slug, status, limit, page } as const;
  const conversations = useQuery({
    queryKey: ['support', organisation.slug, 'conversations', query],
    queryFn: () => client.send(listSupportConversations, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const waiting = useQuery({
    queryKey: ['support', organisation.slug, 'waiting'],
    queryFn: async () =>
      (await client.send(listSupportConversations, { query: { organisation: organisation.slug, status: 'unanswered', limit: 1, page: 1 } })).pagination
        ?.total ?? 0,
    refetchInterval: 30_000,
  });

  const nameOf = (c: SupportConversation) => c.name || c.email || t('support.unnamed');
  const columns: DataTableColumn<SupportConversation>[] = [
    {
      accessor: 'name',
      title: t('support.columns.customer'),
      render: (c) => (
        <Stack gap={0}>
          <Link to={`/${organisation.slug}/support/${c.userId}`} aria-label={t('support.open', { name: nameOf(c) })}>
            {nameOf(c)}
          </Link>
          {c.customerNumber ? (
            <Text size="xs" c="dimmed">
              {t('support.customerNumber', { number: c.customerNumber })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      accessor: 'lastText',
      title: t('support.columns.last'),
      render: (c) => (
        <Text size="sm" lineClamp={2}>
          {c.lastText}
        </Text>
      ),
    },
    {
      accessor: 'unanswered',
      title: t('support.columns.status'),
      render: (c) => (
        <Group gap={4}>
          <Badge variant="light" color={c.unanswered ? 'orange' : 'green'}>
            {c.unanswered ? t('support.statusUnanswered') : t('support.statusAnswered')}
          </Badge>
          {c.unread > 0 ? (
            <Badge variant="filled" color="red">
              {t('support.unread', { count: c.unread })}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { accessor: 'lastMessageAt', title: t('support.columns.when'), render: (c) => <Text size="sm">{formatDateTime(c.lastMessageAt, language)}</Text> },
    { accessor: 'messages', title: t('support.columns.messages'), textAlign: 'right' },
  ];

  return (
    <Page title={t('support.title')} intro={t('support.intro')}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="support-filter">
            {t('support.filter')}
          </Text>
          <SegmentedControl
            aria-labelledby="support-filter"
            value={status}
            onChange={(value) => setState({ status: value, page: '1' })}
            data={[
              { value: 'all', label: t('support.all') },
              { value: 'unanswered', label: t('support.unanswered') },
            ]}
          />
        </Stack>
        <Text role="status" data-testid="support-waiting" fw={500}>
          {waiting.data === undefined ? '' : waiting.data > 0 ? t('support.waiting', { count: waiting.data }) : t('support.noneWaiting')}
        </Text>
      </Group>
      {conversations.error ? (
        <ErrorAlert error={conversations.error} onRetry={() => void conversations.refetch()} />
      ) : (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('support.order')}
          </Text>
          <StaffTable<SupportConversation>
            label={t('support.title')}
            idAccessor="userId"
            records={conversations.data?.data ?? []}
            fetching={conversations.isFetching}
            paging={{
              page,
              total: conversations.data?.pagination?.total ?? 0,
              pageSize: limit,
              onPageChange: (p) => setState({ page: String(p) }),
              onPageSizeChange: (n) => setState({ limit: String(n) }),
            }}
            noRecordsText={status === 'unanswered' ? t('support.noneUnanswered') : t('support.empty')}
            columns={columns}
            onRowClick={(c) => void navigate(`/${organisation.slug}/support/${c.userId}`)}
          />
        </Stack>
      )}
    </Page>
  );
}
