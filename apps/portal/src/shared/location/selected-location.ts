import { createContext, useContext } from 'react';
import type { Location } from '@gridline/contracts/locations';

export interface SelectedLocationState {
  /** The locations the picker offers (see `selectableLocations`). */
  locations: readonly Location[];
  selected: Location | null;
  /** The account whose data the pages show: the selected location's, else the session's active one. */
  accountId: string | null;
  /** Choose another location: sets its account active, then reloads the data. */
  select(locationId: string): void;
  /** A change of location is in progress. */
  changing: boolean;
  /** Why the last change failed, if it did. */
  changeError: unknown;
}

export const SelectedLocationContext = createContext<SelectedLocationState | null>(null);

export function useSelectedLocation(): SelectedLocationState {
  const state = useContext(SelectedLocationContext);
  if (!state) throw new Error('useSelectedLocation must be used inside the protected frame');
  return state;
}
