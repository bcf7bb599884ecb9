import type { LoggedUser } from '@common/auth/auth.schema';
import { consoleOf } from './access';
import { routeExists } from './route-meta';

/**
 * Where a user lands after login when no redirect was asked for: the screen of their role and
 * company package (SPEC §2/§6): the admin dashboard for admins, the taxi console (/operator) for
 * package 1, the order list (/orders/all) for packages 2 and 3; their account page while that
 * screen does not exist yet, and for users without a console (drivers, clients).
 */
export function homePath(
  user: Pick<LoggedUser, 'roles' | 'companies'>,
  exists: (path: string) => boolean = routeExists,
): string {
  let preferred = '/settings/account';
  const console = consoleOf(user);
  if (user.roles.includes('admin') || user.roles.includes('manager')) preferred = '/dashboard';
  else if (console === 'taxi') preferred = '/operator';
  else if (console === 'delivery') preferred = '/orders/all';
  return exists(preferred) ? preferred : '/settings/account';
}
