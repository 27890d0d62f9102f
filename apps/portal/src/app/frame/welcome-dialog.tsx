import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../shared/modal-dialog.tsx';

/**
 * The welcome dialog (spec 000 §2.3): shown to an account that has not dismissed it in this
 * browser; `onDismissed` remembers that it was.
 */
export function WelcomeDialog({ organisationName, onDismissed }: { organisationName: string; onDismissed(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog labelledBy={titleId} describedBy={textId} initialFocus={buttonRef} onClosed={onDismissed}>
      <h2 id={titleId}>{t('welcome.title', { organisation: organisationName })}</h2>
      <p id={textId}>{t('welcome.text')}</p>
      <ul className="dialog-list">
        <li>{t('welcome.invoices')}</li>
        <li>{t('welcome.agreement')}</li>
        <li>{t('welcome.help')}</li>
      </ul>
      <form method="dialog" className="dialog-actions">
        <button ref={buttonRef} type="submit" className="button button-primary">
          {t('welcome.close')}
        </button>
      </form>
    </ModalDialog>
  );
}
