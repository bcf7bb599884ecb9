import type { LoggedUser } from '@common/auth/auth.schema';

/**
 * SPEC §2 Shell: dispatchers get the softphone. Those are the console users who take calls:
 * admins and dispatchers of a company (a company account is a point of sale, not a call
 * centre; a platform admin without a company has no line to answer).
 */
export const hasSoftphone = (user: Pick<LoggedUser, 'roles' | 'companies'>): boolean =>
  user.companies.length > 0 && user.roles.some((role) => role === 'admin' || role === 'dispatcher');
