import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { customerOverview, syncAccount } from '@gridline/contracts/endpoints/customers';
import { startSupportSession } from '@gridline/contracts/endpoints/inspectors';
import type { CustomerAccount } from '@gridline/contracts/customers';
import { formatDate, formatDateTime } from '@gridline/locale/dates';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { ConfirmModal } from '../../shared/ui/confirm-modal.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { Fact } from '../../shared/ui/fact.tsx';

/**
 * A customer as staff help them (decision 0038): who they are, their accounts, homes with their
 * services, agreements, latest invoices and sign-ins, and the actions: open the portal as them
 * (read-only, audited) and ask the provider's systems for the account again (a queued job).
 */
export function CustomerPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { organisation } = useShell();
  const { id = '' } = useParams();
  const overview = useQuery({
    queryKey: ['customer', organisation.slug, id],
    queryFn: () => client.data(customerOverview, { params: { organisation: organisation.slug, id } }),
  });
  const [opening, setOpening] = useState<CustomerAccount | null>(null);
  const openAs = useMutation({
    mutationFn: (account: CustomerAccount) => client.data(startSupportSession, { params: { organisation: organisation.slug }, body: { accountId: account.accountId, userId: id } }),
    onSuccess: (session) => {
      setOpening(null);
      // The portal's own host signs in with the one-time ref; a new tab keeps this page.
      window.open(session.url, '_blank', 'noopener');
    },
  });
  const sync = useMutation({
    mutationFn: (account: CustomerAccount) => client.data(syncAccount, { params: { organisation: organisation.slug, accountId: account.accountId } }),
    onSuccess: (job) => notifications.show({ color: 'green', message: t(job.state === 'queued' ? 'customers.syncQueued' : 'customers.syncAlready') }),
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(t, error) }),
  });

  if (overview.isPending) return <Text>{t('app.loading')}</Text>;
  if (overview.error) return <ErrorAlert error={overview.error} onRetry={() => void overview.refetch()} />;
  const { user, accounts, locations, agreements, invoices, signIns } = overview.data;
  const name = user.fullName || user.email || user._id;

  return (
    <Page title={name} intro={t('customers.pageIntro')}>
      <Anchor component={Link} to={`/${organisation.slug}/customers`} size="sm">
        {t('customers.back')}
      </Anchor>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label={t('customers.columns.personalId')} value={user.personalId} />
          <Fact label={t('customers.columns.email')} value={user.email} />
          <Fact label={t('customers.phone')} value={user.phoneNumber} />
          <Fact label={t('customers.username')} value={user.username} />
          <Fact label={t('customers.language')} value={user.language ? t(`languages.${user.language}`) : null} />
          <Fact label={t('customers.columns.lastSeen')} value={user.lastSeen ? formatDateTime(user.lastSeen, language) : t('app.never')} />
        </SimpleGrid>
      </Card>

      <Section title={t('customers.accounts')} empty={accounts.length === 0 ? t('customers.noAccounts') : null}>
        {accounts.map((account) => (
          <Card withBorder key={account.accountId}>
            <Group justify="space-between" wrap="wrap">
              <div>
                <Text fw={600}>
                  {t('customers.customerId', { id: account.provider.customerId })} <Badge variant="light">{t(`customers.types.${account.type}`)}</Badge>
                </Text>
                <Text size="sm" c="dimmed">
                  {account.users.map((u) => `${u.fullName || u.email} (${t(`customers.roles.${u.role}`, { defaultValue: u.role })})`).join(', ')}
                </Text>
              </div>
              <Group>
                <Button variant="default" loading={sync.isPending && sync.variables?.accountId === account.accountId} onClick={() => sync.mutate(account)}>
                  {t('customers.sync')}
                </Button>
                <Button onClick={() => setOpening(account)}>{t('customers.openAs')}</Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Section>

      <Section title={t('customers.locations')} empty={locations.length === 0 ? t('customers.noLocations') : null}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('customers.address')}</Table.Th>
              <Table.Th>{t('customers.status')}</Table.Th>
              <Table.Th>{t('customers.services')}</Table.Th>
              <Table.Th>{t('customers.agreementCount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {locations.map((location) => (
              <Table.Tr key={location._id}>
                <Table.Td>{[location.address, `${location.zipCode} ${location.city}`.trim()].filter(Boolean).join(', ')}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={location.status === 'ACTIVE' ? 'teal' : 'gray'}>
                    {location.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{location.services.map((s) => s.type).join(', ') || '—'}</Table.Td>
                <Table.Td>{agreements[location._id]?.length ?? 0}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>

      <Section title={t('customers.invoices')} empty={invoices.length === 0 ? t('customers.noInvoices') : null}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('customers.invoiceNumber')}</Table.Th>
              <Table.Th>{t('customers.period')}</Table.Th>
              <Table.Th>{t('customers.dueDate')}</Table.Th>
              <Table.Th>{t('customers.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((invoice) => (
              <Table.Tr key={invoice._id}>
                <Table.Td>{invoice.id}</Table.Td>
                <Table.Td>
                  {formatDate(invoice.startDate, language)} – {formatDate(invoice.endDate, language)}
                </Table.Td>
                <Table.Td>{invoice.dueDate ? formatDate(invoice.dueDate, language) : '—'}</Table.Td>
                <Table.Td>{invoice.invoiceStatus}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>

      <Section title={t('customers.signIns')} empty={signIns.length === 0 ? t('customers.noSignIns') : null}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('customers.when')}</Table.Th>
              <Table.Th>{t('customers.method')}</Table.Th>
              <Table.Th>{t('customers.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {signIns.map((signIn, index) => (
              <Table.Tr key={`${signIn.at}-${index}`}>
                <Table.Td>{formatDateTime(signIn.at, language)}</Table.Td>
                <Table.Td>
                  {signIn.type} {signIn.support && <Badge variant="light">{t('customers.supportSession')}</Badge>}
                </Table.Td>
                <Table.Td>{signIn.status}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>

      <ConfirmModal
        opened={opening !== null}
        title={t('customers.openAsTitle', { name })}
        body={t('customers.openAsBody')}
        confirmLabel={t('customers.openAs')}
        busy={openAs.isPending}
        error={openAs.error ? <ErrorAlert error={openAs.error} title={t('customers.openAs')} /> : null}
        onConfirm={() => opening && openAs.mutate(opening)}
        onClose={() => {
          setOpening(null);
          openAs.reset();
        }}
      />
    </Page>
  );
}


function Section({ title, empty, children }: { title: string; empty: string | null; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {empty ? <Alert color="gray">{empty}</Alert> : children}
    </Stack>
  );
}
