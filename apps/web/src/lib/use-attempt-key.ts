import { useCallback, useRef } from 'react';

/** A random UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of one attempt: `keyFor(what)` gives the same key while the renter retries
 * the same thing (a lost answer is then replayed, never paid twice), and a new one when `what`
 * changes or after `startOver()` (a new attempt, e.g. the confirmation opened again).
 */
export function useAttemptKey() {
  const current = useRef<{ what: string; key: string } | null>(null);
  const keyFor = useCallback((what: string) => {
    if (current.current?.what !== what) current.current = { what, key: newKey() };
    return current.current.key;
  }, []);
  const startOver = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, startOver };
}
