import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Location } from '@gridline/contracts/locations';
import type { User } from '@gridline/contracts/users';
import { client, keys } from '../../shared/api/client.ts';
import { invalidateUserQueries } from '../../shared/api/sign-out.ts';
import { userQueryOptions } from '../../shared/api/user.ts';
import { initialLocation, selectableLocations } from '../../shared/location/location-rules.ts';
import { SelectedLocationContext, type SelectedLocationState } from '../../shared/location/selected-location.ts';
import { readStored, writeStored } from '../../shared/storage.ts';

interface LocationProviderProps {
  user: User;
  children: ReactNode;
}

/**
 * Holds the selected location (spec 000 §2.2). At start: the remembered one if still
 * selectable, else the first location of the first account. Choosing another clears the stored
 * start date, sets the location's account active (when it has one), selects it and reloads the
 * data.
 */
export function LocationProvider({ user, children }: LocationProviderProps) {
  const queryClient = useQueryClient();
  const locations = useMemo(() => selectableLocations(user.locations), [user.locations]);
  const [selectedId, setSelectedId] = useState<string | null>(
    () => initialLocation(user.accounts, user.locations, readStored(keys.selectedLocation))?._id ?? null,
  );

  // The list changed (reload, another account) and the selection is gone: select again.
  const selected =
    locations.find((location) => location._id === selectedId) ??
    initialLocation(user.accounts, user.locations, null);

  useEffect(() => {
    writeStored(keys.selectedLocation, selected?._id ?? null);
  }, [selected?._id]);

  const change = useMutation({
    mutationFn: async (location: Location): Promise<User | null> =>
      location.accountId ? client.setActiveAccount(location.accountId) : null,
    onSuccess: (updatedUser, location) => {
      if (updatedUser) queryClient.setQueryData(userQueryOptions().queryKey, updatedUser);
      writeStored(keys.selectedLocation, location._id);
      // Commit the selection first, so that the reload below refetches the new account's
      // queries rather than the ones the pages are about to leave.
      flushSync(() => setSelectedId(location._id));
      void invalidateUserQueries(queryClient, updatedUser ? ['user'] : []);
    },
  });

  // The session's active account must be the selected location's (tokens are per account).
  const syncedAccount = useRef<string | null>(null);
  const { mutate: changeLocation } = change;
  useEffect(() => {
    const accountId = selected?.accountId;
    if (!selected || !accountId || syncedAccount.current === accountId) return;
    syncedAccount.current = accountId;
    if (client.session.getActiveAccountId() !== accountId) changeLocation(selected);
  }, [selected, changeLocation]);

  const value = useMemo<SelectedLocationState>(
    () => ({
      locations,
      selected,
      accountId: selected?.accountId ?? client.session.getActiveAccountId(),
      select: (locationId) => {
        const location = locations.find((l) => l._id === locationId);
        if (!location || location._id === selected?._id) return;
        writeStored(keys.startDate, null);
        if (location.accountId) syncedAccount.current = location.accountId;
        change.mutate(location);
      },
      changing: change.isPending,
      changeError: change.error,
    }),
    [locations, selected, change],
  );

  return <SelectedLocationContext.Provider value={value}>{children}</SelectedLocationContext.Provider>;
}
