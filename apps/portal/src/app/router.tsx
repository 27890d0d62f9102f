import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '../shared/paths.ts';
import { RedirectWhenSignedIn, RequireSignedIn } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { FlaggedRoutes } from './flagged-routes.tsx';
import { agreementPage, dashboardPage, fatalPage, invoicesPage, loginPage, preloadSignedInPages } from './pages.ts';
import { RouteError } from './route-error.tsx';

const LoginPage = loginPage.Component;
const DashboardPage = dashboardPage.Component;
const FatalPage = fatalPage.Component;
const InvoicesPage = invoicesPage.Component;
const AgreementPage = agreementPage.Component;

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
        element: <FlaggedRoutes />,
        children: [
          {
            element: <RequireSignedIn />,
            children: [
              {
                path: paths.dashboard,
                element: <DashboardPage />,
                handle: { titleKey: 'dashboard.title' } satisfies PageHandle,
              },
              {
                path: paths.electricityAgreement,
                element: <AgreementPage />,
                handle: { titleKey: 'agreement.title' } satisfies PageHandle,
              },
              {
                path: paths.invoices,
                element: <InvoicesPage />,
                handle: { titleKey: 'invoices.title' } satisfies PageHandle,
              },
            ],
          },
        ],
      },
      {
        element: <RedirectWhenSignedIn preload={preloadSignedInPages} />,
        children: [{ path: paths.login, element: <LoginPage /> }],
      },
      { path: paths.fatal, element: <FatalPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
