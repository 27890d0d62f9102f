import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '../shared/paths.ts';
import { RedirectWhenSignedIn, RequireSignedIn } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';

// Pages load on demand, so that the sign-in page stays light.
const LoginPage = lazy(() => import('../features/login/login-page.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page.tsx'));
const FatalPage = lazy(() => import('./fatal-page.tsx'));

/** What the frame reads from a protected route: the copy key of the page title. */
export interface PageHandle {
  titleKey: string;
}

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.root, element: <Navigate to={paths.dashboard} replace /> },
      {
        element: <RequireSignedIn />,
        children: [
          {
            path: paths.dashboard,
            element: <DashboardPage />,
            handle: { titleKey: 'dashboard.title' } satisfies PageHandle,
          },
        ],
      },
      {
        element: <RedirectWhenSignedIn />,
        children: [{ path: paths.login, element: <LoginPage /> }],
      },
      { path: paths.fatal, element: <FatalPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
