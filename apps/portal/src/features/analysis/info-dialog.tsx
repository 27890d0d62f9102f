import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../shared/modal-dialog.tsx';

interface InfoDialogProps {
  title: string;
  children: ReactNode;
  onClose(): void;
}

/** An explanation in a modal dialog with one close button (the shared ModalDialog's behaviour). */
export function InfoDialog({ title, children, onClose }: InfoDialogProps) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  return (
    <ModalDialog labelledBy={titleId} describedBy={bodyId} initialFocus={closeRef} onClosed={onClose} className="analysis-dialog">
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId}>{children}</div>
      <form method="dialog" className="dialog-actions">
        <button ref={closeRef} type="submit" className="button button-primary">
          {t('analysis.close')}
        </button>
      </form>
    </ModalDialog>
  );
}
