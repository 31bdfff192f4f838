import { QueryClient } from '@tanstack/react-query';
import type { HistoryPageMeta } from '@crimsonhost/shared/envelope';
import { historyPage } from './history-page';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import type { Rental } from '@crimsonhost/shared/rentals';
import type { Wallet } from '@crimsonhost/shared/wallet';
import { AuthProvider } from '../app/auth/auth-provider';
import { TestProviders } from './test-providers';
import { storeTokens } from '../lib/storage';
import { buildAccessToken, buildUser } from './auth-fixtures';
import { server } from './msw-server';
import { LocationProbe } from './render-with-router';
import { buildWallet } from './wallet-fixtures';

let next = 0;

/** A rental as GET /api/rentals answers it: ACTIVE, 2 hours left of 3, running. */
export function buildRental(overrides: Partial<Rental> = {}): Rental {
  next += 1;
  const now = Date.now();
  return {
    id: `10000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    status: 'ACTIVE',
    server: {
      id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
      name: `Rented Server ${next}`,
      game: 'minecraft',
      region: { code: 'fra', name: 'Frankfurt', country: 'DE' },
    },
    hours: 3,
    pricePerHour: '1.250000',
    paid: '3.750000',
    discount: '0.000000',
    refunded: '0.000000',
    startsAt: new Date(now - 3_600_000).toISOString(),
    endsAt: new Date(now + 7_200_000).toISOString(),
    endedAt: null,
    secondsLeft: 7200,
    refundIfCancelled: '1.250000',
    connection: { host: '203.0.113.7', port: 25565 },
    runState: {
      state: 'running',
      checkedAt: new Date(now - 4000).toISOString(),
      ageSeconds: 4,
      detail: null,
    },
    dispute: null,
    disputeUntil: new Date(now + 7200_000 + 7 * 86_400_000).toISOString(),
    unreadMessages: 0,
    ...overrides,
  };
}

/** An ended rental: no time left, no connection, no run state. */
export function buildEndedRental(
  status: 'EXPIRED' | 'CANCELLED',
  overrides: Partial<Rental> = {},
): Rental {
  return buildRental({
    status,
    secondsLeft: 0,
    refundIfCancelled: '0.000000',
    connection: null,
    runState: null,
    endedAt: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  });
}

export const rentalsAnswer = (rentals: Rental[], meta: Partial<HistoryPageMeta> = {}) =>
  historyPage(rentals, meta);

/** GET /api/wallet with `available` USDT to spend, and `credit` in platform credit (none). */
export function walletWith(available: string, credit = '0.000000'): Wallet {
  return buildWallet({
    usdt: { available, held: '0.000000' },
    platformCredit: { available: credit },
  });
}

/** A stored session the API accepts: the page starts signed in. */
export function signIn(user = buildUser()) {
  storeTokens({ accessToken: buildAccessToken(), refreshToken: 'refresh-1', expiresAt: null });
  server.use(
    http.get('/api/auth/profile', () =>
      HttpResponse.json({ data: { user, recoveryCodesLeft: 10 } }),
    ),
  );
  return user;
}

/**
 * Renders `element` at `path` inside the app's providers and the auth provider, without the
 * layout or the lazy pages: any other route shows where it went (LocationProbe).
 */
export function renderInApp(element: ReactNode, { path, at }: { path: string; at: string }) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          { path, element },
          { path: '*', element: <LocationProbe /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // jsdom computes styles slowly with antd's style sheets: skip the pointer-events check per click.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...view, router, user, queryClient };
}

/**
 * The open dialog titled `title`. antd gives every dialog title the same id under test, so the
 * accessible name cannot tell two dialogs apart: the title's text does.
 */
export function findDialog(title: string) {
  return waitFor(
    () => {
      const dialog = screen
        .queryAllByRole('dialog')
        .find((element) => element.querySelector('.ant-modal-title')?.textContent === title);
      if (!dialog) throw new Error(`No open dialog titled '${title}'`);
      return dialog;
    },
    { timeout: 5000 },
  );
}
