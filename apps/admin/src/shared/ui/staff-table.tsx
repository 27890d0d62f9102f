import { useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';

/** The page sizes a staff member may pick where a table offers the choice. */
export const PAGE_SIZES = [10, 25, 50, 100];

/** A page size from the address, or the default when it is not one of `PAGE_SIZES`. */
export const pageSizeOf = (value: string | undefined, fallback = 25) => (PAGE_SIZES.includes(Number(value)) ? Number(value) : fallback);

export interface TablePaging {
  page: number;
  total: number;
  pageSize: number;
  onPageChange(page: number): void;
  /** Offered only when given: the sizes of `PAGE_SIZES`. */
  onPageSizeChange?(size: number): void;
}

export interface StaffTableProps<T> {
  /** The table's accessible name. */
  label: string;
  records: T[];
  columns: DataTableColumn<T>[];
  idAccessor?: string;
  fetching?: boolean;
  noRecordsText: string;
  paging?: TablePaging;
  sortStatus?: DataTableSortStatus<T>;
  onSortStatusChange?(status: DataTableSortStatus<T>): void;
  onRowClick?(record: T): void;
  striped?: boolean;
  minHeight?: number;
}

/**
 * Every list of the back office (decision 0039): mantine-datatable with one look, the paging texts
 * and page sizes of the staff's language, and its sort icons named in that language too. The
 * library names them in English only ("Sorted ascending", "Not sorted"), so the table's own
 * element is watched and those names are replaced as they appear.
 */
export function StaffTable<T>({ label, records, columns, idAccessor = '_id', fetching, noRecordsText, paging, sortStatus, onSortStatusChange, onRowClick, striped = true, minHeight = 180 }: StaffTableProps<T>) {
  const { t } = useTranslation('admin');
  const box = useRef<HTMLDivElement>(null);
  useSortIconNames(box, { 'Sorted ascending': t('table.sortedAscending'), 'Sorted descending': t('table.sortedDescending'), 'Not sorted': t('table.notSorted') });

  const pagination = paging
    ? {
        page: paging.page,
        onPageChange: paging.onPageChange,
        totalRecords: paging.total,
        recordsPerPage: paging.pageSize,
        paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) => t('table.showing', { from, to, total: totalRecords }),
        ...(paging.onPageSizeChange ? { recordsPerPageOptions: PAGE_SIZES, onRecordsPerPageChange: paging.onPageSizeChange, recordsPerPageLabel: t('table.perPage') } : {}),
      }
    : {};
  const sorting = sortStatus && onSortStatusChange ? { sortStatus, onSortStatusChange } : {};
  return (
    <Box ref={box}>
      <DataTable<T>
        withTableBorder
        striped={striped}
        highlightOnHover
        minHeight={minHeight}
        idAccessor={idAccessor}
        aria-label={label}
        records={records}
        fetching={fetching ?? false}
        noRecordsText={noRecordsText}
        columns={columns}
        {...pagination}
        {...sorting}
        {...(onRowClick ? { onRowClick: ({ record }: { record: T }) => onRowClick(record) } : {})}
      />
    </Box>
  );
}

/** Replaces the English names the table library gives its sort icons, now and whenever they change. */
function useSortIconNames(box: React.RefObject<HTMLDivElement | null>, names: Record<string, string>) {
  const key = JSON.stringify(names);
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const translations = JSON.parse(key) as Record<string, string>;
    const rename = () => {
      for (const icon of root.querySelectorAll<HTMLElement>('[role="img"][aria-label]')) {
        const name = translations[icon.getAttribute('aria-label') ?? ''];
        if (name && name !== icon.getAttribute('aria-label')) icon.setAttribute('aria-label', name);
      }
    };
    rename();
    const observer = new MutationObserver(rename);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, [box, key]);
}
