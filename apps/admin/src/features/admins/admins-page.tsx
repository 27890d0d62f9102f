import { useState } from 'react';
import { Badge, Button, Group, Menu, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { deleteAdmin, listAdmins, sendAdminCreatedEmail } from '@gridline/contracts/endpoints/admins';
import { staffScopes, type Admin } from '@gridline/contracts/staff';
import { formatDateTime } from '@gridline/locale/dates';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { ConfirmModal } from '../../shared/ui/confirm-modal.tsx';
import { useConfirmedDelete } from '../../shared/ui/use-confirmed-delete.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { RowActions } from '../../shared/ui/row-actions.tsx';
import { pageSizeOf, StaffTable } from '../../shared/ui/staff-table.tsx';
import { useUrlState } from '../../shared/url-state.ts';
import { AdminForm } from './admin-form.tsx';
import { StaffPolicyCard } from './staff-policy-card.tsx';

type SortField = 'email' | 'lastName' | 'scope' | 'createdAt' | 'lastSignInAt';

/**
 * Admins (spec 002 §2, §7): the staff of the organisation (and, for the platform admin, the
 * platform's own), searched, filtered, sorted and paged by the server; the table's state is in
 * the address. Create and edit in a form checked with the contract; delete after confirmation.
 */
export function AdminsPage() {
  const { t, i18n } = useTranslation();
  const { info, organisation } = useShell();
  const queryClient = useQueryClient();
  const platform = info.admin.scope === 'ADMIN';
  const [state, setState] = useUrlState({ q: '', scope: '', sortBy: 'email', order: 'asc', page: '1', limit: '25', of: 'organisation' });
  const [search, setSearch] = useState(state.q);
  const applySearch = useDebouncedCallback((q: string) => setState({ q }), 300);
  const [editing, setEditing] = useState<Admin | 'new' | null>(null);
  const ofPlatform = platform && state.of === 'platform';
  const limit = pageSizeOf(state.limit);
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);

  const query = {
    ...(ofPlatform ? {} : { organisation: organisation.slug }),
    q: state.q || undefined,
    scope: state.scope || undefined,
    sortBy: state.sortBy,
    order: state.order,
    page,
    limit,
  };
  const admins = useQuery({
    queryKey: ['admins', query],
    queryFn: () => client.send(listAdmins, { query }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admins'] });

  const del = useConfirmedDelete({
    remove: (admin: Admin) => client.data(deleteAdmin, { params: { owner: admin.organisation ?? 'platform', id: admin._id } }),
    deleted: (admin) => t('admins.deleted', { email: admin.email }),
    after: () => refresh(),
  });
  const sendLink = useMutation({
    mutationFn: (admin: Admin) =>
      client.data(sendAdminCreatedEmail, { body: { emailType: admin.passwordSet ? 'reset' : 'created', newAdminEmail: admin.email, ...(admin.organisation ? { newAdminOrganisation: admin.organisation } : {}) } }),
    onSuccess: (_data, admin) => notifications.show({ color: 'green', message: t('admins.linkSent', { email: admin.email }) }),
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(t, error) }),
  });

  const sortStatus: DataTableSortStatus<Admin> = { columnAccessor: state.sortBy, direction: state.order === 'desc' ? 'desc' : 'asc' };
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language as Language) : t('app.never'));
  const scopes = staffScopes.filter((s) => (ofPlatform ? !s.startsWith('ORG_') : s.startsWith('ORG_')));

  return (
    <Page
      title={t('admins.title')}
      intro={t('admins.intro')}
      actions={
        <Button onClick={() => setEditing('new')}>{t('admins.create')}</Button>
      }
    >
      <Group align="flex-end" wrap="wrap">
        {platform && (
          <SegmentedControl
            value={state.of}
            onChange={(of) => setState({ of, scope: '' })}
            data={[
              { value: 'organisation', label: organisation.name },
              { value: 'platform', label: t('app.allOrganisations') },
            ]}
          />
        )}
        <TextInput
          label={t('admins.search')}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            applySearch(e.currentTarget.value.trim());
          }}
          w={280}
        />
        <Select
          label={t('admins.scopeFilter')}
          data={[{ value: '', label: t('admins.anyScope') }, ...scopes.map((s) => ({ value: s, label: t(`scopes.${s}`) }))]}
          value={state.scope}
          onChange={(scope) => setState({ scope: scope ?? '' })}
          allowDeselect={false}
          w={220}
        />
        {(state.q || state.scope) && (
          <Button
            variant="subtle"
            onClick={() => {
              setSearch('');
              setState({ q: '', scope: '' });
            }}
          >
            {t('table.clearFilters')}
          </Button>
        )}
      </Group>
      {admins.error ? (
        <ErrorAlert error={admins.error} onRetry={() => void admins.refetch()} />
      ) : (
        <StaffTable<Admin>
          label={t('admins.title')}
          records={admins.data?.data ?? []}
          fetching={admins.isFetching}
          paging={{ page, total: admins.data?.pagination?.total ?? 0, pageSize: limit, onPageChange: (p) => setState({ page: String(p) }), onPageSizeChange: (n) => setState({ limit: String(n) }) }}
          noRecordsText={state.q || state.scope ? t('table.noRecords') : t('table.empty')}
          sortStatus={sortStatus}
          onSortStatusChange={(s) => setState({ sortBy: String(s.columnAccessor) as SortField, order: s.direction })}
          columns={[
            {
              accessor: 'email',
              title: t('admins.columns.email'),
              sortable: true,
              render: (admin) => (
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{admin.email}</Text>
                  {admin._id === info.admin._id && <Badge size="xs">{t('admins.self')}</Badge>}
                </Group>
              ),
            },
            { accessor: 'lastName', title: t('admins.columns.name'), sortable: true, render: (admin) => [admin.firstName, admin.lastName].filter(Boolean).join(' ') },
            { accessor: 'scope', title: t('admins.columns.scope'), sortable: true, width: 200, render: (admin) => <Badge variant="light">{t(`scopes.${admin.scope}`)}</Badge> },
            { accessor: 'secondFactor', title: t('admins.columns.secondFactor'), render: (admin) => (admin.passwordSet ? (admin.secondFactor ? t('app.yes') : t('app.no')) : t('admins.noPassword')) },
            { accessor: 'lastSignInAt', title: t('admins.columns.lastSignInAt'), sortable: true, render: (admin) => when(admin.lastSignInAt) },
            {
              accessor: 'actions',
              title: t('table.actions'),
              textAlign: 'right',
              render: (admin) => (
                <RowActions name={admin.email}>
                  <Menu.Item onClick={() => setEditing(admin)}>{t('app.edit')}</Menu.Item>
                  <Menu.Item onClick={() => sendLink.mutate(admin)}>{t('admins.sendLink')}</Menu.Item>
                  <Menu.Item color="red" disabled={admin._id === info.admin._id} onClick={() => del.ask(admin)}>
                    {t('app.delete')}
                  </Menu.Item>
                </RowActions>
              ),
            },
          ]}
        />
      )}
      {!ofPlatform && <StaffPolicyCard organisation={organisation.slug} />}
      {editing && (
        <AdminForm
          admin={editing === 'new' ? null : editing}
          organisation={ofPlatform ? null : organisation.slug}
          scopes={scopes}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <ConfirmModal
        {...del.modal}
        title={t('admins.deleteTitle', { email: del.deleting?.email ?? '' })}
        body={t('admins.deleteBody')}
      />
    </Page>
  );
}
