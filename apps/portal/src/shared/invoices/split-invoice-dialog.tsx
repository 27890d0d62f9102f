import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@gridline/contracts/invoices';
import { hasFlag, useOrganisation } from '../api/organisation.ts';
import { splitInvoiceUrl, useOrganisationLinks } from '../external-links.ts';
import './invoice-actions.css';

interface SplitInvoiceDialogProps {
  invoiceNumber: string;
  url: string;
  onClose(): void;
}

/**
 * The split-invoice dialog (spec 000 §2.6, §2.7): the provider's page for the invoice in a
 * frame. A native modal `<dialog>`: the page behind is inert, Escape closes it, focus starts on
 * the close button and goes back to the button that opened it.
 */
export function SplitInvoiceDialog({ invoiceNumber, url, onClose }: SplitInvoiceDialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

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
    <dialog ref={dialogRef} className="dialog dialog-frame" aria-labelledby={titleId} onClose={onDialogClose}>
      <div className="dialog-frame-header">
        <h2 id={titleId}>{t('invoices.splitTitle', { number: invoiceNumber })}</h2>
        <button ref={closeRef} type="button" className="button button-secondary button-small" onClick={() => dialogRef.current?.close()}>
          {t('invoices.close')}
        </button>
      </div>
      <iframe className="dialog-frame-content" src={url} title={t('invoices.splitFrameTitle', { number: invoiceNumber })} />
    </dialog>
  );
}

/**
 * Splitting unpaid invoices (SHOW_IFRAME_INVOICE with a frame address for this environment):
 * whether an invoice can be split, opening its dialog, and the dialog while one is open.
 */
export function useSplitInvoice() {
  const organisation = useOrganisation();
  const { invoiceFrame } = useOrganisationLinks();
  const [open, setOpen] = useState<string | null>(null);
  const base = hasFlag(organisation, 'SHOW_IFRAME_INVOICE') ? invoiceFrame : null;
  return {
    canSplit: (invoice: Pick<Invoice, 'invoiceStatus'>) => base !== null && invoice.invoiceStatus === 'UNPAID',
    open: (invoice: Pick<Invoice, 'id'>) => setOpen(invoice.id),
    dialog: open !== null && base !== null ? <SplitInvoiceDialog invoiceNumber={open} url={splitInvoiceUrl(base, open)} onClose={() => setOpen(null)} /> : null,
  };
}
