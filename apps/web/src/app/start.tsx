import '../lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@crimsonhost/shared/constants';
import { registerServiceWorker } from '../lib/service-worker';
import { AppProviders, createQueryClient } from './providers';
import { AppRoutes, preloadFirstScreen } from './router';

function renderApp(container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

/**
 * Draws the app into #root. A page the build prerendered (decision 060) stays on screen until the
 * app can draw the same page: its modules load first, so the first render (which clears #root)
 * replaces it without a spinner in between.
 */
export function startApp(container: HTMLElement, prerenderedShown: boolean): void {
  if (prerenderedShown) {
    const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`).matches;
    preloadFirstScreen(window.location.pathname, wide)
      // A module that fails to load fails again in the app, which says so and offers a retry.
      .catch(() => undefined)
      .finally(() => renderApp(container));
  } else {
    renderApp(container);
  }
  registerServiceWorker();
}
