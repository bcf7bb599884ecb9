import type { LoggedUser } from '@common/auth/auth.schema';
import { useSyncExternalStore } from 'react';
import { session } from '../../lib/session';

/** The logged user (this feature imports no other, so not through the auth feature). */
export function useMe(): LoggedUser | null {
  return useSyncExternalStore(session.subscribe, session.get)?.user ?? null;
}
