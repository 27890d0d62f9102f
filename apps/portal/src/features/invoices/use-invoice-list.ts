import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { client } from '../../shared/api/client.ts';
import { useIsSignedIn } from '../../shared/api/use-is-signed-in.ts';
import { sortRequest, type SortState } from './invoice-sort.ts';

/** Invoices per page (spec 001 §9: the invoice fetch's default limit). */
export const INVOICE_PAGE_SIZE = 24;

/**
 * All the account's invoices in the chosen order, a page of 24 at a time (`GET
 * …/invoices?limit&page&sort&order`). While another order of the same account loads, the rows
 * of the last one stay (so the sort button keeps its place and focus); another account starts empty.
 */
export function useInvoiceList(accountId: string | null, sort: SortState) {
  const signedIn = useIsSignedIn();
  const request = sortRequest(sort);
  return useInfiniteQuery({
    queryKey: ['invoices', accountId, 'list', request],
    queryFn: ({ pageParam }) => client.getInvoices(accountId, { limit: INVOICE_PAGE_SIZE, page: pageParam, ...request }),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) => (pagination.page * pagination.limit < pagination.total ? pagination.page + 1 : undefined),
    enabled: signedIn && accountId !== null,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === accountId ? previous : undefined),
  });
}

/** The account's owner and customer number (`GET /v4/{organisation}/accounts/{accountId}/me`). */
export function useAccountCustomer(accountId: string | null) {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: ['account-me', accountId],
    queryFn: () => client.getMe(accountId),
    enabled: signedIn && accountId !== null,
  });
}
