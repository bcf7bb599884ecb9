import type { Role } from '@common/auth/auth.schema';
import { ACTS_AS_DRIVER, type AuthContext } from '../../http/auth-context';
import type { SessionRow } from './auth.repo';

/**
 * What a session may do now. A login's session carries its user's roles and
 * companies. A narrowed one (the simulator acting as a driver) carries only its one role in its
 * one company, and lives only while its user still holds both and, when another session minted
 * it, while that session is live and its user may still act as that company's drivers.
 * Null: the session no longer stands.
 */
export function sessionAuthority(session: SessionRow): AuthContext | null {
  const base = {
    userId: session.userId,
    userName: session.userName,
    tokenId: session.tokenId,
    expiresAt: session.expiresAt,
  };
  if (session.scopeRole === null && session.scopeCompanyId === null)
    return { ...base, roles: session.roles, companyIds: session.companyIds };
  const role = session.scopeRole as Role | null;
  const companyId = session.scopeCompanyId;
  if (role === null || companyId === null) return null;
  if (!session.roles.includes(role) || !session.companyIds.includes(companyId)) return null;
  if (session.parentGone) return null;
  const { parent } = session;
  if (parent) {
    const mayAct = parent.roles.some((r) => (ACTS_AS_DRIVER as readonly Role[]).includes(r));
    if (!mayAct || !parent.companyIds.includes(companyId)) return null;
  }
  return {
    ...base,
    roles: [role],
    companyIds: [companyId],
    narrowed: true,
    ...(parent ? { mintedBy: { tokenId: parent.tokenId, userId: parent.userId } } : {}),
  };
}
