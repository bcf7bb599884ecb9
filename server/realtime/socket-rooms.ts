import { rooms } from '@common/realtime/events';
import type { AuthContext } from '../http/auth-context';
import { CONSOLE_ROLES } from '../http/route';

type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/** Whether the session works the console: the companies' orders and fleet are his. */
export const worksConsole = (auth: AuthContext) =>
  auth.roles.some((role) => CONSOLE_ROLES.includes(role as ConsoleRole));

/**
 * The rooms a session's socket belongs to, from its authority now: joined
 * at connect and derived again whenever its user changes, so a socket never keeps what REST
 * would refuse. Clients never choose their rooms.
 *
 * A company's rooms are its console users': drivers get neither every order of the company
 * (with clients' phones) nor the other drivers' positions; what is theirs comes to
 * their own user room, and they hear only that their company's pending queue changed (#18).
 * A session minted by another (a simulator's driver) is in that session's room too: it ends
 * with it.
 */
export function roomsOf(auth: AuthContext): string[] {
  const console = worksConsole(auth);
  return [
    rooms.user(auth.userId),
    rooms.session(auth.tokenId),
    ...(auth.mintedBy ? [rooms.session(auth.mintedBy.tokenId)] : []),
    ...(console ? auth.companyIds.flatMap((id) => [rooms.company(id), rooms.dispatchers(id)]) : []),
    ...(auth.roles.includes('driver') ? auth.companyIds.map((id) => rooms.drivers(id)) : []),
    ...(auth.roles.includes('client') ? auth.companyIds.map((id) => rooms.clients(id)) : []),
  ];
}
