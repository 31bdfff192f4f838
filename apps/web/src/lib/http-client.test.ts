import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/msw-server';
import { ApiError, TIMEOUT_MESSAGE, apiClient } from './api-client';
import { requestUrl } from './http-client';

describe('the API client on fetch', () => {
  it('gives up after its timeout with TIMEOUT', async () => {
    server.use(
      http.get('/api/slow', async () => {
        await delay(500);
        return HttpResponse.json({ data: null });
      }),
    );
    const error = await apiClient
      .get('/slow', { timeout: 50 })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT', message: TIMEOUT_MESSAGE });
  });

  it('sends params as the query string, leaving out empty ones', async () => {
    let query = '';
    server.use(
      http.get('/api/servers', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({ data: [] });
      }),
    );
    await apiClient.get('/servers', {
      params: { q: 'rust eu', game: undefined, region: null, page: 2, pageSize: 20 },
    });
    expect(query).toBe('?q=rust+eu&page=2&pageSize=20');
  });

  it('sends data as JSON, and none with a GET', async () => {
    const seen: Array<{ method: string; type: string | null; body: string }> = [];
    server.use(
      http.all('/api/echo', async ({ request }) => {
        seen.push({
          method: request.method,
          type: request.headers.get('content-type'),
          body: await request.text(),
        });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await apiClient.request({ method: 'get', url: '/echo', data: { ignored: true } });
    const answer = await apiClient.request({ method: 'PATCH', url: '/echo', data: { hours: 2 } });
    await apiClient.post('/echo');
    expect(answer).toMatchObject({ status: 204, data: '' });
    expect(seen).toEqual([
      { method: 'GET', type: null, body: '' },
      { method: 'PATCH', type: 'application/json', body: '{"hours":2}' },
      { method: 'POST', type: null, body: '' },
    ]);
  });

  it('accepts the statuses a call names as answers, with lower-case header names', async () => {
    server.use(
      http.get('/api/health', () =>
        HttpResponse.json(
          { data: { status: 'degraded' } },
          { status: 503, headers: { 'X-Trace': 't1' } },
        ),
      ),
    );
    const answer = await apiClient.get('/health', { validateStatus: (status) => status === 503 });
    expect(answer.status).toBe(503);
    expect(answer.headers['x-trace']).toBe('t1');
    expect(answer.data).toEqual({ data: { status: 'degraded' } });
  });

  it('builds addresses under the API base, arrays as key[]', () => {
    const url = requestUrl('/api', { url: '/rentals', params: { status: ['active', 'ended'] } });
    expect(url.pathname + url.search).toBe('/api/rentals?status%5B%5D=active&status%5B%5D=ended');
  });
});
