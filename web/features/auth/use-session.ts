import { useSyncExternalStore } from 'react';
import { type Session, session } from '../../lib/session';

/** The current session, re-rendering on login, logout and changes from other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get);
}
