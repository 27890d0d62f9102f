import { Anchor, Card, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../shared/api/shell-context.ts';
import { Page } from '../../shared/ui/page.tsx';
import { visibleAreas } from '../../shared/areas.ts';

/** Who is signed in, how, and where: the first screen after sign-in. */
export function HomePage() {
  const { t } = useTranslation();
  const { info, organisation } = useShell();
  const { admin } = info;
  const method = t(`home.methods.${info.method}`);
  return (
    <Page title={t('home.title', { name: admin.firstName || admin.email })}>
      <Card withBorder>
        <Stack gap={4}>
          <Text>{t('home.role', { scope: t(`scopes.${admin.scope}`) })}</Text>
          <Text>{t('home.organisation', { organisation: organisation.name })}</Text>
          <Text>{t('home.method', { method: info.secondFactorUsed ? t('home.withSecondFactor', { method }) : method })}</Text>
        </Stack>
      </Card>
      <Text fw={600}>{t('home.areas')}</Text>
      <List>
        {visibleAreas(admin.scope, organisation).map((area) => (
          <List.Item key={area.path}>
            <Anchor component={Link} to={`/${organisation.slug}/${area.path}`}>
              {t(area.label)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Page>
  );
}
