import { QueryClient } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionTiming } from '../../lib/config';
import {
  readStoredTokens,
  storeLastActivityAt,
  storeSessionStartedAt,
  storeTokens,
} from '../../lib/storage';
import { buildAccessToken, buildSession, buildUser, errorBody } from '../../test/auth-fixtures';
import { server } from '../../test/msw-server';
import { TestProviders } from '../../test/test-providers';
import { SESSION_EXPIRED_MESSAGE, useAuth } from './auth-context';
import { AuthProvider } from './auth-provider';

const ACCESS = buildAccessToken(3600, 'stored');

function Probe() {
  const auth = useAuth();
  return (
    <dl>
      <dt>status</dt>
      <dd data-testid="status">{auth.status}</dd>
      <dt>email</dt>
      <dd data-testid="email">{auth.user?.email ?? ''}</dd>
      <dt>error</dt>
      <dd data-testid="error">{auth.error ? `${auth.error.code}: ${auth.error.message}` : ''}</dd>
      <dt>roles</dt>
      <dd data-testid="roles">
        {JSON.stringify({
          admin: auth.isAdmin,
          vendor: auth.isVendor,
          support: auth.isSupport,
          isUser: auth.hasRole('user'),
          staff: auth.hasAnyRole(['admin', 'support']),
        })}
      </dd>
      <dd data-testid="notice">{auth.notice ?? ''}</dd>
      <button
        type="button"
        onClick={() =>
          void auth
            .login({ email: 'renter@example.com', password: 'long enough password' })
            .catch(() => undefined)
        }
      >
        log in
      </button>
      <button type="button" onClick={() => void auth.logout()}>
        log out
      </button>
    </dl>
  );
}

function renderAuth({
  path = '/',
  sessionTiming,
}: { path?: string; sessionTiming?: SessionTiming } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider sessionTiming={sessionTiming}>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          { path: '/', element: <Probe /> },
          { path: '/account', element: <Probe /> },
          { path: '/login', element: <Probe /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...view, router, user: userEvent.setup() };
}

const status = () => screen.getByTestId('status').textContent;

function storeSession(accessToken = ACCESS) {
  storeTokens({ accessToken, refreshToken: 'refresh-1', expiresAt: null });
}

function profileAnswers(user = buildUser()) {
  const seen: Array<string | null> = [];
  server.use(
    http.get('/api/auth/profile', ({ request }) => {
      seen.push(request.headers.get('authorization'));
      return HttpResponse.json({ data: { user, recoveryCodesLeft: 10 } });
    }),
  );
  return seen;
}

describe('useAuth', () => {
  it('outside its provider is an error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow(
      'useAuth must be used within an AuthProvider',
    );
  });
});

describe('AuthProvider state machine', { timeout: 30_000 }, () => {
  it('starts unauthenticated without stored tokens, asking nothing', () => {
    renderAuth();
    expect(status()).toBe('unauthenticated');
  });

  it('validates stored tokens with the profile: loading, then authenticated', async () => {
    storeSession();
    const seen = profileAnswers(buildUser({ role: 'support', email: 'helper@example.com' }));
    renderAuth();
    expect(status()).toBe('loading');
    await waitFor(() => expect(status()).toBe('authenticated'));
    expect(screen.getByTestId('email')).toHaveTextContent('helper@example.com');
    expect(seen).toEqual([`Bearer ${ACCESS}`]);
    expect(JSON.parse(screen.getByTestId('roles').textContent ?? '')).toEqual({
      admin: false,
      vendor: false,
      support: true,
      isUser: false,
      staff: true,
    });
  });

  it('a refused session check gives unauthenticated and forgets the tokens', async () => {
    storeSession();
    server.use(
      http.get('/api/auth/profile', () =>
        HttpResponse.json(errorBody('UNAUTHORIZED', 'Please sign in'), { status: 401 }),
      ),
    );
    renderAuth();
    await waitFor(() => expect(status()).toBe('unauthenticated'));
    expect(readStoredTokens()).toBeNull();
  });

  it('a session check that cannot reach the server gives error and keeps the tokens', async () => {
    storeSession();
    server.use(http.get('/api/auth/profile', () => HttpResponse.error()));
    renderAuth();
    await waitFor(() => expect(status()).toBe('error'));
    expect(readStoredTokens()).not.toBeNull();
  });

  it('refreshes an expiring access token before the check', async () => {
    storeSession(buildAccessToken(30, 'expiring'));
    const fresh = buildAccessToken(3600, 'fresh');
    server.use(
      http.post('/api/auth/refresh', () =>
        HttpResponse.json({ data: buildSession(undefined, { accessToken: fresh }) }),
      ),
    );
    const seen = profileAnswers();
    renderAuth();
    await waitFor(() => expect(status()).toBe('authenticated'));
    expect(seen).toEqual([`Bearer ${fresh}`]);
  });

  it('login goes through loading to authenticated', async () => {
    let answer!: () => void;
    server.use(
      http.post('/api/auth/login', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ data: buildSession() });
      }),
    );
    const { user } = renderAuth();
    await user.click(screen.getByRole('button', { name: 'log in' }));
    expect(status()).toBe('loading');
    act(() => answer());
    await waitFor(() => expect(status()).toBe('authenticated'));
    expect(readStoredTokens()?.refreshToken).toBe('refresh-1');
  });

  it('a failed login gives error with the server message and code', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json(errorBody('LOGIN_FAILED', 'Incorrect e-mail or password'), {
          status: 401,
        }),
      ),
    );
    const { user } = renderAuth();
    await user.click(screen.getByRole('button', { name: 'log in' }));
    await waitFor(() => expect(status()).toBe('error'));
    expect(screen.getByTestId('error')).toHaveTextContent(
      'LOGIN_FAILED: Incorrect e-mail or password',
    );
  });

  it("a login answered without an envelope is LOGIN_FAILED 'Login failed'", async () => {
    server.use(
      http.post('/api/auth/login', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })),
    );
    const { user } = renderAuth();
    await user.click(screen.getByRole('button', { name: 'log in' }));
    await waitFor(() =>
      expect(screen.getByTestId('error')).toHaveTextContent('LOGIN_FAILED: Login failed'),
    );
  });

  it('logout posts an empty body with the Bearer header and forgets the session', async () => {
    storeSession();
    profileAnswers();
    const logout: Array<{ authorization: string | null; body: string }> = [];
    server.use(
      http.post('/api/auth/logout', async ({ request }) => {
        logout.push({
          authorization: request.headers.get('authorization'),
          body: await request.text(),
        });
        return HttpResponse.json({ data: { ok: true } });
      }),
    );
    const { user } = renderAuth();
    await waitFor(() => expect(status()).toBe('authenticated'));
    await user.click(screen.getByRole('button', { name: 'log out' }));
    expect(status()).toBe('unauthenticated');
    expect(readStoredTokens()).toBeNull();
    await waitFor(() => expect(logout).toEqual([{ authorization: `Bearer ${ACCESS}`, body: '' }]));
  });

  it('logout ignores a failing logout call', async () => {
    storeSession();
    profileAnswers();
    server.use(http.post('/api/auth/logout', () => HttpResponse.error()));
    const { user } = renderAuth();
    await waitFor(() => expect(status()).toBe('authenticated'));
    await user.click(screen.getByRole('button', { name: 'log out' }));
    expect(status()).toBe('unauthenticated');
  });

  it('announces every change politely and removes the announcement after 1 second', async () => {
    storeSession();
    profileAnswers(buildUser({ email: 'announce@example.com' }));
    renderAuth();
    const region = screen.getByTestId('auth-announcement');
    expect(region).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(region).toHaveTextContent('Signed in as announce@example.com'));
    await waitFor(() => expect(region).toBeEmptyDOMElement(), { timeout: 2000 });
  });

  it('announces Not signed in to a visitor', async () => {
    renderAuth();
    expect(screen.getByTestId('auth-announcement')).toHaveTextContent('Not signed in');
    await waitFor(() => expect(screen.getByTestId('auth-announcement')).toBeEmptyDOMElement(), {
      timeout: 2000,
    });
  });

  it('a refused refresh logs the user out and sends them to /login', async () => {
    storeSession();
    profileAnswers();
    server.use(
      http.get('/api/wallet', () =>
        HttpResponse.json(errorBody('UNAUTHORIZED', 'Please sign in'), { status: 401 }),
      ),
      http.post('/api/auth/refresh', () =>
        HttpResponse.json(errorBody('REFRESH_FAILED', 'Failed to refresh session'), {
          status: 401,
        }),
      ),
    );
    const { router } = renderAuth({ path: '/account' });
    await waitFor(() => expect(status()).toBe('authenticated'));
    const { apiClient } = await import('../../lib/api-client');
    await apiClient.get('/wallet').catch(() => undefined);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/account');
    expect(status()).toBe('unauthenticated');
    expect(screen.getByTestId('notice')).toHaveTextContent('Failed to refresh session');
  });
});

describe('session timing in the provider', { timeout: 30_000 }, () => {
  const SHORT: SessionTiming = {
    idleTimeoutMs: 4000,
    absoluteSessionMs: 60_000,
    warningBeforeMs: 3000,
    checkIntervalMs: 100,
    activityThrottleMs: 50,
  };
  // The session clock (Date and the check interval) moves only when a test moves it: on a busy
  // machine a real 3 s window could close before the click on OK lands. Requests, React and
  // Testing Library keep their real setTimeout.
  const fakeSessionClock = () =>
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns with the spec text, and OK keeps the session', async () => {
    fakeSessionClock();
    storeSession();
    profileAnswers();
    const { user } = renderAuth({ sessionTiming: SHORT });
    await waitFor(() => expect(status()).toBe('authenticated'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const dialog = await screen.findByRole('dialog', { name: 'Session Timeout Warning' });
    expect(dialog).toHaveTextContent(
      'Your session will expire soon due to inactivity. Please click OK to continue.',
    );
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(status()).toBe('authenticated');
  });

  it('at the idle timeout logs out, says the session expired and goes to /login', async () => {
    storeSession();
    profileAnswers();
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ data: { ok: true } })));
    fakeSessionClock();
    const { router } = renderAuth({ sessionTiming: SHORT });
    await waitFor(() => expect(status()).toBe('authenticated'));
    await act(() => vi.advanceTimersByTimeAsync(3900));
    expect(status()).toBe('authenticated');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(status()).toBe('unauthenticated');
    expect(screen.getByTestId('notice')).toHaveTextContent(SESSION_EXPIRED_MESSAGE);
    expect(readStoredTokens()).toBeNull();
  });

  it('a stored session past its limits is ended on start', async () => {
    storeSession();
    storeSessionStartedAt(Date.now() - 10_000);
    storeLastActivityAt(Date.now() - 5_000);
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ data: { ok: true } })));
    const { router } = renderAuth({ sessionTiming: SHORT });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByTestId('notice')).toHaveTextContent(SESSION_EXPIRED_MESSAGE);
  });
});
