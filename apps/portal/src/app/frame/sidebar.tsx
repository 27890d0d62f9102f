import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../shared/paths.ts';
import { DashboardIcon, SignOutIcon } from './icons.tsx';

interface SidebarProps {
  id: string;
  /** Open as a menu on small screens; on large screens the sidebar always shows. */
  open: boolean;
  onClose(): void;
  onSignOut(): void;
}

/** The page links (only pages that exist) and, in the small-screen menu, a sign-out entry. */
export function Sidebar({ id, open, onClose, onSignOut }: SidebarProps) {
  const { t } = useTranslation();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <nav id={id} className={open ? 'sidebar sidebar-open' : 'sidebar'} aria-label={t('nav.label')}>
      <ul className="nav-list">
        <li>
          <NavLink to={paths.dashboard} className="nav-link" onClick={onClose}>
            <DashboardIcon />
            <span>{t('nav.dashboard')}</span>
          </NavLink>
        </li>
        <li className="nav-mobile-only">
          <button type="button" className="nav-link" onClick={onSignOut}>
            <SignOutIcon />
            <span>{t('shared:signOut')}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
