import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from './client.ts';
import { useIsSignedIn } from './use-is-signed-in.ts';

/** How many invoices the dashboard shows (spec 000 §9). */
export const LATEST_INVOICES = 3;

export interface InvoicePage {
  limit: number;
  page?: number;
}

/** An account's invoices, due date newest first (`GET …/invoices/accounts/{accountId}/invoices`). */
export const invoicesQueryOptions = (accountId: string | null, { limit, page = 1 }: InvoicePage) =>
  queryOptions({
    queryKey: ['invoices', accountId, { limit, page }],
    queryFn: () => client.getInvoices(accountId, { limit, page }),
  });

/** One page of the account's invoices; waits while there is no account or no session. */
export function useInvoices(accountId: string | null, paging: InvoicePage) {
  const signedIn = useIsSignedIn();
  return useQuery({ ...invoicesQueryOptions(accountId, paging), enabled: signedIn && accountId !== null });
}
