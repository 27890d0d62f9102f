import { Alert, Anchor, Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { isApiError } from '@gridline/client/errors';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SettingsDraft } from '@gridline/contracts/settings-parts';
import { ErrorAlert } from '../ui/error-alert.tsx';

/**
 * The top of a settings editor (decision 0054): whether the draft differs from what is live, Save
 * and Discard, a stale draft (412 `DRAFT_STALE`) offered a reload, the rules the draft breaks for
 * a release, and the way to the Releases page to publish.
 */
export function DraftBar(props: {
  organisation: string;
  draft: SettingsDraft;
  dirty: boolean;
  saving: boolean;
  discarding: boolean;
  saveError: unknown;
  discardError: unknown;
  onSave: () => void;
  onDiscard: () => void;
  onReload: () => void;
  /** How a rule's path reads for people (defaults to the path). */
  issueLabel?: (path: string) => string;
}) {
  const { t } = useTranslation();
  const { draft } = props;
  const stale = isApiError(props.saveError) && props.saveError.key === 'DRAFT_STALE';
  return (
    <Card withBorder component="section" aria-label={t('releases.draftBar.bar')} data-testid="draft-bar">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            {props.dirty ? (
              <Badge color="yellow" variant="light">
                {t('releases.draftBar.unsaved')}
              </Badge>
            ) : draft.changed ? (
              <Badge color="blue" variant="light" data-testid="draft-differs">
                {t('releases.draftBar.differs')}
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                {t('releases.draftBar.sameAsLive')}
              </Badge>
            )}
            {draft.updatedAt && draft.updatedBy && (
              <Text size="xs" c="dimmed">
                {t('releases.draftBar.lastChange', { by: draft.updatedBy })}
              </Text>
            )}
          </Group>
          <Group gap="xs">
            <Button variant="default" disabled={draft.content === null && !props.dirty} loading={props.discarding} onClick={props.onDiscard}>
              {t('releases.draftBar.discard')}
            </Button>
            <Button disabled={!props.dirty} loading={props.saving} onClick={props.onSave}>
              {t('releases.draftBar.save')}
            </Button>
          </Group>
        </Group>
        {stale ? (
          <Alert color="orange" title={t('releases.draftBar.staleTitle')} role="alert">
            <Stack gap="xs">
              <Text size="sm">{t('shared:errors.DRAFT_STALE')}</Text>
              <Group>
                <Button size="xs" variant="light" color="orange" onClick={props.onReload}>
                  {t('releases.draftBar.reload')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : props.saveError ? (
          <ErrorAlert error={props.saveError} title={t('releases.draftBar.saveFailed')} />
        ) : null}
        {props.discardError ? <ErrorAlert error={props.discardError} title={t('releases.draftBar.discardFailed')} /> : null}
        {draft.issues.length > 0 && (
          <Alert color="red" variant="light" title={t('releases.draftBar.issues')}>
            <List size="sm">
              {draft.issues.map((issue) => (
                <List.Item key={`${issue.path}:${issue.message}`}>
                  {(props.issueLabel ?? ((p: string) => p))(issue.path)}:{' '}
                  {t([`shared:errors.${issue.message.split(':')[0]}`, 'releases.draftBar.invalidValue'])}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Text size="sm">
          {t('releases.draftBar.publishHint')}{' '}
          <Anchor component={Link} to={`/${props.organisation}/releases`}>
            {t('releases.draftBar.toReleases')}
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}
