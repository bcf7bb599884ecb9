import type { LoggedUser } from '@common/auth/auth.schema';
import { useSession } from './use-session';

/** The logged user on a login-required page (RequireAuth guarantees one). */
export function useCurrentUser(): LoggedUser {
  const current = useSession();
  if (!current) throw new Error('useCurrentUser outside a login-required route');
  return current.user;
}
