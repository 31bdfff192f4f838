import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { LoginRequest, RegisterRequest } from '@crimsonhost/shared/auth';
import type { Role } from '@crimsonhost/shared/constants';
import { onSessionEnded, refreshSession, toApiError, type ApiError } from '../../lib/api-client';
import { config, type SessionTiming } from '../../lib/config';
import { startRefreshSchedule } from '../../lib/refresh-scheduler';
import {
  startSessionMonitor,
  storedSessionVerdict,
  type SessionMonitor,
} from '../../lib/session-timeout';
import { isTokenExpiring } from '../../lib/session-tokens';
import {
  ACCESS_TOKEN_STORAGE_KEYS,
  clearStoredTokens,
  readStoredTokens,
  storeTokens,
} from '../../lib/storage';
import { paths } from '../paths';
import { isAccountStopped, startAccountStandingChecks } from './account-standing';
import { getProfile } from './api/get-profile';
import { login as loginCall } from './api/login';
import { logout as logoutCall } from './api/logout';
import { register as registerCall } from './api/register';
import type { SignedIn } from './api/sign-in-answer';
import { AuthAnnouncer } from './auth-announcer';
import {
  ACCOUNT_QUERY_KEY,
  AuthContext,
  SESSION_EXPIRED_MESSAGE,
  type AuthContextValue,
  type AuthStatus,
} from './auth-context';
import { SessionTimeoutWarning } from './lazy-session-timeout-warning';

interface AuthState {
  status: AuthStatus;
  user: AuthContextValue['user'];
  error: ApiError | null;
  isCheckingSession: boolean;
  notice: string | null;
  loggedOut: boolean;
}

const signedOut = (notice: string | null = null, loggedOut = false): AuthState => ({
  status: 'unauthenticated',
  user: null,
  error: null,
  isCheckingSession: false,
  notice,
  loggedOut,
});

/** With tokens stored, start by checking them; without, nobody is signed in. */
function initialState(): AuthState {
  return readStoredTokens()
    ? {
        status: 'loading',
        user: null,
        error: null,
        isCheckingSession: true,
        notice: null,
        loggedOut: false,
      }
    : signedOut();
}

/** A 401 or 403 means the server refused the stored session; anything else may pass. */
const refusesSession = (error: ApiError) =>
  error.code === 'REFRESH_FAILED' || error.status === 401 || error.status === 403;

/**
 * The authentication state machine of spec section 4, the token refresh schedule and the idle and
 * absolute session limits. Lives inside the router, so it can send people to /login.
 */
export function AuthProvider({
  children,
  sessionTiming = config.sessionTiming,
}: {
  children: ReactNode;
  sessionTiming?: SessionTiming;
}) {
  const [state, setState] = useState<AuthState>(initialState);
  const [warningOpen, setWarningOpen] = useState(false);
  const stateRef = useRef(state);
  const freshSignInRef = useRef(false);
  const monitorRef = useRef<SessionMonitor | null>(null);
  const checkingRef = useRef(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const hereRef = useRef(`${location.pathname}${location.search}`);

  // Layout effects, not passive ones: they run in the commit itself, so a session-end event that
  // arrives right after a render (an API answer, a storage event) never reads the state before it.
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);
  useLayoutEffect(() => {
    hereRef.current = `${location.pathname}${location.search}`;
  }, [location.pathname, location.search]);

  const dropAccountQueries = useCallback(
    () => queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY }),
    [queryClient],
  );

  const beginSession = useCallback(
    (signedIn: SignedIn) => {
      // A new session: the previous one's clocks and data do not carry over.
      clearStoredTokens();
      storeTokens(signedIn.tokens);
      dropAccountQueries();
      freshSignInRef.current = true;
      setState({
        status: 'authenticated',
        user: signedIn.user,
        error: null,
        isCheckingSession: false,
        notice: null,
        loggedOut: false,
      });
    },
    [dropAccountQueries],
  );

  /** Forgets the session in this browser; `notice` is what the login page tells next. */
  const signOutHere = useCallback(
    (notice: string | null = null, loggedOut = false) => {
      clearStoredTokens();
      dropAccountQueries();
      setWarningOpen(false);
      setState(signedOut(notice, loggedOut));
    },
    [dropAccountQueries],
  );

  /**
   * Ends the session here, then on the server with the old access token. A plain Logout (no
   * notice for the login page) is the person's own choice: they land on the home page.
   */
  const endSession = useCallback(
    async (notice: string | null) => {
      const tokens = readStoredTokens();
      signOutHere(notice, notice === null);
      if (tokens) await logoutCall(tokens.accessToken);
    },
    [signOutHere],
  );

  const logout = useCallback((notice?: string) => endSession(notice ?? null), [endSession]);

  /** Sends the person to /login, remembering where they were. */
  const toLogin = useCallback(() => {
    const { pathname } = new URL(hereRef.current, window.location.origin);
    const redirectTo = pathname === paths.login.path ? undefined : hereRef.current;
    void navigate(paths.login.href(redirectTo));
  }, [navigate]);

  /** Spec section 4: logged out, told 'Your session has expired...', and sent to /login. */
  const expireSession = useCallback(async () => {
    const ending = endSession(SESSION_EXPIRED_MESSAGE);
    toLogin();
    await ending;
  }, [endSession, toLogin]);

  const checkSession = useCallback(async () => {
    if (checkingRef.current) return;
    checkingRef.current = true;
    try {
      if (!readStoredTokens()) {
        setState((current) => signedOut(current.notice));
        return;
      }
      const verdict = storedSessionVerdict(sessionTiming);
      if (verdict === 'idle' || verdict === 'absolute') {
        await expireSession();
        return;
      }
      if (isTokenExpiring()) await refreshSession();
      const { user } = await getProfile();
      setState({
        status: 'authenticated',
        user,
        error: null,
        isCheckingSession: false,
        notice: null,
        loggedOut: false,
      });
    } catch (caught) {
      const error = toApiError(caught);
      // A suspended or banned account hears why on the login page.
      if (refusesSession(error)) signOutHere(isAccountStopped(error) ? error.message : null);
      else setState({ ...signedOut(), status: 'error', error });
    } finally {
      checkingRef.current = false;
    }
  }, [expireSession, sessionTiming, signOutHere]);

  // On start the stored session is validated (spec section 4).
  useEffect(() => {
    if (stateRef.current.isCheckingSession) void checkSession();
  }, [checkSession]);

  // A refresh the server refused: tokens are already cleared; log out and go to /login.
  useEffect(
    () =>
      onSessionEnded(({ error }) => {
        const wasSignedIn = stateRef.current.status === 'authenticated';
        signOutHere(wasSignedIn ? error.message : null);
        if (wasSignedIn) toLogin();
      }),
    [signOutHere, toLogin],
  );

  // Another tab signed out (tokens gone) or signed in (tokens appeared).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && !ACCESS_TOKEN_STORAGE_KEYS.some((key) => key === event.key)) {
        return;
      }
      const { status } = stateRef.current;
      const stored = readStoredTokens();
      if (!stored && status === 'authenticated') signOutHere();
      else if (stored && status !== 'authenticated' && status !== 'loading') void checkSession();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [checkSession, signOutHere]);

  // While authenticated: the refresh schedule, the idle and absolute clocks, and the account's
  // standing (a suspension ends the session).
  const authenticated = state.status === 'authenticated';
  useEffect(() => {
    if (!authenticated) return;
    const monitor = startSessionMonitor({
      timing: sessionTiming,
      restart: freshSignInRef.current,
      onWarning: () => setWarningOpen(true),
      onExpired: () => void expireSession(),
    });
    freshSignInRef.current = false;
    monitorRef.current = monitor;
    const stopRefreshing = startRefreshSchedule();
    const stopStandingChecks = startAccountStandingChecks(sessionTiming.checkIntervalMs);
    return () => {
      monitor.stop();
      stopRefreshing();
      stopStandingChecks();
      monitorRef.current = null;
    };
  }, [authenticated, expireSession, sessionTiming]);

  const acknowledgeWarning = useCallback(() => {
    monitorRef.current?.acknowledgeWarning();
    setWarningOpen(false);
  }, []);

  const login = useCallback(
    async (credentials: LoginRequest) => {
      setState((current) => ({ ...current, status: 'loading', error: null }));
      try {
        const signedIn = await loginCall(credentials);
        beginSession(signedIn);
        return signedIn.user;
      } catch (caught) {
        const error = toApiError(caught);
        setState({ ...signedOut(), status: 'error', error });
        throw error;
      }
    },
    [beginSession],
  );

  const register = useCallback(
    async (input: RegisterRequest) => {
      setState((current) => ({ ...current, status: 'loading', error: null }));
      try {
        const { recoveryCodes, ...signedIn } = await registerCall(input);
        beginSession(signedIn);
        return { user: signedIn.user, recoveryCodes };
      } catch (caught) {
        const error = toApiError(caught);
        setState({ ...signedOut(), status: 'error', error });
        throw error;
      }
    },
    [beginSession],
  );

  const value = useMemo<AuthContextValue>(() => {
    const role = state.status === 'authenticated' ? state.user?.role : undefined;
    return {
      ...state,
      isAuthenticated: state.status === 'authenticated',
      isAdmin: role === 'admin',
      isVendor: role === 'vendor',
      isSupport: role === 'support',
      hasRole: (wanted: Role) => role === wanted,
      hasAnyRole: (wanted: readonly Role[]) => role !== undefined && wanted.includes(role),
      login,
      register,
      acceptSession: beginSession,
      logout,
      forgetSession: () => signOutHere(null, true),
      revalidate: checkSession,
      updateUser: (user) =>
        setState((current) =>
          current.status === 'authenticated' ? { ...current, user } : current,
        ),
      dismissNotice: () => setState((current) => ({ ...current, notice: null })),
    };
  }, [state, login, register, beginSession, logout, signOutHere, checkSession]);

  return (
    <AuthContext value={value}>
      {children}
      <AuthAnnouncer />
      <SessionTimeoutWarning open={warningOpen} onAcknowledge={acknowledgeWarning} />
    </AuthContext>
  );
}
