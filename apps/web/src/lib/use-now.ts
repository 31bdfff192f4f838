import { useEffect, useState } from 'react';

/** The time now, renewed every `intervalMs`: what a countdown re-renders from. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Seconds since `since` (a Date.now() stamp) at `now`, never negative. */
export function secondsSince(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 1000));
}
