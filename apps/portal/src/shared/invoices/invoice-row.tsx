import { useTranslation } from 'react-i18next';
import type { Invoice } from '@gridline/contracts/invoices';
import { formatAmount } from '@gridline/locale/amounts';
import { formatMonthName, formatShortDayMonth } from '@gridline/locale/dates';
import { useOrganisation } from '../api/organisation.ts';
import { useLanguage } from '../i18n/language-context.ts';
import { InvoiceActions } from './invoice-actions.tsx';
import { totalAmount } from './invoice-format.ts';

interface InvoiceRowProps {
  invoice: Invoice;
  onShow(invoice: Invoice): void;
  onSplit?: ((invoice: Invoice) => void) | undefined;
  /** Lets the row's header cell take focus (after "show more", focus goes to the first new row). */
  headerId?: string | undefined;
}

/**
 * One invoice in a table (spec 000 §2.6, §2.7): number, month, due date (or "no due date"),
 * the total amount, the status (red when unpaid, green otherwise) and the actions.
 */
export function InvoiceRow({ invoice, onShow, onSplit, headerId }: InvoiceRowProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const organisation = useOrganisation();
  const amount = totalAmount(invoice);
  const unpaid = invoice.invoiceStatus === 'UNPAID';
  return (
    <tr>
      <th scope="row" id={headerId} tabIndex={headerId ? -1 : undefined}>
        {invoice.id}
      </th>
      <td>{formatMonthName(invoice.month || invoice.startDate, language, { capitalised: true })}</td>
      <td>{invoice.dueDate ? formatShortDayMonth(invoice.dueDate, language, organisation.timeZone) : t('invoices.missingDueDate')}</td>
      <td className="numeric">{amount === null ? '–' : formatAmount(amount, organisation.currency, language, { decimals: 2 })}</td>
      <td>
        <span className={unpaid ? 'status status-unpaid' : 'status status-paid'}>{t(`invoiceStatus.${invoice.invoiceStatus}`, { ns: 'shared' })}</span>
      </td>
      <td className="actions">
        <InvoiceActions invoice={invoice} onShow={onShow} onSplit={onSplit} />
      </td>
    </tr>
  );
}
