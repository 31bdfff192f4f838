import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ABSOLUTE_SESSION_MS,
  ACTIVITY_THROTTLE_MS,
  IDLE_TIMEOUT_MS,
  IDLE_WARNING_BEFORE_MS,
  SESSION_CHECK_INTERVAL_MS,
} from '@crimsonhost/shared/constants';
import { SPEC_SESSION_TIMING } from './config';
import {
  ACTIVITY_EVENTS,
  sessionVerdict,
  startSessionMonitor,
  type SessionMonitor,
} from './session-timeout';
import { readSessionTimes, storeLastActivityAt, storeSessionStartedAt } from './storage';

const MINUTE = 60_000;
const START = new Date('2026-11-22T09:00:00Z').getTime();

let monitor: SessionMonitor | undefined;
let onWarning: ReturnType<typeof vi.fn>;
let onExpired: ReturnType<typeof vi.fn>;

function start(restart = true) {
  monitor = startSessionMonitor({
    timing: SPEC_SESSION_TIMING,
    restart,
    onWarning: onWarning as () => void,
    onExpired: onExpired as () => void,
  });
  return monitor;
}

/** Some activity now: one mouse move. */
function moveMouse() {
  window.dispatchEvent(new MouseEvent('mousemove'));
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  onWarning = vi.fn();
  onExpired = vi.fn();
});

afterEach(() => {
  monitor?.stop();
  monitor = undefined;
  vi.useRealTimers();
});

describe('session timing constants (spec section 9)', () => {
  it('are 30 minutes idle, 24 hours absolute, a warning 5 minutes before, a check every minute and a 1 second throttle', () => {
    expect(IDLE_TIMEOUT_MS).toBe(30 * MINUTE);
    expect(ABSOLUTE_SESSION_MS).toBe(24 * 60 * MINUTE);
    expect(IDLE_WARNING_BEFORE_MS).toBe(5 * MINUTE);
    expect(SESSION_CHECK_INTERVAL_MS).toBe(MINUTE);
    expect(ACTIVITY_THROTTLE_MS).toBe(1000);
  });
});

describe('sessionVerdict', () => {
  const times = { startedAt: START, lastActivityAt: START };
  it.each([
    [24 * MINUTE, 'active'],
    [25 * MINUTE, 'warn'],
    [30 * MINUTE, 'idle'],
  ] as const)('after %i ms idle: %s', (idle, verdict) => {
    expect(sessionVerdict(times, SPEC_SESSION_TIMING, START + idle)).toBe(verdict);
  });

  it('is absolute after 24 hours however active', () => {
    const now = START + 24 * 60 * MINUTE;
    expect(
      sessionVerdict({ startedAt: START, lastActivityAt: now }, SPEC_SESSION_TIMING, now),
    ).toBe('absolute');
  });
});

describe('startSessionMonitor', () => {
  it('on a fresh sign-in resets the session start and last activity', () => {
    storeSessionStartedAt(START - 5 * 60 * MINUTE);
    storeLastActivityAt(START - MINUTE);
    start(true);
    expect(readSessionTimes()).toEqual({ startedAt: START, lastActivityAt: START });
  });

  it('shows the warning once within the 5 minutes before the idle timeout', () => {
    start();
    vi.advanceTimersByTime(24 * MINUTE);
    expect(onWarning).not.toHaveBeenCalled();

    vi.advanceTimersByTime(MINUTE); // 25 minutes idle: the warning window opens
    expect(onWarning).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(4 * MINUTE); // checks at 26, 27, 28 and 29 minutes
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('logs out at the idle timeout, checking once a minute', () => {
    start();
    vi.advanceTimersByTime(30 * MINUTE - 1);
    expect(onExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpired).toHaveBeenCalledExactlyOnceWith('idle');

    vi.advanceTimersByTime(10 * MINUTE); // the monitor stopped itself
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('logs out at the absolute limit even while the person is active', () => {
    start();
    for (let minute = 1; minute < 24 * 60; minute += 1) {
      vi.advanceTimersByTime(MINUTE - 1);
      moveMouse();
      vi.advanceTimersByTime(1);
    }
    expect(onExpired).not.toHaveBeenCalled();
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(onExpired).toHaveBeenCalledExactlyOnceWith('absolute');
  });

  it.each(ACTIVITY_EVENTS)('counts %s as activity', (type) => {
    start();
    vi.advanceTimersByTime(20 * MINUTE);
    window.dispatchEvent(new Event(type));
    expect(readSessionTimes().lastActivityAt).toBe(START + 20 * MINUTE);
  });

  it('resets the idle clock at most once per second of activity', () => {
    start();
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS);
    moveMouse(); // exactly 1 s after the last reset: not more than 1 s, ignored
    expect(readSessionTimes().lastActivityAt).toBe(START);

    vi.advanceTimersByTime(1);
    moveMouse(); // 1.001 s: counts
    expect(readSessionTimes().lastActivityAt).toBe(START + ACTIVITY_THROTTLE_MS + 1);

    vi.advanceTimersByTime(500);
    moveMouse(); // half a second later: ignored
    expect(readSessionTimes().lastActivityAt).toBe(START + ACTIVITY_THROTTLE_MS + 1);
  });

  it('activity before the timeout keeps the session, and a later idle stretch warns again', () => {
    start();
    vi.advanceTimersByTime(25 * MINUTE);
    expect(onWarning).toHaveBeenCalledTimes(1);
    moveMouse();
    vi.advanceTimersByTime(29 * MINUTE);
    expect(onExpired).not.toHaveBeenCalled();
    expect(onWarning).toHaveBeenCalledTimes(2);
  });

  it('OK (or cancel) on the warning counts as activity', () => {
    const running = start();
    vi.advanceTimersByTime(25 * MINUTE);
    running.acknowledgeWarning();
    vi.advanceTimersByTime(29 * MINUTE);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('counts activity another tab stored', () => {
    start();
    vi.advanceTimersByTime(20 * MINUTE);
    storeLastActivityAt(Date.now()); // another tab saw the mouse move
    vi.advanceTimersByTime(15 * MINUTE);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('resumes a stored session with its own clocks', () => {
    storeSessionStartedAt(START - 24 * 60 * MINUTE + MINUTE);
    storeLastActivityAt(START);
    start(false);
    vi.advanceTimersByTime(MINUTE);
    expect(onExpired).toHaveBeenCalledExactlyOnceWith('absolute');
  });

  it('stops listening when stopped', () => {
    const running = start();
    running.stop();
    vi.advanceTimersByTime(40 * MINUTE);
    moveMouse();
    expect(onExpired).not.toHaveBeenCalled();
    expect(readSessionTimes().lastActivityAt).toBe(START);
  });
});
