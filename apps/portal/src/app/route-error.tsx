import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** An unexpected error while rendering a route (or loading its code after a new release). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('shared');
  useEffect(() => console.error(error), [error]);
  return (
    <main className="center-page">
      <div className="card center-card">
        <h1>{t('loadingError')}</h1>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t('reload')}
        </button>
      </div>
    </main>
  );
}
