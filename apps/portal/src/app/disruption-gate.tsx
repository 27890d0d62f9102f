import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useActiveDisruption } from '../shared/disruptions/active-disruption.ts';
import type { FatalRouteState } from '../shared/disruption.ts';
import { paths } from '../shared/paths.ts';

/**
 * Above every route: a fatal disruption (spec 000 §2.4) sends the visitor, signed in or not, to
 * the fatal page with the disruption's title and message; the fatal page signs a signed-in user
 * out. Asked on every page load, every minute and on return to the tab.
 */
export function DisruptionGate() {
  const disruption = useActiveDisruption();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const fatal = disruption?.type === 'fatal' ? disruption : null;
  const title = fatal?.title;
  const message = fatal?.message;

  useEffect(() => {
    if (!message || pathname === paths.fatal) return;
    const state: FatalRouteState = { disruption: { message, ...(title ? { title } : {}) } };
    void navigate(paths.fatal, { replace: true, state });
  }, [title, message, pathname, navigate]);

  return <Outlet />;
}
