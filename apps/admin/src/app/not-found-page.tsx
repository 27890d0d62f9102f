import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" p="xl" component="main">
      <Title order={1} size="h2">
        {t('app.notFound')}
      </Title>
      <Text c="dimmed">404</Text>
      <Button component={Link} to="/">
        {t('app.toHome')}
      </Button>
    </Stack>
  );
}
