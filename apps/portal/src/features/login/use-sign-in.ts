import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '../../shared/api/client.ts';
import { notifySessionChanged, signInMutationKey } from '../../shared/api/session-events.ts';
import { removeUserQueries } from '../../shared/api/sign-out.ts';
import { userQueryOptions } from '../../shared/api/user.ts';

export interface PasswordSignIn {
  username: string;
  password: string;
}

function useSessionStart() {
  const queryClient = useQueryClient();
  return () => {
    // A new session: nothing of an earlier user may show.
    removeUserQueries(queryClient);
    // The frame needs the user first; ask for it now rather than once the frame's code has loaded.
    void queryClient.prefetchQuery(userQueryOptions());
    notifySessionChanged();
  };
}

/** Username and password sign-in (USR_PWD); resolves once the tokens are stored. */
export function usePasswordSignIn() {
  const onSignedIn = useSessionStart();
  return useMutation({
    mutationKey: signInMutationKey,
    mutationFn: ({ username, password }: PasswordSignIn) => client.signInWithPassword({ username, password }),
    onSuccess: onSignedIn,
  });
}

/** Finish a sign-in started elsewhere (an app), from the `ref` in the address (spec 000 §2.5). */
export function useRefSignIn() {
  const onSignedIn = useSessionStart();
  return useMutation({
    mutationKey: signInMutationKey,
    mutationFn: (ref: string) => client.authorizeWithRef(ref),
    onSuccess: onSignedIn,
  });
}
