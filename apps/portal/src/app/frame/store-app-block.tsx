import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreLink } from '../../shared/app/store-app.ts';

/** Links to the organisation's app in the stores, each opening in a new window. */
export function StoreLinks({ links }: { links: readonly StoreLink[] }) {
  const { t } = useTranslation();
  return (
    <ul className="store-links">
      {links.map((link) => (
        <li key={link.store}>
          <a className="button button-secondary button-small store-link" href={link.url} target="_blank" rel="noopener noreferrer">
            {t(link.store === 'appStore' ? 'storeApp.appStore' : 'storeApp.googlePlay')}
            <span className="visually-hidden">{` (${t('shared:opensInNewWindow')})`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The store-app download block of the frame (spec 000 §2.2); shown only when it has links. */
export function StoreAppBlock({ links }: { links: readonly StoreLink[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <aside className="store-app-block" aria-labelledby={titleId}>
      <p id={titleId} className="store-app-title">
        {t('storeApp.title')}
      </p>
      <p className="store-app-text">{t('storeApp.text')}</p>
      <StoreLinks links={links} />
    </aside>
  );
}
