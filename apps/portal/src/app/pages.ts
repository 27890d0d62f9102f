import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { paths } from '../shared/paths.ts';

type PageModule = { default: ComponentType };

export interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  /** Start loading the page's code; once loaded, the page renders without suspending. */
  preload(): Promise<unknown>;
}

/**
 * A page whose code loads on demand and can be asked for ahead of time. Once loaded, `lazy` gets
 * an already-resolved thenable, so React renders the page at once instead of showing the
 * loading fallback (and holding the page back for its fallback throttle).
 */
function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined; // a later render tries again (e.g. after a failed download)
        throw error;
      },
    ));
  const Component = lazy(() => {
    const module = loaded;
    if (!module) return preload();
    const resolved = { then: (resolve: (value: PageModule) => void) => resolve(module) };
    return resolved as unknown as Promise<PageModule>;
  });
  return { Component, preload };
}

// Pages load on demand, so that the sign-in page stays light.
export const loginPage = lazyPage(() => import('../features/login/login-page.tsx'));
export const resetPasswordPage = lazyPage(() => import('../features/login/reset-password-page.tsx'));
export const protectedFrame = lazyPage(() => import('./frame/protected-frame.tsx'));
export const dashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page.tsx'));
export const fatalPage = lazyPage(() => import('./fatal-page.tsx'));
export const invoicesPage = lazyPage(() => import('../features/invoices/invoices-page.tsx'));
export const agreementPage = lazyPage(() => import('../features/agreement/agreement-page.tsx'));
export const accountPage = lazyPage(() => import('../features/account/account-page.tsx'));
export const myHomePage = lazyPage(() => import('../features/my-home/my-home-page.tsx'));
export const analysisPage = lazyPage(() => import('../features/analysis/analysis-page.tsx'));
export const faqPage = lazyPage(() => import('../features/faq/faq-page.tsx'));
export const messagesPage = lazyPage(() => import('../features/messages/messages-page.tsx'));

/** The page each signed-in address shows first (the dashboard for any other). */
const signedInStartPages: Record<string, LazyPage> = {
  [paths.invoices]: invoicesPage,
  [paths.electricityAgreement]: agreementPage,
  [paths.account]: accountPage,
  [paths.myHome]: myHomePage,
  [paths.analysis]: analysisPage,
  [paths.faq]: faqPage,
  [paths.messages]: messagesPage,
};

/**
 * Start loading what the visitor will see first, while the organisation and its texts load: the
 * login page, or for a visitor with a session the frame and the page of the address (the
 * dashboard when the address names no other). Failures are left to the render, which retries
 * and shows the route error.
 */
export function preloadStartPages(signedIn: boolean, pathname: string = paths.dashboard): void {
  const pages = signedIn ? [protectedFrame, signedInStartPages[pathname] ?? dashboardPage] : [loginPage];
  for (const page of pages) void page.preload().catch(() => undefined);
}

/** While a sign-in is under way: the frame and the dashboard that follow it. */
export function preloadSignedInPages(): void {
  preloadStartPages(true);
}
