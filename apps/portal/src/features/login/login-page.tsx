import { useEffect, useId, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOrganisation } from '../../shared/api/organisation.ts';
import { errorText } from '../../shared/errors.ts';
import { LanguageSelect } from '../../shared/ui/language-select.tsx';
import { OrganisationLogo } from '../../shared/ui/organisation-logo.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { BankIdForm } from './bankid-form.tsx';
import { EmailLinkForm } from './email-link-form.tsx';
import { openIdAnswer, takeOpenIdRef } from './openid-return.ts';
import { OpenIdForm } from './openid-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { PinForm } from './pin-form.tsx';
import { SupportForm } from './support-form.tsx';
import { isLoginOption, offeredLoginOptions, type LoginOption } from './sign-in-methods.ts';
import { useRefSignIn, useSignInCallback } from './use-sign-in.ts';
import './login.css';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

/** The search parameter naming the chosen method: each choice is a history entry, so Back returns to the previous one. */
const METHOD = 'method';

/**
 * Sign-in (spec 000 §2.5): the organisation's methods (`SIGN_IN_METHODS`, in its order). The first
 * one's form is open; the others are listed below it, and choosing one opens its form (a history
 * entry, `?method=`, so Back returns to the previous method). A `?ref=` in the address (an
 * e-mail link, a return from the app) signs in with that ref; a return from the OpenID provider
 * (`?code&state`) finishes that sign-in. Once the session exists, the route's guard sends the
 * visitor to the dashboard.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const organisation = useOrganisation();
  const [searchParams, setSearchParams] = useSearchParams();
  // Support mode is reachable only with `#supportMode` in the address (spec 000 §2.5).
  const supportMode = useLocation().hash.includes('supportMode');
  const refSignIn = useRefSignIn();
  const openIdReturn = useSignInCallback();
  const handled = useRef(false);
  const methodHeading = useRef<HTMLHeadingElement>(null);
  const othersHeading = useRef<HTMLHeadingElement>(null);
  const id = useId();

  useEffect(() => {
    document.title = `${t('login.title')} – ${organisation.name}`;
  }, [t, organisation.name]);

  // A ref or a provider's answer in the address is used once, then dropped from it.
  const ref = searchParams.get('ref');
  const answer = openIdAnswer(searchParams);
  const { mutate: authorize } = refSignIn;
  const { mutate: finishOpenId } = openIdReturn;
  useEffect(() => {
    if (handled.current || (!ref && !answer)) return;
    handled.current = true;
    const clean = () =>
      setSearchParams(
        (params) => {
          for (const name of ['ref', 'code', 'state', 'iss', 'error', 'error_description', 'session_state']) params.delete(name);
          return params;
        },
        { replace: true },
      );
    if (ref) {
      authorize(ref, { onSettled: clean });
      return;
    }
    if (answer) {
      const started = takeOpenIdRef();
      finishOpenId({ type: 'OPENID', body: { ref: started ?? '-', ...answer } }, { onSettled: clean });
    }
  }, [ref, answer, authorize, finishOpenId, setSearchParams]);

  const options = offeredLoginOptions(organisation.signInMethods);
  const requested = searchParams.get(METHOD);
  // The chosen method, or the organisation's first: its form is open, the others are listed below.
  const chosen: LoginOption | null = isLoginOption(requested) && options.includes(requested) ? requested : (options[0] ?? null);
  const others = options.filter((option) => option !== chosen);

  const choose = (option: LoginOption) => {
    setSearchParams((params) => {
      params.set(METHOD, option);
      return params;
    });
  };

  // Focus follows the choice: the chosen method's heading; after a failure, the list of the others.
  const previous = useRef(chosen);
  useEffect(() => {
    if (previous.current !== chosen) methodHeading.current?.focus();
    previous.current = chosen;
  }, [chosen]);
  const backToMethods = () => (others.length > 0 ? othersHeading.current : methodHeading.current)?.focus();

  const busy = refSignIn.isPending || openIdReturn.isPending;
  const failure = refSignIn.error ?? openIdReturn.error;

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
        {busy ? (
          <Spinner label={openIdReturn.isPending ? t('login.openIdReturning') : t('login.authorizing')} size="large" />
        ) : (
          <>
            {failure ? <ErrorAlert>{errorText(failure, i18n)}</ErrorAlert> : null}
            {supportMode ? (
              <section className="login-method-section" aria-labelledby={`${id}-support`}>
                <h2 id={`${id}-support`} className="login-method-title">
                  {t('login.support.title')}
                </h2>
                <SupportForm />
              </section>
            ) : chosen ? (
              <div className="login-method-section">
                {options.length > 1 ? (
                  <h2 ref={methodHeading} tabIndex={-1} className="login-method-title">
                    {methodName(chosen)}
                  </h2>
                ) : (
                  <h2 ref={methodHeading} tabIndex={-1} className="visually-hidden">
                    {methodName(chosen)}
                  </h2>
                )}
                <MethodForm key={chosen} option={chosen} onBack={backToMethods} />
              </div>
            ) : (
              <p>{t('login.noMethods')}</p>
            )}
            {!supportMode && others.length > 0 ? (
              <section className="login-others" aria-labelledby={`${id}-others`}>
                <h2 id={`${id}-others`} ref={othersHeading} tabIndex={-1} className="login-others-title">
                  {t('login.otherMethods')}
                </h2>
                <ul className="login-methods">
                  {others.map((option) => (
                    <li key={option}>
                      <button type="button" className="login-method" onClick={() => choose(option)}>
                        <span className="login-method-name">{methodName(option)}</span>
                        <span className="login-method-hint">{methodHint(option)}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </div>
    </main>
  );

  function methodName(option: LoginOption): string {
    switch (option) {
      case 'BANKID':
        return t('login.methods.BANKID');
      case 'USR_PIN':
        return t('login.methods.USR_PIN');
      case 'EMAIL_LINK_PRIVATE':
        return t('login.methods.EMAIL_LINK_PRIVATE');
      case 'EMAIL_LINK_COMPANY':
        return t('login.methods.EMAIL_LINK_COMPANY');
      case 'OPENID':
        return t('login.methods.OPENID');
      case 'USR_PWD':
        return t('login.methods.USR_PWD');
    }
  }

  function methodHint(option: LoginOption): string {
    switch (option) {
      case 'BANKID':
        return t('login.methodHints.BANKID');
      case 'USR_PIN':
        return t('login.methodHints.USR_PIN');
      case 'EMAIL_LINK_PRIVATE':
        return t('login.methodHints.EMAIL_LINK_PRIVATE');
      case 'EMAIL_LINK_COMPANY':
        return t('login.methodHints.EMAIL_LINK_COMPANY');
      case 'OPENID':
        return t('login.methodHints.OPENID');
      case 'USR_PWD':
        return t('login.methodHints.USR_PWD');
    }
  }
}

function MethodForm({ option, onBack }: { option: LoginOption; onBack: () => void }) {
  switch (option) {
    case 'BANKID':
      return <BankIdForm onBack={onBack} />;
    case 'USR_PIN':
      return <PinForm />;
    case 'EMAIL_LINK_PRIVATE':
      return <EmailLinkForm company={false} />;
    case 'EMAIL_LINK_COMPANY':
      return <EmailLinkForm company />;
    case 'OPENID':
      return <OpenIdForm />;
    case 'USR_PWD':
      return <PasswordForm />;
  }
}
