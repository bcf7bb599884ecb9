import { useCallback, useSyncExternalStore } from 'react';
import { storage } from './storage';

/**
 * React state backed by `storage` (and therefore shared across tabs). `validate` guards
 * against values written by an older version of the app.
 */
export function useStoredState<T extends string | number | boolean>(
  key: string,
  fallback: T,
  validate: (value: unknown) => value is T,
): [T, (value: T) => void] {
  const subscribe = useCallback(
    (onChange: () => void) => storage.subscribe((changed) => changed === key && onChange()),
    [key],
  );
  const value = useSyncExternalStore(subscribe, () => storage.get(key, validate) ?? fallback);
  const setValue = useCallback((next: T) => storage.set(key, next), [key]);
  return [value, setValue];
}
