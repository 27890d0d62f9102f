import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage, errorUid } from '../api/errors.ts';

/** A failed call as a person reads it: the message, the request id for support, and a retry when there is one. */
export function ErrorAlert({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const { t } = useTranslation();
  const uid = errorUid(error);
  return (
    <Alert color="red" title={title ?? t('app.loadFailed')} role="alert">
      <Text size="sm">{errorMessage(t, error)}</Text>
      {uid && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('app.requestId', { uid })}
        </Text>
      )}
      {onRetry && (
        <Group mt="sm">
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('app.retry')}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
