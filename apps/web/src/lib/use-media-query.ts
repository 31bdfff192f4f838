import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/**
 * What media queries match where there is no window: the build's prerender (decision 060) names
 * the viewport and colour scheme of the first screen it draws. In a browser it is never read.
 */
export const ServerMediaContext = createContext<(query: string) => boolean>(() => false);

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  const serverMatches = useContext(ServerMediaContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverMatches(query),
  );
}
