import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey, errorText } from '../../shared/errors.ts';
import { loginErrorPlace } from './login-errors.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { usePasswordSignIn } from './use-sign-in.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

/** Username and password, with errors under the field they concern (spec 000 §8). */
export function PasswordForm() {
  const { t, i18n } = useTranslation();
  const signIn = usePasswordSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [forgot, setForgot] = useState(false);
  const id = useId();
  const ids = {
    username: `${id}-username`,
    password: `${id}-password`,
    usernameError: `${id}-username-error`,
    passwordError: `${id}-password-error`,
  };

  const error = signIn.error;
  const place = error ? loginErrorPlace(errorKey(error)) : null;
  const message = error ? errorText(error, i18n) : '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    signIn.mutate({ username: username.trim(), password });
  };

  if (forgot) return <ForgotPasswordForm onBack={() => setForgot(false)} />;

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {place === 'form' ? <ErrorAlert>{message}</ErrorAlert> : null}
      <div className="field">
        <label htmlFor={ids.username}>{t('login.username')}</label>
        <input
          id={ids.username}
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-invalid={place === 'username' || undefined}
          aria-describedby={place === 'username' ? ids.usernameError : undefined}
        />
        {place === 'username' ? (
          <p id={ids.usernameError} className="field-error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={ids.password}>{t('login.password')}</label>
        <input
          id={ids.password}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={place === 'password' || undefined}
          aria-describedby={place === 'password' ? ids.passwordError : undefined}
        />
        {place === 'password' ? (
          <p id={ids.passwordError} className="field-error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button-primary button-block" aria-disabled={signIn.isPending || undefined}>
        {signIn.isPending ? <span className="spinner spinner-inline" aria-hidden="true" /> : null}
        <span>{t('login.submit')}</span>
      </button>
      {signIn.isPending ? (
        <p className="visually-hidden" role="status">
          {t('login.submitting')}
        </p>
      ) : null}
      <button type="button" className="button button-ghost button-block" onClick={() => setForgot(true)}>
        {t('login.forgot.link')}
      </button>
    </form>
  );
}
