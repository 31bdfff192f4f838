import { useEffect } from 'react';
import { readSessionTimes } from '../../lib/storage';
import { signOutStaff } from './api/sign-out-staff';

/** How often the staff area looks at the last activity the app recorded. */
export const STAFF_IDLE_CHECK_MS = 30_000;

/**
 * Whether the person has been away from every tab of the app for `idleMinutes`, going by the last
 * activity the session timer keeps (spec section 4: mouse, keys, scroll, touch). An open desk tab
 * keeps asking the API for its queue every 30 s, which the API counts as use; this is what tells
 * a person at the desk from a tab left open.
 */
export const isStaffIdle = (idleMinutes: number, now = Date.now()) => {
  const { lastActivityAt } = readSessionTimes();
  return lastActivityAt !== null && now - lastActivityAt >= idleMinutes * 60_000;
};

/** Signs the staff area out (the code page comes back) once the person has been idle. */
export function useStaffIdleSignOut(idleMinutes: number | undefined, signedIn: boolean) {
  useEffect(() => {
    if (!signedIn || !idleMinutes) return;
    const timer = setInterval(() => {
      if (isStaffIdle(idleMinutes)) void signOutStaff();
    }, STAFF_IDLE_CHECK_MS);
    return () => clearInterval(timer);
  }, [idleMinutes, signedIn]);
}
