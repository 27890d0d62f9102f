import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/errors.ts';
import { paths } from '../../shared/paths.ts';
import { rememberOpenIdRef } from './openid-return.ts';
import { useStartSignIn } from './use-sign-in.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

/**
 * OpenID (spec 000 §7): the sign-in starts with the portal's own `/login` as redirect address and
 * polling disabled; the answer gives the provider's address, where the browser goes. It comes back
 * to `/login` with a code, which the login page hands to the server with the ref kept here.
 */
export function OpenIdForm() {
  const { t, i18n } = useTranslation();
  const start = useStartSignIn();
  const [leaving, setLeaving] = useState(false);

  const go = () => {
    if (start.isPending || leaving) return;
    start.mutate(
      { type: 'OPENID', accessType: 'private', redirectUri: `${window.location.origin}${paths.login}`, disablePolling: true },
      {
        onSuccess: (process) => {
          if (!process.url) return;
          rememberOpenIdRef(process.ref);
          setLeaving(true);
          window.location.assign(process.url);
        },
      },
    );
  };

  const busy = start.isPending || leaving;
  return (
    <div className="form">
      {start.isError ? <ErrorAlert>{errorText(start.error, i18n)}</ErrorAlert> : null}
      <p>{t('login.openIdIntro')}</p>
      <button type="button" className="button button-primary button-block" onClick={go} aria-disabled={busy || undefined}>
        {busy ? <span className="spinner spinner-inline" aria-hidden="true" /> : null}
        <span>{t('login.openIdContinue')}</span>
      </button>
      {busy ? (
        <p className="visually-hidden" role="status">
          {t('login.openIdLeaving')}
        </p>
      ) : null}
    </div>
  );
}
