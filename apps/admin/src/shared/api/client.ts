import { createStaffClient, localStorageStaffSessionStore } from '@gridline/client/staff-client';
import { notifySessionChanged } from './session-events.ts';

/** The organisation of the host the back office runs on (the server writes it into the page). */
export const hostOrganisation = document.querySelector<HTMLMetaElement>('meta[name="gridline-organisation"]')?.content.trim() ?? '';

/** The one client of the back office: same origin, the staff session kept per organisation host. */
export const client = createStaffClient({
  baseUrl: '',
  version: __ADMIN_VERSION__,
  store: localStorageStaffSessionStore(`gridline.staff.${hostOrganisation || 'unknown'}`),
  onSignOut: () => notifySessionChanged(),
});
