import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@gridline/contracts/invoices';
import { hasFlag, useOrganisation } from '../api/organisation.ts';
import { splitInvoiceUrl, useOrganisationLinks } from '../external-links.ts';
import { ModalDialog } from '../modal-dialog.tsx';
import './invoice-actions.css';

interface SplitInvoiceDialogProps {
  invoiceNumber: string;
  url: string;
  onClose(): void;
}

/**
 * The split-invoice dialog (spec 000 §2.6, §2.7): the provider's page for the invoice in a
 * frame, in the shared ModalDialog (inert page behind, Escape closes, focus returns).
 */
export function SplitInvoiceDialog({ invoiceNumber, url, onClose }: SplitInvoiceDialogProps) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  return (
    <ModalDialog labelledBy={titleId} initialFocus={closeRef} onClosed={onClose} className="dialog-frame">
      <form method="dialog" className="dialog-frame-header">
        <h2 id={titleId}>{t('invoices.splitTitle', { number: invoiceNumber })}</h2>
        <button ref={closeRef} type="submit" className="button button-secondary button-small">
          {t('invoices.close')}
        </button>
      </form>
      <iframe className="dialog-frame-content" src={url} title={t('invoices.splitFrameTitle', { number: invoiceNumber })} />
    </ModalDialog>
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
