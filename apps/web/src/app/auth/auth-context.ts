import { createContext, useContext } from 'react';
import type { LoginRequest, RegisterRequest, User } from '@crimsonhost/shared/auth';
import type { Role } from '@crimsonhost/shared/constants';
import type { ApiError } from '../../lib/api-client';
import type { SignedIn } from './api/sign-in-answer';

/** Spec section 4: loading, authenticated, unauthenticated, error. */
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated' | 'error';

/**
 * Queries whose answer depends on who is signed in start their key with this, so signing in or
 * out drops them and the next person never sees the previous one's data.
 */
export const ACCOUNT_QUERY_KEY = ['account'] as const;

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please login again.';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** Why the last sign-in or session check failed (status 'error'). */
  error: ApiError | null;
  /** What the login page should tell, e.g. that the session expired; null when nothing. */
  notice: string | null;
  /**
   * The person ended the session here with Logout: signed-in pages then send them home rather
   * than to /login. Cleared by the next sign-in.
   */
  loggedOut: boolean;
  /** The stored session is being checked at start: routing waits behind 'Loading...'. */
  isCheckingSession: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  isVendor: boolean;
  isSupport: boolean;
  hasRole: (role: Role) => boolean;
  hasAnyRole: (roles: readonly Role[]) => boolean;
  /** Signs in with e-mail and password; rejects with the ApiError (status 'error'). */
  login: (credentials: LoginRequest) => Promise<User>;
  /** Creates an account and signs in; resolves with the ten recovery codes to show once. */
  register: (input: RegisterRequest) => Promise<{ user: User; recoveryCodes: string[] }>;
  /** Starts a session another sign-in gave (Discord, recovery code). */
  acceptSession: (signedIn: SignedIn) => void;
  /**
   * Ends the session here and on the server (failures of the call are ignored); `notice` is what
   * the login page tells next.
   */
  logout: (notice?: string) => Promise<void>;
  /**
   * Forgets the session in this browser without calling the server, which already ended it (the
   * account was deleted). As after Logout, signed-in pages then send the person home.
   */
  forgetSession: () => void;
  /** Checks the stored session again with the server. */
  revalidate: () => Promise<void>;
  /** Replaces the signed-in user after a profile change. */
  updateUser: (user: User) => void;
  dismissNotice: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The signed-in state. Spec section 6: using it outside its provider is an error. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
