import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { customerOverview, removeUserFromAccount, syncAccount, updateSiteHistory } from '@gridline/contracts/endpoints/customers';
import { startSupportSession } from '@gridline/contracts/endpoints/inspectors';
import type { CustomerAccount, CustomerPerson, CustomerUser, QueuedJobAnswer, SupportSession } from '@gridline/contracts/customers';
import type { Location } from '@gridline/contracts/locations';
import { formatDate, formatDateTime, formatTime } from '@gridline/locale/dates';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { ConfirmModal } from '../../shared/ui/confirm-modal.tsx';
import { useConfirmedDelete } from '../../shared/ui/use-confirmed-delete.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { Fact } from '../../shared/ui/fact.tsx';
import { CustomerUserForm } from './customer-user-form.tsx';
import { PushDevices } from './push-devices.tsx';
import { PremiumFeatures } from './premium-features.tsx';
import { listPremiumFeatures } from '@gridline/contracts/endpoints/bridge';
import { mayCall } from '../../shared/api/staff.ts';

type Member = CustomerPerson & { role: string };

/**
 * A customer as staff help them (decision 0038): who they are, their accounts with their users,
 * homes with their services, agreements, latest invoices, sign-ins and the staff who look after
 * them, their deletion request and push devices (decision 0042), and the actions: open the portal
 * as them (read-only, audited), change their contact details, remove a user from an account or a
 * push device (after confirmation), and ask for an account's sync or a site's history rebuild
 * (queued jobs, whose id and state are shown).
 */
export function CustomerPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { info, organisation } = useShell();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const queryKey = ['customer', organisation.slug, id];
  const overview = useQuery({ queryKey, queryFn: () => client.data(customerOverview, { params: { organisation: organisation.slug, id } }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const [opening, setOpening] = useState<CustomerAccount | null>(null);
  const [opened, setOpened] = useState<{ session: SupportSession; customerId: string; blocked: boolean } | null>(null);
  const [editing, setEditing] = useState(false);
  const [jobs, setJobs] = useState<Record<string, QueuedJobAnswer>>({});

  const openAs = useMutation({
    mutationFn: (account: CustomerAccount) => client.data(startSupportSession, { params: { organisation: organisation.slug }, body: { accountId: account.accountId, userId: id } }),
    onSuccess: (session, account) => {
      setOpening(null);
      // The portal's own host signs in with the one-time ref; a new tab keeps this page. The new
      // tab gets no hold on this one (opener cleared); when the browser blocks it, a link offers it.
      const tab = window.open(session.url, '_blank');
      if (tab) tab.opener = null;
      setOpened({ session, customerId: account.provider.customerId, blocked: !tab });
    },
  });
  const jobFailed = (error: unknown) => notifications.show({ color: 'red', message: errorMessage(t, error) });
  const sync = useMutation({
    mutationFn: (account: CustomerAccount) => client.data(syncAccount, { params: { organisation: organisation.slug, accountId: account.accountId } }),
    onSuccess: (job, account) => setJobs((all) => ({ ...all, [`sync:${account.accountId}`]: job })),
    onError: jobFailed,
  });
  const history = useMutation({
    mutationFn: (location: Location) => client.data(updateSiteHistory, { params: { organisation: organisation.slug, accountId: location.accountId ?? '', siteId: location._id } }),
    onSuccess: (job, location) => setJobs((all) => ({ ...all, [`history:${location._id}`]: job })),
    onError: jobFailed,
  });
  const remove = useConfirmedDelete({
    remove: ({ account, member }: { account: CustomerAccount; member: Member }) =>
      client.data(removeUserFromAccount, { params: { organisation: organisation.slug, id: member._id }, query: { accountId: account.accountId } }),
    deleted: ({ account, member }) => t('customers.remove.done', { name: personName(member), customerId: account.provider.customerId }),
    after: () => refresh(),
    label: t('customers.remove.confirm'),
  });

  if (overview.isPending) return <Text>{t('app.loading')}</Text>;
  if (overview.error) return <ErrorAlert error={overview.error} onRetry={() => void overview.refetch()} />;
  const { user, accounts, locations, agreements, invoices, signIns, inspectors, deletionRequest, pushTokens } = overview.data;
  const name = user.fullName || user.email || user._id;
  const addressOf = (locationId: string | null) => {
    const location = locations.find((l) => l._id === locationId);
    return location ? [location.address, `${location.zipCode} ${location.city}`.trim()].filter(Boolean).join(', ') : '—';
  };
  const customerIdOf = (accountId: string) => accounts.find((a) => a.accountId === accountId)?.provider.customerId ?? accountId;
  const agreementRows = Object.entries(agreements).flatMap(([locationId, list]) => list.map((agreement) => ({ locationId, agreement })));
  const jobText = (job: QueuedJobAnswer | undefined) =>
    job && (job.state === 'queued' ? t('customers.jobs.queued', { id: job.jobId ?? '—' }) : t('customers.jobs.alreadyQueued'));

  return (
    <Page
      title={name}
      intro={t('customers.pageIntro')}
      actions={
        <Button variant="default" onClick={() => setEditing(true)}>
          {t('customers.edit.open')}
        </Button>
      }
    >
      <Anchor component={Link} to={`/${organisation.slug}/customers`} size="sm">
        {t('customers.back')}
      </Anchor>
      {deletionRequest && (
        <Alert color="orange" title={t('customers.deletionRequest.title', { date: formatDate(deletionRequest.requestedAt, language) })}>
          <Text size="sm">{t('customers.deletionRequest.body')}</Text>
        </Alert>
      )}
      {opened && (
        <Alert color={opened.blocked ? 'orange' : 'blue'} title={t('customers.opened.title')} withCloseButton closeButtonLabel={t('app.close')} onClose={() => setOpened(null)} role="status">
          <Text size="sm">{opened.blocked ? t('customers.opened.blocked') : t('customers.opened.body', { customerId: opened.customerId })}</Text>
          <Text size="sm" mt={4}>
            {t('customers.opened.readOnly', { time: formatTime(opened.session.expiresAt, language) })}
          </Text>
          {opened.blocked && (
            <Anchor href={opened.session.url} target="_blank" rel="noopener noreferrer" size="sm" mt="xs" display="inline-block">
              {t('customers.opened.link')}
            </Anchor>
          )}
        </Alert>
      )}
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
          <Card withBorder key={account.accountId} component="article" aria-label={t('customers.customerId', { id: account.provider.customerId })}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" align="flex-start">
                <div>
                  <Text fw={600}>
                    {t('customers.customerId', { id: account.provider.customerId })} <Badge variant="light">{t(`customers.types.${account.type}`)}</Badge>
                  </Text>
                  <Text size="sm" c="dimmed">
                    {[
                      account.organisationNumber ? t('customers.organisationNumber', { number: account.organisationNumber }) : null,
                      t('customers.locationCount', { count: account.locationCount }),
                      t('customers.since', { date: formatDate(account.createdAt, language) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </div>
                <Group>
                  <Button variant="default" loading={sync.isPending && sync.variables?.accountId === account.accountId} onClick={() => sync.mutate(account)}>
                    {t('customers.sync')}
                  </Button>
                  <Button onClick={() => setOpening(account)}>{t('customers.openAs')}</Button>
                </Group>
              </Group>
              {jobs[`sync:${account.accountId}`] && (
                <Text size="sm" role="status">
                  {jobText(jobs[`sync:${account.accountId}`])}
                </Text>
              )}
              <Table withTableBorder aria-label={t('customers.usersOf', { customerId: account.provider.customerId })}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('customers.columns.name')}</Table.Th>
                    <Table.Th>{t('customers.columns.email')}</Table.Th>
                    <Table.Th>{t('customers.role')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('customers.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {account.users.map((member) => (
                    <Table.Tr key={member._id}>
                      <Table.Td>
                        {member._id === user._id ? (
                          personName(member)
                        ) : (
                          <Anchor component={Link} to={`/${organisation.slug}/customers/${member._id}`} size="sm">
                            {personName(member)}
                          </Anchor>
                        )}
                      </Table.Td>
                      <Table.Td>{member.email ?? '—'}</Table.Td>
                      <Table.Td>{t(`customers.roles.${member.role}`, { defaultValue: member.role })}</Table.Td>
                      <Table.Td ta="right">
                        {member.role !== 'OWNER' && (
                          <Button size="compact-sm" variant="subtle" color="red" onClick={() => remove.ask({ account, member })} aria-label={t('customers.remove.buttonFor', { name: personName(member) })}>
                            {t('customers.remove.button')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {mayCall(info.admin.scope, listPremiumFeatures) && <PremiumFeatures organisation={organisation.slug} accountId={account.accountId} customerId={account.provider.customerId} />}
            </Stack>
          </Card>
        ))}
      </Section>

      <Section title={t('customers.locations')} empty={locations.length === 0 ? t('customers.noLocations') : null}>
        <Table striped withTableBorder aria-label={t('customers.locations')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('customers.address')}</Table.Th>
              <Table.Th>{t('customers.status')}</Table.Th>
              <Table.Th>{t('customers.services')}</Table.Th>
              <Table.Th>{t('customers.history.column')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {locations.map((location) => (
              <Table.Tr key={location._id}>
                <Table.Td>
                  {addressOf(location._id)}
                  {location.accountId && (
                    <Text size="xs" c="dimmed">
                      {t('customers.customerId', { id: customerIdOf(location.accountId) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={location.status === 'ACTIVE' ? 'teal' : 'gray'}>
                    {t(`customers.locationStatuses.${location.status}`, { defaultValue: location.status })}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {location.services.length === 0
                    ? '—'
                    : location.services.map((s) => (
                        <Text size="sm" key={s._id}>
                          {t(`customers.siteTypes.${s.type}`, { defaultValue: s.type })} ({t(`customers.serviceStatuses.${s.status}`, { defaultValue: s.status })})
                        </Text>
                      ))}
                </Table.Td>
                <Table.Td>
                  {jobs[`history:${location._id}`] ? (
                    <Text size="sm" role="status">
                      {jobText(jobs[`history:${location._id}`])}
                    </Text>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="default"
                      disabled={!location.accountId}
                      loading={history.isPending && history.variables?._id === location._id}
                      onClick={() => history.mutate(location)}
                      aria-label={t('customers.history.buttonFor', { address: addressOf(location._id) })}
                    >
                      {t('customers.history.button')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>

      <Section title={t('customers.agreements')} empty={agreementRows.length === 0 ? t('customers.noAgreements') : null}>
        <Table striped withTableBorder aria-label={t('customers.agreements')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('customers.address')}</Table.Th>
              <Table.Th>{t('customers.service')}</Table.Th>
              <Table.Th>{t('customers.agreementType')}</Table.Th>
              <Table.Th>{t('customers.starts')}</Table.Th>
              <Table.Th>{t('customers.ends')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agreementRows.map(({ locationId, agreement }) => (
              <Table.Tr key={`${locationId}-${agreement._id}`}>
                <Table.Td>{addressOf(locationId)}</Table.Td>
                <Table.Td>{t(`customers.siteTypes.${agreement.siteType}`, { defaultValue: agreement.siteType })}</Table.Td>
                <Table.Td>{t(`customers.agreementTypes.${agreement.type}`, { defaultValue: agreement.type })}</Table.Td>
                <Table.Td>{agreement.startDate ? formatDate(agreement.startDate, language) : '—'}</Table.Td>
                <Table.Td>{agreement.endDate ? formatDate(agreement.endDate, language) : t('customers.untilFurtherNotice')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>

      <Section title={t('customers.invoices')} empty={invoices.length === 0 ? t('customers.noInvoices') : null}>
        <Table striped withTableBorder aria-label={t('customers.invoices')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('customers.invoiceNumber')}</Table.Th>
              <Table.Th>{t('customers.by.customerId')}</Table.Th>
              <Table.Th>{t('customers.period')}</Table.Th>
              <Table.Th>{t('customers.dueDate')}</Table.Th>
              <Table.Th>{t('customers.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((invoice) => (
              <Table.Tr key={invoice._id}>
                <Table.Td>{invoice.id}</Table.Td>
                <Table.Td>{customerIdOf(invoice.accountId)}</Table.Td>
                <Table.Td>
                  {formatDate(invoice.startDate, language)} – {formatDate(invoice.endDate, language)}
                </Table.Td>
                <Table.Td>{invoice.dueDate ? formatDate(invoice.dueDate, language) : '—'}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={invoice.invoiceStatus === 'PAID' ? 'teal' : invoice.invoiceStatus === 'REMINDED' ? 'red' : 'gray'}>
                    {t(`shared:invoiceStatus.${invoice.invoiceStatus}`, { defaultValue: invoice.invoiceStatus })}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>

      <Section title={t('customers.signIns')} empty={signIns.length === 0 ? t('customers.noSignIns') : null}>
        <Table striped withTableBorder aria-label={t('customers.signIns')}>
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
                  {t(`customers.signInTypes.${signIn.type}`, { defaultValue: signIn.type })} {signIn.support && <Badge variant="light">{t('customers.supportSession')}</Badge>}
                </Table.Td>
                <Table.Td>{t(`customers.signInStatuses.${signIn.status}`, { defaultValue: signIn.status })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>

      <PushDevices organisation={organisation.slug} userId={user._id} tokens={pushTokens} onRemoved={() => void refresh()} />

      <Section title={t('customers.inspectors')} empty={inspectors.length === 0 ? t('customers.noInspectors') : null}>
        <Table striped withTableBorder aria-label={t('customers.inspectors')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('customers.columns.email')}</Table.Th>
              <Table.Th>{t('customers.by.customerId')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inspectors.map((inspector) => (
              <Table.Tr key={`${inspector.adminId}-${inspector.accountId}`}>
                <Table.Td>{inspector.email}</Table.Td>
                <Table.Td>{customerIdOf(inspector.accountId)}</Table.Td>
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
      <ConfirmModal
        {...remove.modal}
        title={remove.deleting ? t('customers.remove.title', { name: personName(remove.deleting.member), customerId: remove.deleting.account.provider.customerId }) : ''}
        body={t('customers.remove.body')}
      />
      {editing && (
        <CustomerUserForm
          organisation={organisation.slug}
          user={user}
          onClose={() => setEditing(false)}
          onSaved={(saved: CustomerUser) => {
            setEditing(false);
            queryClient.setQueryData(queryKey, { ...overview.data, user: saved });
            void refresh();
          }}
        />
      )}
    </Page>
  );
}

const personName = (person: CustomerPerson) => person.fullName || person.email || person._id;

function Section({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {empty ? <Alert color="gray">{empty}</Alert> : children}
    </Stack>
  );
}
