import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@gridline/locale/languages';
import { client } from './client.ts';
import { isReadOnlySession } from './read-only-session.ts';
import { useIsSignedIn } from './use-is-signed-in.ts';

/** The signed-in user with accounts and visible locations (`GET /v4/{organisation}/users/me`). */
export const userQueryOptions = () =>
  queryOptions({
    queryKey: ['user'],
    queryFn: () => client.getUser(),
  });

/** The user, fetched only while there is a session. */
export function useUser() {
  const signedIn = useIsSignedIn();
  return useQuery({ ...userQueryOptions(), enabled: signedIn });
}

/**
 * Save the interface language to the user (`PUT /v4/{organisation}/users/me/language`, spec 000
 * §5). Choices are sent one after another, so the last one chosen is the one saved. In a support
 * session (read-only) the interface switches but the customer's saved language stays as it is.
 */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: Language) => (isReadOnlySession() ? null : client.setLanguage(language)),
    scope: { id: 'user-language' },
    onSuccess: (user) => {
      if (user) queryClient.setQueryData(userQueryOptions().queryKey, user);
    },
  });
}
