import { useState, type FormEvent } from 'react';
import { Anchor, Badge, Button, Card, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { getSupportConversation, replySupportConversation } from '@gridline/contracts/endpoints/support';
import { SUPPORT_TEXT_MAX, supportTextProblem } from '@gridline/contracts/support';
import { formatDateTime } from '@gridline/locale/dates';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';

/**
 * One customer's conversation (decision 0047): the messages oldest first (opening it marks the
 * customer's read, an audit entry), whether the customer has read each answer, and the answer
 * form with the server's rule checked first.
 */
export function ConversationPage() {
  const { t, i18n } = useTranslation();
  const { organisation } = useShell();
  const { userId = '' } = useParams();
  const queryClient = useQueryClient();
  const language = i18n.language as Language;
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);

  const key = ['support', organisation.slug, 'conversation', userId];
  const conversation = useQuery({
    queryKey: key,
    queryFn: () => client.data(getSupportConversation, { params: { userId }, query: { organisation: organisation.slug, markAsRead: 'true' } }),
    refetchInterval: 30_000,
  });
  const reply = useMutation({
    mutationFn: (value: string) =>
      client.data(replySupportConversation, { params: { userId }, query: { organisation: organisation.slug }, body: { text: value } }),
    onSuccess: () => {
      setText('');
      setTried(false);
      notifications.show({ color: 'green', message: t('support.sent') });
      void queryClient.invalidateQueries({ queryKey: ['support', organisation.slug] });
    },
  });

  const problem = supportTextProblem(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!problem) reply.mutate(text);
  };
  const name = conversation.data ? conversation.data.name || conversation.data.email || t('support.unnamed') : '';

  return (
    <Page title={conversation.data ? t('support.conversationTitle', { name }) : t('support.title')}>
      <Anchor component={Link} to={`/${organisation.slug}/support`} size="sm">
        ← {t('support.back')}
      </Anchor>
      {conversation.error ? (
        <ErrorAlert error={conversation.error} onRetry={() => void conversation.refetch()} />
      ) : !conversation.data ? (
        <Text role="status">{t('app.loading')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {[conversation.data.email, conversation.data.customerNumber ? t('support.customerNumber', { number: conversation.data.customerNumber }) : null]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {conversation.data.messages.length === 0 ? (
            <Text c="dimmed">{t('support.noMessages')}</Text>
          ) : (
            <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('support.conversationTitle', { name })}>
              {conversation.data.messages.map((m) => (
                <Paper
                  component="li"
                  key={m._id}
                  withBorder
                  p="sm"
                  maw={720}
                  ml={m.from === 'support' ? 'auto' : 0}
                  bg={m.from === 'support' ? 'var(--mantine-color-blue-light)' : undefined}
                  data-testid={`message-${m.from}`}
                >
                  <Group gap="xs" mb={4}>
                    <Text size="sm" fw={600}>
                      {m.from === 'customer'
                        ? t('support.fromCustomer')
                        : m.author
                          ? t('support.fromSupport', { author: m.author })
                          : t('support.fromSupportUnknown')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(m.createdAt, language)}
                    </Text>
                    {m.from === 'support' ? (
                      <Badge size="xs" variant="light" color={m.read ? 'green' : 'gray'}>
                        {m.read ? t('support.readByCustomer') : t('support.notReadByCustomer')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {m.text}
                  </Text>
                </Paper>
              ))}
            </Stack>
          )}
          <Card withBorder component="section" aria-labelledby="support-reply">
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <Title order={2} size="h4" id="support-reply">
                  {t('support.replyTitle')}
                </Title>
                <Textarea
                  label={t('support.replyLabel')}
                  description={t('support.replyHint', { max: SUPPORT_TEXT_MAX })}
                  autosize
                  minRows={4}
                  value={text}
                  onChange={(event) => setText(event.currentTarget.value)}
                  error={tried && problem ? t(`shared:errors.${problem}`) : undefined}
                />
                {reply.error ? <ErrorAlert error={reply.error} /> : null}
                <Group>
                  <Button type="submit" loading={reply.isPending}>
                    {t('support.send')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        </>
      )}
    </Page>
  );
}
