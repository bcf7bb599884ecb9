import type { LoggedUser } from '@common/auth/auth.schema';
import { mayOpenPage } from '@common/auth/page-access';
import {
  CONSOLE_PACKAGES,
  type ConsoleKind,
  consoleOf,
  hasConsoleRole,
  type UserFacts,
} from '../features/auth/console';

/** Shell: company users get the point-of-sale header, everyone else the admin one. */
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
  | { kind: 'refused' }
  /** The page is not for their role (the menu does not offer it and its API answers 403). */
  | { kind: 'forbidden' };

/**
 * Whether a logged-in user may open a page. First the page's own rule (`mayOpenPage`, the
 * same rule the header menu follows); then, for a page of `console`, roles and packages: a user
 * of the other package goes to the same screen in their own console; a user with no console
 * (driver, client, media company) gets a clear refusal. A platform admin with no company opens
 * either.
 */
export function routeAccess(
  user: UserFacts,
  console: ConsoleKind | undefined,
  pathname: string,
): RouteAccess {
  if (!mayOpenPage(user, pathname)) return { kind: 'forbidden' };
  if (!console) return { kind: 'open' };
  if (!hasConsoleRole(user)) return { kind: 'refused' };
  if (user.companies.some((company) => CONSOLE_PACKAGES[console].includes(company.package_id))) {
    return { kind: 'open' };
  }
  if (user.companies.length === 0 && user.roles.includes('admin')) return { kind: 'open' };
  const own = consoleOf(user);
  return own ? { kind: 'redirect', to: equivalentPath(pathname, own) } : { kind: 'refused' };
}
