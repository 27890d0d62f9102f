import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@gridline/contracts/users';
import { client } from '../../shared/api/client.ts';
import { userQueryOptions } from '../../shared/api/user.ts';

/**
 * Ask to have the account deleted (`GET /v4/{organisation}/users/requestDelete`, decision 0042);
 * the answer's date goes into the cached user, so the page shows the request at once.
 */
export function useRequestDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.requestDeletion(),
    onSuccess: ({ requestedAt }) => queryClient.setQueryData(userQueryOptions().queryKey, (user: User | undefined) => (user ? { ...user, deletionRequestedAt: requestedAt } : user)),
  });
}
