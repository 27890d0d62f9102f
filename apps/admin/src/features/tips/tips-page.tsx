import { useState } from 'react';
import { Badge, Button, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { createTip, deleteTip, listTips } from '@gridline/contracts/endpoints/tips';
import { languages, type Language } from '@gridline/contracts/enums';
import { isAllUsers, isWritten, type Tip } from '@gridline/contracts/tips';
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
import { TipForm } from './tip-form.tsx';

/** A tip's title in the staff member's language, else the first language it is written in. */
export function tipTitle(tip: Tip, language: Language, t: TFunction): string {
  const text = isWritten(tip.texts[language]) ? tip.texts[language] : languages.map((l) => tip.texts[l]).find(isWritten);
  return text?.title ?? t('tips.untitled');
}

/** The segments in words: what a marketer reads in the list. */
export function segmentWords(tip: Pick<Tip, 'segments'>, t: TFunction): string[] {
  const s = tip.segments;
  if (isAllUsers(s)) return [t('tips.allUsers')];
  const words: string[] = [];
  if (s.heatingTypes?.length) words.push(t('tips.segments.heatingTypes', { types: s.heatingTypes.map((h) => t(`tips.heating.${h}`)).join(', ') }));
  if (s.hasFloorHeating !== undefined) words.push(t(s.hasFloorHeating ? 'tips.segments.hasFloorHeating' : 'tips.segments.noFloorHeating'));
  if (s.hasWaterHeater !== undefined) words.push(t(s.hasWaterHeater ? 'tips.segments.hasWaterHeater' : 'tips.segments.noWaterHeater'));
  if (s.services?.length) words.push(t('tips.segments.services', { services: s.services.map((x) => t(`tips.services.${x}`)).join(', ') }));
  if (s.accountOwner !== undefined) words.push(t(s.accountOwner ? 'tips.segments.accountOwner' : 'tips.segments.notAccountOwner'));
  return words;
}

/**
 * Tips (spec 001 §3, spec 002 §7; issue 18, decision 0053): the organisation's tips in the order
 * customers see them (filter and page in the address), who each is for, in which languages, on or
 * off; create and change them, and delete after confirmation, for the scopes that may write.
 */
export function TipsPage() {
  const { t, i18n } = useTranslation();
  const { organisation, info } = useShell();
  const queryClient = useQueryClient();
  const [state, setState] = useUrlState({ enabled: '', page: '1', limit: '25' });
  const [editing, setEditing] = useState<Tip | 'new' | null>(null);
  const limit = pageSizeOf(state.limit);
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const enabled = state.enabled === 'true' || state.enabled === 'false' ? state.enabled : undefined;
  const language = ((languages as readonly string[]).includes(i18n.language) ? i18n.language : 'en') as Language;
  const writes = mayCall(info.admin.scope, createTip);

  const query = { organisation: organisation.slug, limit, page, ...(enabled ? { enabled } : {}) };
  const tips = useQuery({
    queryKey: ['tips', organisation.slug, query],
    queryFn: () => client.send(listTips, { query }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tips', organisation.slug] });
  const del = useConfirmedDelete({
    remove: (tip: Tip) => client.data(deleteTip, { params: { id: tip._id }, query: { organisation: organisation.slug } }),
    deleted: () => t('tips.deleted'),
    after: () => refresh(),
  });

  const columns: DataTableColumn<Tip>[] = [
    {
      accessor: 'title',
      title: t('tips.columns.title'),
      render: (tip) => (
        <Text size="sm" fw={500}>
          {tipTitle(tip, language, t)}
        </Text>
      ),
    },
    {
      accessor: 'segments',
      title: t('tips.columns.segments'),
      render: (tip) => (
        <Group gap={4}>
          {segmentWords(tip, t).map((word) => (
            <Badge key={word} variant="light" color="gray" tt="none" fw={500}>
              {word}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      accessor: 'languages',
      title: t('tips.columns.languages'),
      render: (tip) => <Text size="sm">{languages.filter((l) => isWritten(tip.texts[l])).join(', ')}</Text>,
    },
    {
      accessor: 'enabled',
      title: t('tips.columns.enabled'),
      render: (tip) => (
        <Badge variant="light" color={tip.enabled ? 'green' : 'gray'}>
          {tip.enabled ? t('tips.on') : t('tips.off')}
        </Badge>
      ),
    },
    { accessor: 'sortOrder', title: t('tips.columns.order'), render: (tip) => <Text size="sm">{tip.sortOrder}</Text> },
    {
      accessor: 'updatedAt',
      title: t('tips.columns.updated'),
      render: (tip) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(tip.updatedAt, language)}</Text>
          <Text size="xs" c="dimmed">
            {t('tips.updatedBy', { who: tip.updatedBy })}
          </Text>
        </Stack>
      ),
    },
    ...(writes
      ? [
          {
            accessor: 'actions',
            title: t('table.actions'),
            textAlign: 'right' as const,
            render: (tip: Tip) => (
              <RowActions name={tipTitle(tip, language, t)}>
                <Menu.Item onClick={() => setEditing(tip)}>{t('app.edit')}</Menu.Item>
                <Menu.Item color="red" onClick={() => del.ask(tip)}>
                  {t('app.delete')}
                </Menu.Item>
              </RowActions>
            ),
          },
        ]
      : []),
  ];

  return (
    <Page title={t('tips.title')} intro={t('tips.intro')} actions={writes ? <Button onClick={() => setEditing('new')}>{t('tips.create')}</Button> : undefined}>
      <Group align="flex-end" role="search" aria-label={t('tips.filter')}>
        <Select
          label={t('tips.filter')}
          data={[
            { value: '', label: t('tips.any') },
            { value: 'true', label: t('tips.enabledOnly') },
            { value: 'false', label: t('tips.disabledOnly') },
          ]}
          value={enabled ?? ''}
          onChange={(value) => setState({ enabled: value ?? '', page: '1' })}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {tips.error ? (
        <ErrorAlert error={tips.error} onRetry={() => void tips.refetch()} />
      ) : (
        <StaffTable<Tip>
          label={t('tips.title')}
          records={tips.data?.data ?? []}
          fetching={tips.isFetching}
          paging={{
            page,
            total: tips.data?.pagination?.total ?? 0,
            pageSize: limit,
            onPageChange: (p) => setState({ page: String(p) }),
            onPageSizeChange: (n) => setState({ limit: String(n) }),
          }}
          noRecordsText={enabled ? t('tips.noneMatch') : t('tips.empty')}
          columns={columns}
        />
      )}
      {editing && (
        <TipForm
          tip={editing === 'new' ? null : editing}
          organisation={organisation.slug}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <ConfirmModal
        {...del.modal}
        title={t('tips.deleteTitle', { title: del.deleting ? tipTitle(del.deleting, language, t) : '' })}
        body={t('tips.deleteBody')}
      />
    </Page>
  );
}
