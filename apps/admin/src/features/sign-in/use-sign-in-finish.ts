import { useNavigate } from 'react-router';
import type { StaffTokens } from '@gridline/contracts/staff';
import { client } from '../../shared/api/client.ts';
import { notifySessionChanged } from '../../shared/api/session-events.ts';

/** Keeps the tokens of a finished sign-in and goes where the staff member was going (or home). */
export function useFinishSignIn(): (tokens: StaffTokens) => void {
  const navigate = useNavigate();
  return (tokens) => {
    client.signedIn(tokens);
    notifySessionChanged();
    const next = new URLSearchParams(window.location.search).get('next');
    // Only a path of this app, never another site.
    navigate(next && /^\/(?!\/)/.test(next) ? next : '/', { replace: true });
  };
}
