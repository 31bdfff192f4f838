/**
 * jsdom has no matchMedia. This one answers width queries from window.innerWidth and the colour
 * scheme query from `prefersDark`, which is what the layout, antd's grid and the theme ask.
 */
export const mediaPreferences = { prefersDark: false };

function evaluate(query: string): boolean {
  const width = window.innerWidth;
  return query.split(/\s+and\s+/).every((part) => {
    const maxWidth = /max-width:\s*([\d.]+)px/.exec(part);
    if (maxWidth?.[1]) return width <= Number(maxWidth[1]);
    const minWidth = /min-width:\s*([\d.]+)px/.exec(part);
    if (minWidth?.[1]) return width >= Number(minWidth[1]);
    if (part.includes('prefers-color-scheme: dark')) return mediaPreferences.prefersDark;
    return false;
  });
}

export function installMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      media: query,
      matches: evaluate(query),
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

/** Sets the window width seen by matchMedia; call before rendering. */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}
