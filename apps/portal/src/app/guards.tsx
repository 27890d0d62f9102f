import { Suspense, useEffect, type ReactNode } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signInMutationKey } from '../shared/api/session-events.ts';
import { useIsSignedIn } from '../shared/api/use-is-signed-in.ts';
import { paths } from '../shared/paths.ts';
import { LoadingOverlay } from './loading-overlay.tsx';
import { protectedFrame } from './pages.ts';

const ProtectedFrame = protectedFrame.Component;

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

/**
 * The login page: once authorised, the visitor goes to the dashboard (spec 000 §2.5). While a
 * sign-in is under way, the code of the pages behind it loads.
 */
export function RedirectWhenSignedIn({ preload }: { preload(): void }) {
  const signedIn = useIsSignedIn();
  const signingIn = useIsMutating({ mutationKey: signInMutationKey }) > 0;
  const { t } = useTranslation('shared');
  useEffect(() => {
    if (signingIn) preload();
  }, [signingIn, preload]);
  if (signedIn) return <Navigate to={paths.dashboard} replace />;
  return (
    <Suspense fallback={<LoadingOverlay label={t('loading')} />}>
      <Outlet />
    </Suspense>
  );
}

/** A page open to everyone, signed in or not (the password reset link's page), loaded on demand. */
export function OpenPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shared');
  return <Suspense fallback={<LoadingOverlay label={t('loading')} />}>{children}</Suspense>;
}
