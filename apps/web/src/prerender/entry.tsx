import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { Theme } from '@crimsonhost/shared/constants';
import { AppProviders, createQueryClient } from '../app/providers';
import { AppRoutes, preloadFirstScreen } from '../app/router';
import { matchesMediaQuery } from '../lib/media-query-match';
import { ServerMediaContext } from '../lib/use-media-query';
import {
  PRERENDERED_LISTING_NAME,
  PRERENDERED_PAGES,
  type PrerenderLayout,
} from '@crimsonhost/shared/first-screen';
import { ServedListing } from '../features/catalog/known-listing-name';
import type { Screen } from '../../build/prerender-page';

// build/prerender.mjs composes the pages with these, from this bundle.
export {
  PRERENDER_DIR,
  PRERENDER_LAYOUTS,
  PRERENDER_THEMES,
  PRERENDERED_PAGES,
  PRERENDERED_LISTING_NAME,
  prerenderedFile,
} from '@crimsonhost/shared/first-screen';
export { composePage } from '../../build/prerender-page';
export { precompressDirectory } from '../../build/precompress';

/**
 * The server page is drawn for a placeholder listing named PRERENDERED_LISTING_NAME, which the
 * server replaces with the listing's name when it sends the page.
 */
const PLACEHOLDER_LISTING = {
  id: PRERENDERED_PAGES.find((page) => page.name === 'server')!.placeholder,
  name: PRERENDERED_LISTING_NAME,
};

/** The viewport widths the layouts are drawn at (the e2e widths). */
const LAYOUT_WIDTH_PX: Record<PrerenderLayout, number> = { mobile: 375, wide: 1280 };

/** Answers the media queries the app asks as the drawn viewport would. */
const mediaOf =
  (theme: Theme, layout: PrerenderLayout) =>
  (query: string): boolean =>
    matchesMediaQuery(query, {
      width: LAYOUT_WIDTH_PX[layout],
      prefersDark: theme === 'dark',
      reducedMotion: false,
    });

const TITLE = /<title>([^<]*)<\/title>/;

/** Ant Design's component styles of every screen drawn so far (not their themes' tokens). */
const firstScreens = createCache();

/**
 * The stylesheet of the component styles every prerendered screen uses (decision 067), with the
 * rule that lists what it holds: an app that finds that rule applied takes those styles from the
 * stylesheet instead of computing and inserting them. Component styles read the theme from CSS
 * variables, so one stylesheet serves light and dark; the tokens' variables stay in each page.
 */
export function firstScreensStylesheet(): string {
  return extractStyle(firstScreens, { plain: true, types: ['style'] });
}

/**
 * Draws the first screen of `url` (its page while its data loads) in the given theme and layout,
 * without a browser: the build writes it into the page's HTML so a visitor sees the page before
 * the app's JavaScript has arrived (decision 060).
 */
export async function prerender(
  url: string,
  theme: Theme,
  layout: PrerenderLayout,
): Promise<Screen> {
  // A lazy page that suspended would be streamed behind an inline script that swaps it in, which
  // the content security policy refuses: its modules load first, so the page renders in place.
  await preloadFirstScreen(new URL(url, 'http://localhost').pathname, layout === 'wide');
  const cache = createCache();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StyleProvider cache={cache}>
        <ServerMediaContext value={mediaOf(theme, layout)}>
          <ServedListing value={PLACEHOLDER_LISTING}>
            <AppProviders queryClient={createQueryClient()}>
              <StaticRouter location={url}>
                <AppRoutes />
              </StaticRouter>
            </AppProviders>
          </ServedListing>
        </ServerMediaContext>
      </StyleProvider>
    </StrictMode>,
    // React streams a large finished Suspense boundary apart from its fallback, behind an inline
    // script; the whole screen is written at once here, so every boundary stays in place.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  // The cache's entries are read directly (its `cache` map is marked internal): the version of
  // @ant-design/cssinjs is pinned to Ant Design's.
  for (const [key, value] of cache.cache) {
    if (key.startsWith('style%')) {
      firstScreens.cache.set(key, value);
      firstScreens.updateTimes.set(key, cache.updateTimes.get(key) ?? 0);
    }
  }
  let markup = '';
  for await (const chunk of prelude) markup += String(chunk);
  // React hoists a page's <title> to the front; it belongs in the document's head.
  const title = TITLE.exec(markup);
  return {
    html: markup.replace(TITLE, ''),
    styles: extractStyle(cache),
    title: title?.[1] ?? null,
  };
}
