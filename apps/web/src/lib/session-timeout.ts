import type { SessionTiming } from './config';
import {
  readSessionTimes,
  storeLastActivityAt,
  storeSessionStartedAt,
  type SessionTimes,
} from './storage';

/** Spec section 4: what counts as activity (mouse down, move, key press, scroll, touch, click). */
export const ACTIVITY_EVENTS = [
  'mousedown',
  'mousemove',
  'keypress',
  'keydown',
  'scroll',
  'touchstart',
  'click',
] as const;

export type SessionExpiry = 'idle' | 'absolute';
export type SessionVerdict = 'active' | 'warn' | SessionExpiry;

/** Where a session stands at `now`: still active, in the warning window, or over a limit. */
export function sessionVerdict(
  times: { startedAt: number; lastActivityAt: number },
  timing: SessionTiming,
  now: number,
): SessionVerdict {
  if (now - times.startedAt >= timing.absoluteSessionMs) return 'absolute';
  const idle = now - times.lastActivityAt;
  if (idle >= timing.idleTimeoutMs) return 'idle';
  if (idle >= timing.idleTimeoutMs - timing.warningBeforeMs) return 'warn';
  return 'active';
}

/** The verdict for the times other tabs and earlier visits left in storage (null: none stored). */
export function storedSessionVerdict(
  timing: SessionTiming,
  now = Date.now(),
  times: SessionTimes = readSessionTimes(),
): SessionVerdict | null {
  if (times.startedAt === null || times.lastActivityAt === null) return null;
  return sessionVerdict(
    { startedAt: times.startedAt, lastActivityAt: times.lastActivityAt },
    timing,
    now,
  );
}

export interface SessionMonitorOptions {
  timing: SessionTiming;
  /** True on a fresh sign-in: the session starts now. False when a stored session is resumed. */
  restart: boolean;
  /** The warning dialog should open (once per idle stretch). */
  onWarning: () => void;
  /** A limit passed; the monitor has stopped itself. */
  onExpired: (expiry: SessionExpiry) => void;
}

export interface SessionMonitor {
  /** OK or cancel on the warning: counts as activity. */
  acknowledgeWarning: () => void;
  stop: () => void;
}

/**
 * The idle and absolute session clocks of spec section 4, kept in local storage so every tab of
 * the browser shares them. Activity resets the idle clock at most once per throttle interval; a
 * check every interval expires the session or raises the warning once.
 */
export function startSessionMonitor({
  timing,
  restart,
  onWarning,
  onExpired,
}: SessionMonitorOptions): SessionMonitor {
  const stored = readSessionTimes();
  const now = Date.now();
  let startedAt = restart ? now : (stored.startedAt ?? now);
  let lastActivityAt = restart ? now : (stored.lastActivityAt ?? now);
  storeSessionStartedAt(startedAt);
  storeLastActivityAt(lastActivityAt);
  let warned = false;
  let stopped = false;

  const recordActivity = (at: number) => {
    lastActivityAt = at;
    warned = false;
    storeLastActivityAt(at);
  };

  const onActivity = () => {
    const at = Date.now();
    if (at - lastActivityAt > timing.activityThrottleMs) recordActivity(at);
  };

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(interval);
    for (const type of ACTIVITY_EVENTS) {
      window.removeEventListener(type, onActivity, { capture: true });
    }
  };

  const check = () => {
    // Another tab may have seen activity (or signed in again) since this one last looked.
    const shared = readSessionTimes();
    lastActivityAt = Math.max(lastActivityAt, shared.lastActivityAt ?? 0);
    if (shared.startedAt !== null && shared.startedAt > startedAt) startedAt = shared.startedAt;
    const verdict = sessionVerdict({ startedAt, lastActivityAt }, timing, Date.now());
    if (verdict === 'idle' || verdict === 'absolute') {
      stop();
      onExpired(verdict);
    } else if (verdict === 'warn' && !warned) {
      warned = true;
      onWarning();
    } else if (verdict === 'active') {
      warned = false;
    }
  };

  for (const type of ACTIVITY_EVENTS) {
    window.addEventListener(type, onActivity, { capture: true, passive: true });
  }
  const interval = setInterval(check, timing.checkIntervalMs);

  return {
    acknowledgeWarning: () => {
      if (!stopped) recordActivity(Date.now());
    },
    stop,
  };
}
