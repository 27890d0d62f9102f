import { createApiClient } from '@gridline/client/api-client';
import { createLocalStorageSessionStore } from '@gridline/client/session';
import { storageKeys } from '../storage.ts';
import { notifySessionChanged } from './session-events.ts';

/** The organisation slug the server writes into `<meta name="gridline-organisation">`. */
function readOrganisationSlug(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="gridline-organisation"]');
  return meta?.content.trim() ?? '';
}

export const organisationSlug = readOrganisationSlug();

export const keys = storageKeys(organisationSlug || 'unknown');

/** The one API client of the portal (same origin; the dev server proxies /v3 and /v4). */
export const client = createApiClient({
  baseUrl: '',
  organisation: organisationSlug,
  version: __PORTAL_VERSION__,
  store: createLocalStorageSessionStore(keys.session),
  // The session was refused (expired refresh token, revoked): the guards send the visitor to login.
  onSignOut: () => notifySessionChanged(),
  onFatal: (error) => console.warn(`API error ${error.status} ${error.key}`, error.uid),
});
