import { useOutletContext } from 'react-router';
import type { AdminInfo, StaffOrganisation } from '@gridline/contracts/staff';

/** What the shell gives every signed-in page: who is signed in, and the organisation they work in now. */
export interface ShellContext {
  info: AdminInfo;
  organisation: StaffOrganisation;
}

export const useShell = (): ShellContext => useOutletContext<ShellContext>();
