import { type LoggedUser, PACKAGES, type PackageId, type Role } from '@common/auth/auth.schema';

/**
 * The two back-office consoles (SPEC §1/§2): the taxi operator dashboard (/operator, package 1)
 * and the courier / restaurant one (/delivery and /orders/{type}, packages 2 and 3).
 */
export type ConsoleKind = 'taxi' | 'delivery';

export const CONSOLE_PACKAGES: Record<ConsoleKind, readonly PackageId[]> = {
  taxi: [PACKAGES.taxi],
  delivery: [PACKAGES.courier, PACKAGES.restaurant],
};

/** SPEC §6: the roles with a back-office console (the server's CONSOLE_ROLES). */
export const CONSOLE_ROLES: readonly Role[] = ['admin', 'manager', 'dispatcher', 'company'];

type UserFacts = Pick<LoggedUser, 'roles' | 'companies'>;

const hasConsoleRole = (user: UserFacts) => user.roles.some((role) => CONSOLE_ROLES.includes(role));

const consoleOfPackage = (packageId: PackageId): ConsoleKind | null => {
  if (CONSOLE_PACKAGES.taxi.includes(packageId)) return 'taxi';
  if (CONSOLE_PACKAGES.delivery.includes(packageId)) return 'delivery';
  return null;
};

/**
 * The console a user works in: the one of their (first) company's package, for the roles that
 * have one. Null for drivers and clients, media companies (package 0) and users without a
 * company.
 */
export function consoleOf(user: UserFacts): ConsoleKind | null {
  if (!hasConsoleRole(user)) return null;
  for (const company of user.companies) {
    const kind = consoleOfPackage(company.package_id);
    if (kind) return kind;
  }
  return null;
}

/** SPEC §2 Shell: company users get the point-of-sale header, everyone else the admin one. */
export function headerFor(user: Pick<LoggedUser, 'roles'>): 'pos' | 'admin' {
  return user.roles.includes('company') ? 'pos' : 'admin';
}

/** The same screen in the other console: an order stays that order, anything else the dashboard. */
export function equivalentPath(pathname: string, target: ConsoleKind): string {
  const order = /^\/(?:operator|delivery)\/order\/([^/]+)\/?$/.exec(pathname);
  const base = target === 'taxi' ? '/operator' : '/delivery';
  return order ? `${base}/order/${order[1]}` : base;
}

export type RouteAccess =
  | { kind: 'open' }
  /** The user's own console instead (a courier who types /operator). */
  | { kind: 'redirect'; to: string }
  /** No console of theirs answers this page: a clear page, not someone else's console. */
  | { kind: 'refused' };

/**
 * Whether a logged-in user may open a page of `console` (SPEC §6: routes follow roles and
 * packages). A user of the other package goes to the same screen in their own console; a user
 * with no console (driver, client, media company) gets a clear refusal. A platform admin with
 * no company opens either.
 */
export function routeAccess(
  user: UserFacts,
  console: ConsoleKind | undefined,
  pathname: string,
): RouteAccess {
  if (!console) return { kind: 'open' };
  if (!hasConsoleRole(user)) return { kind: 'refused' };
  if (user.companies.some((company) => CONSOLE_PACKAGES[console].includes(company.package_id))) {
    return { kind: 'open' };
  }
  if (user.companies.length === 0 && user.roles.includes('admin')) return { kind: 'open' };
  const own = consoleOf(user);
  return own ? { kind: 'redirect', to: equivalentPath(pathname, own) } : { kind: 'refused' };
}
