import '../lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@crimsonhost/shared/constants';
import { registerServiceWorker } from '../lib/service-worker';
import { AppProviders, createQueryClient } from './providers';
import { AppRoutes, preloadFirstScreen } from './router';

function renderApp(container: HTMLElement) {
  const root = createRoot(container);
  // As a transition, React renders the first screen in slices of a few milliseconds and lets the
  // browser paint and scroll between them. Rendered at once, it held a slow phone's main thread
  // for hundreds of milliseconds (Ant Design computes its styles while rendering). The page still
  // appears in one commit, replacing the prerendered one.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
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
