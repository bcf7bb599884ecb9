import type { CompanyType, Role } from '@common/auth/auth.schema';
import { ABILITIES } from '@common/auth/page-access';
import type { AuthContext } from '../../http/auth-context';

/** The console roles: whoever works a company's back office. */
const CONSOLE: readonly Role[] = ['admin', 'manager', 'dispatcher', 'company'];

/** A user's roles make him a console user (a recipient drivers and clients may write to). */
export const isConsoleUser = (roles: readonly string[]) =>
  roles.some((role) => CONSOLE.includes(role as Role));

/** How a person is marked in the lists: a driver, a client, or the company's dispatch. */
export function kindOf(roles: readonly string[]): 'driver' | 'client' | 'dispatch' {
  if (roles.includes('driver')) return 'driver';
  if (roles.includes('client')) return 'client';
  return 'dispatch';
}

/**
 * What the caller may write in one company: to anyone of it ('anyone', its fleet console, the
 * console's own ability to message the fleet), only to its console users (a driver or a client),
 * or to nobody (a protocol client orders rides and talks to nobody here).
 */
export type Reach = 'anyone' | 'console' | 'nobody';

export function reachIn(auth: Pick<AuthContext, 'roles'>, company: { type: CompanyType }): Reach {
  // The same rule as the console's 'Mesaj' buttons, judged in this one company.
  if (ABILITIES.messagesFleet({ roles: auth.roles, companies: [company] })) return 'anyone';
  if (auth.roles.includes('driver') || auth.roles.includes('client')) return 'console';
  return 'nobody';
}

/**
 * The one rule of messages: whether the caller, acting in a company with `reach`, may write to
 * (and so search, read, mark) a member of that company with `recipientRoles`. Never himself.
 */
export function mayWrite(
  reach: Reach,
  callerId: number,
  recipient: { id: number; roles: readonly string[] },
): boolean {
  if (recipient.id === callerId) return false;
  if (reach === 'anyone') return true;
  if (reach === 'console') return isConsoleUser(recipient.roles);
  return false;
}

/** Whether the caller may write to all of a company's drivers or clients: its fleet console. */
export const mayBroadcast = (reach: Reach) => reach === 'anyone';
