import { useTranslation } from 'react-i18next';
import type { Invoice } from '@gridline/contracts/invoices';
import { formatAmount } from '@gridline/locale/amounts';
import { formatMonthName, formatShortDayMonth } from '@gridline/locale/dates';
import { useOrganisation } from '../api/organisation.ts';
import { useLanguage } from '../i18n/language-context.ts';
import { InvoiceActions } from './invoice-actions.tsx';
import { totalAmount } from './invoice-format.ts';
import './invoice-table.css';

interface InvoiceRowProps {
  invoice: Invoice;
  onShow(invoice: Invoice): void;
  onSplit?: ((invoice: Invoice) => void) | undefined;
  /** Lets the row's header cell take focus (after "show more", focus goes to the first new row). */
  headerId?: string | undefined;
}

/**
 * One invoice in a table (spec 000 §2.6, §2.7): number, month with its year (24 months in a
 * list), due date (or "no due date"), the total amount, the status (red when unpaid, green
 * otherwise) and the actions. In a narrow card the row is drawn as a card of its own
 * (invoice-table.css); the explicit roles keep it a row of a table for assistive technology
 * whatever its CSS display, and `data-label` names a cell visually where no column header shows.
 */
export function InvoiceRow({ invoice, onShow, onSplit, headerId }: InvoiceRowProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const organisation = useOrganisation();
  const amount = totalAmount(invoice);
  const unpaid = invoice.invoiceStatus === 'UNPAID';
  return (
    <tr role="row">
      <th scope="row" role="rowheader" className="invoice-cell-number" data-label={t('invoices.invoiceNumber')} id={headerId} tabIndex={headerId ? -1 : undefined}>
        {invoice.id}
      </th>
      <td role="cell" className="invoice-cell-month">
        {formatMonthName(invoice.month || invoice.startDate, language, { capitalised: true, withYear: true })}
      </td>
      {invoice.dueDate ? (
        <td role="cell" className="invoice-cell-due" data-label={t('invoices.dueDate')}>
          {formatShortDayMonth(invoice.dueDate, language, organisation.timeZone)}
        </td>
      ) : (
        <td role="cell" className="invoice-cell-due">
          {t('invoices.missingDueDate')}
        </td>
      )}
      <td role="cell" className="numeric invoice-cell-amount">
        {amount === null ? '–' : formatAmount(amount, organisation.currency, language, { decimals: 2 })}
      </td>
      <td role="cell" className="invoice-cell-status">
        <span className={unpaid ? 'status status-unpaid' : 'status status-paid'}>{t(`invoiceStatus.${invoice.invoiceStatus}`, { ns: 'shared' })}</span>
      </td>
      <td role="cell" className="actions invoice-cell-actions">
        <InvoiceActions invoice={invoice} onShow={onShow} onSplit={onSplit} />
      </td>
    </tr>
  );
}
