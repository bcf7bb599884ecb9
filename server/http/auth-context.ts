import type { Role } from '@common/auth/auth.schema';
import { AppError } from './app-error';

/** Who is calling, resolved from the bearer token on every authenticated request. */
export interface AuthContext {
  userId: number;
  /** For history entries and cancellations ("who did it") without a lookup per write. */
  userName: string;
  roles: Role[];
  /** The companies the user belongs to: the tenant scope of every query. */
  companyIds: number[];
  tokenId: number;
  expiresAt: string;
  /**
   * The session that minted this one (a simulator acting as a driver): this one ends
   * with it, and its sockets follow that user's changes too.
   */
  mintedBy?: { tokenId: number; userId: number };
  /**
   * A session narrowed to one role in one company (a simulator's driver, the demo fleet): it
   * works as that role and never changes the account itself.
   */
  narrowed?: true;
}

export const isAdmin = (auth: AuthContext) => auth.roles.includes('admin');

/**
 * Who administers people, fleet and settings (docs/ADMINISTRATION.md): the platform
 * admin everywhere, a company's manager within his companies (his scope stays `scopeOf`).
 */
export const ADMINISTRATORS = ['admin', 'manager'] as const satisfies readonly Role[];

/**
 * The set of companies a query may touch. The platform admin is the only cross-tenant role.
 */
export type TenantScope = { kind: 'all' } | { kind: 'companies'; companyIds: number[] };

export const scopeOf = (auth: AuthContext): TenantScope =>
  isAdmin(auth) ? { kind: 'all' } : { kind: 'companies', companyIds: auth.companyIds };

/**
 * The company the caller's new rows belong to (zones, stands, announcements, a search
 * configuration): his first; a user of none (a bare platform admin) is refused.
 */
export function ownerOf(auth: AuthContext): number {
  const [companyId] = auth.companyIds;
  if (companyId === undefined) throw new AppError('forbidden', 'Contul nu aparține unei companii.');
  return companyId;
}

/**
 * Who may act as one of his companies' drivers (simulators): the session he mints
 * lives only while he still may.
 */
export const ACTS_AS_DRIVER = ['admin', 'dispatcher'] as const satisfies readonly Role[];
