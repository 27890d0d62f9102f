import { useMutation } from '@tanstack/react-query';
import type { Invoice } from '@gridline/contracts/invoices';
import { client } from '../api/client.ts';

interface OpenInvoice {
  accountId: string | null;
  invoice: Invoice;
  /** The window opened on the click (before any await, so that pop-up blockers allow it). */
  target: Window | null;
}

/**
 * Opens an invoice's document in a new window (spec 000 §2.6): the window opens at once, then
 * goes to the document's short-lived address; if that cannot be had, it closes again.
 */
export function useOpenInvoice() {
  return useMutation({
    mutationFn: ({ accountId, invoice }: OpenInvoice) =>
      client.invoiceDocumentUrl(accountId, invoice.invoice.provider),
    onSuccess: (url, { target }) => {
      if (target && !target.closed) target.location.href = url;
      else window.open(url, '_blank', 'noopener');
    },
    onError: (_error, { target }) => target?.close(),
  });
}

/** Open an empty window now, in the click, without giving it a handle on the portal. */
export function openBlankWindow(): Window | null {
  const target = window.open('', '_blank');
  if (target) target.opener = null;
  return target;
}
