import { TOKEN_REFRESH_FALLBACK_S, TOKEN_REFRESH_LEAD_S } from '@crimsonhost/shared/constants';
import { refreshSession } from './api-client';
import { isTokenExpiring, tokenExpiresAt } from './session-tokens';
import { ACCESS_TOKEN_STORAGE_KEYS, readStoredTokens, type StoredTokens } from './storage';

/** After a refresh that could not reach the server, try again this much later. */
export const REFRESH_RETRY_MS = 30_000;

/**
 * Spec section 9: refresh 60 seconds before the access token expires (its JWT `exp`, else the
 * stored `expires_in`), or after 900 seconds when its lifetime is unknown.
 */
export function refreshDelayMs(tokens: StoredTokens, now = Date.now()): number {
  const expiresAt = tokenExpiresAt(tokens);
  if (expiresAt === null) return TOKEN_REFRESH_FALLBACK_S * 1000;
  return Math.max(0, expiresAt - TOKEN_REFRESH_LEAD_S * 1000 - now);
}

/**
 * Keeps the access token fresh while someone is signed in: one timer, re-armed after each refresh
 * and whenever another tab stores new tokens. Returns the function that stops it.
 */
export function startRefreshSchedule(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const arm = (delayMs?: number) => {
    clearTimeout(timer);
    const tokens = readStoredTokens();
    if (stopped || !tokens?.refreshToken) return;
    timer = setTimeout(fire, delayMs ?? refreshDelayMs(tokens));
  };

  const fire = () => {
    const tokens = readStoredTokens();
    // Another tab refreshed already: its token is not expiring yet, so only re-arm.
    if (tokens && tokenExpiresAt(tokens) !== null && !isTokenExpiring(tokens)) {
      arm();
      return;
    }
    refreshSession().then(
      () => arm(),
      // A refused refresh ended the session (and stops this schedule); a network failure retries.
      () => arm(REFRESH_RETRY_MS),
    );
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key === null || ACCESS_TOKEN_STORAGE_KEYS.some((key) => key === event.key)) arm();
  };

  window.addEventListener('storage', onStorage);
  arm();
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('storage', onStorage);
  };
}
