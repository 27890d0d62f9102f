import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keys } from '../../shared/api/client.ts';
import type { StoreLink } from '../../shared/app/store-app.ts';
import { readStored, writeStored } from '../../shared/storage.ts';
import { StoreLinks } from './store-app-block.tsx';

/**
 * The download-app dialog (spec 000 §2.2, §2.5): store links and a continue button, shown once
 * per organisation in this browser after sign-in; that it was shown is remembered in
 * localStorage. A native modal `<dialog>`: the page behind is inert, Escape closes it, focus
 * starts on the continue button and returns where it was.
 */
export function DownloadAppDialog({ links }: { links: readonly StoreLink[] }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => readStored(keys.appPopupShown) === null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!visible || !dialog || dialog.open) return;
    const active = document.activeElement;
    returnFocus.current = active instanceof HTMLElement && active !== document.body ? active : null;
    dialog.showModal();
    continueRef.current?.focus();
    writeStored(keys.appPopupShown, new Date().toISOString());
  }, [visible]);

  if (!visible) return null;

  const onClose = () => {
    setVisible(false);
    const target = returnFocus.current;
    // The browser gives focus back itself; where there was none (the dialog opened as the page
    // loaded) or that element is gone, the page's main area takes it.
    queueMicrotask(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      if (target?.isConnected) target.focus();
      else document.getElementById('main')?.focus();
    });
  };

  return (
    <dialog ref={dialogRef} className="dialog" aria-labelledby={titleId} aria-describedby={textId} onClose={onClose}>
      <h2 id={titleId}>{t('storeApp.dialogTitle')}</h2>
      <p id={textId}>{t('storeApp.dialogText')}</p>
      <StoreLinks links={links} />
      <div className="dialog-actions">
        <button ref={continueRef} type="button" className="button button-primary" onClick={() => dialogRef.current?.close()}>
          {t('storeApp.continue')}
        </button>
      </div>
    </dialog>
  );
}
