import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../test/msw-server';
import { apiClient } from './api-client';
import { dropStaffToken, holdStaffToken, onStaffSignInRequired } from './staff-token';
import { clearStoredTokens, storeTokens } from './storage';

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const webToken = (role: string) => `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', role })}.sig`;

afterEach(() => {
  clearStoredTokens();
  dropStaffToken();
});

describe('calls of the staff area', () => {
  it('carry a token issued to the staff area, asked for with the storefront token', async () => {
    const web = webToken('support');
    storeTokens({ accessToken: web, refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 });
    const exchanged: string[] = [];
    const seen: (string | null)[] = [];
    server.use(
      http.post('/api/auth/client-token', async ({ request }) => {
        exchanged.push(request.headers.get('authorization') ?? '');
        const body = (await request.json()) as { client: string };
        return HttpResponse.json({
          data: {
            access_token: 'staff-1',
            expires_in: 3600,
            token_type: 'Bearer',
            client: body.client,
          },
        });
      }),
      http.get('/api/admin/support/stats', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ data: {} });
      }),
      http.get('/api/support/tickets', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ data: [] });
      }),
    );
    await apiClient.get('/admin/support/stats');
    await apiClient.get('/admin/support/stats');
    await apiClient.get('/support/tickets');
    expect(exchanged).toEqual([`Bearer ${web}`]);
    expect(seen).toEqual(['Bearer staff-1', 'Bearer staff-1', `Bearer ${web}`]);
  });

  it('asks for a new staff token after a 401 and tries once more', async () => {
    storeTokens({
      accessToken: webToken('admin'),
      refreshToken: 'refresh-1',
      expiresAt: Date.now() + 3_600_000,
    });
    let issued = 0;
    server.use(
      http.post('/api/auth/client-token', () =>
        HttpResponse.json({
          data: {
            access_token: `staff-${++issued}`,
            expires_in: 3600,
            token_type: 'Bearer',
            client: 'ADMIN',
          },
        }),
      ),
      http.post('/api/auth/refresh', () =>
        HttpResponse.json({
          data: {
            access_token: webToken('admin'),
            refresh_token: 'refresh-2',
            expires_in: 3600,
            token_type: 'Bearer',
          },
        }),
      ),
      http.get('/api/admin/support/agents', ({ request }) =>
        request.headers.get('authorization') === 'Bearer staff-1'
          ? HttpResponse.json(
              { error: { code: 'UNAUTHORIZED', message: 'Please sign in' } },
              { status: 401 },
            )
          : HttpResponse.json({ data: [] }),
      ),
    );
    const response = await apiClient.get<{ data: unknown[] }>('/admin/support/agents');
    expect(response.data).toEqual({ data: [] });
    expect(issued).toBe(2);
  });

  it('tells the staff area when a staff call says the staff sign-in went idle', async () => {
    const web = webToken('support');
    storeTokens({ accessToken: web, refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 });
    holdStaffToken('staff-idle', 3600, web);
    const heard: string[] = [];
    const stop = onStaffSignInRequired((reason) => heard.push(reason));
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/admin/support/stats', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json(
          { error: { code: 'STAFF_SIGN_IN_REQUIRED', message: 'Enter the code' } },
          { status: 403 },
        );
      }),
    );
    await expect(apiClient.get('/admin/support/stats')).rejects.toMatchObject({
      status: 403,
      code: 'STAFF_SIGN_IN_REQUIRED',
    });
    stop();
    expect(heard).toEqual(['STAFF_SIGN_IN_REQUIRED']);
    expect(seen).toEqual(['Bearer staff-idle']);
    // The held token is gone: the next call asks for a new one (here refused, as the API would).
    server.use(
      http.post('/api/auth/client-token', () =>
        HttpResponse.json(
          { error: { code: 'STAFF_SIGN_IN_REQUIRED', message: 'Enter the code' } },
          { status: 403 },
        ),
      ),
    );
    await expect(apiClient.get('/admin/support/stats')).rejects.toMatchObject({
      code: 'STAFF_SIGN_IN_REQUIRED',
    });
    expect(seen).toHaveLength(1);
  });
});
