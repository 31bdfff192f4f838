import { THEMES, type Theme } from '@crimsonhost/shared/constants';
import { FIRST_SCREEN_COOKIES } from '@crimsonhost/shared/first-screen';

/**
 * Every key this app keeps in the browser's storage. public/theme-init.js reads THEME_STORAGE_KEY
 * before the bundle loads, so it repeats the literal: change both together.
 */
export const THEME_STORAGE_KEY = 'crimsonhost.theme';
export const SIDEBAR_COLLAPSED_STORAGE_KEY = 'crimsonhost.sidebar-collapsed';
/** Session storage: when the error boundary last reloaded the page after a module load error. */
export const MODULE_RELOAD_STORAGE_KEY = 'crimsonhost.module-reload-at';
/**
 * Spec section 9: tokens live in local storage under several key aliases (section 7 reads both
 * spellings). Every alias is written; the first one set is read; all are cleared together.
 */
export const ACCESS_TOKEN_STORAGE_KEYS = ['accessToken', 'access_token', 'token'] as const;
export const REFRESH_TOKEN_STORAGE_KEYS = ['refreshToken', 'refresh_token'] as const;
/** When the access token expires, in epoch milliseconds. */
export const TOKEN_EXPIRES_AT_STORAGE_KEY = 'tokenExpiresAt';
/** When the tokens were last refreshed, in epoch milliseconds. */
export const LAST_TOKEN_REFRESH_STORAGE_KEY = 'lastTokenRefresh';
/** Session timing (spec section 4), shared by every tab so activity in one keeps all alive. */
export const SESSION_STARTED_AT_STORAGE_KEY = 'crimsonhost.session-started-at';
export const LAST_ACTIVITY_STORAGE_KEY = 'crimsonhost.last-activity-at';
/** Session storage: where to return after a sign-in that leaves the site (Discord). */
export const SIGN_IN_RETURN_STORAGE_KEY = 'crimsonhost.sign-in-return';

// Storage can throw (disabled cookies, private mode, full quota): the app then runs without it.
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Not persisted; the in-memory state still applies for this visit.
  }
}

function remove(storage: () => Storage, key: string): void {
  try {
    storage().removeItem(key);
  } catch {
    // Nothing stored to remove.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

function readTimestamp(key: string): number | null {
  const value = Number(read(local, key));
  return Number.isFinite(value) && value > 0 ? value : null;
}

function isTheme(value: string | null): value is Theme {
  return THEMES.some((theme) => theme === value);
}

export function readStoredTheme(): Theme | null {
  const value = read(local, THEME_STORAGE_KEY);
  return isTheme(value) ? value : null;
}

export function storeTheme(theme: Theme): void {
  write(local, THEME_STORAGE_KEY, theme);
}

/**
 * Tells the server the theme the next page is drawn in (its prerendered first screen, decision
 * 060): theme-init.js writes the same cookie on every page load.
 */
export function rememberThemeForFirstScreen(theme: Theme): void {
  try {
    document.cookie = `${FIRST_SCREEN_COOKIES.theme}=${theme}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Cookies refused: the next page is drawn light and hidden until the app draws it dark.
  }
}

/** Forgets the chosen theme: the app (and theme-init.js) then follow the operating system's. */
export function forgetStoredTheme(): void {
  remove(local, THEME_STORAGE_KEY);
}

export function readSidebarCollapsed(): boolean {
  return read(local, SIDEBAR_COLLAPSED_STORAGE_KEY) === 'true';
}

export function storeSidebarCollapsed(collapsed: boolean): void {
  write(local, SIDEBAR_COLLAPSED_STORAGE_KEY, String(collapsed));
}

export function readModuleReloadAt(): number | null {
  const value = Number(read(session, MODULE_RELOAD_STORAGE_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function storeModuleReloadAt(timestamp: number): void {
  write(session, MODULE_RELOAD_STORAGE_KEY, String(timestamp));
}

export interface StoredTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch milliseconds; null when the lifetime is unknown. */
  expiresAt: number | null;
}

function readFirst(keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = read(local, key);
    if (value) return value;
  }
  return null;
}

/** The stored tokens, or null when there is no access token (nobody is signed in here). */
export function readStoredTokens(): StoredTokens | null {
  const accessToken = readFirst(ACCESS_TOKEN_STORAGE_KEYS);
  if (!accessToken) return null;
  return {
    accessToken,
    refreshToken: readFirst(REFRESH_TOKEN_STORAGE_KEYS),
    expiresAt: readTimestamp(TOKEN_EXPIRES_AT_STORAGE_KEY),
  };
}

export function storeTokens(tokens: StoredTokens): void {
  for (const key of ACCESS_TOKEN_STORAGE_KEYS) write(local, key, tokens.accessToken);
  for (const key of REFRESH_TOKEN_STORAGE_KEYS) {
    if (tokens.refreshToken) write(local, key, tokens.refreshToken);
    else remove(local, key);
  }
  if (tokens.expiresAt) write(local, TOKEN_EXPIRES_AT_STORAGE_KEY, String(tokens.expiresAt));
  else remove(local, TOKEN_EXPIRES_AT_STORAGE_KEY);
}

/** Forgets the tokens under every alias, with their expiry, last refresh and session times. */
export function clearStoredTokens(): void {
  for (const key of [
    ...ACCESS_TOKEN_STORAGE_KEYS,
    ...REFRESH_TOKEN_STORAGE_KEYS,
    TOKEN_EXPIRES_AT_STORAGE_KEY,
    LAST_TOKEN_REFRESH_STORAGE_KEY,
    SESSION_STARTED_AT_STORAGE_KEY,
    LAST_ACTIVITY_STORAGE_KEY,
  ]) {
    remove(local, key);
  }
}

export function readLastTokenRefresh(): number | null {
  return readTimestamp(LAST_TOKEN_REFRESH_STORAGE_KEY);
}

export function storeLastTokenRefresh(timestamp: number): void {
  write(local, LAST_TOKEN_REFRESH_STORAGE_KEY, String(timestamp));
}

export interface SessionTimes {
  startedAt: number | null;
  lastActivityAt: number | null;
}

export function readSessionTimes(): SessionTimes {
  return {
    startedAt: readTimestamp(SESSION_STARTED_AT_STORAGE_KEY),
    lastActivityAt: readTimestamp(LAST_ACTIVITY_STORAGE_KEY),
  };
}

export function storeSessionStartedAt(timestamp: number): void {
  write(local, SESSION_STARTED_AT_STORAGE_KEY, String(timestamp));
}

export function storeLastActivityAt(timestamp: number): void {
  write(local, LAST_ACTIVITY_STORAGE_KEY, String(timestamp));
}

export function storeSignInReturnPath(path: string): void {
  write(session, SIGN_IN_RETURN_STORAGE_KEY, path);
}

/** The stored return path, forgotten as it is read. */
export function takeSignInReturnPath(): string | null {
  const path = read(session, SIGN_IN_RETURN_STORAGE_KEY);
  remove(session, SIGN_IN_RETURN_STORAGE_KEY);
  return path;
}
