import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getProfile } from '../app/auth/api/get-profile';
import { login } from '../app/auth/api/login';
import { buildAccessToken, buildSession, errorBody } from '../test/auth-fixtures';
import { server } from '../test/msw-server';
import {
  ApiError,
  LOGIN_TIMEOUT_MS,
  PROFILE_TIMEOUT_MS,
  REFRESH_TIMEOUT_MS,
  apiClient,
  onSessionEnded,
  refreshSession,
  type SessionEnd,
} from './api-client';
import {
  ACCESS_TOKEN_STORAGE_KEYS,
  REFRESH_TOKEN_STORAGE_KEYS,
  readLastTokenRefresh,
  readStoredTokens,
  storeTokens,
} from './storage';

const OLD_ACCESS = buildAccessToken(3600, 'old');
const NEW_ACCESS = buildAccessToken(3600, 'new');

function signIn(accessToken = OLD_ACCESS, refreshToken: string | null = 'refresh-1') {
  storeTokens({ accessToken, refreshToken, expiresAt: Date.now() + 3_600_000 });
}

async function failureOf(request: Promise<unknown>): Promise<ApiError> {
  try {
    await request;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error(`expected an ApiError, got ${String(error)}`);
  }
  throw new Error('expected the request to fail');
}

/** /api/auth/refresh that rotates refresh-1 into NEW_ACCESS / refresh-2 and counts its calls. */
function refreshEndpoint(answer?: () => Response | Promise<Response>) {
  const calls: unknown[] = [];
  server.use(
    http.post('/api/auth/refresh', async ({ request }) => {
      calls.push(await request.json());
      if (answer) return answer();
      return HttpResponse.json({
        data: buildSession(undefined, { accessToken: NEW_ACCESS, refreshToken: 'refresh-2' }),
      });
    }),
  );
  return calls;
}

/** /api/wallet answering 401 unless the bearer is NEW_ACCESS; records the headers it saw. */
function walletEndpoint() {
  const seen: Array<string | null> = [];
  server.use(
    http.get('/api/wallet', ({ request }) => {
      const header = request.headers.get('authorization');
      seen.push(header);
      return header === `Bearer ${NEW_ACCESS}`
        ? HttpResponse.json({ data: { balance: '1.000000' } })
        : HttpResponse.json(errorBody('UNAUTHORIZED', 'Please sign in'), { status: 401 });
    }),
  );
  return seen;
}

let ended: SessionEnd[];
let unsubscribe: () => void;
beforeEach(() => {
  ended = [];
  unsubscribe = onSessionEnded((end) => ended.push(end));
});
afterEach(() => unsubscribe());

describe('Bearer header (spec section 7)', () => {
  it('goes on every request with the stored access token', async () => {
    signIn();
    let header: string | null = null;
    server.use(
      http.get('/api/games', ({ request }) => {
        header = request.headers.get('authorization');
        return HttpResponse.json({ data: [] });
      }),
    );
    await apiClient.get('/games');
    expect(header).toBe(`Bearer ${OLD_ACCESS}`);
  });

  it.each(['/auth/login', '/auth/register', '/auth/refresh'])('is left off %s', async (path) => {
    signIn();
    let header: string | null = 'unset';
    server.use(
      http.post(`/api${path}`, ({ request }) => {
        header = request.headers.get('authorization');
        return HttpResponse.json({ data: null });
      }),
    );
    await apiClient.post(path, {});
    expect(header).toBeNull();
  });

  it('does not replace an Authorization header the call brings', async () => {
    signIn();
    let header: string | null = null;
    server.use(
      http.post('/api/auth/logout', ({ request }) => {
        header = request.headers.get('authorization');
        return HttpResponse.json({ data: { ok: true } });
      }),
    );
    await apiClient.post('/auth/logout', undefined, {
      headers: { Authorization: 'Bearer explicit' },
    });
    expect(header).toBe('Bearer explicit');
  });
});

describe('401: one retry after a refresh', () => {
  it('refreshes, stores the new tokens under every alias and retries with the new token', async () => {
    signIn();
    const refreshCalls = refreshEndpoint();
    const seen = walletEndpoint();

    const response = await apiClient.get<{ data: { balance: string } }>('/wallet');

    expect(response.data.data.balance).toBe('1.000000');
    expect(refreshCalls).toEqual([{ refresh_token: 'refresh-1' }]);
    expect(seen).toEqual([`Bearer ${OLD_ACCESS}`, `Bearer ${NEW_ACCESS}`]);
    for (const key of ACCESS_TOKEN_STORAGE_KEYS) {
      expect(window.localStorage.getItem(key)).toBe(NEW_ACCESS);
    }
    for (const key of REFRESH_TOKEN_STORAGE_KEYS) {
      expect(window.localStorage.getItem(key)).toBe('refresh-2');
    }
    expect(readLastTokenRefresh()).not.toBeNull();
    expect(ended).toEqual([]);
  });

  it('retries only once: a second 401 is the answer', async () => {
    signIn();
    const refreshCalls = refreshEndpoint();
    let attempts = 0;
    server.use(
      http.get('/api/wallet', () => {
        attempts += 1;
        return HttpResponse.json(errorBody('UNAUTHORIZED', 'Please sign in'), { status: 401 });
      }),
    );
    const error = await failureOf(apiClient.get('/wallet'));
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(attempts).toBe(2);
    expect(refreshCalls).toHaveLength(1);
  });

  it('takes a 401 that refuses the password the call carried as the answer: no refresh', async () => {
    signIn();
    const refreshCalls = refreshEndpoint();
    let attempts = 0;
    server.use(
      http.post('/api/account/delete', () => {
        attempts += 1;
        return HttpResponse.json(errorBody('INVALID_CREDENTIALS', 'The password is not right.'), {
          status: 401,
        });
      }),
    );
    const error = await failureOf(
      apiClient.post('/account/delete', { confirmEmail: 'a@example.com', password: 'wrong' }),
    );
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(attempts).toBe(1);
    expect(refreshCalls).toEqual([]);
    expect(readStoredTokens()?.accessToken).toBe(OLD_ACCESS);
    expect(ended).toEqual([]);
  });

  it('shares one refresh between requests that fail together', async () => {
    signIn();
    const refreshCalls = refreshEndpoint();
    walletEndpoint();
    await Promise.all([apiClient.get('/wallet'), apiClient.get('/wallet'), refreshSession()]);
    expect(refreshCalls).toHaveLength(1);
  });

  it.each([
    ['login', 'post', '/auth/login'],
    ['the profile check', 'get', '/auth/profile'],
    ['refresh', 'post', '/auth/refresh'],
  ] as const)('is not done for %s', async (_name, method, path) => {
    signIn();
    let refreshes = 0;
    server.use(
      http[method](`/api${path}`, () => {
        if (path === '/auth/refresh') refreshes += 1;
        return HttpResponse.json(errorBody('LOGIN_FAILED', 'No'), { status: 401 });
      }),
    );
    if (path !== '/auth/refresh') refreshEndpoint(() => new Response(null, { status: 500 }));
    const error = await failureOf(apiClient.request({ method, url: path, data: {} }));
    expect(error.status).toBe(401);
    expect(refreshes).toBe(path === '/auth/refresh' ? 1 : 0);
  });

  it('on a refused refresh clears the tokens, ends the session and rejects with REFRESH_FAILED', async () => {
    signIn();
    refreshEndpoint(() =>
      HttpResponse.json(errorBody('REFRESH_FAILED', 'Failed to refresh session'), { status: 401 }),
    );
    walletEndpoint();

    const error = await failureOf(apiClient.get('/wallet'));

    expect(error).toMatchObject({ code: 'REFRESH_FAILED', message: 'Failed to refresh session' });
    expect(readStoredTokens()).toBeNull();
    for (const key of [...ACCESS_TOKEN_STORAGE_KEYS, ...REFRESH_TOKEN_STORAGE_KEYS]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(ended.map((end) => end.error.message)).toEqual(['Failed to refresh session']);
  });

  it('ends the session with "No refresh token available" when there is none', async () => {
    signIn(OLD_ACCESS, null);
    walletEndpoint();
    const error = await failureOf(apiClient.get('/wallet'));
    expect(error).toMatchObject({ code: 'REFRESH_FAILED', message: 'No refresh token available' });
    expect(ended).toHaveLength(1);
    expect(readStoredTokens()).toBeNull();
  });

  it('ends the session when the refresh answer has no access token', async () => {
    signIn();
    refreshEndpoint(() => HttpResponse.json({ data: { tokens: { refresh_token: 'refresh-2' } } }));
    const error = await failureOf(refreshSession());
    expect(error).toMatchObject({
      code: 'REFRESH_FAILED',
      message: 'Refresh response missing access token',
    });
    expect(ended).toHaveLength(1);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    signIn();
    refreshEndpoint(() => Response.error());
    const error = await failureOf(refreshSession());
    expect(error.code).toBe('NETWORK_ERROR');
    expect(ended).toEqual([]);
    expect(readStoredTokens()?.refreshToken).toBe('refresh-1');
  });

  it('reads flat token fields in camelCase too', async () => {
    signIn();
    refreshEndpoint(() =>
      HttpResponse.json({ accessToken: NEW_ACCESS, refreshToken: 'refresh-2', expires_in: 60 }),
    );
    await expect(refreshSession()).resolves.toBe(NEW_ACCESS);
    expect(readStoredTokens()?.refreshToken).toBe('refresh-2');
  });
});

describe('refresh across tabs and timing', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('never presents a refresh token another tab already rotated', async () => {
    signIn();
    const refreshCalls = refreshEndpoint();
    // Another tab holds the lock, rotates the token, then lets this tab in.
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: async (_name: string, task: () => Promise<unknown>) => {
          storeTokens({ accessToken: NEW_ACCESS, refreshToken: 'refresh-2', expiresAt: null });
          return task();
        },
      },
    });

    await expect(refreshSession()).resolves.toBe(NEW_ACCESS);
    expect(refreshCalls).toEqual([]);
  });

  it('warns when a refresh takes longer than 200 ms', async () => {
    signIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    refreshEndpoint(async () => {
      await delay(250);
      return HttpResponse.json({ data: buildSession(undefined, { accessToken: NEW_ACCESS }) });
    });
    await refreshSession();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Token refresh took \d+ ms/));
  });

  it('gives login and profile 8 seconds and a refresh 5 seconds', async () => {
    signIn();
    const timeouts: Record<string, number | undefined> = {};
    const recorder = apiClient.interceptors.request.use((request) => {
      timeouts[request.url ?? ''] = request.timeout;
      return request;
    });
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ data: buildSession() })),
      http.get('/api/auth/profile', () =>
        HttpResponse.json({ data: { user: buildSession().user, recoveryCodesLeft: 10 } }),
      ),
    );
    refreshEndpoint();
    try {
      await login({ email: 'renter@example.com', password: 'long enough password' });
      await getProfile();
      await refreshSession();
    } finally {
      apiClient.interceptors.request.eject(recorder);
    }
    expect(timeouts).toEqual({
      '/auth/login': LOGIN_TIMEOUT_MS,
      '/auth/profile': PROFILE_TIMEOUT_MS,
      '/auth/refresh': REFRESH_TIMEOUT_MS,
    });
    expect([LOGIN_TIMEOUT_MS, PROFILE_TIMEOUT_MS, REFRESH_TIMEOUT_MS]).toEqual([8000, 8000, 5000]);
  });
});
