import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../shared/paths.ts';

/** Any unknown path (spec 000 §2.1): a message and a way back to the dashboard. */
export function NotFoundPage() {
  const { t } = useTranslation('my-pages');
  useEffect(() => {
    document.title = t('notFound.title');
  }, [t]);
  return (
    <main className="center-page" id="main">
      <div className="card center-card">
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.message')}</p>
        <Link className="button button-primary" to={paths.dashboard}>
          {t('notFound.back')}
        </Link>
      </div>
    </main>
  );
}
