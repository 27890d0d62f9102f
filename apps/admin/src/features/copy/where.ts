import type { CopyGroup } from '@gridline/contracts/organisations';

/** The portal's pages a `my-pages` key's first segment names, with their address (the portal's `shared/paths.ts`). */
const portalPages: Readonly<Record<string, string>> = {
  dashboard: '/dashboard',
  login: '/login',
  resetPassword: '/reset-password',
  invoices: '/invoices',
  agreement: '/electricity-agreement',
  account: '/account',
  myHome: '/my-home',
  analysis: '/analysis',
  faq: '/faq',
  notFound: '/not-found',
  fatal: '/fatal',
  welcome: '/dashboard',
  disruption: '/dashboard',
  disruptionInfo: '/dashboard',
  messages: '/messages',
};

/**
 * Where a key's text appears (decision 0046): the copy key of the description, its values, and
 * the portal's address to open, when the text is the portal's. Derived from the group and the
 * key's first segment; a key it does not know is described by its group.
 */
export function whereTextAppears(type: CopyGroup, key: string): { label: string; values?: Record<string, string>; portalPath?: string } {
  const first = key.split('.')[0] ?? '';
  if (type === 'my-pages') {
    if (first in portalPages) return { label: 'copyTexts.where.page', values: { pageKey: `copyTexts.where.pages.${first === 'disruptionInfo' ? 'disruption' : first}` }, portalPath: portalPages[first] as string };
    // The frame's texts (app, nav, location, …) and anything else of the portal: on every page.
    return { label: 'copyTexts.where.portal', portalPath: '/dashboard' };
  }
  if (type === 'shared') return { label: 'copyTexts.where.shared', portalPath: first === 'errors' ? '/login' : '/dashboard' };
  return { label: `copyTexts.where.${type}` };
}

/**
 * The portal's address for an organisation, on the host this back office runs on: the
 * organisation's own host name (`<slug>.<domain>`), as the server resolves it (decision 0004).
 */
export function portalUrl(location: Pick<Location, 'protocol' | 'hostname' | 'port'>, slug: string, knownSlugs: readonly string[], path: string): string {
  const labels = location.hostname.split('.');
  const domain = labels.length > 1 && knownSlugs.includes(labels[0] as string) ? labels.slice(1).join('.') : location.hostname;
  return `${location.protocol}//${slug}.${domain}${location.port ? `:${location.port}` : ''}${path}`;
}
