import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Code, Group, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { deleteApiToken, listApiTokens, updateApiToken } from '@gridline/contracts/endpoints/api-tokens';
import type { ApiToken, CreatedApiToken } from '@gridline/contracts/api-tokens';
import { formatDateTime } from '@gridline/locale/dates';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { ConfirmModal } from '../../shared/ui/confirm-modal.tsx';
import { useConfirmedDelete } from '../../shared/ui/use-confirmed-delete.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { RowActions } from '../../shared/ui/row-actions.tsx';
import { pageSizeOf, StaffTable } from '../../shared/ui/staff-table.tsx';
import { PasswordField } from '../../shared/ui/password-field.tsx';
import { useUrlState } from '../../shared/url-state.ts';
import { ApiTokenForm } from './api-token-form.tsx';
import { TokenShownOnce } from './token-shown-once.tsx';


type Status = 'active' | 'expired' | 'revoked';
const statusOf = (token: ApiToken, now: number): Status =>
  token.revokedAt ? 'revoked' : token.expiresAt && Date.parse(token.expiresAt) <= now ? 'expired' : 'active';
const statusColour: Record<Status, string> = { active: 'green', expired: 'gray', revoked: 'red' };

/**
 * API tokens (spec 002 §3, §7; decision 0037): the organisation's tokens, newest first and paged
 * by the server (page and page size in the address: the list call has no other sort or filter);
 * create (the token is shown once), rename, change scopes or expiry, revoke and delete after
 * confirmation. A pasted token can be looked up (`?token=`), as a call, never kept in the address
 * or the query cache: it is a credential.
 */
export function ApiTokensPage() {
  const { t, i18n } = useTranslation();
  const { organisation } = useShell();
  const queryClient = useQueryClient();
  const [state, setState] = useUrlState({ page: '1', limit: '25' });
  const [editing, setEditing] = useState<ApiToken | 'new' | null>(null);
  const [shown, setShown] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [pasted, setPasted] = useState('');
  const limit = pageSizeOf(state.limit);
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const language = i18n.language as Language;

  const query = { organisation: organisation.slug, page, limit };
  const tokens = useQuery({
    queryKey: ['apiTokens', query],
    queryFn: () => client.send(listApiTokens, { query }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['apiTokens'] });

  const lookup = useMutation({
    gcTime: 0,
    mutationFn: (token: string) => client.data(listApiTokens, { query: { organisation: organisation.slug, token } }),
    onSettled: () => setPasted(''),
  });
  const revoke = useMutation({
    mutationFn: (token: ApiToken) => client.data(updateApiToken, { params: { id: token._id }, body: { revoke: true } }),
    onSuccess: (token) => {
      notifications.show({ color: 'green', message: t('apiTokens.revoked', { name: token.name }) });
      setRevoking(null);
      lookup.reset();
      void refresh();
    },
  });
  const del = useConfirmedDelete({
    remove: (token: ApiToken) => client.data(deleteApiToken, { params: { id: token._id } }),
    deleted: (token) => t('apiTokens.deleted', { name: token.name }),
    after: () => {
      lookup.reset();
      void refresh();
    },
  });

  // Expired as of when the list was read (a render may not read the clock).
  const now = tokens.dataUpdatedAt;
  const when = (value: string | null, none: string) => (value ? formatDateTime(value, language) : none);
  const columns: DataTableColumn<ApiToken>[] = [
    { accessor: 'name', title: t('apiTokens.columns.name'), render: (token) => <Text size="sm" fw={500}>{token.name}</Text> },
    {
      accessor: 'status',
      title: t('apiTokens.columns.status'),
      width: 220,
      render: (token) => {
        const status = statusOf(token, now);
        return (
          <Stack gap={2}>
            <Badge variant="light" color={statusColour[status]}>
              {t(`apiTokens.status.${status}`)}
            </Badge>
            {token.revokedAt && (
              <Text size="xs" c="dimmed">
                {t('apiTokens.revokedBy', { date: formatDateTime(token.revokedAt, language), email: token.revokedBy ?? '' })}
              </Text>
            )}
          </Stack>
        );
      },
    },
    {
      accessor: 'tokenScopes',
      title: t('apiTokens.columns.scopes'),
      render: (token) => (
        <Group gap={4}>
          {token.tokenScopes.map((scope) => (
            <Code key={scope} title={t(`apiTokens.scopes.${scope}`)}>
              {scope}
            </Code>
          ))}
        </Group>
      ),
    },
    { accessor: 'issuedBy', title: t('apiTokens.columns.issuedBy') },
    { accessor: 'createdAt', title: t('apiTokens.columns.createdAt'), render: (token) => when(token.createdAt, '') },
    { accessor: 'expiresAt', title: t('apiTokens.columns.expiresAt'), render: (token) => when(token.expiresAt, t('apiTokens.neverExpires')) },
    { accessor: 'lastUsedAt', title: t('apiTokens.columns.lastUsedAt'), render: (token) => when(token.lastUsedAt, t('apiTokens.neverUsed')) },
    {
      accessor: 'actions',
      title: t('table.actions'),
      textAlign: 'right',
      render: (token) => (
        <RowActions name={token.name}>
          <Menu.Item disabled={token.revokedAt !== null} onClick={() => setEditing(token)}>
            {t('app.edit')}
          </Menu.Item>
          <Menu.Item color="orange" disabled={token.revokedAt !== null} onClick={() => setRevoking(token)}>
            {t('apiTokens.revoke')}
          </Menu.Item>
          <Menu.Item color="red" onClick={() => del.ask(token)}>
            {t('app.delete')}
          </Menu.Item>
        </RowActions>
      ),
    },
  ];

  const find = (event: FormEvent) => {
    event.preventDefault();
    if (pasted.trim()) lookup.mutate(pasted.trim());
  };

  return (
    <Page title={t('apiTokens.title')} intro={t('apiTokens.intro')} actions={<Button onClick={() => setEditing('new')}>{t('apiTokens.create')}</Button>}>
      <form onSubmit={find} noValidate>
        <Group align="flex-end" wrap="wrap">
          <PasswordField label={t('apiTokens.lookup')} description={t('apiTokens.lookupHelp')} value={pasted} onChange={(e) => setPasted(e.currentTarget.value)} autoComplete="off" w={420} />
          <Button type="submit" variant="light" loading={lookup.isPending} disabled={!pasted.trim()}>
            {t('apiTokens.lookupSubmit')}
          </Button>
          {(lookup.data || lookup.error) && (
            <Button variant="subtle" onClick={() => lookup.reset()}>
              {t('apiTokens.lookupClear')}
            </Button>
          )}
        </Group>
      </form>
      {lookup.error ? (
        <ErrorAlert error={lookup.error} title={t('apiTokens.lookupSubmit')} />
      ) : lookup.data ? (
        lookup.data.length === 0 ? (
          <Alert color="gray" role="status">
            {t('apiTokens.lookupNone')}
          </Alert>
        ) : (
          <Stack gap="xs">
            <Text size="sm" role="status">
              {t('apiTokens.lookupResult')}
            </Text>
            <StaffTable<ApiToken> label={t('apiTokens.lookupResult')} records={lookup.data} columns={columns} noRecordsText={t('table.empty')} striped={false} minHeight={0} />
          </Stack>
        )
      ) : tokens.error ? (
        <ErrorAlert error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('apiTokens.newestFirst')}
          </Text>
          <StaffTable<ApiToken>
            label={t('apiTokens.title')}
            records={tokens.data?.data ?? []}
            fetching={tokens.isFetching}
            paging={{ page, total: tokens.data?.pagination?.total ?? 0, pageSize: limit, onPageChange: (p) => setState({ page: String(p) }), onPageSizeChange: (n) => setState({ limit: String(n) }) }}
            noRecordsText={t('table.empty')}
            columns={columns}
          />
        </Stack>
      )}
      {editing && (
        <ApiTokenForm
          token={editing === 'new' ? null : editing}
          organisation={organisation.slug}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setEditing(null);
            setShown(created);
            void refresh();
          }}
          onSaved={() => {
            setEditing(null);
            lookup.reset();
            void refresh();
          }}
        />
      )}
      {shown && <TokenShownOnce token={shown} onClose={() => setShown(null)} />}
      <ConfirmModal
        opened={revoking !== null}
        title={t('apiTokens.revokeTitle', { name: revoking?.name ?? '' })}
        body={t('apiTokens.revokeBody')}
        confirmLabel={t('apiTokens.revoke')}
        busy={revoke.isPending}
        error={revoke.error ? <ErrorAlert error={revoke.error} title={t('apiTokens.revoke')} /> : null}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
      />
      <ConfirmModal
        {...del.modal}
        title={t('apiTokens.deleteTitle', { name: del.deleting?.name ?? '' })}
        body={t('apiTokens.deleteBody')}
        word={del.deleting?.name}
      />
    </Page>
  );
}
