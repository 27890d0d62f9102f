import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_LENGTH } from '@gridline/contracts/identity';
import type { AuthProcess } from '@gridline/contracts/auth';
import { errorKey, errorText } from '../../shared/errors.ts';
import { IdentityForm } from './identity-form.tsx';
import { PinBoxes } from './pin-boxes.tsx';
import { useSignInCallback, useStartSignIn } from './use-sign-in.ts';

/** Failures after which the PIN is gone: the login is aborted and starts over (spec 000 §4.1). */
const abortingKeys = new Set(['PIN_EXPIRED', 'PIN_ATTEMPTS_EXCEEDED', 'AUTH_REF_NOT_FOUND', 'aborted']);

/**
 * PIN by SMS (USR_PIN): the identity, then the 4-digit PIN from the SMS in four boxes. A wrong
 * PIN may be tried again (the tries left are said); an expired PIN or the fifth wrong one aborts
 * the login, which starts over at the identity with the reason shown.
 */
export function PinForm() {
  const { t, i18n } = useTranslation();
  const start = useStartSignIn();
  const confirm = useSignInCallback();
  const [process, setProcess] = useState<AuthProcess | null>(null);
  const [digits, setDigits] = useState<string[]>(() => Array.from({ length: PIN_LENGTH }, () => ''));
  const [aborted, setAborted] = useState<unknown>(null);
  const [incomplete, setIncomplete] = useState(false);
  const id = useId();
  const errorId = `${id}-pin-error`;
  const introId = `${id}-pin-intro`;

  const confirmError = confirm.error;

  if (!process) {
    return (
      <IdentityForm
        kind="any"
        submitLabel={t('login.sendCode')}
        pendingLabel={t('login.sendingCode')}
        pending={start.isPending}
        error={start.error ?? aborted}
        onSubmit={(identity) => {
          setAborted(null);
          start.mutate(
            { type: 'USR_PIN', ...identity },
            {
              onSuccess: (started) => {
                setDigits(Array.from({ length: PIN_LENGTH }, () => ''));
                setProcess(started);
              },
            },
          );
        }}
      />
    );
  }

  const pin = digits.join('');
  const wrongPin = confirmError && errorKey(confirmError) === 'WRONG_PIN';
  const attemptsLeft = wrongPin ? ((confirmError as { data?: { attemptsLeft?: number } }).data?.attemptsLeft ?? null) : null;
  const message = incomplete ? t('shared:errors.MALFORMED_PIN') : confirmError ? (wrongPin && attemptsLeft !== null ? `${errorText(confirmError, i18n)} ${t('login.attemptsLeft', { count: attemptsLeft })}` : errorText(confirmError, i18n)) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    if (!/^\d{4}$/.test(pin)) {
      setIncomplete(true);
      return;
    }
    setIncomplete(false);
    confirm.mutate(
      { type: 'USR_PIN', body: { ref: process.ref, pin } },
      {
        onError: (error) => {
          if (!abortingKeys.has(errorKey(error) ?? '')) return;
          // The PIN is gone: the login starts over at the identity, saying why.
          setAborted(error);
          setProcess(null);
          confirm.reset();
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <h2 className="login-step-title">{t('login.pinTitle')}</h2>
      <p id={introId} className="muted">
        {t('login.pinIntro', { phone: process.sentTo ?? '' })}
      </p>
      <PinBoxes
        digits={digits}
        onChange={(next) => {
          setDigits(next);
          setIncomplete(false);
        }}
        invalid={Boolean(message)}
        describedBy={message ? `${introId} ${errorId}` : introId}
        legend={t('login.pinLegend')}
      />
      {message ? (
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" aria-disabled={confirm.isPending || undefined}>
        {confirm.isPending ? <span className="spinner spinner-inline" aria-hidden="true" /> : null}
        <span>{t('login.confirmPin')}</span>
      </button>
      <button
        type="button"
        className="button button-ghost button-block"
        onClick={() => {
          setProcess(null);
          setAborted(null);
          start.reset();
          confirm.reset();
        }}
      >
        {t('login.startOver')}
      </button>
      {confirm.isPending ? (
        <p className="visually-hidden" role="status">
          {t('login.submitting')}
        </p>
      ) : null}
    </form>
  );
}
