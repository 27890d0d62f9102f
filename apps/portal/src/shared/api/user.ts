import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from './client.ts';
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
