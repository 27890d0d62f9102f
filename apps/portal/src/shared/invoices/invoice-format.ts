import type { Invoice } from '@gridline/contracts/invoices';

/** The invoice's total: its info entry with key totalAmount, as a number (null when missing). */
export function totalAmount(invoice: Pick<Invoice, 'info'>): number | null {
  const entry = invoice.info.find((item) => item.key === 'totalAmount');
  if (!entry) return null;
  const value = typeof entry.value === 'number' ? entry.value : Number(entry.value.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/** Whether the invoice has a document to show (type 'missing' has none). */
export function hasDocument(invoice: Pick<Invoice, 'invoice'>): boolean {
  return invoice.invoice.type !== 'missing';
}
