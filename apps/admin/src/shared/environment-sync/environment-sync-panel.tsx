import { useState } from 'react';
import { Alert, Button, Card, Code, CopyButton, Group, PasswordInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@gridline/client/errors';
import { getSyncTargets, issueSyncToken, syncSecrets, syncSettings } from '@gridline/contracts/endpoints/environment-sync';
import { SyncToken, type IssuedSyncToken, type SyncTargetEnvironment } from '@gridline/contracts/environment-sync';
import { formatDateTime } from '@gridline/locale/dates';
import { timeZoneFor, type Language } from '@gridline/locale/languages';
import { client } from '../api/client.ts';
import { errorMessage } from '../api/errors.ts';
import { useShell } from '../api/shell-context.ts';
import { mayCall } from '../api/staff.ts';
import { ConfirmModal } from '../ui/confirm-modal.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';

/** The target's reason for refusing, in words (it answers an error key of the same catalogue). */
function refusalReason(t: (key: string | string[]) => string, error: unknown): string | null {
  if (!isApiError(error) || error.key !== 'SYNC_REFUSED_BY_TARGET') return null;
  const reason = (error.data as { reason?: string } | null)?.reason;
  return reason ? t([`admin:errors.${reason}`, `shared:errors.${reason}`, 'shared:errors.unknownError']) : null;
}

/** The organisation's time zone, Stockholm for a country the locale package does not know. */
const zoneOf = (country: string) => {
  try {
    return timeZoneFor(country);
  } catch {
    return 'Europe/Stockholm';
  }
};

/**
 * Environment sync (issue 18, decision 0060): copy what is live here (the settings release with
 * its images, or the secrets the staff member reaches) to another installation of the provider,
 * with a one-time token issued there; and issue such a token for an installation that sends here.
 * The target's address is the installation's configuration; a person chooses only its name.
 */
export function EnvironmentSyncPanel({ kind }: { kind: 'settings' | 'secrets' }) {
  const { t, i18n } = useTranslation();
  const { organisation, info } = useShell();
  const language = i18n.language as Language;
  const timeZone = zoneOf(organisation.country);
  const queryClient = useQueryClient();
  const send = kind === 'settings' ? syncSettings : syncSecrets;
  const canSend = mayCall(info.admin.scope, send);
  const canIssue = mayCall(info.admin.scope, issueSyncToken);
  const targets = useQuery({
    queryKey: ['environment-sync', 'targets'],
    queryFn: () => client.data(getSyncTargets, {}),
    enabled: canSend || canIssue,
    staleTime: 5 * 60_000,
  });
  const [target, setTarget] = useState<SyncTargetEnvironment | null>(null);
  const [token, setToken] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<IssuedSyncToken | null>(null);

  const sync = useMutation({
    mutationFn: () => client.data(send, { body: { organisation: organisation.slug, targetEnvironment: target!, token: token.trim() } }),
    onSuccess: (result) => {
      setConfirming(false);
      setToken('');
      setTouched(false);
      const environment = t(`environmentSync.environments.${result.targetEnvironment}`);
      const message =
        'keys' in result
          ? t('environmentSync.sentSecrets', { environment, count: result.keys.length, keys: result.keys.join(', ') })
          : result.version === null
            ? t('environmentSync.alreadyThere', { environment })
            : t('environmentSync.sentSettings', { environment, version: result.version });
      notifications.show({ color: 'green', message });
    },
  });
  const issue = useMutation({
    mutationFn: () => client.data(issueSyncToken, { body: { organisation: organisation.slug } }),
    onSuccess: (result) => {
      setIssued(result);
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });

  if (!canSend && !canIssue) return null;
  if (targets.error) return <ErrorAlert error={targets.error} onRetry={() => void targets.refetch()} />;
  if (targets.isPending) return <Text c="dimmed">{t('app.loading')}</Text>;

  const here = t(`environmentSync.environments.${targets.data.environment}`);
  const tokenValid = SyncToken.safeParse(token.trim()).success;
  const tokenError = touched && token.trim() !== '' && !tokenValid ? t('shared:errors.MALFORMED_SYNC_TOKEN') : undefined;
  const reason = refusalReason(t, sync.error);
  const titleId = `environment-sync-${kind}`;

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <div>
        <Title order={2} size="h4" id={titleId}>
          {t('environmentSync.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`environmentSync.intro.${kind}`, { environment: here })}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {canSend && (
          <Card
            withBorder
            component="form"
            noValidate
            onSubmit={(e: React.FormEvent) => {
              e.preventDefault();
              setTouched(true);
              if (target && tokenValid) setConfirming(true);
            }}
          >
            <Stack gap="sm">
              <Text fw={600}>{t('environmentSync.send.title')}</Text>
              {targets.data.targets.length === 0 ? (
                <Alert color="gray" variant="light">
                  <Text size="sm">{t('environmentSync.send.noTargets')}</Text>
                </Alert>
              ) : (
                <>
                  <Select
                    label={t('environmentSync.send.target')}
                    placeholder={t('environmentSync.send.choose')}
                    data={targets.data.targets.map((target_) => ({
                      value: target_.environment,
                      label: `${t(`environmentSync.environments.${target_.environment}`)} (${target_.url})`,
                    }))}
                    value={target}
                    onChange={(value) => setTarget(value as SyncTargetEnvironment | null)}
                    error={touched && !target ? t('environmentSync.send.targetRequired') : undefined}
                    required
                  />
                  <PasswordInput
                    label={t('environmentSync.send.token')}
                    description={t('environmentSync.send.tokenHelp')}
                    value={token}
                    onChange={(e) => setToken(e.currentTarget.value)}
                    onBlur={() => setTouched(true)}
                    error={tokenError ?? (touched && token.trim() === '' ? t('environmentSync.send.tokenRequired') : undefined)}
                    autoComplete="off"
                    required
                  />
                  <Group>
                    <Button type="submit">{t(`environmentSync.send.submit.${kind}`)}</Button>
                  </Group>
                  {sync.error && !confirming && (
                    <Alert color="red" role="alert" title={t('environmentSync.send.failed')}>
                      <Text size="sm">{errorMessage(t, sync.error)}</Text>
                      {reason && (
                        <Text size="sm" mt={4}>
                          {t('environmentSync.send.reason', { reason })}
                        </Text>
                      )}
                    </Alert>
                  )}
                </>
              )}
            </Stack>
          </Card>
        )}
        {canIssue && (
          <Card withBorder>
            <Stack gap="sm">
              <Text fw={600}>{t('environmentSync.receive.title')}</Text>
              <Text size="sm">{t('environmentSync.receive.intro', { environment: here })}</Text>
              {issued ? (
                <Stack gap="xs">
                  <Text size="sm" fw={500} id={`${titleId}-token`}>
                    {t('environmentSync.receive.token', { time: formatDateTime(issued.expiresAt, language, timeZone) })}
                  </Text>
                  <Code block aria-labelledby={`${titleId}-token`} data-testid="sync-token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                    {issued.token}
                  </Code>
                  <Group>
                    <CopyButton value={issued.token} timeout={3000}>
                      {({ copied, copy }) => (
                        <Button variant={copied ? 'light' : 'filled'} color={copied ? 'teal' : undefined} onClick={copy} aria-live="polite">
                          {copied ? t('environmentSync.receive.copied') : t('environmentSync.receive.copy')}
                        </Button>
                      )}
                    </CopyButton>
                    <Button variant="default" onClick={() => setIssued(null)}>
                      {t('environmentSync.receive.forget')}
                    </Button>
                  </Group>
                </Stack>
              ) : (
                <Group>
                  <Button variant="light" onClick={() => issue.mutate()} loading={issue.isPending}>
                    {t('environmentSync.receive.issue')}
                  </Button>
                </Group>
              )}
              {issue.error && <ErrorAlert error={issue.error} title={t('environmentSync.receive.failed')} />}
            </Stack>
          </Card>
        )}
      </SimpleGrid>
      <ConfirmModal
        opened={confirming}
        title={t(`environmentSync.confirm.title.${kind}`, { environment: target ? t(`environmentSync.environments.${target}`) : '' })}
        body={t(`environmentSync.confirm.body.${kind}`, { environment: target ? t(`environmentSync.environments.${target}`) : '' })}
        confirmLabel={t(`environmentSync.send.submit.${kind}`)}
        busy={sync.isPending}
        error={
          sync.error ? (
            <Alert color="red" role="alert">
              <Text size="sm">{errorMessage(t, sync.error)}</Text>
              {reason && (
                <Text size="sm" mt={4}>
                  {t('environmentSync.send.reason', { reason })}
                </Text>
              )}
            </Alert>
          ) : undefined
        }
        onConfirm={() => sync.mutate()}
        onClose={() => {
          setConfirming(false);
        }}
      />
    </Stack>
  );
}
