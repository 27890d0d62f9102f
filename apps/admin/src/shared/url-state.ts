import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A table's state (search, filters, sort, page) kept in the address, so that reloading, the back
 * button and a shared link show the same rows. Values equal to their default are left out.
 */
export function useUrlState<T extends Record<string, string>>(defaults: T): [T, (changes: Partial<T>) => void] {
  const [params, setParams] = useSearchParams();
  // The defaults are a literal per table: their content, not their identity, matters.
  const defaultsKey = JSON.stringify(defaults);
  const state = Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, params.get(key) ?? value])) as T;
  const update = useCallback(
    (changes: Partial<T>) =>
      setParams(
        (current) => {
          const base = JSON.parse(defaultsKey) as T;
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '' || value === base[key]) next.delete(key);
            else next.set(key, String(value));
          }
          // A new filter or sort starts at the first page.
          if (!('page' in changes) && 'page' in base) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams, defaultsKey],
  );
  return [state, update];
}
