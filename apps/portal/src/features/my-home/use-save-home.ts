import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HomeExtrasUpdate } from '@gridline/contracts/home';
import type { Location } from '@gridline/contracts/locations';
import type { User } from '@gridline/contracts/users';
import { client } from '../../shared/api/client.ts';
import { userQueryOptions } from '../../shared/api/user.ts';
import { paths } from '../../shared/paths.ts';

interface HomeSave {
  accountId: string | null;
  locationId: string;
  extras: HomeExtrasUpdate;
}

/**
 * Save the home details of a location (`PATCH …/locations/accounts/{accountId}/location?id`);
 * the answer (the updated location) replaces that location in the cached user, so the form and
 * anything else reading the user's locations shows what was kept.
 */
export function useSaveHome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, locationId, extras }: HomeSave) => client.updateLocationExtras(accountId, locationId, extras),
    onSuccess: (location: Location) => {
      queryClient.setQueryData<User>(userQueryOptions().queryKey, (user) =>
        user ? { ...user, locations: user.locations.map((l) => (l._id === location._id ? location : l)) } : user,
      );
    },
  });
}

/**
 * Leaving my home for any route but login refetches the user (spec 000 §2.1). When the page
 * unmounts the router has already moved, so the address names where the visitor went.
 */
export function useRefetchUserOnLeave() {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      if (window.location.pathname !== paths.login) void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey });
    },
    [queryClient],
  );
}
