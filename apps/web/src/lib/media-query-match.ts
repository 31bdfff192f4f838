/** A screen described for answering media queries where there is no browser to ask. */
export interface MediaScreen {
  width: number;
  prefersDark: boolean;
  reducedMotion: boolean;
}

/**
 * Whether `query` matches on `screen`, for the queries the app, Ant Design's grid and the theme
 * ask: widths (min and max), the colour scheme and reduced motion, joined by `and`. Any other
 * feature does not match. The build's prerender (decision 060) and the tests' matchMedia use it.
 */
export function matchesMediaQuery(query: string, screen: MediaScreen): boolean {
  return query.split(/\s+and\s+/).every((part) => {
    const maxWidth = /max-width:\s*([\d.]+)px/.exec(part);
    if (maxWidth?.[1]) return screen.width <= Number(maxWidth[1]);
    const minWidth = /min-width:\s*([\d.]+)px/.exec(part);
    if (minWidth?.[1]) return screen.width >= Number(minWidth[1]);
    if (part.includes('prefers-color-scheme: dark')) return screen.prefersDark;
    if (part.includes('prefers-reduced-motion: reduce')) return screen.reducedMotion;
    return false;
  });
}
