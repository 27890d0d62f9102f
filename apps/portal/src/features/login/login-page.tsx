import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOrganisation } from '../../shared/api/organisation.ts';
import { OrganisationLogo } from '../../shared/ui/organisation-logo.tsx';
import { errorText } from '../../shared/errors.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { PasswordForm } from './password-form.tsx';
import { useRefSignIn } from './use-sign-in.ts';

/**
 * Sign-in (spec 000 §2.5). Offers the organisation's methods; username and password is the one
 * built so far. A `?ref=` in the address finishes a sign-in started in the app. Once the session
 * exists, the login route's guard sends the visitor to the dashboard.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const organisation = useOrganisation();
  const [searchParams, setSearchParams] = useSearchParams();
  const refSignIn = useRefSignIn();
  const started = useRef(false);
  const ref = searchParams.get('ref');

  useEffect(() => {
    document.title = `${t('login.title')} – ${organisation.name}`;
  }, [t, organisation.name]);

  const { mutate: authorize } = refSignIn;
  useEffect(() => {
    if (!ref || started.current) return;
    started.current = true;
    authorize(ref, {
      // The ref is single-use: drop it from the address whatever the outcome.
      onSettled: () =>
        setSearchParams(
          (params) => {
            params.delete('ref');
            return params;
          },
          { replace: true },
        ),
    });
  }, [ref, authorize, setSearchParams]);

  const offersPassword = organisation.signInMethods.includes('USR_PWD');

  return (
    <main id="main" className="login-page">
      <div className="card login-card">
        <p className="logo login-logo">
          <OrganisationLogo organisation={organisation} />
        </p>
        <h1>{t('login.title')}</h1>
        <p className="muted">{t('login.intro')}</p>
        {refSignIn.isPending ? (
          <Spinner label={t('login.authorizing')} size="large" />
        ) : (
          <>
            {refSignIn.isError ? (
              <p className="alert alert-error" role="alert">
                {errorText(refSignIn.error, i18n)}
              </p>
            ) : null}
            {offersPassword ? <PasswordForm /> : <p>{t('login.noMethods')}</p>}
          </>
        )}
      </div>
    </main>
  );
}
