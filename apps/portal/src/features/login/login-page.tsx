import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOrganisation } from '../../shared/api/organisation.ts';
import { errorText } from '../../shared/errors.ts';
import { LanguageSelect } from '../../shared/ui/language-select.tsx';
import { OrganisationLogo } from '../../shared/ui/organisation-logo.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { PasswordForm } from './password-form.tsx';
import { offeredSignInMethods } from './sign-in-methods.ts';
import { useRefSignIn } from './use-sign-in.ts';

/**
 * Sign-in (spec 000 §2.5). Offers the organisation's methods (`SIGN_IN_METHODS`) that the portal
 * has a form for; username and password is the one built so far. A `?ref=` in the address
 * finishes a sign-in started in the app. The language select offers the organisation's languages.
 * Once the session exists, the login route's guard sends the visitor to the dashboard.
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

  const methods = offeredSignInMethods(organisation.signInMethods);

  return (
    <main id="main" className="login-page">
      <div className="card login-card">
        <div className="login-top">
          <p className="logo login-logo">
            <OrganisationLogo organisation={organisation} />
          </p>
          <LanguageSelect className="login-language" />
        </div>
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
            {methods.includes('USR_PWD') ? <PasswordForm /> : null}
            {methods.length === 0 ? <p>{t('login.noMethods')}</p> : null}
          </>
        )}
      </div>
    </main>
  );
}
