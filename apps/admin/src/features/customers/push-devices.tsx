import { Alert, Badge, Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deletePushToken } from '@gridline/contracts/endpoints/users';
import type { PushToken } from '@gridline/contracts/push-tokens';
import { formatDate, formatDateTime } from '@gridline/locale/dates';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { ConfirmModal } from '../../shared/ui/confirm-modal.tsx';
import { useConfirmedDelete } from '../../shared/ui/use-confirmed-delete.tsx';

/**
 * The devices push reaches for a customer (decision 0042): each token's kind and when it was
 * registered, with a remove action after confirmation (`DELETE …/users/{id}/pushtoken/{token}`
 * by the token's id, audited). `onRemoved` refreshes the customer page.
 */
export function PushDevices({ organisation, userId, tokens, onRemoved }: { organisation: string; userId: string; tokens: PushToken[]; onRemoved: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const kindOf = (token: PushToken) => t(`customers.push.kinds.${token.kind}`);
  const remove = useConfirmedDelete({
    remove: (token: PushToken) => client.data(deletePushToken, { params: { organisation, id: userId, token: token._id } }),
    deleted: (token) => t('customers.push.removed', { kind: kindOf(token), date: formatDate(token.createdAt, language) }),
    after: () => onRemoved(),
    label: t('customers.push.remove'),
  });

  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4">
        {t('customers.push.title')}
      </Title>
      {tokens.length === 0 ? (
        <Alert color="gray">{t('customers.push.none')}</Alert>
      ) : (
        <Table striped withTableBorder aria-label={t('customers.push.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('customers.push.kind')}</Table.Th>
              <Table.Th>{t('customers.push.registered')}</Table.Th>
              <Table.Th>{t('customers.push.lastRegistered')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('customers.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.map((token) => (
              <Table.Tr key={token._id}>
                <Table.Td>
                  <Badge variant="light">{kindOf(token)}</Badge>
                </Table.Td>
                <Table.Td>{formatDate(token.createdAt, language)}</Table.Td>
                <Table.Td>{formatDateTime(token.lastRegisteredAt, language)}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => remove.ask(token)}
                    aria-label={t('customers.push.removeFor', { kind: kindOf(token), date: formatDate(token.createdAt, language) })}
                  >
                    {t('customers.push.remove')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed">
        {t('customers.push.hint')}
      </Text>
      <ConfirmModal
        {...remove.modal}
        title={remove.deleting ? t('customers.push.confirmTitle', { kind: kindOf(remove.deleting), date: formatDate(remove.deleting.createdAt, language) }) : ''}
        body={t('customers.push.confirmBody')}
      />
    </Stack>
  );
}
