import { useState } from 'react';
import { Anchor, Badge, Button, Card, Code, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { getAuditLog } from '@gridline/contracts/endpoints/audit';
import { formatDateTime } from '@gridline/locale/dates';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { Fact } from '../../shared/ui/fact.tsx';
import { diffRows } from './diff.ts';
import { methodText } from './method.ts';

/** One audit entry: who, what, how and from where, and its values before and after, the changed ones first. */
export function AuditEntryPage() {
  const { t, i18n } = useTranslation();
  const { organisation } = useShell();
  const { id = '' } = useParams();
  const [showAll, setShowAll] = useState(false);
  const entry = useQuery({ queryKey: ['auditEntry', organisation.slug, id], queryFn: () => client.data(getAuditLog, { params: { organisation: organisation.slug, id } }) });
  if (entry.isPending) return <Text>{t('app.loading')}</Text>;
  if (entry.error) return <ErrorAlert error={entry.error} onRetry={() => void entry.refetch()} />;
  const e = entry.data;
  const rows = diffRows(e.before, e.after, e.changed);
  const changed = rows.filter((row) => row.changed);
  const unchanged = rows.filter((row) => !row.changed);

  return (
    <Page title={e.action} intro={formatDateTime(e.createdAt, i18n.language as Language)}>
      <Anchor component={Link} to={`/${organisation.slug}/audit`} size="sm">
        {t('audit.back')}
      </Anchor>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label={t('audit.columns.actor')} value={e.actorEmail ?? t(`audit.actorTypes.${e.actorType}`)} />
          <Fact label={t('audit.role')} value={e.actorScope ? t(`scopes.${e.actorScope}`, { defaultValue: e.actorScope }) : null} />
          <Fact label={t('audit.method')} value={methodText(t, e.actorMethod)} />
          <Fact label={t('audit.columns.object')} value={[e.subjectType, e.subjectId].filter(Boolean).join(' ')} />
          <Fact label={t('audit.columns.outcome')} value={t(`audit.outcomes.${e.outcome}`)} />
          <Fact label={t('audit.sequence')} value={String(e.seq)} />
          <Fact label={t('audit.address')} value={e.address} />
          <Fact label={t('audit.userAgent')} value={e.userAgent} />
          <Fact label={t('audit.requestId')} value={e.requestId} />
          <Fact label={t('audit.groupId')} value={e.groupId ?? t('audit.noGroup')} />
        </SimpleGrid>
        {e.subjectType && e.subjectId && (
          <Anchor component={Link} to={`/${organisation.slug}/audit?${new URLSearchParams({ subjectType: e.subjectType, subjectId: e.subjectId }).toString()}`} size="sm" mt="sm" display="inline-block">
            {t('audit.sameObject')}
          </Anchor>
        )}
      </Card>
      <Stack gap="xs" component="section">
        <Title order={2} size="h4">
          {t('audit.changes')}
        </Title>
        {rows.length === 0 ? (
          <Text c="dimmed">{t('audit.noValues')}</Text>
        ) : (
          <Table withTableBorder aria-label={t('audit.changes')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.field')}</Table.Th>
                <Table.Th>{t('audit.before')}</Table.Th>
                <Table.Th>{t('audit.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...changed, ...(showAll ? unchanged : [])].map((row) => (
                <Table.Tr key={row.field} bg={row.changed ? 'var(--mantine-color-yellow-0)' : undefined}>
                  <Table.Td>
                    {row.field} {row.changed && <Badge variant="light" color="orange">{t('audit.changedBadge')}</Badge>}
                  </Table.Td>
                  <Table.Td>{row.sealed ? <Text c="dimmed">{t('audit.sealed')}</Text> : <Code>{row.before}</Code>}</Table.Td>
                  <Table.Td>{row.sealed ? <Text c="dimmed">{t('audit.sealed')}</Text> : <Code>{row.after}</Code>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {unchanged.length > 0 && (
          <Button variant="subtle" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll} style={{ alignSelf: 'flex-start' }}>
            {showAll ? t('audit.hideUnchanged') : t('audit.showUnchanged', { count: unchanged.length })}
          </Button>
        )}
      </Stack>
      {Object.keys(e.data).length > 0 && (
        <Stack gap="xs" component="section">
          <Title order={2} size="h4">
            {t('audit.data')}
          </Title>
          <Table withTableBorder aria-label={t('audit.data')}>
            <Table.Tbody>
              {Object.entries(e.data).map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Th scope="row" w="30%">
                    {key}
                  </Table.Th>
                  <Table.Td>
                    <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{typeof value === 'string' ? value : JSON.stringify(value)}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Page>
  );
}

