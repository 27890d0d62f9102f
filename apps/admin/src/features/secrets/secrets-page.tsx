import { useState } from 'react';
import { Badge, Button, Card, Group, List, Menu, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { deleteSecret, listSecretsMeta } from '@gridline/contracts/endpoints/secrets';
import { SecretCategory, secretDefinitions, type SecretMeta } from '@gridline/contracts/secrets';
import { formatDateTime } from '@gridline/locale/dates';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { ConfirmModal } from '../../shared/ui/confirm-modal.tsx';
import { useConfirmedDelete } from '../../shared/ui/use-confirmed-delete.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { RowActions } from '../../shared/ui/row-actions.tsx';
import { StaffTable } from '../../shared/ui/staff-table.tsx';
import { useUrlState } from '../../shared/url-state.ts';
import { EnvironmentSyncPanel } from '../../shared/environment-sync/environment-sync-panel.tsx';
import { RevealSecret } from './reveal-secret.tsx';
import { SecretValueForm } from './secret-value-form.tsx';

type SortField = 'key' | 'category' | 'updatedAt';
const SORT_FIELDS: readonly SortField[] = ['key', 'category', 'updatedAt'];

/**
 * Secrets (spec 002 §3, §6, §7; decision 0037): the defined keys the staff member's scope
 * reaches, with whether each holds a value, never the value. The list is short and not paged, so
 * filters and sort are applied here, with their state in the address. Setting is POST or PUT by
 * whether a value is held; reading a value back is a deliberate, audited step; deletion asks for
 * the key to be typed. Keys the scope cannot manage (spec 002 §6) are named below the table.
 */
export function SecretsPage() {
  const { t, i18n } = useTranslation();
  const { organisation } = useShell();
  const queryClient = useQueryClient();
  const [state, setState] = useUrlState({ category: '', set: '', sortBy: 'key', order: 'asc' });
  const [writing, setWriting] = useState<SecretMeta | null>(null);
  const [revealing, setRevealing] = useState<SecretMeta | null>(null);
  const language = i18n.language as Language;

  const secrets = useQuery({
    queryKey: ['secrets', organisation.slug],
    queryFn: () => client.data(listSecretsMeta, { query: { organisation: organisation.slug } }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['secrets', organisation.slug] });

  const del = useConfirmedDelete({
    remove: (secret: SecretMeta) => client.data(deleteSecret, { params: { organisation: secret.organisation, key: secret.key } }),
    deleted: (secret) => t('secrets.deleted', { key: secret.key }),
    after: () => refresh(),
  });

  const sortBy: SortField = SORT_FIELDS.includes(state.sortBy as SortField) ? (state.sortBy as SortField) : 'key';
  const direction = state.order === 'desc' ? -1 : 1;
  const listed = secrets.data ?? [];
  const records = listed
    .filter((s) => !state.category || s.category === state.category)
    .filter((s) => !state.set || String(s.set) === state.set)
    .toSorted((a, b) => direction * (String(a[sortBy] ?? '').localeCompare(String(b[sortBy] ?? '')) || a.key.localeCompare(b.key)));
  const outOfReach = secrets.data ? secretDefinitions.filter((d) => !listed.some((s) => s.key === d.key)) : [];
  const sortStatus: DataTableSortStatus<SecretMeta> = { columnAccessor: sortBy, direction: direction < 0 ? 'desc' : 'asc' };
  const filtered = Boolean(state.category || state.set);

  return (
    <Page title={t('secrets.title')} intro={t('secrets.intro')}>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('secrets.categoryFilter')}
          data={[{ value: '', label: t('secrets.anyCategory') }, ...SecretCategory.options.map((c) => ({ value: c, label: t(`secrets.categories.${c}`) }))]}
          value={state.category}
          onChange={(category) => setState({ category: category ?? '' })}
          allowDeselect={false}
          w={260}
        />
        <Select
          label={t('secrets.stateFilter')}
          data={[
            { value: '', label: t('secrets.anyState') },
            { value: 'true', label: t('secrets.onlySet') },
            { value: 'false', label: t('secrets.onlyUnset') },
          ]}
          value={state.set}
          onChange={(set) => setState({ set: set ?? '' })}
          allowDeselect={false}
          w={180}
        />
        {filtered && (
          <Button variant="subtle" onClick={() => setState({ category: '', set: '' })}>
            {t('table.clearFilters')}
          </Button>
        )}
      </Group>
      {secrets.error ? (
        <ErrorAlert error={secrets.error} onRetry={() => void secrets.refetch()} />
      ) : (
        <StaffTable<SecretMeta>
          label={t('secrets.title')}
          idAccessor="key"
          records={records}
          fetching={secrets.isFetching}
          noRecordsText={filtered ? t('table.noRecords') : t('table.empty')}
          sortStatus={sortStatus}
          onSortStatusChange={(s) => setState({ sortBy: String(s.columnAccessor), order: s.direction })}
          columns={[
            {
              accessor: 'key',
              title: t('secrets.columns.key'),
              sortable: true,
              render: (secret) => (
                <Stack gap={2}>
                  <Text size="sm" ff="monospace">
                    {secret.key}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`secrets.keys.${secret.key}`)}
                  </Text>
                </Stack>
              ),
            },
            { accessor: 'category', title: t('secrets.columns.category'), sortable: true, render: (secret) => t(`secrets.categories.${secret.category}`) },
            { accessor: 'customerFacing', title: t('secrets.columns.customerFacing'), render: (secret) => (secret.customerFacing ? t('app.yes') : t('app.no')) },
            {
              accessor: 'set',
              title: t('secrets.columns.set'),
              noWrap: true,
              render: (secret) => (
                <Badge variant="light" color={secret.set ? 'green' : 'gray'}>
                  {secret.set ? t('secrets.isSet') : t('secrets.notSet')}
                </Badge>
              ),
            },
            { accessor: 'updatedAt', title: t('secrets.columns.updatedAt'), sortable: true, render: (secret) => (secret.updatedAt ? formatDateTime(secret.updatedAt, language) : '') },
            { accessor: 'updatedBy', title: t('secrets.columns.updatedBy'), render: (secret) => secret.updatedBy ?? '' },
            {
              accessor: 'actions',
              title: t('table.actions'),
              textAlign: 'right',
              render: (secret) => (
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {secret.set && (
                    <Button size="xs" variant="light" onClick={() => setRevealing(secret)} aria-label={`${t('secrets.reveal')}: ${secret.key}`}>
                      {t('secrets.reveal')}
                    </Button>
                  )}
                  <RowActions name={secret.key}>
                    <Menu.Item onClick={() => setWriting(secret)}>{secret.set ? t('secrets.replace') : t('secrets.set')}</Menu.Item>
                    <Menu.Item color="red" disabled={!secret.set} onClick={() => del.ask(secret)}>
                      {t('app.delete')}
                    </Menu.Item>
                  </RowActions>
                </Group>
              ),
            },
          ]}
        />
      )}
      {outOfReach.length > 0 && (
        <Card withBorder>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('secrets.outOfReachTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('secrets.outOfReachBody')}
            </Text>
            <List size="sm" aria-label={t('secrets.outOfReachTitle')}>
              {outOfReach.map((d) => (
                <List.Item key={d.key}>
                  <Text span size="sm" ff="monospace">
                    {d.key}
                  </Text>{' '}
                  ({t(`secrets.categories.${d.category}`)}): {t(`secrets.keys.${d.key}`)}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Card>
      )}
      {writing && (
        <SecretValueForm
          secret={writing}
          onClose={() => setWriting(null)}
          onSaved={() => {
            setWriting(null);
            void refresh();
          }}
        />
      )}
      {revealing && <RevealSecret secret={revealing} onClose={() => setRevealing(null)} />}
      <ConfirmModal
        {...del.modal}
        title={t('secrets.deleteTitle', { key: del.deleting?.key ?? '' })}
        body={t('secrets.deleteBody')}
        word={del.deleting?.key}
      />
      <EnvironmentSyncPanel kind="secrets" />
    </Page>
  );
}
