import { useSyncExternalStore } from 'react';

/**
 * Whether a staff session is kept, as something React can watch: the client says when the
 * server refused it, the sign-in and sign-out say when they change it, and another tab's
 * change arrives as a `storage` event.
 */
const listeners = new Set<() => void>();
let version = 0;

export function notifySessionChanged(): void {
  version += 1;
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') window.addEventListener('storage', (event) => event.key?.startsWith('gridline.staff.') && notifySessionChanged());

export function useSessionVersion(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
}
