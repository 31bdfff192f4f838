import { http, HttpResponse } from 'msw';
import type { User } from '@crimsonhost/shared/auth';

/** The CSRF token GET /api/auth/csrf hands out in tests. */
export const TEST_CSRF_TOKEN = 'csrf-from-api';

/** What every page may ask of the auth API: the sign-in providers and a CSRF token. */
export const authDefaultHandlers = [
  http.get('/api/auth/providers', () => HttpResponse.json({ data: { discord: false } })),
  http.get('/api/auth/csrf', () => HttpResponse.json({ data: { csrfToken: TEST_CSRF_TOKEN } })),
];

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: '5f0c8a8e-8c1f-4b0e-9d38-6c1f2a3b4c5d',
    email: 'renter@example.com',
    displayName: 'Renter',
    role: 'user',
    authProvider: 'local',
    hasPassword: true,
    discordLinked: false,
    emailVerified: true,
    status: 'active',
    createdAt: '2026-01-15T10:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
  };
}

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT whose `exp` is `expiresInS` from now (the client only reads `exp`). */
export function buildAccessToken(expiresInS = 3600, name = 'access', now = Date.now()): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({ sub: name, exp: Math.floor(now / 1000) + expiresInS }),
  );
  return `${header}.${payload}.signature-${name}`;
}

/** A sign-in answer as the API gives it. */
export function buildSession(
  user: User = buildUser(),
  { accessToken = buildAccessToken(), refreshToken = 'refresh-1', expiresIn = 3600 } = {},
) {
  return {
    user,
    tokens: {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: expiresIn,
      token_type: 'Bearer' as const,
    },
  };
}

export const errorBody = (code: string, message: string, details?: unknown) => ({
  error: details === undefined ? { code, message } : { code, message, details },
});
