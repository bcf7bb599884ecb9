import type { Role } from '@common/auth/auth.schema';
import { type AuthContext, isAdmin } from '../../http/auth-context';

/**
 * Who reads the people of his companies, with their e-mails and phones (docs/ADMINISTRATION.md
 * "Who may do what"): administrators, and dispatchers for the order form's drivers and the
 * searches' dispatchers. Company users, drivers and clients do not.
 */
export const PEOPLE_READERS = ['admin', 'manager', 'dispatcher'] as const satisfies readonly Role[];

export const NOT_YOURS =
  'Utilizatorul aparține și altei companii sau este administrator: doar administratorul platformei îl poate modifica.';

/**
 * Whether the caller administers this user: his account, password, e-mail and softphone
 *. The platform admin administers everyone. A company's manager
 * administers a user who is not an admin and all of whose companies are his: a user shared
 * with a company he does not administer is that company's too, and is not his to take over.
 */
export function administers(
  auth: AuthContext,
  user: { roles: readonly string[]; company_ids: readonly number[] },
): boolean {
  if (isAdmin(auth)) return true;
  if (!auth.roles.includes('manager')) return false;
  if (user.roles.includes('admin')) return false;
  return user.company_ids.every((companyId) => auth.companyIds.includes(companyId));
}

/**
 * Whether the caller may add or remove this user's memberships of his own companies (which
 * ones, checkGrant decides): whoever administers him, and a manager for a user shared with
 * another company, whom he may take into or out of his own without touching the account.
 */
export function mayChangeMemberships(
  auth: AuthContext,
  user: { roles: readonly string[]; company_ids: readonly number[] },
): boolean {
  if (administers(auth, user)) return true;
  return auth.roles.includes('manager') && !user.roles.includes('admin');
}
