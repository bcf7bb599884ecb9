import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '../features/auth/redirect';
import { useSession } from '../features/auth/use-session';

/** SPEC §6: login-required routes send a logged-out user to /login (and back afterwards). */
export function RequireAuth() {
  const current = useSession();
  const location = useLocation();
  if (!current) return <Navigate to={loginPathFor(location)} replace />;
  return <Outlet />;
}
