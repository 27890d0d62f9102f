import { useState } from 'react';
import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchUsers } from '@gridline/contracts/endpoints/customers';
import { CustomerSearchBy, type CustomerUser } from '@gridline/contracts/customers';
import { formatDateTime } from '@gridline/locale/dates';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { StaffTable } from '../../shared/ui/staff-table.tsx';
import { useUrlState } from '../../shared/url-state.ts';

const PAGE_SIZE = 25;

/**
 * Customer look-up (spec 002 §9: by customer number, personal number, organisation number or
 * e-mail): the search is in the address, so a reload or a shared link shows the same hits. Every
 * answer that shows a customer is an audit entry on the server (decision 0038).
 */
export function CustomersPage() {
  const { t, i18n } = useTranslation();
  const { organisation } = useShell();
  const navigate = useNavigate();
  const [state, setState] = useUrlState({ search: '', by: 'personalId', page: '1' });
  const [typed, setTyped] = useState(state.search);
  const by = CustomerSearchBy.safeParse(state.by).data ?? 'personalId';
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const hits = useQuery({
    queryKey: ['customers', organisation.slug, state.search, by, page],
    queryFn: () => client.send(searchUsers, { params: { organisation: organisation.slug }, body: { search: state.search, searchBy: by, page, limit: PAGE_SIZE } }),
    enabled: state.search !== '',
    placeholderData: keepPreviousData,
  });

  return (
    <Page title={t('customers.title')} intro={t('customers.intro')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setState({ search: typed.trim() });
        }}
        role="search"
        aria-label={t('customers.title')}
      >
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('customers.searchBy')}
            data={CustomerSearchBy.options.map((value) => ({ value, label: t(`customers.by.${value}`) }))}
            value={by}
            onChange={(value) => value && setState({ by: value })}
            allowDeselect={false}
            w={220}
          />
          <TextInput label={t('customers.search')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} w={320} required />
          <Button type="submit">{t('customers.find')}</Button>
        </Group>
      </form>
      {state.search === '' ? (
        <Text c="dimmed">{t('customers.start')}</Text>
      ) : hits.error ? (
        <ErrorAlert error={hits.error} onRetry={() => void hits.refetch()} />
      ) : (
        <StaffTable<CustomerUser>
          label={t('customers.results')}
          striped={false}
          minHeight={160}
          records={hits.data?.data ?? []}
          fetching={hits.isFetching}
          paging={{ page, total: hits.data?.pagination?.total ?? 0, pageSize: PAGE_SIZE, onPageChange: (p) => setState({ page: String(p) }) }}
          noRecordsText={t('customers.none')}
          onRowClick={(record) => void navigate(`/${organisation.slug}/customers/${record._id}`)}
          columns={[
            {
              accessor: 'fullName',
              title: t('customers.columns.name'),
              render: (user) => (
                <Button variant="subtle" size="compact-sm" px={0} onClick={() => navigate(`/${organisation.slug}/customers/${user._id}`)}>
                  {user.fullName || user.email || user._id}
                </Button>
              ),
            },
            { accessor: 'personalId', title: t('customers.columns.personalId'), render: (user) => user.personalId ?? '—' },
            { accessor: 'email', title: t('customers.columns.email'), render: (user) => user.email ?? '—' },
            { accessor: 'accounts', title: t('customers.columns.customerIds'), render: (user) => user.accounts.map((a) => a.customerId).join(', ') || '—' },
            { accessor: 'lastSeen', title: t('customers.columns.lastSeen'), render: (user) => (user.lastSeen ? formatDateTime(user.lastSeen, i18n.language as Language) : t('app.never')) },
          ]}
        />
      )}
    </Page>
  );
}
