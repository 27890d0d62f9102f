import { Navigate } from 'react-router';
import { hostOrganisation } from '../shared/api/client.ts';
import { useAdminInfo } from '../shared/api/staff.ts';
import { ErrorAlert } from '../shared/ui/error-alert.tsx';
import { FullPageLoader } from './guards.tsx';

/** `/admin/`: the organisation of this host when the staff member works there, else their first. */
export function RootRedirect() {
  const info = useAdminInfo();
  if (info.isPending) return <FullPageLoader />;
  if (info.error || !info.data) return <ErrorAlert error={info.error} onRetry={() => void info.refetch()} />;
  const slugs = info.data.organisations.map((o) => o.slug);
  const target = slugs.includes(hostOrganisation) ? hostOrganisation : slugs[0];
  return <Navigate to={target ? `/${target}` : '/sign-in'} replace />;
}
