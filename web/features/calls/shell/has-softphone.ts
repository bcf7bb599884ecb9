import type { LoggedUser } from '@common/auth/auth.schema';

/** The user meta keys of the telephony settings (docs/CALLS.md Credentials). */
const TELEPHONY_META = /^sip_/;

/**
 * Shell: dispatchers get the softphone. Those are the console users who take calls:
 * a company's dispatchers (one without telephony settings is told what is missing),
 * and an admin of a company who has telephony settings of his own — an admin who never takes
 * calls is not told at every login that he has none. A company account is a point of sale, not
 * a call centre; a platform admin without a company has no line to answer.
 */
export const hasSoftphone = (user: Pick<LoggedUser, 'roles' | 'companies' | 'meta'>): boolean =>
  user.companies.length > 0 &&
  (user.roles.includes('dispatcher') ||
    (user.roles.includes('admin') && user.meta.some((entry) => TELEPHONY_META.test(entry.key))));
