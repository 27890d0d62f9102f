import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganisation } from '../../shared/api/organisation.ts';
import { errorKey, errorText } from '../../shared/errors.ts';
import { BankIdForm, type SupportBankId } from './bankid-form.tsx';
import { useSupportSignIn } from './use-sign-in.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

type ActAs = 'asPersonalId' | 'asCustomerId' | 'asUsername';
type Identify = 'password' | 'bankid';

/**
 * Support mode (spec 000 §2.5; only with `#supportMode` in the address): an admin names a
 * customer by personal number, customer number or username, and identifies with e-mail and
 * password (ADMIN) or, where the organisation offers ADMIN_BANKID, with their own BankID. The
 * session is read-only (scope INSPECTOR) and written to the audit log.
 */
export function SupportForm() {
  const { t, i18n } = useTranslation();
  const organisation = useOrganisation();
  const offersBankId = organisation.signInMethods.includes('ADMIN_BANKID');
  const signIn = useSupportSignIn();
  const [identify, setIdentify] = useState<Identify>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [actAs, setActAs] = useState<ActAs>('asPersonalId');
  const [customer, setCustomer] = useState('');
  const [customerMissing, setCustomerMissing] = useState(false);
  const customerInput = useRef<HTMLInputElement>(null);
  const firstChoice = useRef<HTMLInputElement>(null);
  const id = useId();

  const key = signIn.error ? errorKey(signIn.error) : null;
  const place = customerMissing
    ? 'customer'
    : key === 'USER_NOT_FOUND'
      ? 'email'
      : key === 'WRONG_PASSWORD'
        ? 'password'
        : key === 'NOT_FOUND' || key === 'MALFORMED_PERSONAL_NUMBER'
          ? 'customer'
          : signIn.error
            ? 'form'
            : null;
  const message = customerMissing
    ? t('login.support.customerMissing')
    : key === 'USER_NOT_FOUND'
      ? t('login.support.adminNotFound')
      : key === 'NOT_FOUND'
        ? t('login.support.customerNotFound')
        : signIn.error
          ? errorText(signIn.error, i18n)
          : '';

  /** The customer fields, or null (and the field says so) while the customer is not named. */
  const customerFields = () => {
    const value = customer.trim();
    if (!value) {
      setCustomerMissing(true);
      customerInput.current?.focus();
      return null;
    }
    setCustomerMissing(false);
    return { [actAs]: value };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const fields = customerFields();
    if (!fields) return;
    signIn.mutate({ email: email.trim(), password, ...fields });
  };

  const bankId: SupportBankId = {
    customer: customerFields,
    failureText: (failure) =>
      failure === 'USER_NOT_FOUND' ? t('login.support.bankidAdminNotFound') : failure === 'NOT_FOUND' ? t('login.support.customerNotFound') : null,
  };

  const fieldError = (field: string) =>
    place === field ? (
      <p id={`${id}-${field}-error`} className="field-error" role="alert">
        {message}
      </p>
    ) : null;
  const described = (field: string) => (place === field ? `${id}-${field}-error` : undefined);

  return (
    <div className="form support-form">
      <p className="muted">{t('login.support.intro')}</p>
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
          ref={customerInput}
          id={`${id}-customer`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={customer}
          onChange={(e) => {
            setCustomer(e.target.value);
            setCustomerMissing(false);
          }}
          aria-invalid={place === 'customer' || undefined}
          aria-describedby={described('customer')}
        />
        {fieldError('customer')}
      </div>
      {offersBankId ? (
        <fieldset className="support-identify">
          <legend>{t('login.support.method')}</legend>
          <label className="support-choice">
            <input
              ref={firstChoice}
              type="radio"
              name={`${id}-identify`}
              value="password"
              checked={identify === 'password'}
              onChange={() => setIdentify('password')}
            />
            <span>{t('login.support.methodPassword')}</span>
          </label>
          <label className="support-choice">
            <input type="radio" name={`${id}-identify`} value="bankid" checked={identify === 'bankid'} onChange={() => setIdentify('bankid')} />
            <span>{t('login.support.methodBankId')}</span>
          </label>
        </fieldset>
      ) : null}
      {identify === 'bankid' && offersBankId ? (
        <>
          <p className="muted">{t('login.support.bankidIntro')}</p>
          <BankIdForm support={bankId} onBack={() => firstChoice.current?.focus()} />
        </>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          {place === 'form' ? <ErrorAlert>{message}</ErrorAlert> : null}
          <div className="field">
            <label htmlFor={`${id}-email`}>{t('login.support.email')}</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={place === 'email' || undefined}
              aria-describedby={described('email')}
            />
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
          <button type="submit" className="button button-primary button-block" aria-disabled={signIn.isPending || undefined}>
            {signIn.isPending ? <span className="spinner spinner-inline" aria-hidden="true" /> : null}
            <span>{t('login.support.submit')}</span>
          </button>
        </form>
      )}
    </div>
  );
}
