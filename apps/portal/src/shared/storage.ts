import { isThemePreview } from './preview/theme-preview-mode.ts';

/** The back office's theme preview remembers nothing beyond the page (decision 0063). */
const memory: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null =
  typeof window !== 'undefined' && isThemePreview()
    ? (() => {
        const values = new Map<string, string>();
        return {
          getItem: (key) => values.get(key) ?? null,
          setItem: (key, value) => void values.set(key, value),
          removeItem: (key) => void values.delete(key),
        };
      })()
    : null;

/**
 * localStorage that never throws (private mode, storage disabled, quota): reads give `null`,
 * writes are dropped. In the theme preview, a map in memory.
 */
function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  if (memory) return memory;
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

export function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    const s = storage();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Refused or full: the value simply is not remembered.
  }
}

/** The keys the portal keeps in localStorage, one set per organisation. */
export function storageKeys(organisation: string) {
  return {
    session: `gridline.session.${organisation}`,
    language: `gridline.language.${organisation}`,
    selectedLocation: `gridline.location.${organisation}`,
    /** The start date of a pending location, shown in its countdown dialog (spec 000 §2.3). */
    startDate: `gridline.startDate.${organisation}`,
    /** When the download-app dialog was shown; it is shown once per organisation (spec 000 §2.2). */
    appPopupShown: `gridline.appPopupShown.${organisation}`,
  } as const;
}
