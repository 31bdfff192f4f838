import { useCallback, useRef } from 'react';
import { apiClient } from '../../../lib/api-client';
import { ticketPath } from './get-desk-ticket';

/** How often, at most, the desk says that I am writing; the API shows it to others for 30 s. */
export const TYPING_PING_MS = 10_000;

/** POST …/tickets/:id/typing: other agents see that I am writing in this ticket. */
export async function pingTyping(id: string): Promise<void> {
  await apiClient.post(`${ticketPath(id)}/typing`, {});
}

/**
 * A callback for each keystroke in the reply box: it pings at the first one and then at most
 * every 10 s while typing goes on. A failed ping is only a missed warning, so it is ignored.
 */
export function useTypingPings(id: string): () => void {
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_PING_MS) return;
    last.current = now;
    pingTyping(id).catch(() => undefined);
  }, [id]);
}
