import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '../shared/paths.ts';
import { RedirectWhenSignedIn, RequireSignedIn } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { FlaggedRoutes } from './flagged-routes.tsx';
import { accountPage, agreementPage, analysisPage, dashboardPage, fatalPage, faqPage, invoicesPage, loginPage, myHomePage, preloadSignedInPages } from './pages.ts';
import { DisruptionGate } from './disruption-gate.tsx';
import { RouteError } from './route-error.tsx';

const LoginPage = loginPage.Component;
const DashboardPage = dashboardPage.Component;
const FatalPage = fatalPage.Component;
const InvoicesPage = invoicesPage.Component;
const AgreementPage = agreementPage.Component;
const AccountPage = accountPage.Component;
const MyHomePage = myHomePage.Component;
const AnalysisPage = analysisPage.Component;
const FaqPage = faqPage.Component;

/** What the frame reads from a protected route: the copy key of the page title. */
export interface PageHandle {
  titleKey: string;
}

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    // A fatal disruption sends every route to the fatal page (spec 000 §2.4).
    element: <DisruptionGate />,
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
              {
                path: paths.analysis,
                element: <AnalysisPage />,
                handle: { titleKey: 'analysis.title' } satisfies PageHandle,
              },
              {
                path: paths.account,
                element: <AccountPage />,
                handle: { titleKey: 'account.title' } satisfies PageHandle,
              },
              {
                path: paths.myHome,
                element: <MyHomePage />,
                handle: { titleKey: 'myHome.title' } satisfies PageHandle,
              },
              {
                path: paths.faq,
                element: <FaqPage />,
                handle: { titleKey: 'faq.title' } satisfies PageHandle,
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
