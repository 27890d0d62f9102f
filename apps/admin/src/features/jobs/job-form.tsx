import { Alert, Button, Group, List, Modal, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { updateScheduledJob } from '@gridline/contracts/endpoints/scheduled-jobs';
import { JOB_OFFSET_MAX, JOB_OFFSET_MIN, type ScheduledJob } from '@gridline/contracts/scheduled-jobs';
import { formatDateTime } from '@gridline/locale/dates';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { nextRuns, staffTimeZone, timeZoneOptions } from './cron.ts';

interface Values {
  cron: string;
  timeZone: string;
  offset: number | string;
  enabled: boolean;
}

/**
 * A job's schedule (spec 002 §3): cron, time zone, offset in minutes, on or off. The cron is
 * checked and explained before it is sent: the next five runs, computed here with the library
 * pg-boss reads it with, in the staff member's own time zone. The server checks it again.
 */
export function JobForm(props: { job: ScheduledJob; title: string; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { job } = props;
  const zone = staffTimeZone();
  const form = useForm<Values>({
    initialValues: { cron: job.schedule.cron, timeZone: job.schedule.timeZone, offset: job.schedule.offset, enabled: job.enabled },
    validate: {
      cron: (value) => (nextRuns(value, 'UTC', 0, 1) ? null : t('jobs.form.cronInvalid')),
      timeZone: (value) => (value ? null : t('validation.required')),
      offset: (value) => (Number.isInteger(Number(value)) && Number(value) >= JOB_OFFSET_MIN && Number(value) <= JOB_OFFSET_MAX ? null : t('jobs.form.offsetInvalid', { max: JOB_OFFSET_MAX })),
    },
  });
  const runs = nextRuns(form.values.cron, form.values.timeZone, Number(form.values.offset) || 0, 5);

  const save = useMutation({
    mutationFn: (values: Values) =>
      client.data(updateScheduledJob, { params: { id: job._id }, body: { schedule: { cron: values.cron.trim(), timeZone: values.timeZone, offset: Number(values.offset) }, enabled: values.enabled } }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('jobs.saved', { name: props.title }) });
      props.onSaved();
    },
  });

  return (
    <Modal opened onClose={props.onClose} title={t('jobs.form.title', { name: props.title })} centered size="lg">
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack>
          <TextInput label={t('jobs.form.cron')} description={t('jobs.form.cronHelp')} ff="monospace" autoComplete="off" {...form.getInputProps('cron')} />
          <Select label={t('jobs.form.timeZone')} data={timeZoneOptions(job.schedule.timeZone, zone)} searchable allowDeselect={false} {...form.getInputProps('timeZone')} />
          <NumberInput label={t('jobs.form.offset')} description={t('jobs.form.offsetHelp')} min={JOB_OFFSET_MIN} max={JOB_OFFSET_MAX} step={5} allowDecimal={false} {...form.getInputProps('offset')} />
          <Switch label={t('jobs.form.enabled')} description={t('jobs.form.enabledHelp')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Alert color={runs ? 'blue' : 'red'} title={t('jobs.form.preview')} role="status">
            {runs ? (
              <>
                <Text size="sm">{t('jobs.form.previewIntro', { zone })}</Text>
                <List size="sm" mt="xs">
                  {runs.map((run) => (
                    <List.Item key={run.getTime()}>{formatDateTime(run, language, zone)}</List.Item>
                  ))}
                </List>
              </>
            ) : (
              <Text size="sm">{t('jobs.form.cronInvalid')}</Text>
            )}
          </Alert>
          {save.error && <ErrorAlert error={save.error} title={t('app.save')} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
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
