import { useEffect, type ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
