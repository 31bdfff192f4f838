import { Navigate, useLocation } from 'react-router';
import { useAuth } from './auth/auth-context';
import { paths } from './paths';

/**
 * /admin/* and /vendor/*: the staff areas are not part of the storefront yet, so a visitor is sent
 * to sign in, carrying where they were going. A signed-in user (who would otherwise bounce between
 * /login and here) goes home.
 */
export function StaffAreaRedirect() {
  const { pathname, search } = useLocation();
  const { status } = useAuth();
  if (status === 'loading') return null;
  if (status === 'authenticated') return <Navigate to={paths.home.href()} replace />;
  return <Navigate to={paths.login.href(`${pathname}${search}`)} replace />;
}
