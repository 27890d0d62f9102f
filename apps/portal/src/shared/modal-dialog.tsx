import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

interface ModalDialogProps {
  labelledBy: string;
  describedBy?: string;
  /** The element that takes focus when the dialog opens (its main button). */
  initialFocus: RefObject<HTMLElement | null>;
  /** Called once the dialog has closed, however it was closed (button, Escape). */
  onClosed(): void;
  /** Classes beside `dialog` (its size and layout). */
  className?: string;
  /** The content; a submit button in a `<form method="dialog">` closes the dialog. */
  children: ReactNode;
}

/**
 * A native modal `<dialog>` opened as it mounts: the page behind is inert, Escape closes it,
 * focus starts on `initialFocus` and returns where it was (or to the main area) once closed.
 */
export function ModalDialog({ labelledBy, describedBy, initialFocus, onClosed, className, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    const active = document.activeElement;
    returnFocus.current = active instanceof HTMLElement && active !== document.body ? active : null;
    dialog.showModal();
    initialFocus.current?.focus();
  }, [initialFocus]);

  const handleClose = () => {
    const target = returnFocus.current;
    onClosed();
    // The browser gives focus back itself; where there was none (the dialog opened as the page
    // loaded) or that element is gone, the page's main area takes it.
    queueMicrotask(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      if (target?.isConnected) target.focus();
      else document.getElementById('main')?.focus();
    });
  };

  return (
    <dialog ref={dialogRef} className={className ? `dialog ${className}` : 'dialog'} aria-labelledby={labelledBy} aria-describedby={describedBy} onClose={handleClose}>
      {children}
    </dialog>
  );
}
