import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getServer } from '../features/catalog/api/get-server';
import { server } from '../test/msw-server';
import { buildServerDetail } from '../test/server-fixtures';
import { EARLY_ANSWER_TTL_MS, askEarly, takeEarlyAnswer } from './early-answers';

afterEach(() => {
  vi.useRealTimers();
});

describe('early answers', () => {
  it('gives the JSON body of an answer asked for early, once', async () => {
    let asked = 0;
    server.use(
      http.get('/api/servers/one', () => {
        asked += 1;
        return HttpResponse.json({ data: { id: 'one' } });
      }),
    );
    askEarly('/servers/one');
    await expect(takeEarlyAnswer('/servers/one')).resolves.toEqual({ data: { id: 'one' } });
    expect(takeEarlyAnswer('/servers/one')).toBeUndefined();
    expect(asked).toBe(1);
  });

  it('gives nothing for a path nobody asked for early', async () => {
    expect(takeEarlyAnswer('/servers/never-asked')).toBeUndefined();
  });

  it('drops an answer that is not a success, and one that failed on the way', async () => {
    server.use(
      http.get('/api/servers/gone', () =>
        HttpResponse.json(
          { error: { code: 'NOT_FOUND', message: 'Server not found' } },
          { status: 404 },
        ),
      ),
      http.get('/api/servers/offline', () => HttpResponse.error()),
    );
    askEarly('/servers/gone');
    askEarly('/servers/offline');
    await expect(takeEarlyAnswer('/servers/gone')).resolves.toBeUndefined();
    await expect(takeEarlyAnswer('/servers/offline')).resolves.toBeUndefined();
  });

  it('drops an answer asked for too long ago: it may be stale', async () => {
    server.use(http.get('/api/servers/old', () => HttpResponse.json({ data: { id: 'old' } })));
    vi.useFakeTimers({ toFake: ['Date'] });
    askEarly('/servers/old');
    vi.setSystemTime(Date.now() + EARLY_ANSWER_TTL_MS);
    expect(takeEarlyAnswer('/servers/old')).toBeUndefined();
  });
});

describe("a server's page with an early answer", () => {
  it('takes the listing the entry asked for instead of asking again', async () => {
    const detail = buildServerDetail({ name: 'Early Bird Survival' });
    let asked = 0;
    server.use(
      http.get(`/api/servers/${detail.id}`, () => {
        asked += 1;
        return HttpResponse.json({ data: detail });
      }),
    );
    askEarly(`/servers/${detail.id}`);
    await expect(getServer(detail.id)).resolves.toMatchObject({ name: 'Early Bird Survival' });
    expect(asked).toBe(1);
  });

  it('asks through the API client when the early answer failed, so its error is the usual one', async () => {
    const id = '00000000-0000-4000-8000-000000000404';
    server.use(
      http.get(`/api/servers/${id}`, () =>
        HttpResponse.json(
          { error: { code: 'NOT_FOUND', message: 'Server not found' } },
          { status: 404 },
        ),
      ),
    );
    askEarly(`/servers/${id}`);
    await expect(getServer(id)).rejects.toMatchObject({ status: 404 });
  });
});
