import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../test/msw-server';
import { ApiError, NETWORK_ERROR_MESSAGE, apiClient } from './api-client';

async function failureOf(request: Promise<unknown>): Promise<ApiError> {
  try {
    await request;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error(`expected an ApiError, got ${String(error)}`);
  }
  throw new Error('expected the request to fail');
}

function setCsrfMeta(token: string): void {
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = token;
  document.head.append(meta);
}

describe('apiClient', () => {
  afterEach(() => {
    document.head.querySelectorAll('meta[name="csrf-token"]').forEach((meta) => meta.remove());
  });

  it('calls the API under /api and returns the body', async () => {
    server.use(http.get('/api/games', () => HttpResponse.json({ data: ['minecraft'] })));
    const response = await apiClient.get<{ data: string[] }>('/games');
    expect(response.data).toEqual({ data: ['minecraft'] });
  });

  it('turns the error envelope into an ApiError with status, code, message and details', async () => {
    server.use(
      http.post('/api/rentals', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Some fields are invalid',
              details: [{ field: 'hours', message: 'must be at least 1' }],
            },
          },
          { status: 400 },
        ),
      ),
    );

    const error = await failureOf(apiClient.post('/rentals', { hours: 0 }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Some fields are invalid');
    expect(error.details).toEqual([{ field: 'hours', message: 'must be at least 1' }]);
  });

  it('keeps the status of an envelope error such as 404', async () => {
    server.use(
      http.get('/api/servers/missing', () =>
        HttpResponse.json(
          { error: { code: 'NOT_FOUND', message: 'No server with id missing' } },
          { status: 404 },
        ),
      ),
    );
    const error = await failureOf(apiClient.get('/servers/missing'));
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', details: undefined });
  });

  it('turns a network failure into NETWORK_ERROR with a human message', async () => {
    server.use(http.get('/api/wallet', () => HttpResponse.error()));
    const error = await failureOf(apiClient.get('/wallet'));
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('reports an answer without an envelope, such as a proxy error page', async () => {
    server.use(
      http.get('/api/wallet', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })),
    );
    const error = await failureOf(apiClient.get('/wallet'));
    expect(error.status).toBe(502);
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.message).toContain('502');
  });

  it('sends the CSRF token from the meta tag on state-changing requests only', async () => {
    setCsrfMeta('token-123');
    const seen: Record<string, string | null> = {};
    server.use(
      http.all('/api/echo', ({ request }) => {
        seen[request.method] = request.headers.get('x-csrf-token');
        return HttpResponse.json({ data: null });
      }),
    );

    await apiClient.get('/echo');
    await apiClient.post('/echo', {});
    await apiClient.put('/echo', {});
    await apiClient.patch('/echo', {});
    await apiClient.delete('/echo');

    expect(seen).toEqual({
      GET: null,
      POST: 'token-123',
      PUT: 'token-123',
      PATCH: 'token-123',
      DELETE: 'token-123',
    });
  });

  it('without a meta tag fetches a CSRF token from the API once and keeps it', async () => {
    let fetches = 0;
    const headers: Array<string | null> = [];
    server.use(
      http.get('/api/auth/csrf', () => {
        fetches += 1;
        return HttpResponse.json({ data: { csrfToken: 'fetched-token' } });
      }),
      http.post('/api/echo', ({ request }) => {
        headers.push(request.headers.get('x-csrf-token'));
        return HttpResponse.json({ data: null });
      }),
    );

    await Promise.all([apiClient.post('/echo', {}), apiClient.post('/echo', {})]);
    await apiClient.post('/echo', {});

    expect(fetches).toBe(1);
    expect(headers).toEqual(['fetched-token', 'fetched-token', 'fetched-token']);
  });

  it('on 403 CSRF_FAILED fetches a fresh token and retries the request once', async () => {
    setCsrfMeta('expired-token');
    const attempts: Array<string | null> = [];
    server.use(
      http.get('/api/auth/csrf', () => HttpResponse.json({ data: { csrfToken: 'fresh-token' } })),
      http.post('/api/rentals', ({ request }) => {
        const token = request.headers.get('x-csrf-token');
        attempts.push(token);
        return token === 'fresh-token'
          ? HttpResponse.json({ data: { id: 'r1' } }, { status: 201 })
          : HttpResponse.json(
              { error: { code: 'CSRF_FAILED', message: 'This page is out of date.' } },
              { status: 403 },
            );
      }),
    );

    const response = await apiClient.post<{ data: { id: string } }>('/rentals', {});

    expect(response.data.data.id).toBe('r1');
    expect(attempts).toEqual(['expired-token', 'fresh-token']);
  });

  it('gives up after one CSRF retry', async () => {
    let attempts = 0;
    server.use(
      http.post('/api/rentals', () => {
        attempts += 1;
        return HttpResponse.json(
          { error: { code: 'CSRF_FAILED', message: 'This page is out of date.' } },
          { status: 403 },
        );
      }),
    );
    const error = await failureOf(apiClient.post('/rentals', {}));
    expect(error).toMatchObject({ status: 403, code: 'CSRF_FAILED' });
    expect(attempts).toBe(2);
  });

  it('reads Retry-After of a 429 into retryAfterSeconds', async () => {
    server.use(
      http.post('/api/auth/forgot-password', () =>
        HttpResponse.json(
          { error: { code: 'RATE_LIMITED', message: 'Too many attempts.' } },
          { status: 429, headers: { 'Retry-After': '120' } },
        ),
      ),
    );
    const error = await failureOf(apiClient.post('/auth/forgot-password', {}));
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 120 });
  });
});
