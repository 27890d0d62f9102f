import { useTranslation } from 'react-i18next';
import type { Invoice } from '@gridline/contracts/invoices';
import { hasDocument } from './invoice-format.ts';
import './invoice-actions.css';

interface InvoiceActionsProps {
  invoice: Invoice;
  onShow(invoice: Invoice): void;
  /** Present when the invoice can be split (unpaid, and the organisation offers it). */
  onSplit?: ((invoice: Invoice) => void) | undefined;
}

/**
 * The action cell of an invoice row: "Show invoice" (none when the file is missing) and "Split
 * invoice"; each button names its invoice for screen readers.
 */
export function InvoiceActions({ invoice, onShow, onSplit }: InvoiceActionsProps) {
  const { t } = useTranslation();
  const label = t('invoices.invoiceLabel', { number: invoice.id });
  return (
    <div className="invoice-actions">
      {hasDocument(invoice) ? (
        <button type="button" className="button button-secondary button-small" onClick={() => onShow(invoice)}>
          {t('invoices.showInvoice')}
          <span className="visually-hidden">{`, ${label} (${t('shared:opensInNewWindow')})`}</span>
        </button>
      ) : null}
      {onSplit ? (
        <button type="button" className="button button-ghost button-small" onClick={() => onSplit(invoice)}>
          {t('invoices.splitInvoice')}
          <span className="visually-hidden">{`, ${label}`}</span>
        </button>
      ) : null}
    </div>
  );
}
