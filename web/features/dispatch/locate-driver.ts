import { useSyncExternalStore } from 'react';

/**
 * Order screen 'Localizare': the assigned driver the order screen's drivers map shows
 * and centres on. One at a time, shared by the driver search panel (the toggle) and the map
 * panel beside it (siblings under the order page), without threading props through the form.
 */
let located: number | null = null;
const listeners = new Set<() => void>();

export function setLocatedDriver(driverId: number | null): void {
  if (driverId === located) return;
  located = driverId;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useLocatedDriver(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => located,
    () => null,
  );
}
