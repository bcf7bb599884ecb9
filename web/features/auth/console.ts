import { type LoggedUser, PACKAGES, type PackageId, type Role } from '@common/auth/auth.schema';

/**
 * The two back-office consoles: the taxi operator dashboard (/operator, package 1)
 * and the courier / restaurant one (/delivery and /orders/{type}, packages 2 and 3).
 */
export type ConsoleKind = 'taxi' | 'delivery';

export const CONSOLE_PACKAGES: Record<ConsoleKind, readonly PackageId[]> = {
  taxi: [PACKAGES.taxi],
  delivery: [PACKAGES.courier, PACKAGES.restaurant],
};

/** The roles with a back-office console (the server's CONSOLE_ROLES). */
export const CONSOLE_ROLES: readonly Role[] = ['admin', 'manager', 'dispatcher', 'company'];

export type UserFacts = Pick<LoggedUser, 'roles' | 'companies'>;

export const hasConsoleRole = (user: UserFacts) =>
  user.roles.some((role) => CONSOLE_ROLES.includes(role));

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
