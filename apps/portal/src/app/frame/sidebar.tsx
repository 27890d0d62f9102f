import { useEffect, useId } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasFlag, useOrganisation } from '../../shared/api/organisation.ts';
import { useSaveLanguage } from '../../shared/api/user.ts';
import type { StoreLink } from '../../shared/app/store-app.ts';
import { errorKey, errorText } from '../../shared/errors.ts';
import { useLanguage } from '../../shared/i18n/language-context.ts';
import { paths } from '../../shared/paths.ts';
import { LanguageSelect } from '../../shared/ui/language-select.tsx';
import { AccountIcon, AgreementIcon, AnalysisIcon, DashboardIcon, InvoicesIcon, MyHomeIcon, SignOutIcon } from './icons.tsx';
import { StoreAppBlock } from './store-app-block.tsx';
import { FaqIcon } from './help-icons.tsx';
import { faqHidden, useFaqSections } from '../../shared/faq/faq-items.ts';
import { useUnreadAnswers } from '../../shared/support/support-messages.ts';
import { UnreadBadge } from '../../shared/support/unread-badge.tsx';

interface SidebarProps {
  id: string;
  /** Open as a menu on small screens; on large screens the sidebar always shows. */
  open: boolean;
  onClose(options?: { returnFocus: boolean }): void;
  onSignOut(): void;
  /** The store links of the store-app block; the block shows only when there are some. */
  storeLinks: readonly StoreLink[];
}

/**
 * The page links (only pages that exist) and, in the small-screen menu, a sign-out entry; below
 * them the language select (a choice is saved to the user) and the store-app block.
 */
export function Sidebar({ id, open, onClose, onSignOut, storeLinks }: SidebarProps) {
  const { t, i18n } = useTranslation();
  const { languages } = useLanguage();
  const saveLanguage = useSaveLanguage();
  const organisation = useOrganisation();
  const hideInvoices = hasFlag(organisation, 'HIDE_INVOICES');
  const hideMyHome = hasFlag(organisation, 'HIDE_MY_HOME');
  const hideFaq = faqHidden(organisation, useFaqSections());
  const unread = useUnreadAnswers();
  const errorId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose({ returnFocus: true });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <div id={id} className={open ? 'sidebar sidebar-open' : 'sidebar'}>
      <nav aria-label={t('nav.label')}>
        <ul className="nav-list">
          <li>
            <NavLink to={paths.dashboard} className="nav-link" onClick={() => onClose()}>
              <DashboardIcon />
              <span>{t('nav.dashboard')}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.electricityAgreement} className="nav-link" onClick={() => onClose()}>
              <AgreementIcon />
              <span>{t('nav.agreement')}</span>
            </NavLink>
          </li>
          {hideInvoices ? null : (
            <li>
              <NavLink to={paths.invoices} className="nav-link" onClick={() => onClose()}>
                <InvoicesIcon />
                <span>{t('nav.invoices')}</span>
              </NavLink>
            </li>
          )}
          <li>
            <NavLink to={paths.analysis} className="nav-link" onClick={() => onClose()}>
              <AnalysisIcon />
              <span>{t('nav.analysis')}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.account} className="nav-link" onClick={() => onClose()}>
              <AccountIcon />
              <span>{t('nav.account')}</span>
            </NavLink>
          </li>
          {hideMyHome ? null : (
            <li>
              <NavLink to={paths.myHome} className="nav-link" onClick={() => onClose()}>
                <MyHomeIcon />
                <span>{t('nav.myHome')}</span>
              </NavLink>
            </li>
          )}
          {/* Help holds the messages with customer service (decision 0047); without the FAQ they have their own entry. */}
          <li>
            <NavLink to={hideFaq ? paths.messages : paths.faq} className="nav-link" onClick={() => onClose()}>
              <FaqIcon />
              <span>{hideFaq ? t('messages.nav') : t('nav.faq')}</span>
              <UnreadBadge count={unread} />
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
      <div className="sidebar-extras">
        {/* A named form is a landmark, so the setting is found like the menu and the content. */}
        {languages.length > 1 ? (
          <form className="sidebar-language" aria-label={t('shared:language.label')} onSubmit={(event) => event.preventDefault()}>
            <LanguageSelect onChosen={(language) => saveLanguage.mutate(language)} describedBy={saveLanguage.isError ? errorId : undefined} />
            {saveLanguage.isError ? (
              <p id={errorId} className="field-error" role="alert">
                {errorKey(saveLanguage.error) === 'LANGUAGE_NOT_OFFERED' ? errorText(saveLanguage.error, i18n) : t('shared:language.saveError')}
              </p>
            ) : null}
          </form>
        ) : null}
        {storeLinks.length > 0 ? <StoreAppBlock links={storeLinks} /> : null}
      </div>
    </div>
  );
}
