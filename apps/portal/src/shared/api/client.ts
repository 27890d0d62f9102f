import { createApiClient } from '@gridline/client/api-client';
import { createLocalStorageSessionStore, createMemorySessionStore, type SessionState } from '@gridline/client/session';
import { isThemePreview } from '../preview/theme-preview-mode.ts';
import { paths } from '../paths.ts';
import { storageKeys } from '../storage.ts';
import { notifySessionChanged } from './session-events.ts';

/** The organisation slug the server writes into `<meta name="gridline-organisation">`. */
function readOrganisationSlug(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="gridline-organisation"]');
  return meta?.content.trim() ?? '';
}

export const organisationSlug = readOrganisationSlug();

export const keys = storageKeys(organisationSlug || 'unknown');

/**
 * The back office's theme preview (decisions 0055, 0063): framed by the back office on this origin.
 * Its signed-in pages show a demo household answered in the browser (`app/preview/`, loaded only
 * here); the session that lets them past the sign-in gate lives in memory and is never stored.
 */
export const themePreview = isThemePreview();

/** The preview's make-believe session (its ids are the demo household's of `app/preview/`). */
const previewSession = (): SessionState => ({
  auths: [
    {
      accessToken: 'theme-preview',
      refreshToken: 'theme-preview',
      exp: 4_102_444_800,
      scope: 'USER',
      accountId: '000000000000000000000a02',
      userId: '000000000000000000000a01',
    },
  ],
  activeAccountId: '000000000000000000000a02',
});

/** In the preview, every call goes through the preview's answers (the public ones on to the server). */
const previewFetch = (): typeof fetch => {
  let loaded: Promise<typeof fetch> | null = null;
  return async (input, init) => {
    loaded ??= import('../preview/preview-api.ts').then((m) => m.createPreviewFetch((i, o) => globalThis.fetch(i, o)));
    return (await loaded)(input, init);
  };
};

/** The one API client of the portal (same origin; the dev server proxies /v3 and /v4). */
export const client = createApiClient({
  baseUrl: '',
  organisation: organisationSlug,
  version: __PORTAL_VERSION__,
  // The preview's sign-in page stays the sign-in page; its other pages are signed in.
  store: themePreview
    ? createMemorySessionStore(window.location.pathname === paths.login ? null : previewSession())
    : createLocalStorageSessionStore(keys.session),
  ...(themePreview ? { fetch: previewFetch() } : {}),
  // The session was refused (expired refresh token, revoked): the guards send the visitor to login.
  onSignOut: () => notifySessionChanged(),
  onFatal: (error) => console.warn(`API error ${error.status} ${error.key}`, error.uid),
});
