import { Alert, Anchor, Badge, Card, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { createChangeRequest, setPublishingPolicy } from '@gridline/contracts/endpoints/settings-drafts';
import { languages, type Language } from '@gridline/contracts/enums';
import type { SettingsPart } from '@gridline/contracts/settings-parts';
import { formatDateTime } from '@gridline/locale/dates';
import { timeZoneFor } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { mayCall } from '../../shared/api/staff.ts';
import { useReleaseStatus } from '../../shared/settings/use-settings-draft.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page, PageNotReady } from '../../shared/ui/page.tsx';
import { EnvironmentSyncPanel } from '../../shared/environment-sync/environment-sync-panel.tsx';
import { ChangeRequestPanel } from './change-request-panel.tsx';
import { ReleaseHistory } from './release-history.tsx';
import { RequestForm } from './request-form.tsx';
import { RequestHistory } from './request-history.tsx';
import { useRefreshPublishing } from './use-publishing.ts';

/** Each part's editor in the back office (`/admin/<org>/<path>`). */
export const editorPaths: Record<SettingsPart, string> = {
  themes: 'theme',
  'feature-flags': 'feature-flags',
  modules: 'modules',
  'feature-configurations': 'feature-configurations',
  'custom-favorites': 'custom-favorites',
};

const zoneOf = (country: string) => {
  try {
    return timeZoneFor(country);
  } catch {
    return 'Europe/Stockholm';
  }
};

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <div>
        <Text component="h2" fw={600} size="lg" id={id}>
          {title}
        </Text>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

/**
 * Releases (issue 18, decisions 0054 and 0059): per part what is live and whether its draft would
 * change it; asking to publish (or publishing, where no approval is required) and the change
 * request under way with its changes in words, comments and actions; the four-eyes policy (admins);
 * the release history with comparison and rollback; and every change request.
 */
export function ReleasesPage() {
  const { t, i18n } = useTranslation();
  const { organisation, info } = useShell();
  const org = organisation.slug;
  const timeZone = zoneOf(organisation.country);
  const language = ((languages as readonly string[]).includes(i18n.language) ? i18n.language : 'en') as Language;
  const status = useReleaseStatus(org);
  const refresh = useRefreshPublishing(org);
  const scope = info.admin.scope;
  const canEdit = mayCall(scope, createChangeRequest);
  const canSetPolicy = mayCall(scope, setPublishingPolicy);
  const policy = useMutation({
    mutationFn: (approvalRequired: boolean) => client.data(setPublishingPolicy, { params: { organisation: org }, body: { approvalRequired } }),
    onSuccess: (saved) => {
      notifications.show({ color: 'green', message: t(saved.approvalRequired ? 'releases.policy.on' : 'releases.policy.off') });
      void refresh();
    },
  });

  if (status.error || status.isPending) return <PageNotReady title={t('releases.title')} intro={t('releases.intro')} query={status} />;
  const data = status.data;
  const changed = data.parts.filter((p) => p.changed).map((p) => p.part);
  const invalid = data.parts.filter((p) => p.changed && !p.valid).map((p) => p.part);
  const request = data.changeRequest;

  return (
    <Page title={t('releases.title')} intro={t('releases.intro')}>
      <Section
        id="releases-parts"
        title={t('releases.parts.title')}
        intro={t('releases.parts.intro', { version: data.version, time: formatDateTime(data.publishedAt, language, timeZone) })}
      >
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder striped aria-labelledby="releases-parts" data-testid="release-parts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('releases.parts.part')}</Table.Th>
                <Table.Th scope="col">{t('releases.parts.live')}</Table.Th>
                <Table.Th scope="col">{t('releases.parts.draft')}</Table.Th>
                <Table.Th scope="col">{t('releases.parts.valid')}</Table.Th>
                <Table.Th scope="col">{t('releases.parts.editor')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.parts.map((p) => (
                <Table.Tr key={p.part} data-testid={`part-${p.part}`}>
                  <Table.Th scope="row">{t(`releases.partNames.${p.part}`)}</Table.Th>
                  <Table.Td>
                    <Text size="sm">{t('releases.history.versionN', { version: p.version })}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(p.publishedAt, language, timeZone)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {p.changed ? (
                      <Badge color="blue" variant="light">
                        {t('releases.parts.changed')}
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {p.draft ? t('releases.parts.draftSame') : t('releases.parts.noDraft')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!p.changed ? (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    ) : p.valid ? (
                      <Badge color="green" variant="light">
                        {t('releases.parts.ready')}
                      </Badge>
                    ) : (
                      <Badge color="red" variant="light">
                        {t('releases.parts.invalid')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/${org}/${editorPaths[p.part]}`} size="sm">
                      {t('releases.parts.open', { part: t(`releases.partNames.${p.part}`) })}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>

      <Section id="releases-publish" title={request ? t('releases.request.heading') : t('releases.form.heading')}>
        {request ? (
          <ChangeRequestPanel
            key={request.id}
            organisation={org}
            timeZone={timeZone}
            request={request}
            approvalRequired={data.approvalRequired}
            me={info.admin.email}
            canEdit={canEdit}
          />
        ) : canEdit ? (
          <RequestForm
            key={changed.join()}
            organisation={org}
            timeZone={timeZone}
            approvalRequired={data.approvalRequired}
            changedParts={changed}
            invalidParts={invalid}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('releases.form.readOnly')}
          </Text>
        )}
      </Section>

      <Section id="releases-policy" title={t('releases.policy.title')}>
        <Card withBorder>
          <Stack gap="xs">
            <Switch
              label={t('releases.policy.label')}
              description={t('releases.policy.help')}
              checked={data.approvalRequired}
              disabled={!canSetPolicy || policy.isPending}
              onChange={(e) => policy.mutate(e.currentTarget.checked)}
            />
            {!canSetPolicy && (
              <Text size="xs" c="dimmed">
                {t('releases.policy.adminsOnly')}
              </Text>
            )}
            {policy.error && <ErrorAlert error={policy.error} title={t('releases.policy.failed')} />}
          </Stack>
        </Card>
      </Section>

      <Section id="releases-history" title={t('releases.history.title')} intro={t('releases.history.intro')}>
        <ReleaseHistory organisation={org} timeZone={timeZone} canEdit={canEdit} liveVersion={data.version} />
      </Section>

      <Section id="releases-requests" title={t('releases.requests.heading')}>
        <RequestHistory organisation={org} timeZone={timeZone} approvalRequired={data.approvalRequired} me={info.admin.email} />
      </Section>

      <EnvironmentSyncPanel kind="settings" />
      {invalid.length > 0 && !request && (
        <Alert color="orange" variant="light">
          {t('releases.form.invalidHint')}
        </Alert>
      )}
    </Page>
  );
}
