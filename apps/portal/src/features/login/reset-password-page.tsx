import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isValidNewPassword, PASSWORD_MIN_LENGTH } from '@gridline/contracts/contact';
import { client } from '../../shared/api/client.ts';
import { useOrganisation } from '../../shared/api/organisation.ts';
import { errorKey, errorText } from '../../shared/errors.ts';
import { paths } from '../../shared/paths.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { OrganisationLogo } from '../../shared/ui/organisation-logo.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useRefSignIn } from './use-sign-in.ts';
import './login.css';

/**
 * The page a password reset e-mail links to (decision 0043): its `ref` is an e-mail sign-in that
 * works once within the hour. It signs in, then asks for the new password twice and sets it with
 * `PUT …/users/{id}` and the fresh bearer, which ends every other session. The ref leaves the
 * address as soon as it is read, so a reload or a shared screenshot does not carry it.
 */
/** The link was used, ran out or never existed: the page's own words, not the sign-in's. */
const linkSpent = (error: unknown) => ['AUTH_REF_USED', 'EMAIL_LINK_EXPIRED', 'AUTH_REF_NOT_FOUND'].includes(errorKey(error) ?? '');

export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const organisation = useOrganisation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const signIn = useRefSignIn();
  const handled = useRef(false);
  const ref = searchParams.get('ref');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [problem, setProblem] = useState<'short' | 'mismatch' | null>(null);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = `${t('resetPassword.title')} – ${organisation.name}`;
  }, [t, organisation.name]);

  const { mutate: authorize } = signIn;
  useEffect(() => {
    if (handled.current || !ref) return;
    handled.current = true;
    authorize(ref, {
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

  const userId = signIn.data?.[0]?.userId;
  const save = useMutation({ mutationFn: (newPassword: string) => client.resetPassword(userId ?? '', newPassword) });
  useEffect(() => {
    if (save.isSuccess) heading.current?.focus();
  }, [save.isSuccess]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const next = password.length < PASSWORD_MIN_LENGTH ? 'short' : !isValidNewPassword(password, repeated) ? 'mismatch' : null;
    setProblem(next);
    if (next) {
      document.getElementById(next === 'short' ? `${id}-password` : `${id}-repeat`)?.focus();
      return;
    }
    save.mutate(password);
  };

  const askAgain = (
    <Link className="button button-secondary button-block" to={`${paths.login}?method=USR_PWD`}>
      {t('resetPassword.newLink')}
    </Link>
  );

  let body;
  if (save.isSuccess) {
    body = (
      <>
        <p role="status">{t('resetPassword.done')}</p>
        <button type="button" className="button button-primary button-block" onClick={() => void navigate(paths.dashboard)}>
          {t('resetPassword.continue')}
        </button>
      </>
    );
  } else if (signIn.isPending || (ref && signIn.isIdle)) {
    body = <Spinner label={t('resetPassword.checking')} size="large" />;
  } else if (!userId) {
    body = (
      <>
        <ErrorAlert>{signIn.error && !linkSpent(signIn.error) ? errorText(signIn.error, i18n) : t('resetPassword.linkFailed')}</ErrorAlert>
        {askAgain}
      </>
    );
  } else {
    const problemText = problem === 'short' ? t('resetPassword.tooShort', { min: PASSWORD_MIN_LENGTH }) : problem === 'mismatch' ? t('resetPassword.mismatch') : '';
    body = (
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="muted">{t('resetPassword.intro')}</p>
        {save.error ? <ErrorAlert>{errorText(save.error, i18n)}</ErrorAlert> : null}
        <div className="field">
          <label htmlFor={`${id}-password`}>{t('resetPassword.newPassword')}</label>
          <input
            id={`${id}-password`}
            name="new-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={problem === 'short' || undefined}
            aria-describedby={problem === 'short' ? `${id}-problem` : `${id}-rule`}
          />
          <p id={`${id}-rule`} className="field-hint">
            {t('resetPassword.rule', { min: PASSWORD_MIN_LENGTH })}
          </p>
          {problem === 'short' ? (
            <p id={`${id}-problem`} className="field-error" role="alert">
              {problemText}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-repeat`}>{t('resetPassword.repeat')}</label>
          <input
            id={`${id}-repeat`}
            name="repeat-password"
            type="password"
            autoComplete="new-password"
            value={repeated}
            onChange={(event) => setRepeated(event.target.value)}
            aria-invalid={problem === 'mismatch' || undefined}
            aria-describedby={problem === 'mismatch' ? `${id}-problem` : undefined}
          />
          {problem === 'mismatch' ? (
            <p id={`${id}-problem`} className="field-error" role="alert">
              {problemText}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button-primary button-block" aria-disabled={save.isPending || undefined}>
          {save.isPending ? <span className="spinner spinner-inline" aria-hidden="true" /> : null}
          <span>{save.isPending ? t('resetPassword.saving') : t('resetPassword.submit')}</span>
        </button>
      </form>
    );
  }

  return (
    <main id="main" className="login-page">
      <div className="card login-card">
        <div className="login-top">
          <p className="logo login-logo">
            <OrganisationLogo organisation={organisation} />
          </p>
        </div>
        <h1 ref={heading} tabIndex={-1}>
          {t('resetPassword.title')}
        </h1>
        {body}
      </div>
    </main>
  );
}
