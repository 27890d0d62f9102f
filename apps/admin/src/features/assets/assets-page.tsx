import { useState } from 'react';
import { Badge, Box, Button, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { AssetKind, assetVersionPath, type Asset } from '@gridline/contracts/assets';
import { deleteAsset, listAssets, putAsset } from '@gridline/contracts/endpoints/assets';
import { languages, type Language } from '@gridline/contracts/enums';
import { formatDateTime } from '@gridline/locale/dates';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { mayCall } from '../../shared/api/staff.ts';
import { ConfirmModal } from '../../shared/ui/confirm-modal.tsx';
import { useConfirmedDelete } from '../../shared/ui/use-confirmed-delete.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { RowActions } from '../../shared/ui/row-actions.tsx';
import { pageSizeOf, StaffTable } from '../../shared/ui/staff-table.tsx';
import { useUrlState } from '../../shared/url-state.ts';
import { AssetUpload } from './asset-upload.tsx';
import { formatFileSize } from '@gridline/locale/units';

/**
 * Assets (spec 002 §7 `/v3/assets`; issue 17, decision 0048): the organisation's logos, favicons
 * and images with a preview, kind, size, pixels and last change (kind filter and page in the
 * address); which the published theme uses; upload, replace (same address) and delete after
 * confirmation, for the scopes that may write.
 */
export function AssetsPage() {
  const { t, i18n } = useTranslation();
  const { organisation, info } = useShell();
  const queryClient = useQueryClient();
  const [state, setState] = useUrlState({ kind: '', page: '1', limit: '25' });
  const [uploading, setUploading] = useState<Asset | 'new' | null>(null);
  const limit = pageSizeOf(state.limit);
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const kind = AssetKind.safeParse(state.kind).data;
  const language = ((languages as readonly string[]).includes(i18n.language) ? i18n.language : 'en') as Language;
  const writes = mayCall(info.admin.scope, putAsset);

  const query = { organisation: organisation.slug, limit, page, ...(kind ? { kind } : {}) };
  const assets = useQuery({
    queryKey: ['assets', organisation.slug, query],
    queryFn: () => client.send(listAssets, { query }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['assets', organisation.slug] });
  const del = useConfirmedDelete({
    remove: (a: Asset) => client.data(deleteAsset, { query: { organisation: organisation.slug, id: a._id } }),
    deleted: () => t('assets.deleted'),
    after: () => refresh(),
  });
  const copyAddress = async (a: Asset) => {
    await navigator.clipboard.writeText(new URL(a.url, window.location.origin).href);
    notifications.show({ color: 'green', message: t('assets.copied') });
  };

  const columns: DataTableColumn<Asset>[] = [
    {
      accessor: 'preview',
      title: t('assets.columns.preview'),
      render: (a) => (
        <Box className="asset-preview">
          <img src={assetVersionPath(a)} alt={t('assets.preview', { name: a.name })} loading="lazy" />
        </Box>
      ),
    },
    {
      accessor: 'name',
      title: t('assets.columns.name'),
      render: (a) => (
        <Stack gap={4}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {a.name}
          </Text>
          {a.themeUse.length > 0 && (
            <Group gap={4}>
              {a.themeUse.map((use) => (
                <Badge key={use} variant="light" color="teal" data-testid="theme-use">
                  {t(use === 'logo' ? 'assets.themeLogo' : 'assets.themeFavicon')}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      ),
    },
    { accessor: 'kind', title: t('assets.columns.kind'), render: (a) => <Text size="sm">{t(`assets.kinds.${a.kind}`)}</Text> },
    {
      accessor: 'size',
      title: t('assets.columns.size'),
      render: (a) => (
        <Text size="sm">
          {a.contentType.replace('image/', '').replace('svg+xml', 'SVG').toUpperCase()} · {formatFileSize(a.size, language)}
        </Text>
      ),
    },
    {
      accessor: 'pixels',
      title: t('assets.columns.pixels'),
      render: (a) => <Text size="sm">{a.width && a.height ? t('assets.pixels', { width: a.width, height: a.height }) : t('assets.scalable')}</Text>,
    },
    {
      accessor: 'updatedAt',
      title: t('assets.columns.updated'),
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(a.updatedAt, language)}</Text>
          <Text size="xs" c="dimmed">
            {t('assets.updatedBy', { who: a.updatedBy })}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: t('table.actions'),
      textAlign: 'right',
      render: (a) => (
        <RowActions name={a.name}>
          {writes && <Menu.Item onClick={() => setUploading(a)}>{t('assets.replace')}</Menu.Item>}
          <Menu.Item onClick={() => void copyAddress(a)}>{t('assets.copyAddress')}</Menu.Item>
          {writes && (
            <Menu.Item color="red" disabled={a.themeUse.length > 0} title={a.themeUse.length > 0 ? t('assets.inUse') : undefined} onClick={() => del.ask(a)}>
              {t('app.delete')}
            </Menu.Item>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <Page title={t('assets.title')} intro={t('assets.intro')} actions={writes ? <Button onClick={() => setUploading('new')}>{t('assets.upload')}</Button> : undefined}>
      <Group align="flex-end" role="search" aria-label={t('assets.filter')}>
        <Select
          label={t('assets.filter')}
          data={[{ value: '', label: t('assets.allKinds') }, ...AssetKind.options.map((k) => ({ value: k, label: t(`assets.kinds.${k}`) }))]}
          value={kind ?? ''}
          onChange={(value) => setState({ kind: value ?? '', page: '1' })}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {assets.error ? (
        <ErrorAlert error={assets.error} onRetry={() => void assets.refetch()} />
      ) : (
        <StaffTable<Asset>
          label={t('assets.title')}
          records={assets.data?.data ?? []}
          fetching={assets.isFetching}
          paging={{
            page,
            total: assets.data?.pagination?.total ?? 0,
            pageSize: limit,
            onPageChange: (p) => setState({ page: String(p) }),
            onPageSizeChange: (n) => setState({ limit: String(n) }),
          }}
          noRecordsText={kind ? t('assets.noneOfKind') : t('assets.empty')}
          columns={columns}
        />
      )}
      {uploading ? (
        <AssetUpload
          organisation={organisation.slug}
          replacing={uploading === 'new' ? null : uploading}
          defaultKind={kind ?? 'image'}
          language={language}
          onClose={() => setUploading(null)}
          onSaved={(replaced) => {
            notifications.show({ color: 'green', message: t(replaced ? 'assets.replaced' : 'assets.uploaded') });
            setUploading(null);
            void refresh();
          }}
        />
      ) : null}
      <ConfirmModal
        {...del.modal}
        title={t('assets.deleteTitle', { name: del.deleting?.name ?? '' })}
        body={t('assets.deleteBody')}
      />
    </Page>
  );
}
