/**
 * The prerendered first screens (decision 060): which pages the build draws ahead, in which
 * themes and layouts, where it writes them, and how the server picks the one a visitor sees.
 * The web build and the API both read this, so they cannot disagree on a name.
 */

export const PRERENDER_THEMES = ['light', 'dark'] as const;
/** A phone's screen (below the 768 px breakpoint) and a wider one's. */
export const PRERENDER_LAYOUTS = ['mobile', 'wide'] as const;
export type PrerenderTheme = (typeof PRERENDER_THEMES)[number];
export type PrerenderLayout = (typeof PRERENDER_LAYOUTS)[number];

/** The pages a first visit most often opens, each drawn at the URL given. */
export const PRERENDERED_PAGES = [
  { name: 'home', url: '/' },
  { name: 'servers', url: '/servers' },
  // A server's page while its listing loads: one serves every id. It names the listing by
  // PRERENDERED_LISTING_NAME, which the server replaces with the listing's name; the build fails
  // if the placeholder id shows in the drawn page, or the name does not.
  { name: 'server', url: '/servers/prerendered-listing', placeholder: 'prerendered-listing' },
] as const;

/**
 * The name the prerendered server page is drawn with, in its title, breadcrumb and heading: the
 * server writes the listing's own name in its place (HTML-escaped), so the name a visitor came for
 * is on the first paint instead of after the app and the listing have loaded.
 */
export const PRERENDERED_LISTING_NAME = 'PrerenderedListingName';

/**
 * A meta element the server adds to a served server page, `<meta name=… data-id=… content=…>`:
 * the listing's id and name, so the app can keep the name on screen while the listing loads.
 */
export const SERVED_LISTING_META = 'crimsonhost-listing';
export type PrerenderedPageName = (typeof PRERENDERED_PAGES)[number]['name'];

/** The folder of the web build the screens are written to, and each screen's file in it. */
export const PRERENDER_DIR = 'prerendered';
export const prerenderedFile = (
  page: PrerenderedPageName,
  theme: PrerenderTheme,
  layout: PrerenderLayout,
) => `${page}.${theme}.${layout}.html`;

/**
 * Cookies the browser keeps so the next page is drawn in the visitor's theme and layout
 * (public/theme-init.js writes them before the app loads; it repeats the names).
 */
export const FIRST_SCREEN_COOKIES = {
  theme: 'crimsonhost-theme',
  layout: 'crimsonhost-layout',
} as const;

/**
 * The prerendered page for a browser route, or null. The server list is prerendered only without
 * a query: a filtered list's first screen shows its filters filled in.
 */
export function prerenderedPageFor(url: string): PrerenderedPageName | null {
  const [pathname = '', search] = url.split('?', 2);
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path === '/') return 'home';
  if (path === '/servers') return search ? null : 'servers';
  if (/^\/servers\/[^/]+$/.test(path)) return 'server';
  return null;
}

const cookieValue = (cookieHeader: string | undefined, name: string) =>
  cookieHeader
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

const MOBILE_USER_AGENT = /Mobi|Android|iPhone|iPod/i;

/**
 * The theme and layout a visitor's first screen is drawn in: what their browser last reported in
 * the cookies; on a first visit light, and the layout from the mobile client hint or the user
 * agent. A wrong guess costs only the early paint: global.css hides a screen that is not the
 * visitor's until the app draws the right one.
 */
export function firstScreenVariant(headers: {
  cookie?: string;
  'sec-ch-ua-mobile'?: string;
  'user-agent'?: string;
}): { theme: PrerenderTheme; layout: PrerenderLayout } {
  const theme = cookieValue(headers.cookie, FIRST_SCREEN_COOKIES.theme);
  const layout = cookieValue(headers.cookie, FIRST_SCREEN_COOKIES.layout);
  const hint = headers['sec-ch-ua-mobile'];
  const guessedMobile =
    hint === '?1' || (hint !== '?0' && MOBILE_USER_AGENT.test(headers['user-agent'] ?? ''));
  return {
    theme: theme === 'dark' ? 'dark' : 'light',
    layout: layout === 'mobile' || layout === 'wide' ? layout : guessedMobile ? 'mobile' : 'wide',
  };
}
