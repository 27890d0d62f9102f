import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey, errorText } from '../../shared/errors.ts';
import { useSupportSignIn } from './use-sign-in.ts';

type ActAs = 'asPersonalId' | 'asCustomerId' | 'asUsername';

/**
 * Support mode (spec 000 §2.5; only with `#supportMode` in the address): an admin signs in with
 * e-mail and password on behalf of a customer named by personal number, customer number or
 * username. The session is read-only (scope INSPECTOR) and written to the audit log.
 */
export function SupportForm() {
  const { t, i18n } = useTranslation();
  const signIn = useSupportSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [actAs, setActAs] = useState<ActAs>('asPersonalId');
  const [customer, setCustomer] = useState('');
  const id = useId();

  const key = signIn.error ? errorKey(signIn.error) : null;
  const place = key === 'USER_NOT_FOUND' ? 'email' : key === 'WRONG_PASSWORD' ? 'password' : key === 'NOT_FOUND' || key === 'MALFORMED_PERSONAL_NUMBER' ? 'customer' : signIn.error ? 'form' : null;
  const message = key === 'USER_NOT_FOUND' ? t('login.support.adminNotFound') : key === 'NOT_FOUND' ? t('login.support.customerNotFound') : signIn.error ? errorText(signIn.error, i18n) : '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    signIn.mutate({ email: email.trim(), password, [actAs]: customer.trim() });
  };

  const fieldError = (field: string) =>
    place === field ? (
      <p id={`${id}-${field}-error`} className="field-error" role="alert">
        {message}
      </p>
    ) : null;
  const described = (field: string) => (place === field ? `${id}-${field}-error` : undefined);

  return (
    <form className="form support-form" onSubmit={submit} noValidate>
      <p className="muted">{t('login.support.intro')}</p>
      {place === 'form' ? (
        <p className="alert alert-error" role="alert">
          {message}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('login.support.email')}</label>
        <input id={`${id}-email`} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={place === 'email' || undefined} aria-describedby={described('email')} />
        {fieldError('email')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t('login.password')}</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={place === 'password' || undefined}
          aria-describedby={described('password')}
        />
        {fieldError('password')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-as`}>{t('login.support.actAs')}</label>
        <select id={`${id}-as`} className="select" value={actAs} onChange={(e) => setActAs(e.target.value as ActAs)}>
          <option value="asPersonalId">{t('login.support.asPersonalId')}</option>
          <option value="asCustomerId">{t('login.support.asCustomerId')}</option>
          <option value="asUsername">{t('login.support.asUsername')}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-customer`}>{t('login.support.customer')}</label>
        <input
          id={`${id}-customer`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={customer}
          onChange={(e) => setCustomer(e.target.value)}
          aria-invalid={place === 'customer' || undefined}
          aria-describedby={described('customer')}
        />
        {fieldError('customer')}
      </div>
      <button type="submit" className="button button-primary button-block" aria-disabled={signIn.isPending || undefined}>
        {signIn.isPending ? <span className="spinner spinner-inline" aria-hidden="true" /> : null}
        <span>{t('login.support.submit')}</span>
      </button>
    </form>
  );
}
