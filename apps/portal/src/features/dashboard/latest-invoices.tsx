import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@gridline/contracts/invoices';
import { LATEST_INVOICES, useInvoices } from '../../shared/api/invoices.ts';
import { errorText } from '../../shared/errors.ts';
import { InvoiceRow } from '../../shared/invoices/invoice-row.tsx';
import { useSplitInvoice } from '../../shared/invoices/split-invoice-dialog.tsx';
import { openBlankWindow, useOpenInvoice } from '../../shared/invoices/use-open-invoice.ts';
import { paths } from '../../shared/paths.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

/** The 'last invoices' block of the dashboard (spec 000 §2.6). */
export function LatestInvoices({ accountId }: { accountId: string | null }) {
  const { t, i18n } = useTranslation();
  const invoices = useInvoices(accountId, { limit: LATEST_INVOICES });
  const openInvoice = useOpenInvoice();
  const split = useSplitInvoice();
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
      <ErrorAlert>{t('invoices.loadError')}</ErrorAlert>
    );
  } else if (rows.length === 0) {
    body = <p className="empty-state">{t('invoices.empty')}</p>;
  } else {
    body = (
      <div className="table-scroll invoice-table-scroll" role="region" aria-label={t('invoices.scrollRegion')} tabIndex={0}>
        <table className="data-table invoice-table" role="table">
          <caption className="visually-hidden">{t('invoices.latestTitle')}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">{t('invoices.invoiceNumber')}</th>
              <th scope="col" role="columnheader">{t('invoices.month')}</th>
              <th scope="col" role="columnheader">{t('invoices.dueDate')}</th>
              <th scope="col" role="columnheader" className="numeric">
                {t('invoices.amount')}
              </th>
              <th scope="col" role="columnheader">{t('invoices.status')}</th>
              <th scope="col" role="columnheader">
                <span className="visually-hidden">{t('invoices.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((invoice) => (
              <InvoiceRow key={invoice._id} invoice={invoice} onShow={onShow} onSplit={split.canSplit(invoice) ? split.open : undefined} />
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('invoices.latestTitle')}</h2>
      {openInvoice.isError ? <ErrorAlert>{errorText(openInvoice.error, i18n)}</ErrorAlert> : null}
      {body}
      {accountId !== null ? (
        <p className="card-footer-link">
          <Link to={paths.invoices}>{t('invoices.showAll')}</Link>
        </p>
      ) : null}
      {split.dialog}
    </section>
  );
}
