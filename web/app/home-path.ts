import type { LoggedUser } from '@common/auth/auth.schema';
import { routeExists } from './route-meta';

/**
 * Where a user lands after login when no redirect was asked for: the screen of their role
 * (SPEC §2/§6), or their account page while that screen does not exist yet.
 */
export function homePath(
  user: Pick<LoggedUser, 'roles' | 'companies'>,
  exists: (path: string) => boolean = routeExists,
): string {
  const packageId = user.companies[0]?.package_id ?? null;
  let preferred = '/dashboard';
  if (user.roles.includes('company')) {
    if (packageId === 1) preferred = '/operator';
    else if (packageId === 2 || packageId === 3) preferred = '/orders/all';
  } else if (!user.roles.includes('admin') && user.roles.includes('dispatcher')) {
    preferred = '/operator';
  }
  return exists(preferred) ? preferred : '/settings/account';
}
