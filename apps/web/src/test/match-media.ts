import { matchesMediaQuery } from '../lib/media-query-match';

/**
 * jsdom has no matchMedia. This one answers width queries from window.innerWidth and the colour
 * scheme query from `prefersDark`, which is what the layout, antd's grid and the theme ask.
 * `setPrefersDark` changes the colour scheme as the operating system would, telling listeners.
 */
export const mediaPreferences = { prefersDark: false, reducedMotion: false };

function evaluate(query: string): boolean {
  return matchesMediaQuery(query, { width: window.innerWidth, ...mediaPreferences });
}

type ChangeListener = EventListenerOrEventListenerObject | ((event: MediaQueryListEvent) => void);

/** Who listens to which query's changes (what the app's useMediaQuery subscribes). */
const changeListeners = new Map<ChangeListener, string>();

function tell(listener: ChangeListener, event: MediaQueryListEvent): void {
  if (typeof listener === 'function') listener(event);
  else listener.handleEvent(event);
}

export function installMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      media: query,
      matches: evaluate(query),
      onchange: null,
      addEventListener: (_type: string, listener: ChangeListener | null) => {
        if (listener) changeListeners.set(listener, query);
      },
      removeEventListener: (_type: string, listener: ChangeListener | null) => {
        if (listener) changeListeners.delete(listener);
      },
      addListener: (listener: ChangeListener | null) => {
        if (listener) changeListeners.set(listener, query);
      },
      removeListener: (listener: ChangeListener | null) => {
        if (listener) changeListeners.delete(listener);
      },
      dispatchEvent: () => false,
    }),
  });
}

/** The operating system switches between light and dark: colour-scheme listeners hear of it. */
export function setPrefersDark(prefersDark: boolean): void {
  mediaPreferences.prefersDark = prefersDark;
  for (const [listener, query] of [...changeListeners]) {
    if (!query.includes('prefers-color-scheme')) continue;
    tell(listener, { matches: evaluate(query), media: query } as MediaQueryListEvent);
  }
}

/** Sets the window width seen by matchMedia; call before rendering. */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}
