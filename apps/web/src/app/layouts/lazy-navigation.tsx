import { Suspense, lazy, type ComponentProps } from 'react';
import { loadAgainOnFailure } from '../../lib/load-again';
import { lazyPreloadable } from '../../lib/lazy-preloadable';

// Ant Design's Menu, Drawer, Dropdown and Avatar are about 20 KB brotli. A phone shows none of them
// until the navigation or the account menu is opened, so they load then, not with the first
// visit (decision 020); a wider screen loads the sidebar's menu as the layout mounts.
const MainMenuChunk = lazyPreloadable(() =>
  import('./main-menu').then((module) => module.MainMenu),
);
const NavigationDrawerChunk = lazy(() =>
  loadAgainOnFailure(() => import('./navigation-drawer')).then((module) => ({
    default: module.NavigationDrawer,
  })),
);
const AccountMenuChunk = lazy(() =>
  loadAgainOnFailure(() => import('./account-menu')).then((module) => ({
    default: module.AccountMenu,
  })),
);

/** Loads the sidebar's menu ahead of the layout's first render (decision 060). */
export const preloadMainMenu = MainMenuChunk.preload;

/** The sidebar's main menu; the sidebar keeps its width while it loads. */
export function LazyMainMenu(props: ComponentProps<typeof MainMenuChunk>) {
  return (
    <Suspense fallback={null}>
      <MainMenuChunk {...props} />
    </Suspense>
  );
}

/** The phone's navigation drawer, loaded the first time it opens and kept for its close. */
export function LazyNavigationDrawer(props: ComponentProps<typeof NavigationDrawerChunk>) {
  return (
    <Suspense fallback={null}>
      <NavigationDrawerChunk {...props} />
    </Suspense>
  );
}

/** The signed-in user's account menu; a circle of the avatar's size holds its place meanwhile. */
export function AccountMenu(props: ComponentProps<typeof AccountMenuChunk>) {
  return (
    <Suspense
      fallback={
        <span aria-hidden="true" style={{ display: 'inline-block', width: 40, height: 40 }} />
      }
    >
      <AccountMenuChunk {...props} />
    </Suspense>
  );
}
