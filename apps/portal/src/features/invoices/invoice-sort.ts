import type { InvoiceSortField, SortOrder } from '@gridline/contracts/invoices';

/** The invoice table's sortable columns (spec 000 §2.7): amount and status. */
export type SortColumn = 'amount' | 'status';
export type SortDirection = 'ascending' | 'descending';
/** null: the initial order, due date newest first. */
export type SortState = { column: SortColumn; direction: SortDirection } | null;

/**
 * A click on a column's sort control (spec 000 §4.4): initial → ascending → descending → initial.
 * Another column starts at ascending.
 */
export function nextSort(state: SortState, column: SortColumn): SortState {
  if (!state || state.column !== column) return { column, direction: 'ascending' };
  if (state.direction === 'ascending') return { column, direction: 'descending' };
  return null;
}

/** What the server is asked for: the initial state is due date, newest first. */
export function sortRequest(state: SortState): { sort: InvoiceSortField; order: SortOrder } {
  if (!state) return { sort: 'dueDate', order: 'desc' };
  return { sort: state.column, order: state.direction === 'ascending' ? 'asc' : 'desc' };
}

/**
 * `aria-sort` of a column header: the sorted column's direction; in the initial state the due
 * date column is the one the rows are sorted by (descending). Other headers: none.
 */
export function ariaSort(state: SortState, column: SortColumn | 'dueDate'): SortDirection | 'none' {
  if (!state) return column === 'dueDate' ? 'descending' : 'none';
  return state.column === column ? state.direction : 'none';
}
