import { useSyncExternalStore } from 'react';
import type { SoftphoneSnapshot } from './softphone';
import { useSoftphoneInstance } from './softphone-context';

/** The softphone's state, re-rendering on every change (calls, status, events). */
export function useSoftphone(): SoftphoneSnapshot {
  const phone = useSoftphoneInstance();
  return useSyncExternalStore(phone.subscribe, phone.getSnapshot);
}
