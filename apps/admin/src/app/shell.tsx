import { Fragment } from 'react';
import { Alert, AppShell, Burger, Button, Group, Menu, NavLink, ScrollArea, Select, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { languages, type Language } from '@gridline/locale/languages';
import { client } from '../shared/api/client.ts';
import { useAdminInfo, useCurrentOrganisation } from '../shared/api/staff.ts';
import { switchLanguage } from '../shared/i18n/i18n.ts';
import { ErrorAlert } from '../shared/ui/error-alert.tsx';
import { areas as allAreas, visibleAreas } from '../shared/areas.ts';
import { FullPageLoader } from './guards.tsx';

/**
 * The frame of every signed-in page: the organisation switcher (platform staff work in every
 * organisation), the language, the staff member's menu, and the areas their scope may open.
 */
export function Shell() {
  const { t, i18n } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const info = useAdminInfo();
  const organisation = useCurrentOrganisation(info.data);
  const { organisation: slug } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  if (info.isPending) return <FullPageLoader />;
  if (info.error || !info.data) return <ErrorAlert error={info.error} onRetry={() => void info.refetch()} />;
  // An organisation this staff member does not work in is no page of theirs.
  if (!organisation) return <Navigate to="/" replace />;

  const { admin, organisations } = info.data;
  const areas = visibleAreas(admin.scope, organisation);
  const here = location.pathname.split('/')[2] ?? '';
  // An area the scope may not open says so, instead of a page of refusals from the server.
  const forbidden = allAreas.some((a) => a.path === here) && !areas.some((a) => a.path === here);
  const signOut = async () => {
    await client.signOut();
    // Only the navigation: telling the guards first would send back here after the next sign-in (`?next=`).
    navigate('/sign-in', { replace: true });
    queryClient.clear();
  };

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('app.openMenu')} />
            <UnstyledButton component={Link} to={`/${organisation.slug}`} fw={700}>
              {t('app.name')}
            </UnstyledButton>
            {organisations.length > 1 ? (
              <Select
                aria-label={t('app.organisation')}
                data={organisations.map((o) => ({ value: o.slug, label: o.name }))}
                value={slug ?? null}
                onChange={(value) => value && navigate(`/${value}/${here}`)}
                allowDeselect={false}
                searchable
                w={200}
                size="xs"
              />
            ) : (
              <Text size="sm" c="dimmed">
                {organisation.name}
              </Text>
            )}
          </Group>
          <Group wrap="nowrap" gap="xs">
            <Select
              aria-label={t('app.language')}
              data={languages.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
              value={i18n.language}
              onChange={(value) => value && void switchLanguage(value as Language)}
              allowDeselect={false}
              w={140}
              size="xs"
              visibleFrom="xs"
            />
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="subtle" size="xs">
                  {admin.email}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t(`scopes.${admin.scope}`)}</Menu.Label>
                <Menu.Item onClick={() => void signOut()}>{t('app.signOut')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('app.mainMenu')} component="nav">
        <ScrollArea>
          <NavLink component={RouterNavLink} to={`/${organisation.slug}`} end label={t('nav.home')} onClick={close} />
          {[...new Set(areas.map((area) => area.group))].map((group) => (
            <Fragment key={group}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" mb={4} px="sm" component="h2">
                {t(group)}
              </Text>
              {areas
                .filter((area) => area.group === group)
                .map((area) => (
                  <NavLink key={area.path} component={RouterNavLink} to={`/${organisation.slug}/${area.path}`} label={t(area.label)} onClick={close} />
                ))}
            </Fragment>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        {forbidden ? (
          <Alert color="orange" title={t('app.forbidden')} role="alert">
            {t(`scopes.${admin.scope}`)}
          </Alert>
        ) : (
          <Outlet context={{ info: info.data, organisation }} />
        )}
      </AppShell.Main>
    </AppShell>
  );
}
