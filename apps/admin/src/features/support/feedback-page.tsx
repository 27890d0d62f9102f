import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Modal, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { deleteFeedback, exportFeedback, listFeedback, updateFeedback } from '@gridline/contracts/endpoints/support';
import { FEEDBACK_NOTE_MAX, type StaffFeedback } from '@gridline/contracts/support';
import { formatDate, formatDateTime } from '@gridline/locale/dates';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { downloadFile } from '../../shared/api/download.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { ConfirmModal } from '../../shared/ui/confirm-modal.tsx';
import { useConfirmedDelete } from '../../shared/ui/use-confirmed-delete.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { pageSizeOf, StaffTable } from '../../shared/ui/staff-table.tsx';
import { useUrlState } from '../../shared/url-state.ts';

/**
 * Feedback (spec 002 §7 `/v3/data/feedback`; decision 0047): the organisation's feedback newest
 * first, by whether it was handled (filter and page in the address); view an entry and mark it
 * handled with a note; delete after confirmation; export the list as CSV.
 */
export function FeedbackPage() {
  const { t, i18n } = useTranslation();
  const { organisation } = useShell();
  const queryClient = useQueryClient();
  const [state, setState] = useUrlState({ handled: '', page: '1', limit: '25' });
  const [editing, setEditing] = useState<StaffFeedback | null>(null);
  const limit = pageSizeOf(state.limit);
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const handled = state.handled === 'true' || state.handled === 'false' ? state.handled : undefined;
  const language = i18n.language as Language;

  const query = { organisation: organisation.slug, limit, page, ...(handled ? { handled } : {}) };
  const feedback = useQuery({
    queryKey: ['feedback', organisation.slug, query],
    queryFn: () => client.send(listFeedback, { query }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['feedback', organisation.slug] });
  const exporting = useMutation({
    mutationFn: () =>
      downloadFile(
        exportFeedback,
        { query: { organisation: organisation.slug, format: 'csv', ...(handled ? { handled } : {}) } },
        `feedback-${organisation.slug}.csv`,
      ),
    onSuccess: () => notifications.show({ color: 'green', message: t('support.feedback.exported') }),
  });
  const del = useConfirmedDelete({
    remove: (f: StaffFeedback) => client.data(deleteFeedback, { params: { id: f._id }, query: { organisation: organisation.slug } }),
    deleted: () => t('support.feedback.deleted'),
    after: () => refresh(),
  });

  const day = (value: string) => formatDate(value, language);
  const columns: DataTableColumn<StaffFeedback>[] = [
    { accessor: 'date', title: t('support.feedback.columns.date'), render: (f) => <Text size="sm">{day(f.date)}</Text> },
    {
      accessor: 'text',
      title: t('support.feedback.columns.text'),
      render: (f) => (
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
          {f.text}
        </Text>
      ),
    },
    {
      accessor: 'name',
      title: t('support.feedback.columns.customer'),
      render: (f) =>
        f.name || f.email ? (
          <Stack gap={0}>
            <Text size="sm">{f.name}</Text>
            <Text size="xs" c="dimmed">
              {f.email}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('support.feedback.noCustomer')}
          </Text>
        ),
    },
    {
      accessor: 'handled',
      title: t('support.feedback.columns.status'),
      render: (f) => (
        <Badge variant="light" color={f.handled ? 'green' : 'orange'}>
          {f.handled ? t('support.feedback.handled') : t('support.feedback.notHandled')}
        </Badge>
      ),
    },
    {
      accessor: 'actions',
      title: t('table.actions'),
      textAlign: 'right',
      render: (f) => (
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`${t('table.actions')}: ${t('support.feedback.editTitle', { date: day(f.date) })}`}>
              ⋯
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setEditing(f)}>{t('support.feedback.view')}</Menu.Item>
            <Menu.Item color="red" onClick={() => del.ask(f)}>
              {t('app.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <Page
      title={t('support.feedback.title')}
      intro={t('support.feedback.intro')}
      actions={
        <Button variant="default" loading={exporting.isPending} onClick={() => exporting.mutate()}>
          {t('support.feedback.export')}
        </Button>
      }
    >
      {exporting.error ? <ErrorAlert error={exporting.error} /> : null}
      <Group align="flex-end" role="search" aria-label={t('support.feedback.filter')}>
        <Select
          label={t('support.feedback.filter')}
          data={[
            { value: '', label: t('support.feedback.any') },
            { value: 'false', label: t('support.feedback.notHandled') },
            { value: 'true', label: t('support.feedback.handled') },
          ]}
          value={handled ?? ''}
          onChange={(value) => setState({ handled: value ?? '', page: '1' })}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {feedback.error ? (
        <ErrorAlert error={feedback.error} onRetry={() => void feedback.refetch()} />
      ) : (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('support.feedback.newestFirst')}
          </Text>
          <StaffTable<StaffFeedback>
            label={t('support.feedback.title')}
            records={feedback.data?.data ?? []}
            fetching={feedback.isFetching}
            paging={{
              page,
              total: feedback.data?.pagination?.total ?? 0,
              pageSize: limit,
              onPageChange: (p) => setState({ page: String(p) }),
              onPageSizeChange: (n) => setState({ limit: String(n) }),
            }}
            noRecordsText={handled ? t('table.noRecords') : t('support.feedback.empty')}
            columns={columns}
          />
        </Stack>
      )}
      {editing ? (
        <FeedbackForm
          feedback={editing}
          organisation={organisation.slug}
          language={language}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
      <ConfirmModal
        {...del.modal}
        title={t('support.feedback.deleteTitle', { date: del.deleting ? day(del.deleting.date) : '' })}
        body={t('support.feedback.deleteBody')}
      />
    </Page>
  );
}

function FeedbackForm({
  feedback,
  organisation,
  language,
  onClose,
  onSaved,
}: {
  feedback: StaffFeedback;
  organisation: string;
  language: Language;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [handled, setHandled] = useState(feedback.handled);
  const [note, setNote] = useState(feedback.note);
  const tooLong = note.length > FEEDBACK_NOTE_MAX;
  const save = useMutation({
    mutationFn: () => client.data(updateFeedback, { params: { id: feedback._id }, query: { organisation }, body: { handled, note } }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('support.feedback.saved') });
      onSaved();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('support.feedback.editTitle', { date: formatDate(feedback.date, language) })} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!tooLong) save.mutate();
        }}
      >
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={600}>
              {t('support.feedback.customer')}
            </Text>
            <Text size="sm">
              {feedback.name || feedback.email ? [feedback.name, feedback.email].filter(Boolean).join(' · ') : t('support.feedback.noCustomer')}
            </Text>
          </div>
          <div>
            <Text size="sm" fw={600}>
              {t('support.feedback.text')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {feedback.text}
            </Text>
          </div>
          <Switch label={t('support.feedback.handledLabel')} checked={handled} onChange={(event) => setHandled(event.currentTarget.checked)} />
          <Textarea
            label={t('support.feedback.note')}
            description={t('support.feedback.noteHint', { max: FEEDBACK_NOTE_MAX })}
            autosize
            minRows={3}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={tooLong ? t('support.feedback.noteTooLong', { max: FEEDBACK_NOTE_MAX }) : undefined}
          />
          {feedback.updatedBy && feedback.updatedAt ? (
            <Text size="xs" c="dimmed">
              {t('support.feedback.updatedBy', { email: feedback.updatedBy, date: formatDateTime(feedback.updatedAt, language) })}
            </Text>
          ) : null}
          {save.error ? <ErrorAlert error={save.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('app.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
