import type { Ref } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PortalOrganisation } from '../../shared/api/organisation.ts';
import { paths } from '../../shared/paths.ts';
import { OrganisationLogo } from '../../shared/ui/organisation-logo.tsx';
import { CloseIcon, MenuIcon, SignOutIcon } from './icons.tsx';

interface HeaderProps {
  organisation: PortalOrganisation;
  userName: string;
  navId: string;
  menuOpen: boolean;
  menuButtonRef: Ref<HTMLButtonElement>;
  onToggleMenu(): void;
  onSignOut(): void;
}

/** Logo, the user's name, sign-out; on small screens a menu button instead of the sidebar. */
export function Header({ organisation, userName, navId, menuOpen, menuButtonRef, onToggleMenu, onSignOut }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <button
        ref={menuButtonRef}
        type="button"
        className="icon-button menu-button"
        aria-expanded={menuOpen}
        aria-controls={navId}
        onClick={onToggleMenu}
      >
        {menuOpen ? <CloseIcon /> : <MenuIcon />}
        <span>{t('nav.openMenu')}</span>
      </button>
      <Link className="logo" to={paths.dashboard}>
        <OrganisationLogo organisation={organisation} />
      </Link>
      <div className="header-user">
        {userName ? <span className="user-name">{userName}</span> : null}
        <button type="button" className="button button-ghost header-sign-out" onClick={onSignOut}>
          <SignOutIcon />
          <span>{t('shared:signOut')}</span>
        </button>
      </div>
    </header>
  );
}
