import { describe, expect, it } from 'vitest';
import { ariaSort, nextSort, sortRequest, type SortState } from './invoice-sort.ts';

describe('nextSort', () => {
  it('cycles a column through initial, ascending, descending and back to initial', () => {
    const seen: SortState[] = [];
    let state: SortState = null;
    for (let click = 0; click < 4; click += 1) {
      state = nextSort(state, 'amount');
      seen.push(state);
    }
    expect(seen).toEqual([{ column: 'amount', direction: 'ascending' }, { column: 'amount', direction: 'descending' }, null, { column: 'amount', direction: 'ascending' }]);
  });

  it('starts another column at ascending, whatever the first column was at', () => {
    expect(nextSort({ column: 'amount', direction: 'ascending' }, 'status')).toEqual({ column: 'status', direction: 'ascending' });
    expect(nextSort({ column: 'amount', direction: 'descending' }, 'status')).toEqual({ column: 'status', direction: 'ascending' });
  });
});

describe('sortRequest', () => {
  it('asks for due date newest first initially, else the column and its order', () => {
    expect(sortRequest(null)).toEqual({ sort: 'dueDate', order: 'desc' });
    expect(sortRequest({ column: 'amount', direction: 'ascending' })).toEqual({ sort: 'amount', order: 'asc' });
    expect(sortRequest({ column: 'status', direction: 'descending' })).toEqual({ sort: 'status', order: 'desc' });
  });
});

describe('ariaSort', () => {
  it('marks the due date descending initially and the sorted column afterwards', () => {
    expect([ariaSort(null, 'dueDate'), ariaSort(null, 'amount'), ariaSort(null, 'status')]).toEqual(['descending', 'none', 'none']);
    const byStatus: SortState = { column: 'status', direction: 'ascending' };
    expect([ariaSort(byStatus, 'dueDate'), ariaSort(byStatus, 'amount'), ariaSort(byStatus, 'status')]).toEqual(['none', 'none', 'ascending']);
  });
});
