import type { LoggedUser } from '@common/auth/auth.schema';

/** The user meta keys of the telephony settings (docs/CALLS.md Credentials). */
const TELEPHONY_META = /^sip_/;

type SoftphoneFacts = Pick<LoggedUser, 'roles' | 'companies' | 'meta'>;

const hasTelephonySettings = (user: SoftphoneFacts) =>
  user.meta.some((entry) => TELEPHONY_META.test(entry.key));

/**
 * Shell: the softphone, and with it the telephony alerts ('User meta not found', …), is
 * for the console users meant to take calls (docs/DECISIONS.md "Who gets a softphone"):
 * - an operator, a dispatcher who administers nothing: taking calls is his work, so one
 *   without settings is told what is missing;
 * - a dispatcher or admin who also administers (a signed-up company's first user is manager +
 *   dispatcher, the platform admin): only once he has telephony settings of his own, so he is
 *   not told at every login that he has none.
 * A company account is a point of sale, not a call centre; nobody without a company has a line.
 */
export function hasSoftphone(user: SoftphoneFacts): boolean {
  if (user.companies.length === 0) return false;
  const { roles } = user;
  if (!roles.includes('dispatcher') && !roles.includes('admin')) return false;
  const administers = roles.includes('admin') || roles.includes('manager');
  return !administers || hasTelephonySettings(user);
}
