import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactChanges } from '@gridline/client/api-client';
import { client } from '../../shared/api/client.ts';
import { userQueryOptions } from '../../shared/api/user.ts';

interface ContactUpdate {
  userId: string;
  changes: ContactChanges;
}

/**
 * Save the signed-in user's e-mail or phone number (`PUT /v4/{organisation}/users/{id}`); the
 * answer is the user, which replaces the cached one (the server stores the phone number
 * normalised, so the page shows what was kept).
 */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, changes }: ContactUpdate) => client.updateUser(userId, changes),
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions().queryKey, user),
  });
}
