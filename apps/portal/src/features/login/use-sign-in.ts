import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthCallbackRequest, AuthProcess } from '@gridline/contracts/auth';
import type { SignInType } from '@gridline/contracts/enums';
import type { SignInStart } from '@gridline/client/api-client';
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

/** Starts a sign-in of any method (`POST /v3/auth/`); answers the process. */
export function useStartSignIn() {
  return useMutation({ mutationFn: (start: SignInStart) => client.startSignIn(start) });
}

export interface AuthorizeInput {
  ref: string;
  onProgress?: (process: AuthProcess) => void;
  signal?: AbortSignal;
}

/** Follows a started sign-in until it is done and the tokens are stored (BankID, e-mail link). */
export function useAuthorize() {
  const onSignedIn = useSessionStart();
  return useMutation({
    mutationKey: signInMutationKey,
    mutationFn: ({ ref, onProgress, signal }: AuthorizeInput) => client.authorizeWithRef(ref, { ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) }),
    onSuccess: onSignedIn,
  });
}

/** The second step of a method (the PIN; the OpenID provider's answer), then the tokens. */
export function useSignInCallback() {
  const onSignedIn = useSessionStart();
  return useMutation({
    mutationKey: signInMutationKey,
    mutationFn: async ({ type, body }: { type: SignInType; body: Omit<AuthCallbackRequest, 'organisation'> }) => {
      const process = await client.signInCallback(type, body);
      return client.authorizeWithRef(process.ref);
    },
    onSuccess: onSignedIn,
  });
}

export interface SupportSignIn {
  email: string;
  password: string;
  asPersonalId?: string;
  asCustomerId?: string;
  asUsername?: string;
}

/** Support mode: an admin's read-only session on a customer's behalf (scope INSPECTOR). */
export function useSupportSignIn() {
  const onSignedIn = useSessionStart();
  return useMutation({
    mutationKey: signInMutationKey,
    mutationFn: async (input: SupportSignIn) => {
      const process = await client.startSignIn({ type: 'ADMIN', inspectorLogin: true, ...input });
      return client.authorizeWithRef(process.ref);
    },
    onSuccess: onSignedIn,
  });
}
