import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '../shared/paths.ts';
import { OpenPage, RedirectWhenSignedIn, RequireSignedIn } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { FlaggedRoutes } from './flagged-routes.tsx';
import { accountPage, agreementPage, analysisPage, dashboardPage, fatalPage, faqPage, invoicesPage, loginPage, messagesPage, myHomePage, preloadSignedInPages, resetPasswordPage, type LazyPage } from './pages.ts';
import { DisruptionGate } from './disruption-gate.tsx';
import { RouteError } from './route-error.tsx';

const LoginPage = loginPage.Component;
const FatalPage = fatalPage.Component;
const ResetPasswordPage = resetPasswordPage.Component;

/** What the frame reads from a protected route: the copy key of the page title. */
export interface PageHandle {
  titleKey: string;
}

/** The pages behind sign-in: address, page and the copy key of its title. */
const signedInPages: ReadonlyArray<{ path: string; page: LazyPage } & PageHandle> = [
  { path: paths.dashboard, page: dashboardPage, titleKey: 'dashboard.title' },
  { path: paths.electricityAgreement, page: agreementPage, titleKey: 'agreement.title' },
  { path: paths.invoices, page: invoicesPage, titleKey: 'invoices.title' },
  { path: paths.analysis, page: analysisPage, titleKey: 'analysis.title' },
  { path: paths.account, page: accountPage, titleKey: 'account.title' },
  { path: paths.myHome, page: myHomePage, titleKey: 'myHome.title' },
  { path: paths.faq, page: faqPage, titleKey: 'faq.title' },
  { path: paths.messages, page: messagesPage, titleKey: 'messages.title' },
];

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
            children: signedInPages.map(({ path, page, titleKey }) => ({ path, element: <page.Component />, handle: { titleKey } satisfies PageHandle })),
          },
        ],
      },
      {
        element: <RedirectWhenSignedIn preload={preloadSignedInPages} />,
        children: [{ path: paths.login, element: <LoginPage /> }],
      },
      // Outside the guards: the reset link signs in, and the page stays to ask for the new password.
      {
        path: paths.resetPassword,
        element: (
          <OpenPage>
            <ResetPasswordPage />
          </OpenPage>
        ),
      },
      { path: paths.fatal, element: <FatalPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
