/**
 * The `redirect` query parameter of /login, accepted only as an in-app path: an absolute
 * or protocol-relative URL would make the login page an open redirect.
 */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  const pathname = raw.split(/[?#]/)[0];
  if (pathname === '/login' || pathname === '/logout') return null;
  return raw;
}

/** `/login?redirect=<path>` for a page the user could not open while logged out. */
export function loginPathFor(location: {
  pathname: string;
  search: string;
  hash?: string;
}): string {
  const target = `${location.pathname}${location.search}${location.hash ?? ''}`;
  return safeRedirect(target) && target !== '/'
    ? `/login?redirect=${encodeURIComponent(target)}`
    : '/login';
}
