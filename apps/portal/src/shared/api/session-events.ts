/**
 * The session lives in the API client's store (localStorage); this tells React when it changed
 * (sign-in, sign-out, a session the server refused, another tab).
 */
const listeners = new Set<() => void>();

/** The key of every sign-in mutation, so the app can tell that a sign-in is under way. */
export const signInMutationKey = ['sign-in'] as const;

export function notifySessionChanged(): void {
  for (const listener of listeners) listener();
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('gridline.session.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

