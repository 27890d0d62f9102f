import { useState } from 'react';
import { Alert, Button, Checkbox, Grid, Group, Modal, Radio, SegmentedControl, Stack, Switch, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/de';
import 'dayjs/locale/fi';
import 'dayjs/locale/nb';
import 'dayjs/locale/nn';
import 'dayjs/locale/sv';
import '@mantine/dates/styles.layer.css';
import { createDisruption, updateDisruption } from '@gridline/contracts/endpoints/disruptions';
import {
  DISRUPTION_MESSAGE_MAX,
  DISRUPTION_TITLE_MAX,
  DisruptionLevel,
  DisruptionRequest,
  DisruptionTarget,
  DisruptionType,
  type StaffDisruption,
} from '@gridline/contracts/disruptions';
import { languages, type Language } from '@gridline/contracts/enums';
import { client } from '../../shared/api/client.ts';
import { zodFieldErrors } from '../../shared/forms/zod-errors.ts';
import { ConfirmModal } from '../../shared/ui/confirm-modal.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { DisruptionPreview } from './disruption-preview.tsx';

type Texts = Record<Language, string>;

interface Values {
  name: string;
  type: DisruptionType;
  targets: DisruptionTarget[];
  level: DisruptionLevel;
  enabled: boolean;
  title: Texts;
  message: Texts;
  scheduled: boolean;
  /** The picker's local time (`YYYY-MM-DD HH:mm:ss`), or null. */
  start: string | null;
  end: string | null;
}

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const emptyTexts = (): Texts => Object.fromEntries(languages.map((l) => [l, ''])) as Texts;
const fromTexts = (texts: Partial<Texts>): Texts => ({ ...emptyTexts(), ...texts });
const local = (iso: string | null | undefined) => (iso ? dayjs(iso).format(PICKER_FORMAT) : null);

function initialValues(disruption: StaffDisruption | null): Values {
  return {
    name: disruption?.name ?? '',
    type: disruption?.type ?? 'warning',
    targets: disruption?.targets ?? ['mypages', 'app'],
    level: disruption?.level ?? 'moderate',
    enabled: disruption?.enabled ?? false,
    title: fromTexts(disruption?.title ?? {}),
    message: fromTexts(disruption?.message ?? {}),
    scheduled: Boolean(disruption?.schedule),
    start: local(disruption?.schedule?.startDate),
    end: local(disruption?.schedule?.endDate),
  };
}

/** The body the contract takes; the picker's local times as instants. */
function bodyOf(values: Values): DisruptionRequest {
  return {
    name: values.name,
    type: values.type,
    targets: values.targets,
    level: values.level,
    enabled: values.enabled,
    title: values.title,
    message: values.message,
    schedule: values.scheduled && values.start ? { startDate: dayjs(values.start).toISOString(), endDate: values.end ? dayjs(values.end).toISOString() : null } : null,
  };
}

/** The form's field for a path of the contract's issues. */
const fieldOf = (path: string) => (path === 'schedule.endDate' ? 'end' : path.startsWith('schedule') ? 'start' : path);

/** Whether saving these values puts a fatal disruption in force or keeps it there: a closed portal for every customer. */
export const closesPortal = (values: { enabled: boolean; type: DisruptionType }) => values.enabled && values.type === 'fatal';

/**
 * Create or change a disruption (spec 002 §3, §5; issue 17). Checked with the contract's own
 * schema; the title and message per language on tabs with their counters; a preview of what a
 * customer who reads the chosen language sees; a confirmation before saving an enabled fatal one.
 */
export function DisruptionForm(props: { disruption: StaffDisruption | null; organisation: { slug: string; name: string }; onClose: () => void; onSaved: (saved: StaffDisruption) => void }) {
  const { t, i18n } = useTranslation();
  const { disruption } = props;
  const [language, setLanguage] = useState<Language>((languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en');
  const [confirming, setConfirming] = useState<Values | null>(null);
  // Quick choices from when the form opened: for the start now (to the minute), in an hour, tonight
  // at 22:00; for the end in an hour or two (a maintenance window that starts now or in an hour).
  const [{ presets, endPresets }] = useState(() => {
    const now = dayjs().second(0);
    const inAnHour = { value: now.add(1, 'hour').format(PICKER_FORMAT), label: t('disruptions.form.presets.inAnHour') };
    return {
      presets: [{ value: now.format(PICKER_FORMAT), label: t('disruptions.form.presets.now') }, inAnHour, { value: now.hour(22).minute(0).format(PICKER_FORMAT), label: t('disruptions.form.presets.tonight') }],
      endPresets: [inAnHour, { value: now.add(2, 'hour').format(PICKER_FORMAT), label: t('disruptions.form.presets.inTwoHours') }],
    };
  });
  const timeLabels = {
    timePickerProps: { hoursInputLabel: t('disruptions.form.hours'), minutesInputLabel: t('disruptions.form.minutes') },
    submitButtonProps: { 'aria-label': t('disruptions.form.confirmTime') },
  };
  const form = useForm<Values>({
    initialValues: initialValues(disruption),
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const [path, text] of Object.entries(zodFieldErrors(DisruptionRequest, bodyOf(values), t))) errors[fieldOf(path)] ??= text;
      if (values.scheduled && !values.start) errors.start = t('validation.required');
      if (values.targets.length === 0) errors.targets = t('disruptions.form.targetsRequired');
      return errors;
    },
  });

  const save = useMutation({
    mutationFn: (values: Values) =>
      disruption
        ? client.data(updateDisruption, { params: { product: props.organisation.slug, id: disruption._id }, body: bodyOf(values) })
        : client.data(createDisruption, { params: { product: props.organisation.slug }, body: bodyOf(values) }),
    onSuccess: (saved) => {
      notifications.show({ color: 'green', message: t(disruption ? 'disruptions.updated' : 'disruptions.created', { name: saved.name }) });
      setConfirming(null);
      props.onSaved(saved);
    },
  });

  const submit = form.onSubmit((values) => (closesPortal(values) ? setConfirming(values) : save.mutate(values)));
  const { values } = form;
  const tabError = (l: Language) => Boolean(form.errors[`title.${l}`] || form.errors[`message.${l}`]);

  return (
    <Modal opened onClose={props.onClose} title={disruption ? t('disruptions.form.editTitle', { name: disruption.name }) : t('disruptions.form.createTitle')} size="80rem">
      <form onSubmit={submit} noValidate>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack>
              <TextInput label={t('disruptions.form.name')} description={t('disruptions.form.nameHelp')} required autoComplete="off" data-autofocus {...form.getInputProps('name')} />
              <Radio.Group label={t('disruptions.form.type')} required {...form.getInputProps('type')}>
                <Stack gap="xs" mt="xs">
                  {DisruptionType.options.map((type) => (
                    <Radio key={type} value={type} label={t(`disruptions.types.${type}`)} description={t(`disruptions.typeHelp.${type}`)} />
                  ))}
                </Stack>
              </Radio.Group>
              <Checkbox.Group label={t('disruptions.form.targets')} required {...form.getInputProps('targets')}>
                <Group mt="xs">
                  {DisruptionTarget.options.map((target) => (
                    <Checkbox key={target} value={target} label={t(`disruptions.targets.${target}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="disruption-level">
                  {t('disruptions.form.level')}
                </Text>
                <SegmentedControl
                  aria-labelledby="disruption-level"
                  data={DisruptionLevel.options.map((level) => ({ value: level, label: t(`disruptions.levels.${level}`) }))}
                  {...form.getInputProps('level')}
                />
              </Stack>
              <Switch label={t('disruptions.form.scheduled')} description={t('disruptions.form.scheduledHelp')} {...form.getInputProps('scheduled', { type: 'checkbox' })} />
              {values.scheduled && (
                <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
                  <Group grow align="flex-start">
                    <DateTimePicker label={t('disruptions.form.start')} required valueFormat="YYYY-MM-DD HH:mm" presets={presets} {...timeLabels} {...form.getInputProps('start')} />
                    <DateTimePicker label={t('disruptions.form.end')} presets={endPresets} {...timeLabels} description={t('disruptions.form.endHelp')} valueFormat="YYYY-MM-DD HH:mm" clearable clearButtonProps={{ 'aria-label': t('disruptions.form.clearEnd') }} {...form.getInputProps('end')} />
                  </Group>
                </DatesProvider>
              )}
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('disruptions.form.texts')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('disruptions.form.textsHelp')}
                </Text>
                {form.errors.message && (
                  <Alert color="red" role="alert" p="xs">
                    {form.errors.message}
                  </Alert>
                )}
                <Tabs value={language} onChange={(value) => value && setLanguage(value as Language)} keepMounted={false}>
                  <Tabs.List>
                    {languages.map((l) => (
                      <Tabs.Tab key={l} value={l} c={tabError(l) ? 'red' : undefined} aria-invalid={tabError(l) || undefined}>
                        {t(`languages.${l}`)}
                        {values.message[l].trim() ? ' ✓' : ''}
                      </Tabs.Tab>
                    ))}
                  </Tabs.List>
                  {languages.map((l) => (
                    <Tabs.Panel key={l} value={l} pt="sm">
                      <Stack>
                        <TextInput
                          label={t('disruptions.form.title', { language: t(`languages.${l}`) })}
                          description={t('disruptions.form.count', { used: values.title[l].length, max: DISRUPTION_TITLE_MAX })}
                          autoComplete="off"
                          lang={l}
                          {...form.getInputProps(`title.${l}`)}
                        />
                        <Textarea
                          label={t('disruptions.form.message', { language: t(`languages.${l}`) })}
                          description={t('disruptions.form.count', { used: values.message[l].length, max: DISRUPTION_MESSAGE_MAX })}
                          autosize
                          minRows={3}
                          lang={l}
                          {...form.getInputProps(`message.${l}`)}
                        />
                      </Stack>
                    </Tabs.Panel>
                  ))}
                </Tabs>
              </Stack>
              <Switch label={t('disruptions.form.enabled')} description={t('disruptions.form.enabledHelp')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack>
              <Text fw={600}>{t('disruptions.preview.title')}</Text>
              <Text size="xs" c="dimmed">
                {t('disruptions.preview.help', { language: t(`languages.${language}`) })}
              </Text>
              <DisruptionPreview type={values.type} level={values.level} title={values.title} message={values.message} language={language} />
              {closesPortal(values) && (
                <Alert color="red" title={t('disruptions.fatalWarningTitle')}>
                  {t('disruptions.fatalWarning', { organisation: props.organisation.name })}
                </Alert>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
        <Stack mt="lg">
          {save.error && <ErrorAlert error={save.error} title={disruption ? t('app.save') : t('app.create')} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending && !confirming}>
              {disruption ? t('app.save') : t('app.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={confirming !== null}
        title={t('disruptions.fatalConfirmTitle')}
        body={t('disruptions.fatalWarning', { organisation: props.organisation.name })}
        confirmLabel={t('disruptions.fatalConfirm')}
        busy={save.isPending}
        error={save.error ? <ErrorAlert error={save.error} title={t('app.save')} /> : null}
        onConfirm={() => confirming && save.mutate(confirming)}
        onClose={() => {
          setConfirming(null);
          save.reset();
        }}
      />
    </Modal>
  );
}
