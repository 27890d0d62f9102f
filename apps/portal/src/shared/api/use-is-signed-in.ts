import { useSyncExternalStore } from 'react';
import { client } from './client.ts';
import { subscribeToSession } from './session-events.ts';

const isSignedIn = () => client.session.isSignedIn();

/** Whether the visitor holds an access token; re-renders on sign-in and sign-out. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribeToSession, isSignedIn, () => false);
}
