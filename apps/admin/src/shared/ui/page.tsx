import { useEffect, type ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert.tsx';

/** A back-office page: its title (also the document's), a line on what it is for, its actions. */
export function Page({ title, intro, actions, children }: { title: string; intro?: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          {intro && (
            <Text c="dimmed" size="sm" mt={4}>
              {intro}
            </Text>
          )}
        </div>
        {actions && <Group>{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}

/** A page whose main read has not answered yet: its error with a retry, else that it is loading. */
export function PageNotReady({ title, intro, query }: { title: string; intro?: string; query: { error: unknown; refetch: () => unknown } }) {
  const { t } = useTranslation();
  return (
    <Page title={title} intro={intro}>
      {query.error ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Text c="dimmed" role="status">
          {t('app.loading')}
        </Text>
      )}
    </Page>
  );
}
