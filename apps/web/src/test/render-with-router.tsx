import type { ReactNode } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { TestProviders } from './test-providers';

/** Shows where the router is, for tests that check a navigation. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/**
 * Renders `element` at `path` with the app's providers and a memory router, without the app's
 * route tree (and so without signing in): for pages and widgets tested on their own. Other
 * paths show where navigation went.
 */
export function renderWithRouter(
  element: ReactNode,
  {
    path = '/',
    pattern = path.split('?')[0]!,
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    advanceTimers,
  }: {
    path?: string;
    /** The route pattern `element` is mounted at, e.g. '/wallet/transactions/:id'. */
    pattern?: string;
    queryClient?: QueryClient;
    /** With fake timers: how user-event lets time pass. */
    advanceTimers?: (ms: number) => unknown;
  } = {},
) {
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <>
            {element}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : undefined);
  const view = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...view, router, user, queryClient };
}
