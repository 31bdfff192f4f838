import { paths } from '../paths';

/** Pages that make no sense to come back to after signing in. */
const NOT_A_DESTINATION: string[] = [paths.login.path, paths.register.path];

/**
 * Where to go after signing in: the `redirectTo` of the URL when it is a path of this app (never
 * another site, so a crafted link cannot send people away), else `fallback` (home; a new account
 * goes to its dashboard).
 */
export function redirectTarget(
  redirectTo: string | null | undefined,
  fallback: string = paths.home.href(),
): string {
  if (!redirectTo || !redirectTo.startsWith('/') || /^\/[/\\]/.test(redirectTo)) {
    return fallback;
  }
  const { pathname } = new URL(redirectTo, 'http://localhost');
  return NOT_A_DESTINATION.includes(pathname) ? fallback : redirectTo;
}
