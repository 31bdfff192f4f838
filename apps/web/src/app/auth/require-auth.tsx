import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../paths';
import { useAuth } from './auth-context';

/**
 * Wraps the signed-in route tree (spec section 2): nothing while the session is being checked,
 * then a visitor goes to /login, which brings them back here after signing in. Someone who just
 * logged out goes home instead: they did not come to sign in.
 */
export function RequireAuth() {
  const { status, loggedOut } = useAuth();
  const { pathname, search, hash } = useLocation();
  if (status === 'loading') return null;
  if (status === 'unauthenticated' && loggedOut) {
    return <Navigate to={paths.home.href()} replace />;
  }
  if (status !== 'authenticated') {
    return <Navigate to={paths.login.href(`${pathname}${search}${hash}`)} replace />;
  }
  return <Outlet />;
}
