import { Fragment, useState } from 'react';
import { Badge, Button, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { languages, type Language } from '@gridline/contracts/enums';
import { exportCopyTexts, importCopyTexts, listCopyTexts } from '@gridline/contracts/endpoints/copy';
import { copyGroups, type CopyGroup } from '@gridline/contracts/organisations';
import type { CopyTextItem } from '@gridline/contracts/copy-texts';
import { formatDateTime } from '@gridline/locale/dates';
import { client } from '../../shared/api/client.ts';
import { downloadFile } from '../../shared/api/download.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { mayCall } from '../../shared/api/staff.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { pageSizeOf, StaffTable } from '../../shared/ui/staff-table.tsx';
import { useUrlState } from '../../shared/url-state.ts';
import { ImportDialog } from './import-dialog.tsx';

const isGroup = (value: string): value is CopyGroup => (copyGroups as readonly string[]).includes(value);

/** The address of a key's editor; the platform's layer is named in the query. */
export const keyPath = (slug: string, type: CopyGroup, key: string, platform: boolean) => `/${slug}/copy/${type}/${encodeURIComponent(key)}${platform ? '?layer=platform' : ''}`;

/**
 * Copy texts (spec 002 §7, issue 17; decision 0046): a group's keys with the text in the staff
 * member's language, which languages are missing and whether the organisation changed it;
 * search, filters, sort and page in the address. A key opens its editor; the CSV export downloads
 * the group, the import is a dialog with a dry run first.
 */
export function CopyPage() {
  const { t, i18n } = useTranslation();
  const { organisation, info } = useShell();
  const navigate = useNavigate();
  const [state, setState] = useUrlState({ type: 'my-pages', search: '', missing: '', state: '', sortBy: 'key', order: 'asc', page: '1', limit: '50', layer: '' });
  const [importing, setImporting] = useState(false);
  const [search, setSearch] = useState(state.search);
  const type: CopyGroup = isGroup(state.type) ? state.type : 'my-pages';
  const limit = pageSizeOf(state.limit, 50);
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const platform = state.layer === 'platform' && info.admin.scope === 'ADMIN';
  const language = (languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  const mayWrite = mayCall(info.admin.scope, importCopyTexts);

  const query = {
    ...(platform ? {} : { organisation: organisation.slug }),
    ...(state.search ? { search: state.search } : {}),
    ...(state.missing ? { missing: state.missing } : {}),
    ...(state.state ? { sameAsDefault: state.state } : {}),
    sortBy: state.sortBy === 'updatedAt' ? ('updatedAt' as const) : ('key' as const),
    order: state.order === 'desc' ? ('desc' as const) : ('asc' as const),
    itemsPerPage: limit,
    page,
  };
  const texts = useQuery({
    queryKey: ['copy', organisation.slug, platform, type, query],
    queryFn: () => client.send(listCopyTexts, { params: { type }, query }),
    placeholderData: keepPreviousData,
  });

  // The whole group of this layer, fetched with the bearer like every export (shared/api/download.ts).
  const exportCsv = useMutation({
    mutationFn: () =>
      downloadFile(
        exportCopyTexts,
        { query: { format: 'csv', type, itemsPerPage: 0, sortBy: query.sortBy, order: query.order, ...(platform ? {} : { organisation: organisation.slug }) } },
        `copy-${platform ? 'platform' : organisation.slug}-${type}.csv`,
      ),
  });

  const missingOf = (item: CopyTextItem) => languages.filter((l) => !item.texts[l]);
  const columns: DataTableColumn<CopyTextItem>[] = [
    {
      accessor: 'key',
      title: t('copyTexts.columns.key'),
      sortable: true,
      render: (item) => (
        // A long key breaks after its dots, not mid-word: the column is as wide as its longest segment.
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'break-word' }}>
          {item.key.split('.').map((segment, index) => (
            <Fragment key={index}>
              {index > 0 ? (
                <>
                  .<wbr />
                </>
              ) : null}
              {segment}
            </Fragment>
          ))}
        </Text>
      ),
    },
    {
      accessor: 'text',
      title: t('copyTexts.columns.text', { language: t(`languages.${language}`) }),
      render: (item) => (
        <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.texts[language] ?? '—'}
        </Text>
      ),
    },
    {
      accessor: 'languages',
      title: t('copyTexts.columns.languages'),
      render: (item) => {
        const missing = missingOf(item);
        return (
          <Group gap={4}>
            {item.overridden.length > 0 ? (
              <Badge variant="light" color="blue">
                {t('copyTexts.changed')}
              </Badge>
            ) : null}
            {missing.length > 0 ? (
              <Badge variant="light" color="orange">
                {t('copyTexts.missingBadge', { languages: missing.join(', ') })}
              </Badge>
            ) : (
              <Text size="xs" c="dimmed">
                {t('copyTexts.complete')}
              </Text>
            )}
          </Group>
        );
      },
    },
    {
      accessor: 'updatedAt',
      title: t('copyTexts.columns.updated'),
      sortable: true,
      render: (item) => <Text size="sm">{item._updatedAt ? formatDateTime(item._updatedAt, language) : '—'}</Text>,
    },
    {
      accessor: 'open',
      title: t('table.actions'),
      textAlign: 'right',
      render: (item) => (
        <Button size="xs" variant="subtle" aria-label={t('copyTexts.open', { key: item.key })} onClick={() => navigate(keyPath(organisation.slug, type, item.key, platform))}>
          {t('app.edit')}
        </Button>
      ),
    },
  ];
  const sortStatus: DataTableSortStatus<CopyTextItem> = { columnAccessor: query.sortBy, direction: query.order };
  const filtered = Boolean(state.search || state.missing || state.state);

  return (
    <Page
      title={t('copyTexts.title')}
      intro={platform ? t('copyTexts.platformIntro') : t('copyTexts.intro')}
      actions={
        <>
          <Button variant="default" loading={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
            {t('copyTexts.export')}
          </Button>
          {mayWrite ? <Button onClick={() => setImporting(true)}>{t('copyTexts.import')}</Button> : null}
        </>
      }
    >
      {!mayWrite ? (
        <Text size="sm" c="dimmed">
          {t('copyTexts.readOnly')}
        </Text>
      ) : null}
      <Stack gap="sm">
        {info.admin.scope === 'ADMIN' ? (
          <Switch label={t('copyTexts.platformLayer')} checked={platform} onChange={(event) => setState({ layer: event.currentTarget.checked ? 'platform' : '' })} />
        ) : null}
        <Group align="flex-end" role="search" aria-label={t('copyTexts.search')} wrap="wrap">
          <Select
            label={t('copyTexts.type')}
            data={copyGroups.map((group) => ({ value: group, label: t(`copyTexts.types.${group}`) }))}
            value={type}
            onChange={(value) => setState({ type: value ?? 'my-pages' })}
            allowDeselect={false}
            w={220}
          />
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setState({ search: search.trim() });
            }}
          >
            <TextInput label={t('copyTexts.search')} type="search" value={search} maxLength={200} onChange={(event) => setSearch(event.currentTarget.value)} onBlur={() => setState({ search: search.trim() })} w={260} />
          </form>
          <Select
            label={t('copyTexts.missing')}
            data={[{ value: '', label: t('copyTexts.missingNone') }, { value: 'any', label: t('copyTexts.missingAny') }, ...languages.map((l) => ({ value: l, label: t(`languages.${l}`) }))]}
            value={state.missing}
            onChange={(value) => setState({ missing: value ?? '' })}
            allowDeselect={false}
            w={200}
          />
          <Select
            label={t('copyTexts.state')}
            data={[
              { value: '', label: t('copyTexts.stateAll') },
              { value: 'true', label: t('copyTexts.stateDefault') },
              { value: 'false', label: t('copyTexts.stateOwn') },
            ]}
            value={state.state}
            onChange={(value) => setState({ state: value ?? '' })}
            allowDeselect={false}
            w={240}
          />
          {filtered ? (
            <Button
              variant="subtle"
              onClick={() => {
                setSearch('');
                setState({ search: '', missing: '', state: '' });
              }}
            >
              {t('table.clearFilters')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      {exportCsv.error ? <ErrorAlert error={exportCsv.error} /> : null}
      {texts.error ? (
        <ErrorAlert error={texts.error} onRetry={() => void texts.refetch()} />
      ) : (
        <StaffTable<CopyTextItem>
          label={t('copyTexts.title')}
          idAccessor="key"
          records={texts.data?.data ?? []}
          fetching={texts.isFetching}
          columns={columns}
          sortStatus={sortStatus}
          onSortStatusChange={(status) => setState({ sortBy: status.columnAccessor === 'updatedAt' ? 'updatedAt' : 'key', order: status.direction })}
          paging={{
            page,
            total: texts.data?.pagination?.total ?? 0,
            pageSize: limit,
            onPageChange: (p) => setState({ page: String(p) }),
            onPageSizeChange: (n) => setState({ limit: String(n) }),
          }}
          noRecordsText={filtered ? t('copyTexts.noMatch') : t('copyTexts.empty')}
        />
      )}
      {importing ? <ImportDialog type={type} organisation={platform ? null : organisation.slug} onClose={() => setImporting(false)} /> : null}
    </Page>
  );
}

