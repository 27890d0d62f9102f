import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN } from '@gridline/contracts/contact';
import { client } from '../../shared/api/client.ts';
import { errorText } from '../../shared/errors.ts';
import { paths } from '../../shared/paths.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

/**
 * "Forgot your password?" (`PUT …/users/resetPassword`, decision 0043): the e-mail we have, then
 * a link to this portal's `/reset-password` that works once within the hour. The answer is the
 * same for any e-mail, so the page says "if" rather than naming the account.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState(false);
  const id = useId();
  const request = useMutation({
    mutationFn: (address: string) => client.requestPasswordReset(address, `${window.location.origin}${paths.resetPassword}`),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setProblem(true);
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setProblem(false);
    request.mutate(address);
  };

  if (request.isSuccess) {
    return (
      <div className="form login-sent">
        <h3 className="login-step-title">{t('login.forgot.sentTitle')}</h3>
        <p role="status">{t('login.forgot.sent', { email: request.variables })}</p>
        <button type="button" className="button button-secondary button-block" onClick={onBack}>
          {t('login.forgot.back')}
        </button>
      </div>
    );
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="login-step-title">
        {t('login.forgot.title')}
      </h3>
      <p className="muted">{t('login.forgot.intro')}</p>
      {request.error ? <ErrorAlert>{errorText(request.error, i18n)}</ErrorAlert> : null}
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('login.forgot.email')}</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={problem || undefined}
          aria-describedby={problem ? `${id}-email-error` : undefined}
        />
        {problem ? (
          <p id={`${id}-email-error`} className="field-error" role="alert">
            {t('login.forgot.invalidEmail')}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button-primary button-block" aria-disabled={request.isPending || undefined}>
        {request.isPending ? <span className="spinner spinner-inline" aria-hidden="true" /> : null}
        <span>{request.isPending ? t('login.forgot.sending') : t('login.forgot.submit')}</span>
      </button>
      <button type="button" className="button button-secondary button-block" onClick={onBack}>
        {t('login.forgot.back')}
      </button>
    </form>
  );
}
