import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useIsSignedIn } from '../shared/api/use-is-signed-in.ts';
import { paths } from '../shared/paths.ts';
import { LoadingOverlay } from './loading-overlay.tsx';

const ProtectedFrame = lazy(() => import('./frame/protected-frame.tsx'));

/** A protected route: the frame and the page for a visitor with a session, else the login page. */
export function RequireSignedIn() {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  const { t } = useTranslation('shared');
  if (!signedIn) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return (
    <Suspense fallback={<LoadingOverlay label={t('loading')} />}>
      <ProtectedFrame />
    </Suspense>
  );
}

/** The login page: once authorised, the visitor goes to the dashboard (spec 000 §2.5). */
export function RedirectWhenSignedIn() {
  const signedIn = useIsSignedIn();
  const { t } = useTranslation('shared');
  if (signedIn) return <Navigate to={paths.dashboard} replace />;
  return (
    <Suspense fallback={<LoadingOverlay label={t('loading')} />}>
      <Outlet />
    </Suspense>
  );
}
