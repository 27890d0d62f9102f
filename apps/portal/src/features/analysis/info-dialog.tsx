import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface InfoDialogProps {
  title: string;
  children: ReactNode;
  onClose(): void;
}

/**
 * A native modal `<dialog>` opened as it mounts: the page behind is inert, Escape closes it,
 * focus starts on the close button and goes back to the button that opened it.
 */
export function InfoDialog({ title, children, onClose }: InfoDialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    dialog.showModal();
    closeRef.current?.focus();
  }, []);

  const onDialogClose = () => {
    const target = opener.current;
    onClose();
    queueMicrotask(() => {
      if (target?.isConnected) target.focus();
    });
  };

  return (
    <dialog ref={dialogRef} className="dialog analysis-dialog" aria-labelledby={titleId} aria-describedby={bodyId} onClose={onDialogClose}>
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId}>{children}</div>
      <div className="dialog-actions">
        <button ref={closeRef} type="button" className="button button-primary" onClick={() => dialogRef.current?.close()}>
          {t('analysis.close')}
        </button>
      </div>
    </dialog>
  );
}
