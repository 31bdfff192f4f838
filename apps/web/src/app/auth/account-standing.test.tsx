import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LoginPage } from '../../features/auth/pages/login-page';
import { apiClient } from '../../lib/api-client';
import { config, type SessionTiming } from '../../lib/config';
import { readStoredTokens, storeTokens } from '../../lib/storage';
import { buildAccessToken, buildUser, errorBody } from '../../test/auth-fixtures';
import { server } from '../../test/msw-server';
import { LocationProbe } from '../../test/render-with-router';
import { TestProviders } from '../../test/test-providers';
import { checkAccountStanding } from './account-standing';
import { useAuth } from './auth-context';
import { AuthProvider } from './auth-provider';

const SUSPENDED = errorBody(
  'ACCOUNT_SUSPENDED',
  'Your account is suspended until 1 December 2026, 12:00 UTC. Reason: chargeback dispute.',
);
const BANNED = errorBody('ACCOUNT_BANNED', 'Your account is banned. Reason: fraud.');

function WalletProbe() {
  const { status } = useAuth();
  return <output data-testid="status">{status}</output>;
}

/** Signed in at /wallet, with the real login page at /login. */
function renderSignedIn({
  at = '/wallet',
  sessionTiming = config.sessionTiming,
}: { at?: string; sessionTiming?: SessionTiming } = {}) {
  storeTokens({ accessToken: buildAccessToken(), refreshToken: 'refresh-1', expiresAt: null });
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider sessionTiming={sessionTiming}>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          { path: '/wallet', element: <WalletProbe /> },
          { path: '/login', element: <LoginPage /> },
          { path: '*', element: <LocationProbe /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router };
}

/** GET /api/auth/profile: the user for the first `okTimes` asks, then `refusal` with `status`. */
function serveProfile(refusal: object, { okTimes = 1, status = 403 } = {}) {
  let asked = 0;
  server.use(
    http.get('/api/auth/profile', () =>
      ++asked <= okTimes
        ? HttpResponse.json({ data: { user: buildUser(), recoveryCodesLeft: 10 } })
        : HttpResponse.json(refusal, { status }),
    ),
  );
  return () => asked;
}

const signedIn = () =>
  waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));

/** The tab signed out, went to the login page remembering /wallet, and tells why. */
async function expectEndedWith(
  router: ReturnType<typeof renderSignedIn>['router'],
  message: string,
) {
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/wallet');
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(message);
  expect(readStoredTokens()).toBeNull();
}

describe('a suspended or banned account in an open tab', { timeout: 20_000 }, () => {
  it('ends the session when a regular call answers ACCOUNT_SUSPENDED, and says why', async () => {
    serveProfile(SUSPENDED, { okTimes: 10 });
    server.use(http.get('/api/wallet', () => HttpResponse.json(SUSPENDED, { status: 403 })));
    const { router } = renderSignedIn();
    await signedIn();
    await expect(apiClient.get('/wallet')).rejects.toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    await expectEndedWith(router, SUSPENDED.error.message);
  });

  it('ends the session when the profile check finds the account banned', async () => {
    serveProfile(BANNED);
    const { router } = renderSignedIn();
    await signedIn();
    await act(() => checkAccountStanding());
    await expectEndedWith(router, BANNED.error.message);
  });

  it('checks when the window regains focus', async () => {
    const asked = serveProfile(SUSPENDED);
    const { router } = renderSignedIn();
    await signedIn();
    act(() => void window.dispatchEvent(new Event('focus')));
    await expectEndedWith(router, SUSPENDED.error.message);
    expect(asked()).toBe(2);
  });

  it('checks on each session check tick', async () => {
    serveProfile(SUSPENDED, { okTimes: 2 });
    const { router } = renderSignedIn({
      sessionTiming: { ...config.sessionTiming, checkIntervalMs: 150 },
    });
    await signedIn();
    await expectEndedWith(router, SUSPENDED.error.message);
  });

  it('tells a tab opened on a suspended session why on the login page', async () => {
    serveProfile(SUSPENDED, { okTimes: 0 });
    const { router } = renderSignedIn({ at: '/login' });
    expect(await screen.findByRole('alert')).toHaveTextContent(SUSPENDED.error.message);
    expect(router.state.location.pathname).toBe('/login');
    expect(readStoredTokens()).toBeNull();
  });

  it('leaves the session alone when the check answers 401 (the next call refreshes as before)', async () => {
    serveProfile(errorBody('UNAUTHORIZED', 'Please sign in'), { status: 401 });
    renderSignedIn();
    await signedIn();
    await act(() => checkAccountStanding());
    expect(screen.getByTestId('status')).toHaveTextContent('authenticated');
    expect(readStoredTokens()).not.toBeNull();
  });
});
