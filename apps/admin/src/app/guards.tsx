import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { client } from '../shared/api/client.ts';
import { useSessionVersion } from '../shared/api/session-events.ts';

/** Pages behind sign-in: without a session, the sign-in page, which comes back here afterwards. */
export function RequireStaff() {
  useSessionVersion();
  const location = useLocation();
  if (!client.isSignedIn()) {
    // Back to the page asked for after the sign-in (an address of this app: the router's paths).
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={location.pathname === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}

/**
 * The sign-in pages: a signed-in staff member goes straight in, to the page asked for before the
 * sign-in (`?next=`, a path of this app only, never another site) or home.
 */
export function RedirectWhenSignedIn() {
  useSessionVersion();
  const [params] = useSearchParams();
  const next = params.get('next');
  if (!client.isSignedIn()) return <Outlet />;
  return <Navigate to={next && /^\/(?!\/)/.test(next) ? next : '/'} replace />;
}

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}
