import type { StaffTokens } from '@gridline/contracts/staff';
import { client } from '../../shared/api/client.ts';
import { notifySessionChanged } from '../../shared/api/session-events.ts';

/**
 * Keeps the tokens of a finished sign-in; the sign-in pages' guard then goes on to the page asked
 * for (`?next=`) or home.
 */
export function useFinishSignIn(): (tokens: StaffTokens) => void {
  return (tokens) => {
    client.signedIn(tokens);
    notifySessionChanged();
  };
}
