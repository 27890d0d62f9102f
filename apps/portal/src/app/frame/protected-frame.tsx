import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { themePreview } from '../../shared/api/client.ts';
import { hasFlag, useOrganisation } from '../../shared/api/organisation.ts';
import { useSignOut } from '../../shared/api/sign-out.ts';
import { useUser } from '../../shared/api/user.ts';
import { storeApp } from '../../shared/app/store-app.ts';
import { CurrentUserContext } from '../../shared/user/current-user.ts';
import { displayName } from '../../shared/user/display-name.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { LoadingOverlay } from '../loading-overlay.tsx';
import type { PageHandle } from '../router.tsx';
import { DisruptionBanner } from './disruption-banner.tsx';
import { FrameDialogs } from './frame-dialogs.tsx';
import { Header } from './header.tsx';
import { LanguageSync } from './language-sync.tsx';
import { LocationPicker } from './location-picker.tsx';
import { LocationProvider } from './location-provider.tsx';
import { Sidebar } from './sidebar.tsx';
import { SupportChat } from './support-chat.tsx';
import { SupportSessionBanner } from './support-session-banner.tsx';

function usePageTitleKey(): string | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as Partial<PageHandle> | undefined;
    if (handle?.titleKey) return handle.titleKey;
  }
  return null;
}

/**
 * The frame of every protected page (spec 000 §2.2): header, sidebar (a menu on small screens),
 * the location picker with the page title, and the page. It loads the user first; a failed user
 * load signs the user out (spec 000 §7). Here, after sign-in: the warning banner of a disruption,
 * the welcome, location info and download-app dialogs (one at a time), and the support chat.
 */
export default function ProtectedFrame() {
  const { t } = useTranslation();
  const organisation = useOrganisation();
  const user = useUser();
  const signOut = useSignOut();
  const signOutStarted = useRef(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const navId = useId();
  const app = useMemo(() => storeApp(organisation), [organisation]);
  const closeMenu = useCallback((options?: { returnFocus: boolean }) => {
    setMenuOpen(false);
    // Closed with Escape: focus goes back to the menu button rather than to the hidden menu.
    if (options?.returnFocus) menuButtonRef.current?.focus();
  }, []);
  const titleKey = usePageTitleKey();
  const title = titleKey ? t(titleKey) : '';

  useEffect(() => {
    if (user.isError && !signOutStarted.current) {
      signOutStarted.current = true;
      signOut.mutate();
    }
  }, [user.isError, signOut]);

  useEffect(() => {
    document.title = title ? `${title} – ${organisation.name}` : organisation.name;
  }, [title, organisation.name]);

  if (!user.data) return <LoadingOverlay label={t('shared:loading')} />;

  const name = displayName(user.data, hasFlag(organisation, 'SHOW_FULL_NAME'));
  const onSignOut = () => signOut.mutate();

  return (
    <CurrentUserContext.Provider value={user.data}>
      <LocationProvider user={user.data}>
        <LanguageSync user={user.data} />
        <a className="skip-link" href="#main">
          {t('shared:skipToContent')}
        </a>
        <div className="app-shell">
          <Header
            organisation={organisation}
            userName={name}
            navId={navId}
            menuOpen={menuOpen}
            menuButtonRef={menuButtonRef}
            onToggleMenu={() => setMenuOpen((open) => !open)}
            onSignOut={onSignOut}
          />
          <div className="app-body">
            <Sidebar id={navId} open={menuOpen} onClose={closeMenu} onSignOut={onSignOut} storeLinks={app.showBlock ? app.links : []} />
            <main id="main" className="app-main" tabIndex={-1}>
              <SupportSessionBanner user={user.data} />
              <DisruptionBanner />
              <LocationPicker title={title} />
              <Suspense fallback={<Spinner label={t('shared:loading')} size="large" />}>
                <Outlet />
              </Suspense>
            </main>
          </div>
        </div>
        {/* The theme preview's demo household gets no dialogs and no chat (decision 0063). */}
        {themePreview ? null : <FrameDialogs app={app} organisationName={organisation.name} />}
        {themePreview ? null : <SupportChat config={organisation.supportChat} />}
        {signOut.isPending ? <LoadingOverlay label={t('shared:loading')} /> : null}
      </LocationProvider>
    </CurrentUserContext.Provider>
  );
}
