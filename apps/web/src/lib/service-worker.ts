import { config } from './config';

export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker built by vite-plugin-pwa once the page has loaded. Offline support
 * is a bonus: a failure is logged and the app carries on without it.
 */
export function registerServiceWorker(): void {
  if (!config.isProduction || !('serviceWorker' in navigator)) return;
  window.addEventListener(
    'load',
    () => {
      navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => {
        console.error('Service worker registration failed', error);
      });
    },
    { once: true },
  );
}
