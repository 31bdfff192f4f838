import type { ApiError } from '../../lib/api-client';
import { getProfile } from './api/get-profile';

/** A window focus re-checks at most this often: switching back and forth asks once. */
const FOCUS_CHECK_GAP_MS = 10_000;

/** Staff suspended or banned the signed-in account: the API's message says why and until when. */
export const isAccountStopped = (error: ApiError) =>
  error.status === 403 && (error.code === 'ACCOUNT_SUSPENDED' || error.code === 'ACCOUNT_BANNED');

/**
 * Asks for the profile once, to learn whether the account may still be used. An answer of
 * ACCOUNT_SUSPENDED or ACCOUNT_BANNED ends the session in the API client (its onSessionEnded
 * listeners hear of it); any other failure is left for the next check.
 */
export async function checkAccountStanding(): Promise<void> {
  try {
    await getProfile();
  } catch {
    // Nothing more to do here: see above.
  }
}

/**
 * While signed in, an open tab notices a suspension without the person doing anything: the
 * account is checked every `intervalMs` (the session check's tick) and when the window regains
 * focus. Returns stop.
 */
export function startAccountStandingChecks(
  intervalMs: number,
  check: () => Promise<void> = checkAccountStanding,
): () => void {
  let running = false;
  let lastAt = 0;
  const run = () => {
    if (running) return;
    running = true;
    lastAt = Date.now();
    void check().finally(() => {
      running = false;
    });
  };
  const onFocus = () => {
    if (Date.now() - lastAt >= FOCUS_CHECK_GAP_MS) run();
  };
  const interval = setInterval(run, intervalMs);
  window.addEventListener('focus', onFocus);
  return () => {
    clearInterval(interval);
    window.removeEventListener('focus', onFocus);
  };
}
