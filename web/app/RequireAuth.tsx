import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { NoAccess } from '../components/NoAccess';
import { loginPathFor } from '../features/auth/redirect';
import { useSession } from '../features/auth/use-session';
import { routeAccess } from './access';
import { NoConsolePage } from './NoConsolePage';
import { deepestHandle } from './route-meta';

/**
 * Login-required routes send a logged-out user to /login (and back afterwards), and
 * follow roles and packages: a courier who types /operator lands in their own console, a user
 * without a console gets a clear page instead of someone else's, and a page not for their role
 * says so (not "not found").
 */
export function RequireAuth() {
  const current = useSession();
  const location = useLocation();
  const handles = useMatches().map((match) => match.handle);
  if (!current) return <Navigate to={loginPathFor(location)} replace />;
  const access = routeAccess(current.user, deepestHandle(handles, 'console'), location.pathname);
  if (access.kind === 'redirect') return <Navigate to={access.to} replace />;
  if (access.kind === 'refused') return <NoConsolePage user={current.user} />;
  if (access.kind === 'forbidden') return <NoAccess />;
  return <Outlet />;
}
