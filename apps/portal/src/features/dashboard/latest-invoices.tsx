import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@gridline/contracts/invoices';
import { formatAmount } from '@gridline/locale/amounts';
import { formatMonthName, formatShortDayMonth } from '@gridline/locale/dates';
import { useInvoices } from '../../shared/api/invoices.ts';
import { useOrganisation } from '../../shared/api/organisation.ts';
import { errorText } from '../../shared/errors.ts';
import { useLanguage } from '../../shared/i18n/language-context.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { hasDocument, totalAmount } from './invoice-format.ts';
import { openBlankWindow, useOpenInvoice } from './use-open-invoice.ts';

/** How many invoices the dashboard shows (spec 000 §9). */
export const LATEST_INVOICES = 3;

/** The 'last invoices' block of the dashboard (spec 000 §2.6). */
export function LatestInvoices({ accountId }: { accountId: string | null }) {
  const { t, i18n } = useTranslation();
  const { language } = useLanguage();
  const organisation = useOrganisation();
  const invoices = useInvoices(accountId, { limit: LATEST_INVOICES });
  const openInvoice = useOpenInvoice();
  const headingId = useId();

  const onShow = (invoice: Invoice) => {
    const target = openBlankWindow();
    openInvoice.mutate({ accountId, invoice, target });
  };

  const rows = invoices.data?.data.slice(0, LATEST_INVOICES) ?? [];

  let body;
  if (accountId === null) {
    body = <p className="empty-state">{t('invoices.empty')}</p>;
  } else if (invoices.isPending) {
    body = <Spinner label={t('invoices.loading')} />;
  } else if (invoices.isError) {
    body = (
      <p className="alert alert-error" role="alert">
        {t('invoices.loadError')}
      </p>
    );
  } else if (rows.length === 0) {
    body = <p className="empty-state">{t('invoices.empty')}</p>;
  } else {
    body = (
      <div className="table-scroll" role="region" aria-label={t('invoices.scrollRegion')} tabIndex={0}>
        <table className="data-table invoice-table">
          <caption className="visually-hidden">{t('invoices.latestTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('invoices.invoiceNumber')}</th>
              <th scope="col">{t('invoices.month')}</th>
              <th scope="col">{t('invoices.dueDate')}</th>
              <th scope="col" className="numeric">
                {t('invoices.amount')}
              </th>
              <th scope="col">{t('invoices.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('invoices.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((invoice) => {
              const amount = totalAmount(invoice);
              const unpaid = invoice.invoiceStatus === 'UNPAID';
              return (
                <tr key={invoice._id}>
                  <th scope="row">{invoice.id}</th>
                  <td>{formatMonthName(invoice.month || invoice.startDate, language, { capitalised: true })}</td>
                  <td>
                    {invoice.dueDate
                      ? formatShortDayMonth(invoice.dueDate, language, organisation.timeZone)
                      : t('invoices.missingDueDate')}
                  </td>
                  <td className="numeric">
                    {amount === null ? '–' : formatAmount(amount, organisation.currency, language, { decimals: 2 })}
                  </td>
                  <td>
                    <span className={unpaid ? 'status status-unpaid' : 'status status-paid'}>
                      {t(`invoiceStatus.${invoice.invoiceStatus}`, { ns: 'shared' })}
                    </span>
                  </td>
                  <td className="actions">
                    {hasDocument(invoice) ? (
                      <button type="button" className="button button-secondary button-small" onClick={() => onShow(invoice)}>
                        {t('invoices.showInvoice')}
                        <span className="visually-hidden">
                          {`, ${t('invoices.invoiceLabel', { number: invoice.id })} (${t('shared:opensInNewWindow')})`}
                        </span>
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('invoices.latestTitle')}</h2>
      {openInvoice.isError ? (
        <p className="alert alert-error" role="alert">
          {errorText(openInvoice.error, i18n)}
        </p>
      ) : null}
      {body}
    </section>
  );
}
