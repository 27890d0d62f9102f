import { useState } from 'react';
import { Button, Card, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createChangeRequest } from '@gridline/contracts/endpoints/settings-drafts';
import type { SettingsPart } from '@gridline/contracts/settings-parts';
import { client } from '../../shared/api/client.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { SchedulePicker } from './schedule-picker.tsx';
import { useRefreshPublishing } from './use-publishing.ts';
import { instantOfPickerValue } from './zoned-time.ts';

/**
 * Asking to publish: which parts' drafts, a title, a comment, and optionally when (in the
 * organisation's time zone). Where the organisation requires approval it is a request a second
 * editor approves; elsewhere it publishes at once or at its time.
 */
export function RequestForm(props: {
  organisation: string;
  timeZone: string;
  approvalRequired: boolean;
  changedParts: readonly SettingsPart[];
  invalidParts: readonly SettingsPart[];
}) {
  const { t } = useTranslation();
  const refresh = useRefreshPublishing(props.organisation);
  const [parts, setParts] = useState<string[]>([...props.changedParts]);
  const [title, setTitle] = useState('');
  const [comment, setComment] = useState('');
  const [time, setTime] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ parts?: string; title?: string; time?: string }>({});
  const create = useMutation({
    mutationFn: (body: { parts: SettingsPart[]; title: string; comment?: string; scheduledAt?: string }) =>
      client.data(createChangeRequest, { params: { organisation: props.organisation }, body }),
    onSuccess: (request) => {
      notifications.show({ color: 'green', message: t(`releases.form.done.${request.status}`, { title: request.title }) });
      setTitle('');
      setComment('');
      setTime(null);
      void refresh();
    },
  });
  const submit = () => {
    const next: typeof errors = {};
    if (parts.length === 0) next.parts = t('releases.form.partsRequired');
    if (!title.trim()) next.title = t('validation.required');
    const instant = time ? instantOfPickerValue(time, props.timeZone) : null;
    if (time && !instant) next.time = t('releases.schedule.noSuchTime');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    create.mutate({
      parts: parts as SettingsPart[],
      title: title.trim(),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
      ...(instant ? { scheduledAt: instant.toISOString() } : {}),
    });
  };

  if (props.changedParts.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="nothing-to-publish">
        {t('releases.form.nothing')}
      </Text>
    );
  }
  return (
    <Card withBorder component="section" aria-labelledby="request-form-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text component="h3" fw={600} id="request-form-title">
            {props.approvalRequired ? t('releases.form.titleApproval') : t('releases.form.titleDirect')}
          </Text>
          <Text size="sm" c="dimmed">
            {props.approvalRequired ? t('releases.form.introApproval') : t('releases.form.introDirect')}
          </Text>
          <Checkbox.Group label={t('releases.form.parts')} value={parts} onChange={setParts} error={errors.parts} required>
            <Group mt="xs">
              {props.changedParts.map((part) => (
                <Checkbox
                  key={part}
                  value={part}
                  label={t(`releases.partNames.${part}`)}
                  description={props.invalidParts.includes(part) ? t('releases.form.invalidPart') : undefined}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <TextInput
            label={t('releases.form.title')}
            required
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            autoComplete="off"
          />
          <Textarea
            label={t('releases.form.comment')}
            maxLength={2000}
            autosize
            minRows={2}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          <SchedulePicker label={t('releases.form.when')} timeZone={props.timeZone} value={time} onChange={setTime} error={errors.time} />
          <Text size="xs" c="dimmed">
            {time ? t('releases.form.atTime') : t('releases.form.atOnce')}
          </Text>
          {create.error && <ErrorAlert error={create.error} title={t('releases.form.failed')} />}
          <Group>
            <Button type="submit" loading={create.isPending}>
              {props.approvalRequired ? t('releases.form.request') : time ? t('releases.form.schedule') : t('releases.form.publish')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
