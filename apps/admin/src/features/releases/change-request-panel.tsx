import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  approveChangeRequest,
  cancelChangeRequest,
  commentChangeRequest,
  publishChangeRequest,
  scheduleChangeRequest,
} from '@gridline/contracts/endpoints/settings-drafts';
import { languages, type Language } from '@gridline/contracts/enums';
import type { ChangeRequest, ChangeRequestStatus } from '@gridline/contracts/settings-parts';
import { formatDateTime } from '@gridline/locale/dates';
import { client } from '../../shared/api/client.ts';
import { ConfirmModal } from '../../shared/ui/confirm-modal.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { ChangeList } from './change-list.tsx';
import { commentText } from './comment-text.ts';
import { SchedulePicker } from './schedule-picker.tsx';
import { useRefreshPublishing } from './use-publishing.ts';
import { instantOfPickerValue, pickerValueOf } from './zoned-time.ts';

export const statusColour: Record<ChangeRequestStatus, string> = {
  open: 'blue',
  approved: 'teal',
  scheduled: 'violet',
  suspended: 'orange',
  published: 'green',
  cancelled: 'gray',
};

/** Whether a request is still under way (actions apply to it). */
export const underWay = (status: ChangeRequestStatus) => status === 'open' || status === 'approved' || status === 'scheduled' || status === 'suspended';

/**
 * A change request as Unleash shows one (decision 0059): its status explained, a timeline (asked,
 * approved, scheduled, published), what it changes in words, its comments, and the actions the
 * signed-in editor may take now. The author sees why they cannot approve their own.
 */
export function ChangeRequestPanel(props: {
  organisation: string;
  timeZone: string;
  request: ChangeRequest;
  approvalRequired: boolean;
  me: string;
  canEdit: boolean;
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { request, organisation, timeZone } = props;
  const refresh = useRefreshPublishing(organisation);
  const language = ((languages as readonly string[]).includes(i18n.language) ? i18n.language : 'en') as Language;
  const when = (iso: string) => formatDateTime(iso, language, timeZone);
  const [comment, setComment] = useState('');
  const [time, setTime] = useState<string | null>(request.scheduledAt ? pickerValueOf(request.scheduledAt, timeZone) : null);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const params = { organisation, id: request.id };
  const done = (message: string) => () => {
    notifications.show({ color: 'green', message });
    void refresh();
  };

  const approve = useMutation({ mutationFn: () => client.data(approveChangeRequest, { params, body: {} }), onSuccess: done(t('releases.request.approved')) });
  const publish = useMutation({ mutationFn: () => client.data(publishChangeRequest, { params }), onSuccess: done(t('releases.request.publishedNow')) });
  const schedule = useMutation({
    mutationFn: (scheduledAt: string | null) => client.data(scheduleChangeRequest, { params, body: { scheduledAt } }),
    onSuccess: (saved) => {
      setTime(saved.scheduledAt ? pickerValueOf(saved.scheduledAt, timeZone) : null);
      done(saved.scheduledAt ? t('releases.request.scheduledFor', { time: when(saved.scheduledAt) }) : t('releases.request.scheduleCleared'))();
    },
  });
  const cancel = useMutation({
    mutationFn: () => client.data(cancelChangeRequest, { params }),
    onSuccess: () => {
      setCancelling(false);
      done(t('releases.request.cancelled'))();
    },
  });
  const addComment = useMutation({
    mutationFn: (text: string) => client.data(commentChangeRequest, { params, body: { text } }),
    onSuccess: () => {
      setComment('');
      void refresh();
    },
  });

  const own = request.author.toLowerCase() === props.me.toLowerCase();
  const active = underWay(request.status) && !props.readOnly;
  const mayApprove = props.approvalRequired && request.status === 'open';
  const mayPublish = request.status === 'approved' || request.status === 'scheduled' || (!props.approvalRequired && request.status === 'suspended');
  const failed = approve.error ?? publish.error ?? schedule.error ?? cancel.error;

  const submitTime = () => {
    if (!time) return setTimeError(t('releases.schedule.required'));
    const instant = instantOfPickerValue(time, timeZone);
    if (!instant) return setTimeError(t('releases.schedule.noSuchTime'));
    setTimeError(null);
    schedule.mutate(instant.toISOString());
  };

  return (
    <Card withBorder component="section" aria-labelledby={`request-${request.id}`} data-testid="change-request">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text component="h3" fw={600} size="lg" id={`request-${request.id}`}>
              {request.title}
            </Text>
            <Text size="sm" c="dimmed">
              {t('releases.request.byline', { author: request.author, time: when(request.createdAt) })}
            </Text>
          </Stack>
          <Badge size="lg" variant="light" color={statusColour[request.status]} data-testid="change-request-status">
            {t(`releases.status.${request.status}`)}
          </Badge>
        </Group>

        <Alert color={statusColour[request.status]} variant="light" data-testid="change-request-explained">
          {t(`releases.explain.${request.status}`, { time: request.scheduledAt ? when(request.scheduledAt) : '', version: request.releaseVersion ?? '' })}
        </Alert>

        <Timeline active={[request.approvedAt, request.scheduledAt, request.publishedAt].filter(Boolean).length} bulletSize={14} lineWidth={2}>
          <Timeline.Item title={t('releases.timeline.asked')}>
            <Text size="xs" c="dimmed">
              {t('releases.request.byline', { author: request.author, time: when(request.createdAt) })}
            </Text>
          </Timeline.Item>
          {props.approvalRequired || request.approvedBy ? (
            <Timeline.Item title={t('releases.timeline.approval')}>
              <Text size="xs" c="dimmed">
                {request.approvedBy && request.approvedAt
                  ? t('releases.request.approvedBy', { name: request.approvedBy, time: when(request.approvedAt) })
                  : t('releases.request.waitingForApproval')}
              </Text>
            </Timeline.Item>
          ) : null}
          <Timeline.Item title={t('releases.timeline.schedule')}>
            <Text size="xs" c="dimmed" data-testid="change-request-schedule">
              {request.scheduledAt ? t('releases.request.publishesAt', { time: when(request.scheduledAt) }) : t('releases.request.noTime')}
            </Text>
          </Timeline.Item>
          <Timeline.Item title={t('releases.timeline.published')}>
            <Text size="xs" c="dimmed">
              {request.publishedAt
                ? t('releases.request.publishedAs', { version: request.releaseVersion ?? '', time: when(request.publishedAt) })
                : t('releases.request.notYet')}
            </Text>
          </Timeline.Item>
        </Timeline>

        <Group gap={4}>
          <Text size="sm" fw={500}>
            {t('releases.request.parts')}
          </Text>
          {request.parts.map((part) => (
            <Badge key={part} variant="outline" color="gray">
              {t(`releases.partNames.${part}`)}
            </Badge>
          ))}
        </Group>

        <Stack gap={4}>
          <Text component="h4" fw={600} size="sm">
            {t('releases.request.changes')}
          </Text>
          <ChangeList changes={request.changes} label={t('releases.request.changesOf', { title: request.title })} testId="change-request-changes" />
        </Stack>

        {active && props.canEdit && (
          <Stack gap="sm">
            {failed && <ErrorAlert error={failed} title={t('releases.request.actionFailed')} />}
            <Group wrap="wrap" align="flex-end">
              {mayApprove &&
                (own ? (
                  <Stack gap={2}>
                    <Button disabled aria-describedby={`own-${request.id}`}>
                      {t('releases.request.approve')}
                    </Button>
                    <Text size="xs" c="dimmed" id={`own-${request.id}`} data-testid="own-request">
                      {t('releases.request.ownExplained')}
                    </Text>
                  </Stack>
                ) : (
                  <Button loading={approve.isPending} onClick={() => approve.mutate()}>
                    {t('releases.request.approve')}
                  </Button>
                ))}
              {mayPublish && (
                <Button loading={publish.isPending} onClick={() => publish.mutate()}>
                  {t('releases.request.publishNow')}
                </Button>
              )}
              <Button variant="default" color="red" onClick={() => setCancelling(true)}>
                {t('releases.request.cancel')}
              </Button>
            </Group>
            <Group align="flex-end" wrap="wrap">
              <SchedulePicker
                label={request.status === 'suspended' ? t('releases.schedule.again') : t('releases.schedule.label')}
                timeZone={timeZone}
                value={time}
                onChange={(value) => {
                  setTime(value);
                  setTimeError(null);
                }}
                error={timeError}
              />
              <Button variant="light" loading={schedule.isPending && schedule.variables !== null} onClick={submitTime}>
                {request.scheduledAt ? t('releases.schedule.move') : t('releases.schedule.set')}
              </Button>
              {request.scheduledAt && (
                <Button variant="subtle" loading={schedule.isPending && schedule.variables === null} onClick={() => schedule.mutate(null)}>
                  {t('releases.schedule.clearTime')}
                </Button>
              )}
            </Group>
          </Stack>
        )}

        <Stack gap="xs">
          <Text component="h4" fw={600} size="sm">
            {t('releases.comments.title')}
          </Text>
          {request.comments.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('releases.comments.none')}
            </Text>
          ) : (
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="change-request-comments">
              {request.comments.map((c) => (
                <li key={c.id}>
                  <Text size="xs" c="dimmed">
                    {c.system
                      ? t('releases.comments.system', { time: when(c.createdAt) })
                      : t('releases.comments.by', { author: c.author, time: when(c.createdAt) })}
                  </Text>
                  <Text size="sm" fs={c.system ? 'italic' : undefined}>
                    {commentText(t, c)}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
          {props.canEdit && !props.readOnly && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (comment.trim()) addComment.mutate(comment.trim());
              }}
            >
              <Stack gap={6}>
                <Textarea
                  label={t('releases.comments.add')}
                  value={comment}
                  onChange={(e) => setComment(e.currentTarget.value)}
                  maxLength={2000}
                  autosize
                  minRows={2}
                />
                {addComment.error && <ErrorAlert error={addComment.error} title={t('releases.comments.failed')} />}
                <Group>
                  <Button type="submit" variant="light" disabled={!comment.trim()} loading={addComment.isPending}>
                    {t('releases.comments.send')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      </Stack>
      <ConfirmModal
        opened={cancelling}
        title={t('releases.request.cancelTitle', { title: request.title })}
        body={t('releases.request.cancelBody')}
        confirmLabel={t('releases.request.cancel')}
        busy={cancel.isPending}
        error={cancel.error ? <ErrorAlert error={cancel.error} /> : null}
        onConfirm={() => cancel.mutate()}
        onClose={() => {
          setCancelling(false);
          cancel.reset();
        }}
      />
    </Card>
  );
}
