import { Outlet, useLocation } from 'react-router';
import type { PortalFlag } from '@gridline/contracts/settings';
import { hasFlag, useOrganisation } from '../shared/api/organisation.ts';
import { faqHidden, useFaqSections } from '../shared/faq/faq-items.ts';
import { paths } from '../shared/paths.ts';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * Routes an organisation can switch off (spec 000 §2.1: "invoices (absent when invoices are
 * hidden)"): while the flag is on, the path is absent and shows the not-found page. One layout
 * above the protected frame, so the frame is not rebuilt between pages.
 */
const hiddenBy: ReadonlyArray<readonly [string, PortalFlag]> = [
  [paths.invoices, 'HIDE_INVOICES'],
  [paths.myHome, 'HIDE_MY_HOME'],
];

export function FlaggedRoutes() {
  const organisation = useOrganisation();
  const { pathname } = useLocation();
  const faqSections = useFaqSections();
  const hidden = hiddenBy.some(([path, flag]) => (pathname === path || pathname.startsWith(`${path}/`)) && hasFlag(organisation, flag));
  // The help page is also absent when the organisation has no FAQ item (spec 000 §2.12).
  const faqAbsent = (pathname === paths.faq || pathname.startsWith(`${paths.faq}/`)) && faqHidden(organisation, faqSections);
  if (faqAbsent) return <NotFoundPage />;
  return hidden ? <NotFoundPage /> : <Outlet />;
}
