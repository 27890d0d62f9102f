import { useState } from 'react';
import { Button, Card, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cacheKeys, type CacheKey } from '@gridline/contracts/bridge';
import { clearCache, getEmailDeepLinks, sendTestEmail } from '@gridline/contracts/endpoints/bridge';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { mayCall } from '../../shared/api/staff.ts';
import { ConfirmModal } from '../../shared/ui/confirm-modal.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';

/**
 * Tools (issue 17, decision 0050): the test e-mail with a deep link into the organisation's portal
 * (`POST …/email/send/test`, its targets from `GET …/email/deeplink`), and clearing a cache in every
 * API process (`DELETE /v3/cache/{key}`, admins only, after confirmation). Each part shows when the
 * staff member's scope may make its call.
 */
export function ToolsPage() {
  const { t } = useTranslation();
  const { info, organisation } = useShell();
  return (
    <Page title={t('bridge.title')} intro={t('bridge.intro')}>
      {mayCall(info.admin.scope, sendTestEmail) && <TestEmail organisation={organisation.slug} />}
      {mayCall(info.admin.scope, clearCache) && <ClearCache organisation={organisation.slug} organisationName={organisation.name} platform={info.admin.organisation === null} />}
    </Page>
  );
}

function TestEmail({ organisation }: { organisation: string }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  const [target, setTarget] = useState<string | null>('HOME');
  const links = useQuery({ queryKey: ['deeplinks', organisation], queryFn: () => client.data(getEmailDeepLinks, { params: { organisation } }) });
  const send = useMutation({
    mutationFn: () => client.data(sendTestEmail, { params: { organisation }, body: { emailAddress: address, linkTarget: target ?? '' } }),
    onSuccess: (sent) => notifications.show({ color: 'green', message: t('bridge.testEmail.sent', { address: sent.emailAddress, link: sent.link }) }),
  });
  return (
    <Card withBorder component="section" aria-labelledby="test-email-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="test-email-title">
          {t('bridge.testEmail.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('bridge.testEmail.intro')}
        </Text>
        {links.isError && <ErrorAlert error={links.error} onRetry={() => void links.refetch()} />}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate();
          }}
        >
          <Stack gap="sm" maw={480}>
            <TextInput label={t('bridge.testEmail.address')} type="email" required value={address} onChange={(e) => setAddress(e.currentTarget.value)} autoComplete="email" />
            <Select
              label={t('bridge.testEmail.target')}
              required
              allowDeselect={false}
              value={target}
              onChange={setTarget}
              data={(links.data?.targets ?? []).map((link) => ({ value: link.target, label: link.url }))}
            />
            {send.isError && <ErrorAlert error={send.error} title={t('bridge.testEmail.title')} />}
            <div>
              <Button type="submit" loading={send.isPending} disabled={!links.data}>
                {t('bridge.testEmail.send')}
              </Button>
            </div>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

function ClearCache({ organisation, organisationName, platform }: { organisation: string; organisationName: string; platform: boolean }) {
  const { t } = useTranslation();
  const [key, setKey] = useState<CacheKey>('copy');
  // Platform admins may clear every organisation's entries; organisation admins their own.
  const [everywhere, setEverywhere] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const scope = everywhere ? t('bridge.caches.everyOrganisation') : organisationName;
  const cache = t(`bridge.caches.keys.${key}`);
  const clear = useMutation({
    mutationFn: () => client.data(clearCache, { params: { key }, query: everywhere ? {} : { organisation } }),
    onSuccess: () => {
      setConfirming(false);
      notifications.show({ color: 'green', message: t('bridge.caches.cleared', { cache, scope }) });
    },
  });
  return (
    <Card withBorder component="section" aria-labelledby="clear-cache-title">
      <Stack gap="sm" maw={480}>
        <Title order={2} size="h4" id="clear-cache-title">
          {t('bridge.caches.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('bridge.caches.intro')}
        </Text>
        <Select
          label={t('bridge.caches.key')}
          allowDeselect={false}
          value={key}
          onChange={(value) => setKey((value as CacheKey | null) ?? 'copy')}
          data={cacheKeys.map((k) => ({ value: k, label: t(`bridge.caches.keys.${k}`) }))}
        />
        {platform && (
          <Select
            label={t('bridge.caches.scope')}
            allowDeselect={false}
            value={everywhere ? 'all' : 'own'}
            onChange={(value) => setEverywhere(value === 'all')}
            data={[
              { value: 'own', label: organisationName },
              { value: 'all', label: t('bridge.caches.everyOrganisation') },
            ]}
          />
        )}
        <div>
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            {t('bridge.caches.clear')}
          </Button>
        </div>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('bridge.caches.confirmTitle', { cache })}
        body={t('bridge.caches.confirmBody', { scope })}
        confirmLabel={t('bridge.caches.clear')}
        busy={clear.isPending}
        error={clear.isError ? <ErrorAlert error={clear.error} title={t('bridge.caches.title')} /> : undefined}
        onConfirm={() => clear.mutate()}
        onClose={() => {
          setConfirming(false);
          clear.reset();
        }}
      />
    </Card>
  );
}
