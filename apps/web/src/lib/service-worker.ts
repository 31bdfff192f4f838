import { config } from './config';
import { reloadPage } from './page-reload';
import { HASHED_ASSET_PREFIX } from './service-worker-caches';

export const SERVICE_WORKER_URL = '/sw.js';

/** How long after the load event the browser may wait for an idle moment before registering. */
export const REGISTER_IDLE_TIMEOUT_MS = 5_000;

/** An open tab asks for a new release this often, and whenever it comes back into view. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** Runs `task` once the page has loaded and the browser is idle, so the page keeps the network. */
function whenLoadedAndIdle(task: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) {
      window.requestIdleCallback(task, { timeout: REGISTER_IDLE_TIMEOUT_MS });
    } else {
      setTimeout(task, 0);
    }
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Resolves once a service worker controls this page (at once when one already does). */
function whenControlled(container: ServiceWorkerContainer): Promise<void> {
  if (container.controller) return Promise.resolve();
  return new Promise((resolve) => {
    container.addEventListener('controllerchange', () => resolve(), { once: true });
  });
}

/**
 * The hashed files this page loaded before the worker existed. Asking for them again once the
 * worker controls the page puts them in its cache; they come from the HTTP cache, not the network.
 */
function loadedAssetUrls(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith(HASHED_ASSET_PREFIX))
    .map((url) => url.href);
}

async function cacheWhatThisPageLoaded(container: ServiceWorkerContainer): Promise<void> {
  await whenControlled(container);
  await Promise.allSettled(loadedAssetUrls().map((url) => fetch(url)));
}

/** A same-window link to a page of this app that the router would open without loading it. */
function appLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href);
  return url.origin === location.origin ? anchor : null;
}

/**
 * Once a new release has taken over (the worker skips waiting and claims open tabs), the tab's
 * next navigation loads the page instead of routing inside the old code: a link click is left to
 * the browser, and back or forward reloads. Nothing happens until the person navigates, so a
 * half-filled form is never thrown away under them.
 */
function loadNewReleaseOnNavigation(container: ServiceWorkerContainer, signal: AbortSignal): void {
  let controller = container.controller;
  let newRelease = false;
  container.addEventListener(
    'controllerchange',
    () => {
      // The first worker taking control of a first visit is the same release, not a new one; nor
      // is the worker already in control (a page loaded while its worker was activating may hear
      // of it again when that worker claims the open tabs). A page keeps one object per worker.
      if (controller !== null && container.controller !== controller) newRelease = true;
      controller = container.controller;
    },
    { signal },
  );
  document.addEventListener(
    'click',
    (event) => {
      // Capturing at the document runs before the router's handler on the app's root.
      if (newRelease && appLinkOf(event)) event.stopPropagation();
    },
    { capture: true, signal },
  );
  window.addEventListener(
    'popstate',
    () => {
      if (newRelease) reloadPage();
    },
    { signal },
  );
}

/** Asks the server for a new sw.js every hour and whenever the tab is shown again. */
function checkForUpdates(registration: ServiceWorkerRegistration, signal: AbortSignal): void {
  const check = () => {
    registration.update().catch(() => undefined);
  };
  const timer = setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  signal.addEventListener('abort', () => clearInterval(timer));
  document.addEventListener(
    'visibilitychange',
    () => {
      if (document.visibilityState === 'visible') check();
    },
    { signal },
  );
}

/**
 * Registers the service worker built by vite-plugin-pwa (decision 023) after the page has loaded
 * and the browser is idle, then hands it the files this page used. Offline support is a bonus: a
 * failure is logged and the app carries on without it. Returns what stops it watching (for tests).
 */
export function registerServiceWorker(): () => void {
  const stop = new AbortController();
  if (!config.isProduction || !('serviceWorker' in navigator)) return () => stop.abort();
  const container = navigator.serviceWorker;
  loadNewReleaseOnNavigation(container, stop.signal);
  whenLoadedAndIdle(() => {
    container
      .register(SERVICE_WORKER_URL)
      .then((registration) => {
        checkForUpdates(registration, stop.signal);
        return cacheWhatThisPageLoaded(container);
      })
      .catch((error: unknown) => {
        console.error('Service worker registration failed', error);
      });
  });
  return () => stop.abort();
}
