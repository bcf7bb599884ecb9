import type { LoggedUser } from '@common/auth/auth.schema';
import { consoleOf } from './console';

/**
 * Where a user lands after login when no redirect was asked for: the screen of their role and
 * company package: the admin dashboard for admins, the taxi console (/operator) for package 1,
 * the order list (/orders/all) for packages 2 and 3; their account page for users without a
 * console (drivers, clients).
 */
export function homePath(user: Pick<LoggedUser, 'roles' | 'companies'>): string {
  if (user.roles.includes('admin') || user.roles.includes('manager')) return '/dashboard';
  const console = consoleOf(user);
  if (console === 'taxi') return '/operator';
  if (console === 'delivery') return '/orders/all';
  return '/settings/account';
}
