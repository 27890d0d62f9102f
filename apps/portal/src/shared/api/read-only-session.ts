import { useSyncExternalStore } from 'react';
import { client } from './client.ts';
import { subscribeToSession } from './session-events.ts';

/**
 * An admin's support session (scope INSPECTOR, issue 5): the customer's pages can be read, not
 * changed. The server refuses every change with READ_ONLY_SESSION; the portal says so up front
 * (the frame's banner) and disables the controls that would change something.
 */
export const isReadOnlySession = (): boolean => client.session.getActiveAuth()?.scope === 'INSPECTOR';

/** Whether the session is read-only; re-renders on sign-in and sign-out. */
export function useReadOnlySession(): boolean {
  return useSyncExternalStore(subscribeToSession, isReadOnlySession, () => false);
}

/** The id of the frame banner's sentence that says nothing can be changed: disabled controls point at it (`aria-describedby`). */
export const READ_ONLY_NOTE_ID = 'support-session-read-only';
