import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@gridline/contracts/invoices';
import { formatPersonName } from '@gridline/locale/names';
import { hasFlag, useOrganisation } from '../../shared/api/organisation.ts';
import { errorText } from '../../shared/errors.ts';
import { useOrganisationLinks } from '../../shared/external-links.ts';
import { InvoiceRow } from '../../shared/invoices/invoice-row.tsx';
import { useSplitInvoice } from '../../shared/invoices/split-invoice-dialog.tsx';
import { openBlankWindow, useOpenInvoice } from '../../shared/invoices/use-open-invoice.ts';
import { useSelectedLocation } from '../../shared/location/selected-location.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { ariaSort, nextSort, type SortColumn, type SortState } from './invoice-sort.ts';
import { useAccountCustomer, useInvoiceList } from './use-invoice-list.ts';
import './invoices.css';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

/**
 * The invoices page (spec 000 §2.7, §4.4): the customer, the grid operator's invoices
 * (SHOW_GRID_INVOICE), and every invoice of the selected location's account, due date newest
 * first, 24 at a time. Amount and status sort on the server through initial → ascending →
 * descending, so the order holds across pages.
 */
export default function InvoicesPage() {
  const { t, i18n } = useTranslation();
  const organisation = useOrganisation();
  const { accountId } = useSelectedLocation();
  const links = useOrganisationLinks();
  const [sort, setSort] = useState<SortState>(null);
  const list = useInvoiceList(accountId, sort);
  const customer = useAccountCustomer(accountId);
  const openInvoice = useOpenInvoice();
  const split = useSplitInvoice();
  const headingId = useId();
  const rowIdPrefix = useId();
  /** The row to focus once it has arrived (the first of a page asked for with "show more"). */
  const focusRow = useRef<number | null>(null);

  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  const total = list.data?.pages.at(-1)?.pagination.total ?? 0;
  const rowId = (index: number) => `${rowIdPrefix}-row-${index}`;

  // After "show more", focus moves to the first invoice that came in (the button may be gone).
  useEffect(() => {
    const index = focusRow.current;
    if (index === null || rows.length <= index) return;
    focusRow.current = null;
    document.getElementById(`${rowIdPrefix}-row-${index}`)?.focus();
  });

  const onShow = (invoice: Invoice) => {
    const target = openBlankWindow();
    openInvoice.mutate({ accountId, invoice, target });
  };
  const onMore = () => {
    if (list.isFetchingNextPage) return;
    focusRow.current = rows.length;
    void list.fetchNextPage();
  };

  const owner = customer.data?.accountOwner;
  const customerName = formatPersonName(owner);
  const gridInvoice = hasFlag(organisation, 'SHOW_GRID_INVOICE') ? links.gridInvoice : null;
  const caption = sort
    ? t('invoices.captionSorted', {
        column: sort.column === 'amount' ? t('invoices.sortAmount') : t('invoices.sortStatus'),
        direction: sort.direction === 'ascending' ? t('invoices.sortAscending') : t('invoices.sortDescending'),
      })
    : t('invoices.captionDefault');

  const sortHeader = (column: SortColumn, label: string, className?: string) => {
    const state = ariaSort(sort, column);
    return (
      <th scope="col" role="columnheader" className={className} aria-sort={state} data-sortable="">
        <button type="button" className="sort-button" onClick={() => setSort((current) => nextSort(current, column))}>
          <span>{label}</span>
          <span className={`sort-icon sort-icon-${state}`} aria-hidden="true" />
        </button>
      </th>
    );
  };

  let body;
  if (accountId === null) {
    body = <p className="empty-state">{t('invoices.empty')}</p>;
  } else if (list.isPending) {
    body = <Spinner label={t('invoices.loading')} />;
  } else if (list.isError && rows.length === 0) {
    body = (
      <ErrorAlert>{t('invoices.loadError')}</ErrorAlert>
    );
  } else if (rows.length === 0) {
    body = <p className="empty-state">{t('invoices.empty')}</p>;
  } else {
    body = (
      <>
        <div className="table-scroll invoice-table-scroll" role="region" aria-label={t('invoices.allScrollRegion')} tabIndex={0}>
          <table className="data-table invoice-table invoice-table-sortable" role="table" aria-busy={list.isPlaceholderData || undefined}>
            <caption className="visually-hidden">{caption}</caption>
            <thead role="rowgroup">
              {/* data-sort-label: the visible "sort by" before the sort buttons when the rows are cards */}
              <tr role="row" data-sort-label={t('invoices.sortBy')}>
                <th scope="col" role="columnheader">{t('invoices.invoiceNumber')}</th>
                <th scope="col" role="columnheader">{t('invoices.month')}</th>
                <th scope="col" role="columnheader" aria-sort={ariaSort(sort, 'dueDate')}>
                  {t('invoices.dueDate')}
                </th>
                {sortHeader('amount', t('invoices.amount'), 'numeric')}
                {sortHeader('status', t('invoices.status'))}
                <th scope="col" role="columnheader">
                  <span className="visually-hidden">{t('invoices.action')}</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {rows.map((invoice, index) => (
                <InvoiceRow
                  key={invoice._id}
                  invoice={invoice}
                  headerId={rowId(index)}
                  onShow={onShow}
                  onSplit={split.canSplit(invoice) ? split.open : undefined}
                />
              ))}
            </tbody>
          </table>
        </div>
        <div className="invoice-list-footer">
          <p className="muted" aria-live="polite">
            {t('invoices.shownCount', { shown: rows.length, total })}
          </p>
          {list.hasNextPage ? (
            <button type="button" className="button button-secondary" aria-disabled={list.isFetchingNextPage || undefined} onClick={onMore}>
              {list.isFetchingNextPage ? t('invoices.loadingMore') : t('invoices.showMore')}
            </button>
          ) : null}
        </div>
        {list.isFetchNextPageError ? <ErrorAlert>{t('invoices.moreError')}</ErrorAlert> : null}
      </>
    );
  }

  return (
    <div className="page-content">
      <section className="card" aria-labelledby={headingId}>
        <div className="invoices-header">
          <div>
            <h2 id={headingId}>{t('invoices.allTitle')}</h2>
            {customerName || customer.data?.provider.customerId ? (
              <p className="invoices-customer">
                {customerName ? <span>{t('invoices.customer', { name: customerName })}</span> : null}
                {customer.data?.provider.customerId ? <span>{t('invoices.customerNumber', { number: customer.data.provider.customerId })}</span> : null}
              </p>
            ) : null}
          </div>
          {gridInvoice ? (
            <a className="button button-secondary" href={gridInvoice} target="_blank" rel="noopener noreferrer">
              {t('invoices.gridInvoice')}
              <span className="visually-hidden">{` (${t('shared:opensInNewWindow')})`}</span>
            </a>
          ) : null}
        </div>
        {openInvoice.isError ? <ErrorAlert>{errorText(openInvoice.error, i18n)}</ErrorAlert> : null}
        {body}
      </section>
      {split.dialog}
    </div>
  );
}
