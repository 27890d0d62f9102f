import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { Endpoint } from '@gridline/contracts/endpoint';
import { getAdminInfo } from '@gridline/contracts/endpoints/staff';
import type { AdminInfo, StaffOrganisation, StaffScope } from '@gridline/contracts/staff';
import { client } from './client.ts';
import { useSessionVersion } from './session-events.ts';

/** The signed-in staff member and the organisations they may work in (`adminInfo`), kept per session. */
export function useAdminInfo() {
  const session = useSessionVersion();
  return useQuery({
    queryKey: ['adminInfo', session],
    queryFn: () => client.data(getAdminInfo),
    enabled: client.isSignedIn(),
    staleTime: 5 * 60_000,
  });
}

/** Whether a scope may make a call: the one rule, read from the endpoint's contract (decision 0035). */
export function mayCall(scope: StaffScope, e: Endpoint): boolean {
  return typeof e.auth === 'object' && 'scopes' in e.auth && (e.auth.scopes as readonly string[]).includes(scope);
}

/** The organisation the address names (`/admin/<slug>/…`), as the staff member's info describes it. */
export function useCurrentOrganisation(info: AdminInfo | undefined): StaffOrganisation | undefined {
  const { organisation } = useParams();
  return info?.organisations.find((o) => o.slug === organisation);
}
