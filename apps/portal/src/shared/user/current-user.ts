import { createContext, useContext } from 'react';
import type { User } from '@gridline/contracts/users';

/** The signed-in user, provided by the protected frame once loaded. */
export const CurrentUserContext = createContext<User | null>(null);

export function useCurrentUser(): User {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser must be used inside the protected frame');
  return user;
}
