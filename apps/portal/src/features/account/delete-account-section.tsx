import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@gridline/locale/dates';
import { READ_ONLY_NOTE_ID, useReadOnlySession } from '../../shared/api/read-only-session.ts';
import { errorText } from '../../shared/errors.ts';
import { useLanguage } from '../../shared/i18n/language-context.ts';
import { useRequestDeletion } from './use-request-deletion.ts';

interface DeleteAccountSectionProps {
  /** When the customer asked (`users/me`'s `deletionRequestedAt`), or null. */
  requestedAt: string | null;
  /** The selected location's time zone, for the date. */
  timeZone: string | undefined;
}

/**
 * "Delete my account" (decision 0042): what happens, a confirmation step, then the request
 * (`GET …/users/requestDelete`); once asked, the date it was asked. A support session reads
 * only: the button is there, disabled, and says why.
 */
export function DeleteAccountSection({ requestedAt, timeZone }: DeleteAccountSectionProps) {
  const { t, i18n } = useTranslation();
  const { language } = useLanguage();
  const readOnly = useReadOnlySession();
  const request = useRequestDeletion();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      openRef.current?.focus();
    }
  }, [confirming]);

  const cancel = () => {
    returnFocus.current = true;
    request.reset();
    setConfirming(false);
  };

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('account.deletion.title')}</h2>
      {requestedAt ? (
        <div role="status">
          <p className="account-deletion-requested">{t('account.deletion.requestedOn', { date: formatDate(requestedAt, language, timeZone) })}</p>
          <p className="muted">{t('account.deletion.requestedNext')}</p>
        </div>
      ) : (
        <>
          <p>{t('account.deletion.intro')}</p>
          <ul className="account-deletion-facts">
            <li>{t('account.deletion.factHandled')}</li>
            <li>{t('account.deletion.factKept')}</li>
            <li>{t('account.deletion.factEmail')}</li>
          </ul>
          {confirming ? (
            <div className="account-deletion-confirm" role="group" aria-labelledby={`${titleId}-confirm`}>
              <p id={`${titleId}-confirm`}>
                <strong>{t('account.deletion.confirmQuestion')}</strong>
              </p>
              {request.isError ? (
                <p className="field-error" role="alert">
                  {errorText(request.error, i18n)}
                </p>
              ) : null}
              <div className="contact-actions">
                <button
                  ref={confirmRef}
                  type="button"
                  className="button button-primary button-small"
                  onClick={() => request.mutate()}
                  disabled={request.isPending || readOnly}
                  aria-busy={request.isPending || undefined}
                >
                  {request.isPending ? t('account.deletion.sending') : t('account.deletion.confirm')}
                </button>
                <button type="button" className="button button-ghost button-small" onClick={cancel}>
                  {t('account.cancel')}
                </button>
              </div>
            </div>
          ) : (
            <button
              ref={openRef}
              type="button"
              className="button button-secondary button-small"
              onClick={() => setConfirming(true)}
              disabled={readOnly}
              aria-describedby={readOnly ? READ_ONLY_NOTE_ID : undefined}
            >
              {t('account.deletion.open')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
