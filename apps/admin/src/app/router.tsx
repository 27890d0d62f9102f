import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { ForgotPasswordPage } from '../features/sign-in/forgot-password-page.tsx';
import { SetPasswordPage } from '../features/sign-in/set-password-page.tsx';
import { SignInPage } from '../features/sign-in/sign-in-page.tsx';
import { FullPageLoader, RedirectWhenSignedIn, RequireStaff } from './guards.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RootRedirect } from './root-redirect.tsx';

/** A page loaded when first opened: the sign-in screen stays light. */
function page(load: () => Promise<{ default: ComponentType }>) {
  const Component = lazy(load);
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Component />
    </Suspense>
  );
}

/**
 * The back office's addresses under `/admin/` (decision 0039): the sign-in pages, then
 * `/<organisation>/<area>` for everything behind sign-in, so a link names the organisation it shows.
 */
export const router = createBrowserRouter(
  [
    {
      element: <RedirectWhenSignedIn />,
      children: [
        { path: '/sign-in', element: <SignInPage /> },
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
      ],
    },
    { path: '/set-password', element: <SetPasswordPage /> },
    {
      element: <RequireStaff />,
      children: [
        { path: '/', element: <RootRedirect /> },
        {
          path: '/:organisation',
          // The signed-in frame with its menu (and the contracts of every area) loads after the sign-in.
          element: page(() => import('./shell.tsx').then((m) => ({ default: m.Shell }))),
          children: [
            { index: true, element: page(() => import('../features/home/home-page.tsx').then((m) => ({ default: m.HomePage }))) },
            { path: 'admins', element: page(() => import('../features/admins/admins-page.tsx').then((m) => ({ default: m.AdminsPage }))) },
            { path: 'api-tokens', element: page(() => import('../features/api-tokens/api-tokens-page.tsx').then((m) => ({ default: m.ApiTokensPage }))) },
            { path: 'secrets', element: page(() => import('../features/secrets/secrets-page.tsx').then((m) => ({ default: m.SecretsPage }))) },
            { path: 'customers', element: page(() => import('../features/customers/customers-page.tsx').then((m) => ({ default: m.CustomersPage }))) },
            { path: 'customers/:id', element: page(() => import('../features/customers/customer-page.tsx').then((m) => ({ default: m.CustomerPage }))) },
            { path: 'support', element: page(() => import('../features/support/support-page.tsx').then((m) => ({ default: m.SupportPage }))) },
            { path: 'support/:userId', element: page(() => import('../features/support/conversation-page.tsx').then((m) => ({ default: m.ConversationPage }))) },
            { path: 'feedback', element: page(() => import('../features/support/feedback-page.tsx').then((m) => ({ default: m.FeedbackPage }))) },
            { path: 'assets', element: page(() => import('../features/assets/assets-page.tsx').then((m) => ({ default: m.AssetsPage }))) },
            { path: 'modules', element: page(() => import('../features/modules/modules-page.tsx').then((m) => ({ default: m.ModulesPage }))) },
            { path: 'theme', element: page(() => import('../features/theme/theme-page.tsx').then((m) => ({ default: m.ThemePage }))) },
            { path: 'audiences', element: page(() => import('../features/segments/audiences-page.tsx').then((m) => ({ default: m.AudiencesPage }))) },
            { path: 'feature-configurations', element: page(() => import('../features/feature-configurations/feature-configurations-page.tsx').then((m) => ({ default: m.FeatureConfigurationsPage }))) },
            { path: 'disruptions', element: page(() => import('../features/disruptions/disruptions-page.tsx').then((m) => ({ default: m.DisruptionsPage }))) },
            { path: 'tips', element: page(() => import('../features/tips/tips-page.tsx').then((m) => ({ default: m.TipsPage }))) },
            { path: 'copy', element: page(() => import('../features/copy/copy-page.tsx').then((m) => ({ default: m.CopyPage }))) },
            { path: 'copy/:type/:key', element: page(() => import('../features/copy/copy-key-page.tsx').then((m) => ({ default: m.CopyKeyPage }))) },
            { path: 'audit', element: page(() => import('../features/audit/audit-page.tsx').then((m) => ({ default: m.AuditPage }))) },
            { path: 'audit/:id', element: page(() => import('../features/audit/audit-entry-page.tsx').then((m) => ({ default: m.AuditEntryPage }))) },
            { path: 'feature-flags', element: page(() => import('../features/feature-flags/feature-flags-page.tsx').then((m) => ({ default: m.FeatureFlagsPage }))) },
            { path: 'custom-favorites', element: page(() => import('../features/custom-favorites/custom-favorites-page.tsx').then((m) => ({ default: m.CustomFavoritesPage }))) },
            { path: 'releases', element: page(() => import('../features/releases/releases-page.tsx').then((m) => ({ default: m.ReleasesPage }))) },
            { path: 'jobs', element: page(() => import('../features/jobs/jobs-page.tsx').then((m) => ({ default: m.JobsPage }))) },
            { path: 'tools', element: page(() => import('../features/tools/tools-page.tsx').then((m) => ({ default: m.ToolsPage }))) },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ],
  { basename: '/admin' },
);
