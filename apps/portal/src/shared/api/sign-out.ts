import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { client } from './client.ts';
import { notifySessionChanged } from './session-events.ts';

/** Queries that do not belong to a user and survive a sign-out. */
const publicQueries = new Set(['organisation', 'copy', 'disruption']);

const isUserQuery = (query: { queryKey: readonly unknown[] }) => !publicQueries.has(String(query.queryKey[0]));

/** Forget every query of the signed-in user (user, locations, invoices, …). */
export function removeUserQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: isUserQuery });
}

/**
 * Refetch every query of the signed-in user, e.g. after another location was chosen, except
 * those named in `fresh` (first key part) that were just set from an answer.
 */
export function invalidateUserQueries(queryClient: QueryClient, fresh: readonly string[] = []): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => isUserQuery(query) && !fresh.includes(String(query.queryKey[0])),
  });
}

/** Sign out: revoke the session on the server (best effort) and forget the user's data. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.signOut(),
    onSettled: () => {
      notifySessionChanged();
      removeUserQueries(queryClient);
    },
  });
}
